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

/**
 * What the assistant can answer from the site's own content when no AI
 * provider is configured (or today's AI budget is spent). The answers to the
 * first six are built from the content modules (services.ts, studio.ts,
 * projects.ts), so they change when those do; the rest have their text here.
 * Keywords are lower-case words or phrases, plurals match too; the topic
 * matching most of them wins. Projects are matched by name separately.
 * See docs/chat.md, "Without an AI provider".
 */
export type ChatTopicId =
  "services" | "pricing" | "founders" | "projects" | "mentoring" | "program" | "newsletter" | "news" | "tools" | "contact";

export const chatTopics: Array<{ id: ChatTopicId; keywords: string[] }> = [
  {
    id: "services",
    keywords: [
      "service",
      "offer",
      "solution",
      "what do you do",
      "automation",
      "automate",
      "marketing",
      "development",
      "app",
      "business",
      "fit",
      "help",
      "build",
    ],
  },
  {
    id: "pricing",
    keywords: [
      "price",
      "pricing",
      "cost",
      "how much",
      "fee",
      "rate",
      "quote",
      "budget",
      "expensive",
      "cheap",
      "pay",
      "start",
      "get started",
      "engagement",
      "process",
      "hire",
      "work with",
      "timeline",
      "how long",
    ],
  },
  {
    id: "founders",
    keywords: ["founder", "team", "who", "ceo", "cto", "people", "behind", "ingrid", "aksel", "maya", "story", "history", "oslo"],
  },
  { id: "projects", keywords: ["project", "portfolio", "case study", "case", "example", "built", "clients", "past work", "references"] },
  {
    id: "mentoring",
    keywords: [
      "mentor",
      "mentoring",
      "mentorship",
      "scholarship",
      "student",
      "learn",
      "learning",
      "session",
      "course",
      "teach",
      "coaching",
      "lesson",
    ],
  },
  {
    id: "program",
    keywords: [
      "free build",
      "free",
      "program",
      "programme",
      "partner",
      "partnership",
      "equity",
      "idea",
      "pitch",
      "apply",
      "startup",
      "discount",
      "discounted",
    ],
  },
  { id: "newsletter", keywords: ["newsletter", "subscribe", "subscription", "digest", "mailing list", "unsubscribe"] },
  { id: "news", keywords: ["news", "article", "stories", "headline", "latest"] },
  { id: "tools", keywords: ["try", "tool", "demo", "seo", "linkedin", "cold email", "cold e-mail", "secretary", "generator"] },
  { id: "contact", keywords: ["contact", "email", "e-mail", "call", "meeting", "reach", "talk", "phone", "touch", "speak"] },
];

/** Answers for the topics no content module covers. */
export const chatTopicAnswers = {
  newsletter:
    "Our **free daily newsletter** brings the 5 top AI stories of the day at 08:00 UTC. Sign up with your e-mail on the [AI News page](/ai-news) or the [home page](/); you confirm with one click in the mail we send, and every issue has an unsubscribe link.",
  news: "The [AI News Hub](/ai-news) collects the latest AI stories from well-known sources. You can also get the top 5 by e-mail with the free daily newsletter.",
  tools:
    "The [Try AI page](/try-ai) has four free tools: an AI secretary, SEO titles and descriptions, cold e-mails and LinkedIn posts. They run on our AI service, which is not available right now (that is why I'm answering from the site's pages), so try them again later.",
} as const;

/** When nothing matches. */
export const fallbackDefault =
  "I can answer questions about our [services](/services) and prices, the founders, our [projects](/projects), [1-to-1 mentoring](/mentoring) and scholarships, the [Free Build Program](/apply) and the newsletter. What would you like to know?";

/**
 * When the site's content has no answer to a question (docs/chat.md, "Without an AI provider"):
 * an honest pass-on that says what happens next. `known`: the conversation has the visitor's
 * details (the studio sees the question with them); `inMessage`: the message gives an address
 * the visitor can save with the 'Save {email}?' prompt; `unknown`: neither. {thanks} is "Thanks,
 * {first name}! " or "Thanks! ", {email} the visitor's address. The 24 hours are the site's reply
 * promise (docs/product.md).
 */
export const passOnAnswers = {
  known:
    "{thanks}I can't answer that from what's on this site, so I'll pass your message to the team. A founder will reply by e-mail within 24 hours.",
  inMessage:
    "{thanks}I can't answer that from what's on this site, so I'll pass your message to the team: save your details with **Yes** below and a founder will reply to {email} within 24 hours.",
  unknown:
    "I can't answer that from what's on this site. Leave your name and e-mail here in the chat (or use the [contact page](/contact)) and I'll pass your question to the team: a founder replies by e-mail within 24 hours.",
} as const;

/** Added to answers about working together while the visitor has not left contact details. */
export const fallbackContactOffer =
  "Want a founder to follow up? Leave your e-mail here in the chat or use the [contact page](/contact); we reply within 24 hours.";

/** The answer to "how can I reach you", before and after the visitor left their details. {email} is the studio's address. */
export const contactAnswers = {
  unknown:
    "Write to us on the [contact page](/contact) or at [{email}](mailto:{email}), or leave your e-mail here in the chat: a founder replies within 24 hours.",
  known:
    "We have your details, and a founder will get back to you within 24 hours. If you'd rather write yourself, use the [contact page](/contact) or [{email}](mailto:{email}).",
} as const;
