import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { withServerDatabase } from "../support/admin-seed";
import { adminSession, postForm, type AdminSession } from "../support/admin-session";
import { startServerAtOwnUrl, stopServer, type ServerProcess } from "../support/server-process";
import { startSmtpSink, type SmtpSink } from "../support/smtp-sink";

/**
 * "Send Newsletter Now" looks first (docs/newsletter.md, "The look before sending"), against the
 * production server, a real SMTP server and the real mail queue: the preview is what is then
 * sent, the recipient count is the send's, a test goes to the admin only and counts as no send,
 * and nothing goes out without the confirmation.
 */
let server: ServerProcess;
let sink: SmtpSink;
let dataDir: string;
let base: string;
let admin: AdminSession;

const READERS = ["reader.one@example.test", "reader.two@example.test"];

beforeAll(async () => {
  sink = await startSmtpSink();
  ({ server, dataDir, base } = await startServerAtOwnUrl(
    { SMTP_URL: sink.url, MAIL_FROM: "Nordlys <news@nordlys.test>", NEWSLETTER_SEND_RATE: "0" },
    { timeoutMs: 150_000 },
  ));
  admin = await adminSession(base, dataDir, { email: "editor@example.test", clientIp: "198.51.100.31" });
  await withServerDatabase(dataDir, async (client) => {
    for (let i = 0; i < 3; i++) {
      await client.query(
        `insert into ai_news (title, summary, full_content, source, source_url, published_at) values ($1, $2, 'Full text', 'Example Wire', $3, now() - make_interval(mins => $4))`,
        [`Preview story ${i} & friends`, `Summary ${i} with "quotes"`, `https://news.example/preview-${i}`, i + 1],
      );
    }
    await client.query(
      `insert into newsletter_subscriptions (email, confirmed, confirmed_at, unsubscribed_at, bounced_at) values
        ($1, true, now(), null, null), ($2, true, now(), null, null),
        ('gone@example.test', false, now(), now(), null), ('bounced@example.test', true, now(), null, now()),
        ('pending@example.test', false, null, null, null)`,
      READERS,
    );
  });
}, 300_000);

afterAll(async () => {
  await stopServer(server, dataDir);
  await sink?.stop();
});

function decode(value: string): string {
  return value
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");
}

function pick(html: string, pattern: RegExp): string {
  const match = pattern.exec(html);
  if (!match?.[1]) throw new Error(`not found: ${pattern}`);
  return decode(match[1]);
}

type Preview = { subject: string; recipients: string; html: string; text: string; fingerprint: string };

async function openPreview(): Promise<Preview> {
  const response = await fetch(`${base}/admin/newsletter?step=preview`, { headers: { cookie: admin.cookie } });
  expect(response.status).toBe(200);
  const page = await response.text();
  return {
    subject: pick(page, /data-testid="preview-subject"[^>]*>([^<]+)</),
    recipients: pick(page, /data-testid="preview-recipients"[^>]*>([\s\S]*?)<\/dd>/).replace(/<!-- -->/g, ""),
    html: pick(page, /srcdoc="([^"]*)"/i),
    text: pick(page, /data-testid="preview-text"[^>]*>([\s\S]*?)<\/pre>/),
    fingerprint: pick(page, /name="fingerprint" value="([^"]+)"/),
  };
}

const countRows = (table: string) =>
  withServerDatabase(dataDir, async (client) => (await client.query<{ n: number }>(`select count(*)::int as n from ${table}`)).rows[0]!.n);

/** Each recipient's unsubscribe links differ; everything else is the same bytes for all. */
const sameButLinks = (value: string) => value.replace(/\/unsubscribe\?token=[A-Za-z0-9_.-]+/g, "/unsubscribe?token=LINK").trim();

