import { data, Form, redirect, useActionData } from "react-router";
import { requireAdmin } from "~/.server/admin-guard";
import { AppError } from "~/.server/errors";
import { Button } from "~/components/ui/button";
import { AdminShell } from "~/features/admin/components/admin-shell";
import { AllContentLink } from "~/features/content/components/status-badge";
import { LayoutFields } from "~/features/content/components/layout-fields";
import { ProjectFields } from "~/features/content/components/project-fields";
import { RefusedNotice } from "~/features/content/components/text-field";
import { contentType } from "~/features/content/content-types";
import type { EditorAnswer } from "~/features/content/editor-actions.server";
import { authorOf, or404, projectImageChoices, requireContentType } from "~/features/content/editor.server";
import { createItem, listItems } from "~/features/content/items.server";
import { listMedia } from "~/features/content/media.server";
import { errorsForForm, FORM_KITS, layoutOf } from "~/features/content/form-kits";
import { projectToForm } from "~/features/content/project-form";
import { noindexMeta } from "~/lib/seo";
import type { Route } from "./+types/content-new";

/** /admin/content/:type/new: a new project, founder or partner, saved as a draft at the end of its list. */

/** Only kinds the studio adds to have this page; the others are a fixed set. */
function requireNewable(typeParam: string | undefined) {
  const type = requireContentType(typeParam);
  if (!contentType(type).growable) throw new AppError("not_found", "This kind of content is a fixed set.");
  return type;
}

export const meta: Route.MetaFunction = noindexMeta(
  "New content",
  "A new item, saved as a draft.",
  (params: Route.MetaArgs["params"]) => `/admin/content/${params.type}/new`,
);

export async function loader({ request, params }: Route.LoaderArgs) {
  await requireAdmin(request);
  const type = await or404(() => requireNewable(params.type));
  const projects = type === "projects";
  return {
    type,
    singular: contentType(type).singular,
    values: projects
      ? projectToForm({ year: new Date().getUTCFullYear() })
      : (FORM_KITS[type].toForm as (fields: object) => Record<string, string>)({}),
    images: projects ? projectImageChoices(await listItems(type), await listMedia()) : null,
  };
}

export async function action({ request, params }: Route.ActionArgs) {
  const admin = await requireAdmin(request);
  const type = await or404(() => requireNewable(params.type));
  const values: Record<string, string> = {};
  for (const [name, value] of await request.formData()) if (typeof value === "string") values[name] = value;
  try {
    const item = await createItem(type, FORM_KITS[type].fromForm(values), authorOf(admin));
    return redirect(`/admin/content/${type}/${item.key}`);
  } catch (error) {
    if (!(error instanceof AppError) || error.code !== "invalid") throw error;
    return data<EditorAnswer>(
      { values, errors: errorsForForm(FORM_KITS[type], error.details.fields as Record<string, string> | undefined) },
      { status: 400 },
    );
  }
}

export default function NewContent({ loaderData }: Route.ComponentProps) {
  const { type, singular, images } = loaderData;
  const answer = useActionData() as EditorAnswer | undefined;
  const errors = answer?.errors ?? {};
  const values = answer?.values ?? loaderData.values;
  return (
    <AdminShell
      title={`New ${singular}`}
      description="It is saved as a draft at the end of the list; nothing on the site changes until you publish it."
    >
      <AllContentLink />
      <RefusedNotice errors={errors} />
      <Form method="post" className="max-w-3xl" aria-label={`New ${singular}`}>
        {images ? (
          <ProjectFields values={values} errors={errors} images={images} />
        ) : (
          <LayoutFields layout={layoutOf(type, values) ?? []} values={values} errors={errors} />
        )}
        <Button type="submit" className="mt-6">
          Save as a draft
        </Button>
      </Form>
    </AdminShell>
  );
}
