import { simpleParser, type ParsedMail } from "mailparser";
import { SMTPServer, type SMTPServerDataStream, type SMTPServerSession } from "smtp-server";

/**
 * A real SMTP server on 127.0.0.1 for the newsletter tests (npm smtp-server),
 * with the misbehaviours a bulk sender has to cope with: recipients refused
 * permanently (550 at RCPT TO), every message failing for a while (451), and a
 * "gate" that stops answering DATA after some messages, so a test can kill
 * the sender while messages are in flight (those are never accepted).
 */
export type SinkMail = { to: string[]; raw: Buffer; rawHeaders: string; parse(): Promise<ParsedMail> };

export type SmtpSink = {
  url: string;
  received: SinkMail[];
  /** Every RCPT TO address the sink was offered, accepted or not. */
  rcptLog: string[];
  /** Forgets messages, refusals and failure modes. */
  reset(): void;
  /** Accepted messages per envelope recipient. */
  countsByRecipient(): Map<string, number>;
  /** Answers 550 to RCPT TO for these addresses. */
  rejectRecipients(addresses: Iterable<string>): void;
  /** Answers 451 to every DATA until switched off. */
  setFailing(failing: boolean): void;
  /** After `accepted` messages in total, holds every further DATA without answering. */
  closeGateAfter(accepted: number): void;
  /** How many messages are being held at the gate. */
  heldCount(): number;
  /** Drops every held message (answering 421), and lets messages through again. */
  openGate(): void;
  waitFor(count: number, timeoutMs?: number): Promise<void>;
  stop(): Promise<void>;
};

export async function startSmtpSink(options: { parse?: boolean } = {}): Promise<SmtpSink> {
  const received: SinkMail[] = [];
  const rcptLog: string[] = [];
  const rejected = new Set<string>();
  let failing = false;
  let gateAfter = Number.POSITIVE_INFINITY;
  const held: Array<(error?: Error | null) => void> = [];

  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    closeTimeout: 100,
    size: 10 * 1024 * 1024,
    onRcptTo(address, _session, callback) {
      rcptLog.push(address.address.toLowerCase());
      if (rejected.has(address.address.toLowerCase())) {
        const error = Object.assign(new Error("5.1.1 No such user here"), { responseCode: 550 });
        callback(error);
        return;
      }
      callback();
    },
    onData(stream: SMTPServerDataStream, session: SMTPServerSession, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        if (failing) {
          callback(Object.assign(new Error("4.3.0 Try again later"), { responseCode: 451 }));
          return;
        }
        if (received.length >= gateAfter) {
          // Never answered while the gate is closed: the client is still waiting for "250".
          held.push(callback);
          return;
        }
        const raw = Buffer.concat(chunks);
        const headerEnd = raw.indexOf("\r\n\r\n");
        let parsed: Promise<ParsedMail> | undefined;
        received.push({
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address.toLowerCase()),
          raw,
          rawHeaders: raw.subarray(0, headerEnd === -1 ? raw.length : headerEnd).toString("utf8"),
          parse: () => (parsed ??= simpleParser(raw)),
        });
        if (options.parse) void received.at(-1)!.parse();
        callback();
      });
    },
  });
  // A sender killed mid-conversation resets its connections: expected here.
  server.on("error", () => undefined);
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => resolve());
  });
  const port = (server as unknown as { server: { address(): { port: number } } }).server.address().port;

  const sinkApi: SmtpSink = {
    url: `smtp://127.0.0.1:${port}`,
    received,
    rcptLog,
    reset() {
      sinkApi.openGate();
      received.splice(0);
      rcptLog.splice(0);
      rejected.clear();
      failing = false;
    },
    countsByRecipient() {
      const counts = new Map<string, number>();
      for (const mail of received) for (const to of mail.to) counts.set(to, (counts.get(to) ?? 0) + 1);
      return counts;
    },
    rejectRecipients(addresses) {
      for (const address of addresses) rejected.add(address.toLowerCase());
    },
    setFailing(value) {
      failing = value;
    },
    closeGateAfter(accepted) {
      gateAfter = accepted;
    },
    heldCount: () => held.length,
    openGate() {
      gateAfter = Number.POSITIVE_INFINITY;
      for (const callback of held.splice(0)) {
        callback(Object.assign(new Error("4.4.2 Connection dropped"), { responseCode: 421 }));
      }
    },
    async waitFor(count, timeoutMs = 30_000) {
      const deadline = Date.now() + timeoutMs;
      while (received.length < count) {
        if (Date.now() > deadline) throw new Error(`expected ${count} mails, got ${received.length} in ${timeoutMs} ms`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    },
    async stop() {
      sinkApi.openGate();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
  return sinkApi;
}
