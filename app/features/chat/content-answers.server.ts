import {
  chatTopicAnswers,
  chatTopics,
  contactAnswers,
  fallbackContactOffer,
  fallbackDefault,
  passOnAnswers,
  type ChatTopicId,
} from "~/content/chat";
import type { Project } from "~/content/project-schema";
import { site } from "~/content/site";
import { contactDetails } from "~/.server/contact-details";
import { pageIn, publishedNow } from "~/features/content/live.server";
import { contactInText, withoutContactDetails } from "./contact-in-text";

/**
 * The chat's answers without an AI provider (or once today's AI budget is
 * spent), built from the site's content modules (docs/decisions/0071): a
 * project named in the question, else the topic of `chatTopics`
 * (app/content/chat.ts) whose keywords match most. A question none of them
 * answers gets an honest pass-on to the team (`passOnAnswers`) that says what
 * happens next; a greeting or a word or two, a short list of what the
 * assistant can answer. The name and address a message gives
 * (contact-in-text.ts) are not read as the question ("per@example.com" is not
 * a question about examples). Only answers about working together offer a way
 * to leave contact details, and none does once the visitor has left them.
 */

export type ContentAnswerOptions = {
  /** The conversation has a lead: the visitor's contact details are known. */
  contactKnown: boolean;
  /** The projects the site shows (app/features/content/live.server.ts). */
  projects: readonly Project[];
};

const normalise = (text: string) =>
  text
    .toLowerCase()
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/[^a-z0-9@.\s-]/g, " ");

/** Whole words or phrases, plurals included ("student" matches "students"). */
function mentions(text: string, keyword: string): boolean {
  const escaped = keyword.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  return new RegExp(`(^|[^a-z0-9])${escaped}(s|es)?([^a-z0-9]|$)`).test(text);
}

/** The first sentence of a text (content summaries are several). */
function firstSentence(text: string): string {
  return text.match(/^.*?[.!?](?=\s|$)/)?.[0] ?? text;
}

/** A summary's gist: its first statement (not a question), up to a colon. */
function gist(summary: string): string {
  const sentences = summary.match(/[^.!?]+[.!?]+(?=\s|$)/g) ?? [summary];
  const statement = (sentences.find((sentence) => !sentence.trim().endsWith("?")) ?? summary).trim();
  const head = statement.split(":")[0]!.replace(/[.!]+$/, "");
  return `${head}.`;
}

export function projectPath(slug: string): string {
  return `/projects/${slug}`;
}

function namedProject(text: string, projects: readonly Project[]): Project | undefined {
  return projects.find(
    (project) =>
      mentions(text, normalise(project.title).trim()) || mentions(text, project.slug.replace(/-/g, " ")) || mentions(text, project.slug),
  );
}

function projectAnswer(project: Project): string {
  return [
    `**${project.title}** (${project.client}, ${project.year}): ${project.description}`,
    `The result: ${project.outcome}`,
    `Read the [${project.title} case study](${projectPath(project.slug)}) or browse [all projects](/projects).`,
  ].join("\n\n");
}

const bullet = (lines: string[]) => lines.map((line) => `- ${line}`).join("\n");

function servicesAnswer(): string {
  const { services } = publishedNow();
  return [
    `We offer ${services.length} services:`,
    bullet(services.map((service) => `**${service.name}**: ${gist(service.summary)}`)),
    "What each includes and who it suits: the [services page](/services).",
  ].join("\n\n");
}

function pricingAnswer(): string {
  const { services } = publishedNow();
  const discovery = services.find((service) => service.id === "development")?.includes[0];
  return [
    "Prices depend on the scope; this is how each service is priced:",
    bullet(services.map((service) => `**${service.name}**: ${service.terms}`)),
    `It starts with a message on the [contact page](/contact) or in this chat. ${contactDetails().replyPromise}${discovery ? ` App builds begin with ${discovery.charAt(0).toLowerCase()}${discovery.slice(1)}.` : ""}`,
  ].join("\n\n");
}

function foundersAnswer(): string {
  const { people: founders } = publishedNow();
  const { story } = pageIn(publishedNow(), "about");
  return [
    `${site.name} was founded in ${contactDetails().location.split(",")[0]} by:`,
    bullet(founders.map((founder) => `**${founder.name}**, ${founder.role}: ${founder.focus.join(", ")}`)),
    `${firstSentence(story.paragraphs[0] ?? "")} Read the whole story on the [about page](/about).`,
  ].join("\n\n");
}

