import { StreamRequestError } from "~/lib/stream-json-events";
import { toast } from "~/lib/notify";

/**
 * docs/product.md#try-ai-tools: a destructive toast with the error's own message, else the
 * tool's fallback ("Failed to get response", "Failed to generate SEO"...).
 */
export function showAiError(error: unknown, { title, fallback }: { title: string; fallback: string }) {
  if (error instanceof DOMException && error.name === "AbortError") return;
  const message = error instanceof StreamRequestError ? error.serverMessage : undefined;
  toast.error(title, { description: message ?? fallback });
}