describe("Send Newsletter Now: a look first", () => {
  it("the button opens the preview (a GET form) and sends nothing", async () => {
    const page = await (await fetch(`${base}/admin/newsletter`, { headers: { cookie: admin.cookie } })).text();
    expect(/<form[^>]*method="get"[^>]*>\s*<input type="hidden" name="step" value="preview"\/?>/.test(page)).toBe(true);
    expect(page).toContain("Send Newsletter Now");

    const preview = await openPreview();
    expect(preview.subject).toBe("AI news: Preview story 0 & friends");
    expect(preview.recipients).toMatch(/^2 subscribers \(confirmed, not unsubscribed, not bounced\)/);
    expect(preview.html).toContain("Preview story 2 &amp; friends");
    expect(preview.text).toContain("PREVIEW STORY 1 & FRIENDS");
    const confirm = await (await fetch(`${base}/admin/newsletter?step=preview`, { headers: { cookie: admin.cookie } })).text();
    expect(confirm).toContain("Send to 2 subscribers");
    expect(confirm).toMatch(/<iframe[^>]*sandbox=""/);

    expect(await countRows("newsletter_issues")).toBe(0);
    expect(sink.received).toHaveLength(0);
  });

  it("a send without the confirmation's fingerprint, or with another issue's, sends nothing", async () => {
    const bare = await postForm(base, "/admin/newsletter", { intent: "send" }, admin.cookie);
    expect(bare.status).toBe(400);
    const old = await postForm(base, "/admin/newsletter", { intent: "send", fingerprint: "not-the-issue-you-saw" }, admin.cookie);
    expect(old.status).toBe(409);
    expect(await old.text()).toContain("Nothing was sent: look at it again before sending.");
    expect(await countRows("newsletter_issues")).toBe(0);
    expect(await countRows("newsletter_deliveries")).toBe(0);
    expect(sink.received).toHaveLength(0);
  });

  it("'Send a test to me' mails the previewed issue to the admin only, through the queue, and counts as no send", async () => {
    const preview = await openPreview();
    const answer = await postForm(base, "/admin/newsletter?step=preview", { intent: "test" }, admin.cookie);
    expect(answer.status).toBe(200);
    expect(await answer.text()).toContain("A test of today&#x27;s issue is on its way to editor@example.test");
    await sink.waitFor(1, 45_000);
    const [test] = sink.received;
    expect(test!.to).toEqual(["editor@example.test"]);
    const parsed = await test!.parse();
    expect(parsed.subject).toBe(preview.subject);
    expect(sameButLinks(String(parsed.html))).toBe(sameButLinks(preview.html));
    expect(sameButLinks(parsed.text ?? "")).toBe(sameButLinks(preview.text));
    expect(await countRows("newsletter_issues")).toBe(0);
    expect(await countRows("newsletter_deliveries")).toBe(0);
    expect((await openPreview()).recipients).toMatch(/^2 subscribers/);
  });

  it("the confirmation sends exactly the previewed subject, HTML and text to the counted recipients", async () => {
    const preview = await openPreview();
    const before = sink.received.length;
    const answer = await postForm(base, "/admin/newsletter", { intent: "send", fingerprint: preview.fingerprint }, admin.cookie);
    expect(answer.status).toBe(200);
    await sink.waitFor(before + 2, 45_000);
    const sent = sink.received.slice(before);
    expect(sent.flatMap((mail) => mail.to).sort()).toEqual([...READERS].sort());
    for (const mail of sent) {
      const parsed = await mail.parse();
      expect(parsed.subject).toBe(preview.subject);
      expect(sameButLinks(String(parsed.html))).toBe(sameButLinks(preview.html));
      expect(sameButLinks(parsed.text ?? "")).toBe(sameButLinks(preview.text));
    }
    // The look afterwards counts the people who already have it apart.
    expect((await openPreview()).recipients).toMatch(/^0 subscribers .*; 2 already have today's issue/);
  });

  it("tests are rate-limited per admin", async () => {
    let last: Response | undefined;
    for (let i = 0; i < 6; i++) {
      last = await postForm(base, "/admin/newsletter?step=preview", { intent: "test" }, admin.cookie);
      if (last.status === 429) break;
    }
    expect(last?.status).toBe(429);
    expect(await last!.text()).toMatch(/You sent 5 tests within the hour\. Try again in \d+ minutes?\./);
  });
});
