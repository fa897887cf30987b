import { mediaFile } from "~/features/content/media.server";
import type { Route } from "./+types/media-file";

/**
 * GET /media/<id>-<width>.<avif|webp> and /media/<id>-og.jpg: an uploaded image's files
 * (docs/content.md, "Images"). They never change, so browsers and the proxy keep them for a year.
 */
export async function loader({ params }: Route.LoaderArgs) {
  const file = await mediaFile(params.file);
  if (!file)
    return new Response("Not found", {
      status: 404,
      headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
    });
  return new Response(new Uint8Array(file.data), {
    headers: {
      "Content-Type": file.contentType,
      "Content-Length": String(file.data.byteLength),
      "Cache-Control": "public, max-age=31536000, immutable",
      "X-Content-Type-Options": "nosniff",
      "Cross-Origin-Resource-Policy": "same-origin",
    },
  });
}
