import { AppError } from "../errors";
import { logger } from "../logger";

/**
 * The streaming format of the AI endpoints: Server-Sent Events whose `data`
 * is one JSON object each (see docs/ai-tools.md):
 *
 *   data: {"type":"delta","text":"Hel"}                    a piece of text
 *   data: {"type":"partial","value":{"title":"Ten"}}       structured output so far (seo)
 *   data: {"type":"done","value":{"content":"Hello"}}      the final body, same as the JSON endpoint's
 *   data: {"type":"error","error":"<human message>"}       the stream failed after it started
 */
export type AiStreamEvent =
  | { type: "delta"; text: string }
  | { type: "partial"; value: unknown }
  | { type: "done"; value: unknown }
  | { type: "error"; error: string };

export function sseResponse(run: (send: (event: AiStreamEvent) => void) => Promise<void>): Response {
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    async start(controller) {
      let open = true;
      const send = (event: AiStreamEvent) => {
        if (!open) return;
        try {
          controller.enqueue(encoder.encode(`data: ${JSON.stringify(event)}\n\n`));
        } catch {
          open = false; // cancelled by the client
        }
      };
      try {
        await run(send);
      } catch (error) {
        if (error instanceof AppError) {
          send({ type: "error", error: error.message });
        } else {
          logger.error({ err: error }, "AI stream: unexpected error");
          send({ type: "error", error: "Something went wrong on our side. Please try again." });
        }
      } finally {
        open = false;
        try {
          controller.close();
        } catch {
          // The client went away and the stream is already cancelled.
        }
      }
    },
    // On cancel (the client went away) the producer stops through the request's abort signal.
  });
  return new Response(body, {
    headers: {
      "Content-Type": "text/event-stream; charset=utf-8",
      "Cache-Control": "no-store, no-transform",
      "X-Accel-Buffering": "no",
    },
  });
}
