/** Copy of the home page (docs/product.md#home); project cards come from projects.ts. */

export const hero = {
  eyebrow: "AI product studio in Oslo",
  /** The heading reads "We build AI ideas" followed by the rotating phrase. */
  lead: "We build AI ideas",
  /** Cycles in this order (docs/product.md#home). The first one is what crawlers and reduced-motion visitors see. */
  phrases: ["into reality", "that scale", "that matter", "fast"],
  intro:
    "Nordlys Studio designs, builds and ships AI assistants, automations and apps with founders and small teams. Our clients save 40+ hours per month, and we reply to every enquiry within 24 hours.",
  primary: { label: "Start Your Project — Get a Proposal", to: "/contact" },
  secondary: { label: "Pitch Your Idea", to: "/apply" },
} as const;

export const projectsSection = {
  title: "Ideas We've Brought to Life",
  intro: "Ten products we designed and built with our partners, from tenant assistants to a text-to-game engine.",
} as const;

export type ToolCard = { id: "secretary" | "seo" | "email" | "linkedin"; title: string; text: string };

export const toolsSection = {
  title: "Try AI Tools",
  intro: "Four free tools from our own toolbox. No sign-up, no credit card.",
  tools: [
    { id: "secretary", title: "AI Secretary", text: "Ask questions, draft replies and plan your week in a chat." },
    { id: "seo", title: "SEO Meta Generator", text: "A title under 60 and a description under 160 characters, from a topic." },
    { id: "email", title: "Cold Email Writer", text: "A short, specific first e-mail for your product and audience." },
    { id: "linkedin", title: "LinkedIn Post Generator", text: "A post in your tone, from a topic, with templates for stories and lists." },
  ] satisfies ToolCard[],
} as const;

export const resultsSection = {
  title: "Built For Results",
  intro: "Three ways to work with us, each measured by what it changes for you.",
  cards: [
    {
      title: "AI Solutions",
      text: "Automations and assistants that give your team back 40+ hours per month.",
      to: "/services",
      linkLabel: "Explore services",
    },
    {
      title: "Mentoring",
      text: "1-to-1 sessions on a video call, scholarships for students and flexible payment.",
      to: "/mentoring",
      linkLabel: "Book mentoring",
    },
    {
      title: "Free Build Program",
      text: "Free, discounted or equity builds for a few selected ideas every quarter.",
      to: "/apply",
      linkLabel: "Apply to the program",
    },
  ],
} as const;
