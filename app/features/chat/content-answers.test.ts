import { describe, expect, it } from "vitest";
import { chatCopy, fallbackContactOffer, fallbackDefault } from "~/content/chat";
import { initialProjects as projects } from "~/content/projects";
import { initialPages } from "~/content/pages";
import { initialServices as services } from "~/content/services";
import { initialFounders as founders } from "~/content/studio";
import { answerFromContent, topicOf } from "./content-answers.server";

// Without a database the answers come from the content the site first shows.
const mentoring = initialPages.find((page) => page.page === "mentoring")!;
const program = initialPages.find((page) => page.page === "program")!;
const asked = (question: string) => answerFromContent(question, { contactKnown: false, projects });
const askedKnown = (question: string) => answerFromContent(question, { contactKnown: true, projects });

describe("answers from the site's content", () => {
  it("names every service with its page", () => {
    const answer = asked("Tell me about your services");
    for (const service of services) expect(answer).toContain(`**${service.name}**`);
    expect(answer).toContain("(/services)");
  });

  it("says how each service is priced and how an engagement starts", () => {
    const answer = asked("How much does it cost and how do we get started?");
    for (const service of services) expect(answer).toContain(service.terms);
    expect(answer).toContain("(/contact)");
    expect(answer).toContain("24 hours");
    expect(answer).toContain("discovery sprint");
  });

  it("names the founders and their roles", () => {
    const answer = asked("Who are the founders?");
    for (const founder of founders) expect(answer).toContain(`**${founder.name}**, ${founder.role}`);
    expect(answer).toContain("(/about)");
  });

  it("answers about a project named by title or slug, with its result", () => {
    const lawsec = projects.find((project) => project.slug === "lawsecai")!;
    const answer = asked("What did you build for LawSecAI?");
    expect(answer).toContain(lawsec.outcome);
    expect(answer).toContain("(/projects/lawsecai)");
    expect(asked("tell me about crypto-trading-dashboard")).toContain("(/projects/crypto-trading-dashboard)");
    expect(asked("What is MusicWave Harmony?")).toContain("(/projects/musicwave-harmony)");
  });

  it("explains mentoring with the scholarships and payment", () => {
    const answer = asked("Do you have scholarships for students?");
    expect(answer).toContain(mentoring.scholarships);
    expect(answer).toContain(mentoring.payment);
    expect(answer).toContain("(/mentoring)");
  });

  it("explains the free-build program's options", () => {
    const answer = asked("What is the Free Build Program?");
    for (const option of program.options) expect(answer).toContain(option.text);
    expect(answer).toContain("(/apply)");
  });

  it("explains the newsletter", () => {
    const answer = asked("How do I subscribe to the newsletter?");
    expect(answer).toContain("08:00 UTC");
    expect(answer).toContain("(/ai-news)");
  });

  it("gives a different answer to each of the widget's suggested questions and quick replies", () => {
    const questions = [...chatCopy.suggestedPrompts, ...chatCopy.quickReplies];
    const topics = questions.map(topicOf);
    expect(topics).toEqual(["services", "services", "founders", "projects", "mentoring", "program", "contact"]);
    expect(new Set(questions.map(asked)).size).toBe(questions.length - 1); // the first two both ask about services
  });

  it("offers a follow-up only on answers about working together", () => {
    expect(asked("Tell me about your services")).toContain(fallbackContactOffer);
    expect(asked("Who are the founders?")).not.toContain("(/contact)");
    expect(asked("How does mentoring work?")).not.toContain("e-mail");
  });

  it("never asks for contact details the visitor has already given", () => {
    for (const question of [
      "Tell me about your services",
      "What does it cost?",
      "How can I contact you?",
      "zzz qqq",
      "Can I pitch an idea?",
    ]) {
      const answer = askedKnown(question);
      expect(answer, question).not.toContain(fallbackContactOffer);
      expect(answer, question).not.toMatch(/leave your e-mail/i);
    }
    expect(askedKnown("How can I contact you?")).toContain("We have your details");
    expect(asked("How can I contact you?")).toMatch(/leave your e-mail/i);
  });

  it("passes a question the content cannot answer on to the team, saying what happens next", () => {
    const introduction = "I am Per Olsen, per@example.com, we want an assistant for our dental clinic";
    // The address is not a question about examples (projects), the name not a question at all.
    expect(asked(introduction)).toBe(
      "Thanks, Per! I can't answer that from what's on this site, so I'll pass your message to the team: save your details with **Yes** below and a founder will reply to per@example.com within 24 hours.",
    );
    expect(askedKnown("Can you integrate with our dental clinic's booking system?")).toBe(
      "I can't answer that from what's on this site, so I'll pass your message to the team. A founder will reply by e-mail within 24 hours.",
    );
    const unknown = asked("Can you integrate with our dental clinic's booking system?");
    expect(unknown).toContain("Leave your name and e-mail here in the chat");
    expect(unknown).toContain("(/contact)");
    expect(unknown).toContain("within 24 hours");
  });

  it("answers a greeting or a word or two with what it can answer, not a pass-on", () => {
    expect(asked("hi")).toContain(fallbackDefault);
    expect(askedKnown("zzz qqq")).toBe(fallbackDefault);
    expect(asked("per@example.com")).toContain(fallbackDefault);
  });
});