function projectsAnswer({ projects }: ContentAnswerOptions): string {
  const featured = projects.slice(0, 4).map((project) => `[${project.title}](${projectPath(project.slug)})`);
  return `We've shipped ${projects.length} AI products, among them ${featured.slice(0, -1).join(", ")} and ${featured.at(-1)}. Ask me about any of them by name, or browse them all on the [projects page](/projects).`;
}

function mentoringAnswer(): string {
  const mentoring = pageIn(publishedNow(), "mentoring");
  return [
    `**AI Mentoring 1-to-1**: ${mentoring.sessionLength} ${mentoring.format}, shaped around your own project.`,
    `**Scholarships**: ${mentoring.scholarships}`,
    `**Payment**: ${mentoring.payment}`,
    "Request a session on the [mentoring page](/mentoring).",
  ].join("\n\n");
}

function programAnswer(): string {
  const program = pageIn(publishedNow(), "program");
  return [
    `In the **${program.name}** we build selected ideas in one of three ways:`,
    bullet(program.options.map((option) => `**${option.name}**: ${option.text}`)),
    `${program.priority} ${program.selectivity} [Pitch your idea](/apply) and you get a written answer either way.`,
  ].join("\n\n");
}

function contactAnswer({ contactKnown }: ContentAnswerOptions): string {
  return (contactKnown ? contactAnswers.known : contactAnswers.unknown).replaceAll("{email}", contactDetails().email);
}

const topicAnswers: Record<ChatTopicId, (options: ContentAnswerOptions) => string> = {
  services: servicesAnswer,
  pricing: pricingAnswer,
  founders: foundersAnswer,
  projects: projectsAnswer,
  mentoring: mentoringAnswer,
  program: programAnswer,
  newsletter: () => chatTopicAnswers.newsletter,
  news: () => chatTopicAnswers.news,
  tools: () => chatTopicAnswers.tools,
  contact: contactAnswer,
};

/** Topics where an offer to follow up fits (while the visitor has not left contact details). */
const WORKING_TOGETHER = new Set<ChatTopicId | "default">(["services", "pricing", "program", "default"]);

/** The topic whose keywords the question mentions most; undefined when none. */
export function topicOf(question: string): ChatTopicId | undefined {
  const text = normalise(question);
  let best: { id?: ChatTopicId; score: number } = { score: 0 };
  for (const topic of chatTopics) {
    const score = topic.keywords.filter((keyword) => mentions(text, keyword)).length;
    if (score > best.score) best = { id: topic.id, score };
  }
  return best.id;
}

/** Fewer words than this (after the name and address) is small talk, not a question to pass on. */
const QUESTION_MIN_WORDS = 3;

/** The pass-on answer for a question the content cannot answer. */
function passOnAnswer(message: string, { contactKnown }: ContentAnswerOptions): string {
  const { name, email } = contactInText(message);
  const thanks = name ? `Thanks, ${name.split(" ")[0]}! ` : email ? "Thanks! " : "";
  const text = contactKnown ? passOnAnswers.known : email ? passOnAnswers.inMessage : passOnAnswers.unknown;
  return text.replaceAll("{thanks}", thanks).replaceAll("{email}", email ?? "");
}

/** A short answer to the question from the site's content, with links to the pages it comes from. */
export function answerFromContent(message: string, options: ContentAnswerOptions): string {
  const question = withoutContactDetails(message);
  const project = namedProject(normalise(question), options.projects);
  if (project) return projectAnswer(project);
  const topic = topicOf(question);
  if (
    !topic &&
    normalise(question)
      .split(/\s+/)
      .filter((word) => /[a-z]/.test(word)).length >= QUESTION_MIN_WORDS
  ) {
    return passOnAnswer(message, options);
  }
  const answer = topic ? topicAnswers[topic](options) : fallbackDefault;
  const offer = !options.contactKnown && WORKING_TOGETHER.has(topic ?? "default") && !answer.includes("(/contact)");
  return offer ? `${answer}\n\n${fallbackContactOffer}` : answer;
}
