/** The portfolio (SPEC section 2, "Projects": ten slugs). */
export type Project = { slug: string; title: string };

export const projects: Project[] = [
  { slug: "ai-property-assistant", title: "AI Property Assistant" },
  { slug: "rentals-in-thailand", title: "Rentals in Thailand" },
  { slug: "shno-bergendorff", title: "Shno Bergendorff" },
  { slug: "lawsecai", title: "LawSecAI" },
  { slug: "crypto-trading-dashboard", title: "Crypto Trading Dashboard" },
  { slug: "musicwave-harmony", title: "MusicWave Harmony" },
  { slug: "qr-code-generator", title: "QR Code Generator" },
  { slug: "game-creator", title: "Game Creator" },
  { slug: "marbella-academy", title: "Marbella Academy" },
  { slug: "juristfirma-iverstrom", title: "Juristfirma Iverström" },
];

export function findProject(slug: string | undefined): Project | undefined {
  return projects.find((project) => project.slug === slug);
}
