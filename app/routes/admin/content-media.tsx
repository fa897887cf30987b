import { data, Form, useActionData } from "react-router";
import { requireAdmin } from "~/.server/admin-guard";
import { AppError } from "~/.server/errors";
import { redirectWithToast } from "~/.server/toast";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { Input, Textarea } from "~/components/ui/input";
import { AdminShell } from "~/features/admin/components/admin-shell";
import { AllContentLink } from "~/features/content/components/status-badge";
import { formatDateTime } from "~/features/admin/components/list-controls";
import { authorOf } from "~/features/content/editor.server";
import { listMedia, uploadImage } from "~/features/content/media.server";
import { noindexMeta } from "~/lib/seo";
import type { Route } from "./+types/content-media";

/** /admin/content/media: upload an image with its alt text; the uploads, newest first (docs/content.md, "Images"). */
export const meta: Route.MetaFunction = noindexMeta("Images", "Upload images for projects.", "/admin/content/media");

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const uploads = await listMedia();
  return { uploads: uploads.map((upload) => ({ ...upload, createdAt: upload.createdAt.toISOString() })) };
}

type UploadAnswer = { alt: string; errors: Record<string, string> };

export async function action({ request }: Route.ActionArgs) {
  const admin = await requireAdmin(request);
  const form = await request.formData();
  const file = form.get("file");
  const alt = String(form.get("alt") ?? "");
  try {
    if (!(file instanceof File)) throw new AppError("invalid", "Choose an image file.", { fields: { file: "Choose an image file." } });
    const bytes = new Uint8Array(await file.arrayBuffer());
    await uploadImage({ bytes, filename: file.name, alt }, authorOf(admin));
  } catch (error) {
    if (!(error instanceof AppError) || error.code !== "invalid") throw error;
    return data<UploadAnswer>(
      { alt, errors: (error.details.fields as Record<string, string>) ?? { file: error.message } },
      { status: 400 },
    );
  }
  return redirectWithToast("/admin/content/media", { type: "success", title: "Uploaded: choose it in a project's Image" });
}

export default function ContentMedia({ loaderData }: Route.ComponentProps) {
  const answer = useActionData() as UploadAnswer | undefined;
  return (
    <AdminShell
      title="Images"
      description="JPEG, PNG, WebP or AVIF, up to 15 MB and at least 640 x 400 pixels. The site makes the sizes its pages use (cut to 16:10) and the link-preview picture; a project uses an upload once you choose it as its image."
    >
      <AllContentLink />
      <Form
        method="post"
        encType="multipart/form-data"
        className="max-w-xl space-y-4 rounded-[var(--radius-card)] border border-ink-200 bg-white p-5"
        aria-label="Upload an image"
      >
        <Field id="field-file" name="file" label="Image file" error={answer?.errors.file}>
          {(control) => <Input {...control} type="file" accept="image/jpeg,image/png,image/webp,image/avif" required />}
        </Field>
        <Field
          id="field-alt"
          name="alt"
          label="Alt text"
          description="What the picture shows, for people who cannot see it."
          error={answer?.errors.alt}
        >
          {(control) => <Textarea {...control} rows={2} required defaultValue={answer?.alt} />}
        </Field>
        <Button type="submit">Upload</Button>
      </Form>
      <h2 className="mt-10 mb-4 text-xl font-semibold">Uploads</h2>
      {loaderData.uploads.length === 0 ? <p className="text-ink-600">Nothing uploaded yet.</p> : null}
      <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {loaderData.uploads.map((upload) => (
          <li key={upload.id} className="overflow-hidden rounded-[var(--radius-card)] border border-ink-200 bg-white">
            <img
              src={`${upload.path}-640.webp`}
              alt={upload.alt}
              width={640}
              height={400}
              loading="lazy"
              className="aspect-[16/10] w-full object-cover"
            />
            <div className="space-y-1 p-3 text-sm">
              <p>{upload.alt}</p>
              <p className="text-xs text-ink-600">
                {upload.filename}, {upload.width} x {upload.height}; {formatDateTime(upload.createdAt)} by {upload.uploadedBy}
              </p>
            </div>
          </li>
        ))}
      </ul>
    </AdminShell>
  );
}
