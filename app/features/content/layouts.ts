import type { FormLayout, LayoutGroup, LayoutInput } from "./form-layout";

/**
 * The forms of the services, the pages, the founders and the partners (docs/content.md): which
 * field each input edits and what the editor is told about it.
 */
const hidden = (path: string): LayoutInput => ({ path, label: path, as: "hidden" });
const button = (path: string, label: string): LayoutInput[] => [
  { path: `${path}.label`, label: `${label} text` },
  { path: `${path}.to`, label: `${label} link`, description: "A page of the site, like /contact, or an https:// address." },
];
const sectionHeading = (path: string, name: string): LayoutGroup => ({
  legend: `${name} section`,
  inputs: [
    { path: `${path}.title`, label: `${name} title` },
    { path: `${path}.intro`, label: `${name} introduction`, as: "area", rows: 2 },
  ],
});
const ONE_PER_LINE = "One per line.";
const MARKDOWN = "Markdown: an empty line starts a new paragraph; ## a heading, - a list, **bold**, *italic*, [a link](https://…), `code`.";

export const serviceLayout: FormLayout = [
  {
    legend: "The service",
    inputs: [
      hidden("id"),
      { path: "name", label: "Name" },
      { path: "summary", label: "Summary", as: "area", rows: 4 },
      { path: "includes", label: "What is included", as: "lines", rows: 5, description: ONE_PER_LINE },
      { path: "audience", label: "Who it is for" },
      { path: "terms", label: "How it works", description: "How it is priced or scoped, in a sentence." },
      ...button("cta", "Button"),
    ],
  },
];

export const founderLayout: FormLayout = [
  {
    legend: "The founder",
    inputs: [
      { path: "slug", label: "Slug", description: "Names the founder in the admin: lower-case letters, digits and hyphens." },
      { path: "name", label: "Name" },
      { path: "role", label: "Role" },
      { path: "bio", label: "Biography", as: "area", rows: 5 },
      { path: "focus", label: "Focus", as: "lines", rows: 3, description: `${ONE_PER_LINE} Shown as tags.` },
    ],
  },
  {
    legend: "Portrait",
    inputs: [
      {
        path: "portrait",
        label: "Portrait",
        description:
          "A drawing under /images/founders/ (like /images/founders/aksel-bakke.svg) or an upload's address (/media/…, from Images).",
      },
      {
        path: "portraitAlt",
        label: "Portrait alt text",
        as: "area",
        rows: 2,
        description: "What the portrait shows, for people who cannot see it.",
      },
    ],
  },
];

export const partnerLayout: FormLayout = [
  {
    legend: "The partner",
    inputs: [
      { path: "slug", label: "Slug", description: "Names the partner in the admin: lower-case letters, digits and hyphens." },
      { path: "name", label: "Name", description: "Also the logo's alt text." },
      { path: "sector", label: "Sector" },
      { path: "logo", label: "Logo", description: "A drawing under /images/partners/ or an upload's address (/media/…, from Images)." },
    ],
  },
];

export const referenceLayout: FormLayout = [
  {
    legend: "The reference",
    inputs: [
      hidden("path"),
      { path: "title", label: "Title" },
      { path: "description", label: "Description", as: "area", rows: 2, description: "For search results and link previews." },
      {
        path: "projectSlug",
        label: "Project",
        description: "The slug of the project it is about; its card is shown beside the reference.",
      },
      { path: "client", label: "Client" },
      { path: "location", label: "Location" },
      { path: "engagement", label: "Engagement", description: "What we did, how long, which year." },
    ],
  },
  {
    legend: "The client's words",
    inputs: [
      { path: "quote.text", label: "The quote", as: "area", rows: 4 },
      { path: "quote.by", label: "Who said it" },
      { path: "quote.role", label: "Their role" },
    ],
  },
  {
    legend: "Section",
    each: "sections",
    inputs: [
      { path: "title", label: "Title" },
      { path: "paragraphs", label: "Text", as: "markdown", rows: 6, description: MARKDOWN },
    ],
  },
  {
    legend: "Results",
    inputs: [
      {
        path: "results",
        label: "Results",
        as: "pairs",
        pair: ["value", "label"],
        rows: 4,
        description: "One per line as “figure: what it measures”, like “+31%: average order value”.",
      },
    ],
  },
];

