/**
 * The AI provider of the browser tests: tests/support/fake-openai.ts with
 * answers chosen from the request, run as its own process by Playwright
 * (see ai-provider.ts). Node runs this file directly.
 *
 *   a user text containing "[fail]"  -> HTTP 500 (the app retries once, then answers 502)
 *   response_format (the SEO tool)   -> a JSON title and description built from the topic
 *   the email tool                   -> a cold email naming the product, audience and tone
 *   the LinkedIn tool                -> a long post naming tone, length, template and viral mode
 *   a news story summary             -> "AI summary: <the story's text>"
 *   anything else (the secretary)    -> "Here is a concise answer to: <message>"
 * Every answer streams word by word after a short first-token delay, so
 * tests can see the busy states.
 */
import { lastUserText, startFakeOpenAI, systemTexts, type FakeReply, type RecordedRequest } from "../../support/fake-openai.ts";

const port = Number(process.env.FAKE_AI_PORT ?? 0);

function field(text: string, name: string): string {
  const match = new RegExp(`"${name}": ("(?:[^"\\\\]|\\\\.)*"|true|false)`).exec(text);
  if (!match?.[1]) return "";
  return String(JSON.parse(match[1]));
}

const timing = { firstTokenDelayMs: 1000, chunkDelayMs: 10 };

function answer(request: RecordedRequest): FakeReply {
  const user = lastUserText(request);
  const system = systemTexts(request).join("\n");
  if (user.includes("[fail]")) return { status: 500, message: "fake provider failure" };
  if (request.body.response_format) {
    const topic = field(user, "topic");
    return {
      text: JSON.stringify({
        title: `${topic}: A Practical Guide`,
        description: `Everything you need to know about ${topic}, in plain words. Read the guide and start today.`,
      }),
      ...timing,
    };
  }
  if (system.includes("cold emails")) {
    return {
      text: `Subject: A quick idea for ${field(user, "audience")}\n\nHi there,\n\nI noticed you might like ${field(user, "product")}. Written in a ${field(user, "tone")} tone.\n\nBest,\n[Your name]`,
      ...timing,
    };
  }
  if (system.includes("summarise AI news stories")) {
    const story = JSON.parse(user) as { text?: string };
    return { text: `AI summary: ${story.text ?? ""}`, ...timing, firstTokenDelayMs: 0 };
  }
  if (system.includes("LinkedIn")) {
    const settings = `(tone: ${field(user, "tone")}, length: ${field(user, "length")}, template: ${field(user, "template")}, viral: ${field(user, "viralMode")})`;
    const body = "Consistency beats intensity when you build habits that last. ".repeat(6);
    return { text: `Post about ${field(user, "topic")} ${settings}\n\n${body.trim()}`, ...timing };
  }
  // The chat test that watches a reply arrive in pieces: its words come 60 ms apart, so a busy
  // browser cannot receive (or draw) the whole reply in one go.
  if (user.includes("two languages every day")) return { text: `Here is a concise answer to: ${user}`, ...timing, chunkDelayMs: 60 };
  return { text: `Here is a concise answer to: ${user}`, ...timing };
}

const server = await startFakeOpenAI({ port, handler: answer });
process.stdout.write(`Fake AI provider listening on ${server.url}\n`);
const stop = () => void server.close().then(() => process.exit(0));
process.on("SIGTERM", stop);
process.on("SIGINT", stop);
