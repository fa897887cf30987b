import type { AboutPage, HomePage, MentoringPage, ProgramPage } from "./page-schema";
import { firstContactDetails } from "./site";

/**
 * The copy of the site's own pages as the site first shows it: the home page's sections, the
 * about page, the mentoring page, the Free Build Program and the contact details. The first start imports it into the
 * database, where the studio edits it (docs/content.md, "Pages").
 */

const home: HomePage = {
  page: "home",
  hero: {
    eyebrow: "AI product studio in Oslo",
    lead: "We build AI ideas",
    phrases: ["into reality", "that scale", "that matter", "fast"],
    intro:
      "Nordlys Studio designs, builds and ships AI assistants, automations and apps with founders and small teams. Our clients save 40+ hours per month, and we reply to every enquiry within 24 hours.",
    primary: { label: "Start Your Project — Get a Proposal", to: "/contact" },
    secondary: { label: "Pitch Your Idea", to: "/apply" },
  },
  projectsSection: {
    title: "Ideas We've Brought to Life",
    intro: "Ten products we designed and built with our partners, from tenant assistants to a text-to-game engine.",
  },
  toolsSection: {
    title: "Try AI Tools",
    intro: "Four free tools from our own toolbox. No sign-up, no credit card.",
    tools: [
      { id: "secretary", title: "AI Secretary", text: "Ask questions, draft replies and plan your week in a chat." },
      { id: "seo", title: "SEO Meta Generator", text: "A title under 60 and a description under 160 characters, from a topic." },
      { id: "email", title: "Cold Email Writer", text: "A short, specific first e-mail for your product and audience." },
      {
        id: "linkedin",
        title: "LinkedIn Post Generator",
        text: "A post in your tone, from a topic, with templates for stories and lists.",
      },
    ],
  },
  resultsSection: {
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
  },
};

const about: AboutPage = {
  page: "about",
  intro:
    "We are a small AI product studio in Oslo. Three founders, a handful of trusted specialists, and one rule: every product we build has to give people time back.",
  story: {
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
  },
  vision: {
    title: "Our vision",
    text: "Every small team should have the leverage that used to belong only to companies with a research department. We want AI to take over the repetitive half of people's work, so the other half gets their full attention.",
    quote:
      "We don't sell AI. We sell the Tuesday afternoon you get back, every week, because the boring part of your job now takes care of itself.",
    quoteBy: "Ingrid Solheim and Aksel Bakke, founders",
  },
  stats: [
    { value: "40+", label: "hours per month saved, on average, per client team" },
    { value: "24h", label: "to a first reply when you get in touch" },
    { value: "10", label: "AI products shipped with founders and teams" },
  ],
};

const mentoring: MentoringPage = {
  page: "mentoring",
  intro: "Learn to build with AI in 1-to-1 sessions on a video call, at your pace.",
  expect: [
    "1-to-1 sessions on a video call, planned around your goals.",
    "Scholarships for students.",
    "Flexible payment: per session or as a package.",
    "We reply within 24 hours to schedule your first session.",
  ],
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
};

const program: ProgramPage = {
  page: "program",
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
};

export const initialPages = [home, about, mentoring, program, firstContactDetails];
