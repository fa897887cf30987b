import { jsonOk } from "~/.server/api";
import { AppError } from "~/.server/errors";
import { adminEndpoint } from "~/features/admin/admin-endpoint.server";
import { authorOf } from "~/features/content/editor.server";
import { listMedia, uploadImage } from "~/features/content/media.server";

/**
 * POST /api/admin/media (multipart: `file`, `alt`): an image for the site (docs/content.md,
 * "Images"); 201 `{id, url, image}`, where `image` is what a project's image field takes.
 * GET: the uploads, newest first.
 */
const endpoint = adminEndpoint(["GET", "HEAD", "POST"], async ({ request, admin }) => {
  if (request.method !== "POST") return jsonOk({ media: await listMedia() });
  if (!(request.headers.get("Content-Type") ?? "").startsWith("multipart/form-data")) {
    throw new AppError("unsupported_media_type", "Send the image as multipart/form-data with the fields file and alt.");
  }
  const form = await request.formData();
  const file = form.get("file");
  if (!(file instanceof File))
    throw new AppError("invalid", "Send the image in the field file.", { fields: { file: "Choose an image file." } });
  const uploaded = await uploadImage(
    { bytes: new Uint8Array(await file.arrayBuffer()), filename: file.name, alt: String(form.get("alt") ?? "") },
    authorOf(admin),
  );
  return jsonOk({ id: uploaded.id, url: `${uploaded.path}-1280.webp`, image: uploaded.path }, { status: 201 });
});

export const loader = endpoint;
export const action = endpoint;
