import type { Founder, Partner } from "./people-schema";

/**
 * The founders (on / and /about) and the companies we have worked with (on /about) as the site
 * first shows them. The first start imports them into the database, where the studio edits them
 * (docs/content.md, "People and partners"). Portraits and logos are drawings in public/images.
 */

export const initialFounders: Founder[] = [
  {
    slug: "ingrid-solheim",
    name: "Ingrid Solheim",
    role: "Co-founder & CEO",
    bio: "Ingrid spent nine years as a product lead in Nordic fintech, where she shipped the first mobile bank app her employer's older customers actually liked. She runs client partnerships and decides, with each client, what is worth automating first.",
    portrait: "/images/founders/ingrid-solheim.svg",
    portraitAlt: "Illustrated portrait of Ingrid Solheim, with shoulder-length blonde hair and a green scarf",
    focus: ["Product strategy", "Client partnerships", "Free Build Program"],
  },
  {
    slug: "aksel-bakke",
    name: "Aksel Bakke",
    role: "Co-founder & CTO",
    bio: "Aksel is a machine-learning engineer who built speech and search systems for a Norwegian media group before co-founding the studio. He owns the architecture of every build, from retrieval pipelines to evaluation suites that catch a bad prompt before a customer does.",
    portrait: "/images/founders/aksel-bakke.svg",
    portraitAlt: "Illustrated portrait of Aksel Bakke, with short dark hair, a beard and round glasses",
    focus: ["LLM engineering", "Architecture", "Evaluation"],
  },
  {
    slug: "maya-okafor-lund",
    name: "Maya Okafor-Lund",
    role: "Co-founder & Head of Design and Mentoring",
    bio: "Maya designed service journeys for Oslo's public transport company and taught interaction design at a vocational school in Bergen. She shapes how our products feel and runs the 1-to-1 mentoring programme, including the student scholarships.",
    portrait: "/images/founders/maya-okafor-lund.svg",
    portraitAlt: "Illustrated portrait of Maya Okafor-Lund, with dark curly hair tied up and gold earrings",
    focus: ["Product design", "AI Mentoring 1-to-1", "Accessibility"],
  },
];

/** Companies we have worked with (previous partners). */
export const initialPartners: Partner[] = [
  { slug: "skarv-freight", name: "Skarv Freight", logo: "/images/partners/skarv-freight.svg", sector: "Logistics" },
  { slug: "lysaker-energi", name: "Lysaker Energi", logo: "/images/partners/lysaker-energi.svg", sector: "Energy" },
  { slug: "tindra-health", name: "Tindra Health", logo: "/images/partners/tindra-health.svg", sector: "Healthcare" },
  { slug: "brygge-co", name: "Brygge & Co", logo: "/images/partners/brygge-co.svg", sector: "Retail" },
  { slug: "nordvik-maritime", name: "Nordvik Maritime", logo: "/images/partners/nordvik-maritime.svg", sector: "Shipping" },
  { slug: "kvist-learning", name: "Kvist Learning", logo: "/images/partners/kvist-learning.svg", sector: "Education" },
];
