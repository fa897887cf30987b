/**
 * Who the studio is: founders, origin story, vision, the founders' quote and
 * the companies we have worked with. Shown on / and /about.
 * Portraits and logos live in public/images (see docs/content.md).
 */

export type Founder = {
  name: string;
  role: string;
  bio: string;
  /** Square SVG portrait under public/. */
  portrait: string;
  /** Describes the portrait for screen readers. */
  portraitAlt: string;
  focus: string[];
};

export const founders: Founder[] = [
  {
    name: "Ingrid Solheim",
    role: "Co-founder & CEO",
    bio: "Ingrid spent nine years as a product lead in Nordic fintech, where she shipped the first mobile bank app her employer's older customers actually liked. She runs client partnerships and decides, with each client, what is worth automating first.",
    portrait: "/images/founders/ingrid-solheim.svg",
    portraitAlt: "Illustrated portrait of Ingrid Solheim, with shoulder-length blonde hair and a green scarf",
    focus: ["Product strategy", "Client partnerships", "Free Build Program"],
  },
  {
    name: "Aksel Bakke",
    role: "Co-founder & CTO",
    bio: "Aksel is a machine-learning engineer who built speech and search systems for a Norwegian media group before co-founding the studio. He owns the architecture of every build, from retrieval pipelines to evaluation suites that catch a bad prompt before a customer does.",
    portrait: "/images/founders/aksel-bakke.svg",
    portraitAlt: "Illustrated portrait of Aksel Bakke, with short dark hair, a beard and round glasses",
    focus: ["LLM engineering", "Architecture", "Evaluation"],
  },
  {
    name: "Maya Okafor-Lund",
    role: "Co-founder & Head of Design and Mentoring",
    bio: "Maya designed service journeys for Oslo's public transport company and taught interaction design at a vocational school in Bergen. She shapes how our products feel and runs the 1-to-1 mentoring programme, including the student scholarships.",
    portrait: "/images/founders/maya-okafor-lund.svg",
    portraitAlt: "Illustrated portrait of Maya Okafor-Lund, with dark curly hair tied up and gold earrings",
    focus: ["Product design", "AI Mentoring 1-to-1", "Accessibility"],
  },
];

/** The origin story, one paragraph per entry, and the milestones shown beside it on the home page. */
export const story = {
  title: "How Nordlys started",
  milestones: [
    { year: "2021", text: "Winter evenings in Grünerløkka: a tenant e-mail assistant for a small Oslo property manager." },
    { year: "2022", text: "Nordlys Studio is founded. Maya joins and starts the 1-to-1 mentoring programme." },
    { year: "2023", text: "First clients abroad: a ceramics brand in Copenhagen and a trading desk in Zug." },
    { year: "2025", text: "Ten products shipped, from a GDPR review tool to a text-to-game engine for schools." },
  ],
  paragraphs: [
    "In the winter of 2021, Ingrid and Aksel spent their evenings helping a small Oslo property manager drown less in tenant e-mails. They built a modest assistant that read each message, found the answer in the lease and the house rules, and drafted a reply for a human to approve. Within two months the team was saving more than 40 hours every month, and the property manager asked what else they could build.",
    "That question became Nordlys Studio. Maya joined in 2022 to make sure the things we ship are as pleasant to use as they are clever, and to start the mentoring programme for people who want to build with AI themselves.",
    "We are named after the northern lights: something that looks like magic until you understand the physics. That is how we think about AI. We explain what we build, we measure what it saves, and we hand over products our clients can run without us.",
  ],
} as const;

export const vision = {
  title: "Our vision",
  text: "Every small team should have the leverage that used to belong only to companies with a research department. We want AI to take over the repetitive half of people's work, so the other half gets their full attention.",
  quote:
    "We don't sell AI. We sell the Tuesday afternoon you get back, every week, because the boring part of your job now takes care of itself.",
  quoteBy: "Ingrid Solheim and Aksel Bakke, founders",
} as const;

/** Short facts shown under the hero and on /about. */
export const stats = [
  { value: "40+", label: "hours per month saved, on average, per client team" },
  { value: "24h", label: "to a first reply when you get in touch" },
  { value: "10", label: "AI products shipped with founders and teams" },
] as const;

export type Partner = {
  name: string;
  /** SVG logo under public/. Original marks made for this site. */
  logo: string;
  sector: string;
};

/** Companies we have worked with (previous partners). */
export const partners: Partner[] = [
  { name: "Skarv Freight", logo: "/images/partners/skarv-freight.svg", sector: "Logistics" },
  { name: "Lysaker Energi", logo: "/images/partners/lysaker-energi.svg", sector: "Energy" },
  { name: "Tindra Health", logo: "/images/partners/tindra-health.svg", sector: "Healthcare" },
  { name: "Brygge & Co", logo: "/images/partners/brygge-co.svg", sector: "Retail" },
  { name: "Nordvik Maritime", logo: "/images/partners/nordvik-maritime.svg", sector: "Shipping" },
  { name: "Kvist Learning", logo: "/images/partners/kvist-learning.svg", sector: "Education" },
];
