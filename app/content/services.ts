/**
 * The four offers (docs/product.md#services-about-references-and-legal-pages), the mentoring details and the
 * partnership (free build) programme. Shown on /services and the home page;
 * the mentoring and apply pages may reuse `mentoring` and `program`.
 */

export type ServiceId = "marketing" | "development" | "mentoring" | "partnerships";

export type Service = {
  id: ServiceId;
  /** Exact names from docs/product.md. */
  name: string;
  summary: string;
  includes: string[];
  /** Who it suits, in one line. */
  audience: string;
  /** How it is priced or scoped. */
  terms: string;
  cta: { label: string; to: string };
};

export const services: Service[] = [
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

/** Mentoring details, reused by the mentoring page. */
export const mentoring = {
  format: "1-to-1 sessions on a video call (Google Meet)",
  sessionLength: "60 minutes",
  scholarships:
    "Students enrolled at a university, college or vocational school can apply for a scholarship that covers up to 100% of the fee. Tell us about your studies in your request.",
  payment: "Pay per session, buy a pack of four at a lower rate, or spread the cost over monthly instalments.",
  topics: [
    "Prototyping with language models and APIs",
    "Retrieval, agents and structured outputs",
    "Evaluating and testing AI features",
    "Designing AI products people trust",
    "Turning a side project into a product",
  ],
} as const;

/** The partnership (free build) programme, reused by the apply page. */
export const program = {
  name: "Partnerships & Free Build Program",
  options: [
    { name: "Free build", text: "We build it at no cost when the idea serves a community and you will run it." },
    { name: "Discounted development", text: "We build at a reduced rate for founders who have validated the problem." },
    { name: "Equity", text: "We build in exchange for a share of the company and stay on as a partner." },
  ],
  priority: "Paid builds are prioritised; programme builds are scheduled around them.",
  selectivity: "The programme is selective: we take on a handful of ideas per quarter.",
  criteria: [
    "A specific problem you have seen first-hand",
    "People who will use the product in its first month",
    "A founder who will own the product after launch",
  ],
} as const;
