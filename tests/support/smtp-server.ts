import { simpleParser, type ParsedMail } from "mailparser";
import { SMTPServer } from "smtp-server";

/**
 * A real SMTP server on 127.0.0.1 for tests (npm smtp-server): it speaks the
 * protocol, records each message's envelope and raw bytes, and parses them
 * with mailparser. It can be stopped and started again on the same port, and
 * made slow, to show what the app does when its mail server misbehaves.
 */
export type ReceivedMail = {
  envelope: { from: string; to: string[] };
  raw: Buffer;
  parsed: ParsedMail;
  /** The raw header block, exactly as received. */
  rawHeaders: string;
};

export type TestSmtpServer = {
  port: number;
  url: string;
  received: ReceivedMail[];
  /** Waits until at least `count` messages have arrived. */
  waitFor(count: number, timeoutMs?: number): Promise<ReceivedMail[]>;
  /** Messages to `address` (envelope recipients). */
  to(address: string): ReceivedMail[];
  /** Delays the answer to each message's DATA by this many ms. */
  setDelay(ms: number): void;
  stop(): Promise<void>;
  /** Listens again on the same port after stop(). */
  start(): Promise<void>;
};

export async function startSmtpServer(port = 0): Promise<TestSmtpServer> {
  const received: ReceivedMail[] = [];
  let delayMs = 0;
  let server: SMTPServer | undefined;
  let boundPort = port;

  const create = () =>
    new SMTPServer({
      authOptional: true,
      disabledCommands: ["STARTTLS", "AUTH"],
      logger: false,
      // The app's pooled connections stay open: close them at once on stop().
      closeTimeout: 100,
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on("data", (chunk: Buffer) => chunks.push(chunk));
        stream.on("end", () => {
          const raw = Buffer.concat(chunks);
          const finish = async () => {
            if (delayMs) await new Promise((resolve) => setTimeout(resolve, delayMs));
            const parsed = await simpleParser(raw);
            const headerEnd = raw.indexOf("\r\n\r\n");
            received.push({
              envelope: {
                from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
                to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
              },
              raw,
              parsed,
              rawHeaders: raw.subarray(0, headerEnd === -1 ? raw.length : headerEnd).toString("utf8"),
            });
            callback();
          };
          finish().catch((error: Error) => callback(error));
        });
      },
    });

  const listen = async () => {
    server = create();
    await new Promise<void>((resolve, reject) => {
      server!.once("error", reject);
      server!.listen(boundPort, "127.0.0.1", () => resolve());
    });
    const address = (server as unknown as { server: { address(): { port: number } } }).server.address();
    boundPort = address.port;
  };
  await listen();

  return {
    get port() {
      return boundPort;
    },
    get url() {
      return `smtp://127.0.0.1:${boundPort}`;
    },
    received,
    async waitFor(count, timeoutMs = 20_000) {
      const deadline = Date.now() + timeoutMs;
      while (received.length < count) {
        if (Date.now() > deadline) throw new Error(`expected ${count} mails, got ${received.length} in ${timeoutMs} ms`);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      return received;
    },
    to(address) {
      return received.filter((mail) => mail.envelope.to.includes(address));
    },
    setDelay(ms) {
      delayMs = ms;
    },
    async stop() {
      const current = server;
      server = undefined;
      if (current) await new Promise<void>((resolve) => current.close(() => resolve()));
    },
    start: listen,
  };
}
