import type { Service } from "./service-schema";

/**
 * The four offers on /services as the site first shows them (docs/product.md#services-about-references-and-legal-pages).
 * The first start imports them into the database, where the studio edits them (docs/content.md, "Services").
 */
export const initialServices: Service[] = [
  {
    id: "marketing",
    name: "AI Marketing Solutions",
    summary:
      "Content, search and lead handling that runs on its own: we connect AI to your CMS, CRM and inbox so your team stops copying text between tabs. Client teams typically save 40+ hours per month within the first quarter.",
    includes: [
      "SEO titles, descriptions and product copy generated in your brand voice and reviewed before publishing",
      "A lead-qualifying chat assistant on your site that books meetings into your calendar",
      "Newsletter and social drafts assembled from what you already publish",
      "A monthly report of hours saved, leads captured and content shipped",
    ],
    audience: "Marketing teams of 1 to 15 people who publish every week.",
    terms: "Fixed-price setup in 3 to 5 weeks, then an optional monthly retainer.",
    cta: { label: "Get a proposal", to: "/contact" },
  },
  {
    id: "development",
    name: "AI App Development",
    summary:
      "From a clickable prototype to a production app: assistants, document pipelines, internal tools and customer-facing products, built with evaluation suites and handed over with documentation your team can run.",
    includes: [
      "A one-week discovery sprint with a working prototype at the end",
      "Web and mobile apps with retrieval, agents and structured outputs where they help",
      "Automated evaluation so model or prompt changes never ship blind",
      "Hosting in the EU, privacy review and a handover workshop",
    ],
    audience: "Start-ups and established companies with a concrete workflow to change.",
    terms: "Typical builds take 6 to 12 weeks, priced per milestone.",
    cta: { label: "Start your project", to: "/contact" },
  },
  {
    id: "mentoring",
    name: "AI Mentoring 1-to-1",
    summary:
      "Personal sessions with a senior builder from the studio, on a video call, shaped around your own project: learn to prototype with language models, evaluate them and ship something real.",
    includes: [
      "60-minute 1-to-1 sessions on Google Meet, recorded for you on request",
      "A plan built around your goals and your own project, not a fixed course",
      "Code and design reviews between sessions by e-mail",
      "Scholarships for students and flexible payment for everyone",
    ],
    audience: "Developers, designers, founders and students who learn best by building.",
    terms: "Single sessions or packs of four; pay per session or in monthly instalments.",
    cta: { label: "Request mentoring", to: "/mentoring" },
  },
  {
    id: "partnerships",
    name: "Partnerships & Free Build Program",
    summary:
      "Have an idea but not the budget? A few times a year we build a promising product for free, at a discount, or in exchange for equity. Paid builds are prioritised in our schedule, and the programme is selective.",
    includes: [
      "Free builds for ideas with clear social or community value",
      "Discounted development for early-stage founders with a validated problem",
      "Equity partnerships where we share the risk and the upside",
      "A written answer to every pitch, whether or not we take it on",
    ],
    audience: "Founders with a clear problem, early users and the energy to run the product after launch.",
    terms: "Pitches are reviewed monthly; we take on a handful of ideas per quarter.",
    cta: { label: "Pitch your idea", to: "/apply" },
  },
];