const pageLayouts: Record<string, FormLayout> = {
  home: [
    {
      legend: "Hero",
      inputs: [
        hidden("page"),
        { path: "hero.eyebrow", label: "Eyebrow", description: "The short line above the heading." },
        { path: "hero.lead", label: "Heading", description: "The rotating phrase follows it." },
        {
          path: "hero.phrases",
          label: "Rotating phrases",
          as: "lines",
          rows: 4,
          description: `${ONE_PER_LINE} The first is what search engines and visitors who prefer less motion see.`,
        },
        { path: "hero.intro", label: "Introduction", as: "area", rows: 3 },
        ...button("hero.primary", "First button"),
        ...button("hero.secondary", "Second button"),
      ],
    },
    sectionHeading("projectsSection", "Projects"),
    sectionHeading("toolsSection", "Tools"),
    {
      legend: "Tool",
      each: "toolsSection.tools",
      inputs: [hidden("id"), { path: "title", label: "Title" }, { path: "text", label: "Text", as: "area", rows: 2 }],
    },
    sectionHeading("resultsSection", "Results"),
    {
      legend: "Card",
      each: "resultsSection.cards",
      inputs: [
        { path: "title", label: "Title" },
        { path: "text", label: "Text", as: "area", rows: 2 },
        { path: "to", label: "Link", description: "A page of the site, like /services." },
        { path: "linkLabel", label: "Link text" },
      ],
    },
  ],
  about: [
    {
      legend: "The page",
      inputs: [hidden("page"), { path: "intro", label: "Introduction", as: "area", rows: 3 }],
    },
    {
      legend: "Our story",
      inputs: [
        { path: "story.title", label: "Story title" },
        { path: "story.paragraphs", label: "The story", as: "markdown", rows: 10, description: MARKDOWN },
        {
          path: "story.milestones",
          label: "Milestones",
          as: "pairs",
          pair: ["year", "text"],
          rows: 4,
          description: "One per line as “year: what happened”, shown on the home page.",
        },
      ],
    },
    {
      legend: "Vision",
      inputs: [
        { path: "vision.title", label: "Vision title" },
        { path: "vision.text", label: "The vision", as: "area", rows: 3 },
        { path: "vision.quote", label: "The founders' quote", as: "area", rows: 2 },
        { path: "vision.quoteBy", label: "Who said it" },
      ],
    },
    {
      legend: "Figures",
      inputs: [
        {
          path: "stats",
          label: "Figures",
          as: "pairs",
          pair: ["value", "label"],
          rows: 3,
          description:
            "One per line as “figure: what it measures”, like “40+: hours per month saved”. Under the home page's hero and on /about.",
        },
      ],
    },
  ],
  mentoring: [
    {
      legend: "The mentoring page",
      inputs: [
        hidden("page"),
        { path: "intro", label: "Introduction", as: "area", rows: 2 },
        { path: "expect", label: "What to expect", as: "lines", rows: 4, description: `${ONE_PER_LINE} Beside the request form.` },
      ],
    },
    {
      legend: "What the chat assistant knows",
      inputs: [
        { path: "format", label: "Format" },
        { path: "sessionLength", label: "Session length" },
        { path: "scholarships", label: "Scholarships", as: "area", rows: 3 },
        { path: "payment", label: "Payment", as: "area", rows: 2 },
        { path: "topics", label: "Topics", as: "lines", rows: 5, description: ONE_PER_LINE },
      ],
    },
  ],
  program: [
    {
      legend: "The Free Build Program",
      inputs: [
        hidden("page"),
        { path: "name", label: "Name" },
        { path: "priority", label: "Priority", as: "area", rows: 2 },
        { path: "selectivity", label: "Selectivity", as: "area", rows: 2 },
        {
          path: "options",
          label: "Options",
          as: "pairs",
          pair: ["name", "text"],
          rows: 3,
          description: "One per line as “name: what it means”, shown on /services.",
        },
        { path: "criteria", label: "What we look for", as: "lines", rows: 3, description: ONE_PER_LINE },
      ],
    },
  ],
  contact: [
    {
      legend: "Contact details",
      inputs: [
        hidden("page"),
        {
          path: "email",
          label: "E-mail address",
          description: "On the contact page, in every page's footer, in the e-mails and in the chat.",
        },
        { path: "replyPromise", label: "Reply promise", description: "Like “We reply within 24 hours.”" },
        { path: "location", label: "Location", description: "Like “Oslo, Norway”." },
      ],
    },
  ],
};

export { pageLayouts };
