/**
 * The chat assistant's own copy: greetings, prompts and the answers it gives
 * from the site's content when no AI provider is configured. An operator
 * edits this file without touching components. Answers may use **bold** and
 * [text](/path) links, nothing else.
 */
export const chatCopy = {
  assistantName: "Nordlys assistant",
  /** Under the name in the panel header. */
  tagline: "Ask about AI solutions, projects or mentoring",
  introHeading: "Before we start",
  introText: "Tell us who you are so we can follow up. Only your name and e-mail are needed.",
  /** After 'Start Chatting'. {name} is the visitor's first name. */
  welcome:
    "Thanks, {name}! We've got your details, and a founder will get back to you within 24 hours. Meanwhile, ask me anything about our [services](/services), [projects](/projects) or [mentoring](/mentoring).",
  /** After 'Skip for now'. */
  greeting:
    "Hi! I'm the Nordlys assistant. Ask me about our [services](/services), the [projects](/projects) we've built, [1-to-1 mentoring](/mentoring) or the [Free Build Program](/apply).",
  /** docs/product.md#chat-assistant (variant A): shown while the visitor has not asked anything yet. */
  suggestedPrompts: ["What AI solutions fit my business?", "Tell me about your services", "Who are the founders?"],
  /** Shown after the first message. */
  quickReplies: ["Show me your projects", "How does mentoring work?", "What is the Free Build Program?", "How can I contact you?"],
} as const;

export type FallbackTopic = {
  /** Lower-case words or phrases; a message matching more of them wins. */
  keywords: string[];
  answer: string;
};

/**
 * Answers from the site's content when no AI provider is configured (or
 * today's AI budget is spent). Projects are matched by name separately.
 */
export const fallbackTopics: FallbackTopic[] = [
  {
    keywords: ["service", "services", "offer", "solution", "solutions", "marketing", "automation", "automate", "business", "help", "fit"],
    answer:
      "We offer four things: **AI Marketing Solutions**, **AI App Development**, **AI Mentoring 1-to-1** and a **Partnerships & Free Build Program**. See the details on our [services page](/services).",
  },
  {
    keywords: ["project", "projects", "portfolio", "case", "example", "examples", "built", "work", "clients"],
    answer:
      "We've brought ten ideas to life, from an [AI Property Assistant](/projects/ai-property-assistant) to [LawSecAI](/projects/lawsecai). Browse them all on the [projects page](/projects).",
  },
  {
    keywords: ["mentor", "mentoring", "learn", "learning", "course", "teach", "session", "scholarship", "student"],
    answer:
      "Our **1-to-1 AI mentoring** runs on video calls, with flexible payment and scholarships for students. Request a session on the [mentoring page](/mentoring).",
  },
  {
    keywords: ["free build", "program", "programme", "partner", "partnership", "equity", "idea", "pitch", "apply", "startup"],
    answer:
      "In our **Free Build Program** we build selected ideas for free, at a discount or for equity (paid builds are prioritised, and the program is selective). [Pitch your idea](/apply) and we'll take a look.",
  },
  {
    keywords: ["founder", "founders", "team", "who", "about", "story", "company"],
    answer: "Read our story and meet the founders on the [about page](/about).",
  },
  {
    keywords: ["price", "pricing", "cost", "quote", "proposal", "budget", "contact", "call", "meeting", "email", "reach", "talk"],
    answer:
      "The quickest way to a proposal is the [contact page](/contact): we reply within 24 hours. You can also leave your e-mail right here in the chat.",
  },
  {
    keywords: ["try", "tool", "tools", "seo", "linkedin", "cold email", "secretary", "demo"],
    answer: "You can try four free AI tools (a secretary, SEO titles, cold e-mails and LinkedIn posts) on the [Try AI page](/try-ai).",
  },
  {
    keywords: ["news", "newsletter", "daily", "updates"],
    answer: "Catch up on the latest stories in the [AI News Hub](/ai-news), or subscribe to the free daily newsletter there.",
  },
];

/** When nothing matches. */
export const fallbackDefault =
  "I can tell you about our [services](/services), our [projects](/projects), [1-to-1 mentoring](/mentoring) and the [Free Build Program](/apply).";

/** Ends every content answer: the way to a human. */
export const fallbackContactOffer =
  "Want a founder to follow up? Leave your e-mail here in the chat or use the [contact page](/contact); we reply within 24 hours.";
