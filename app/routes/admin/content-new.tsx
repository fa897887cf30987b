import { data, Form, redirect, useActionData } from "react-router";
import { requireAdmin } from "~/.server/admin-guard";
import { AppError } from "~/.server/errors";
import { Button } from "~/components/ui/button";
import { AdminShell } from "~/features/admin/components/admin-shell";
import { AllContentLink } from "~/features/content/components/status-badge";
import { ProjectFields } from "~/features/content/components/project-fields";
import { RefusedNotice } from "~/features/content/components/text-field";
import type { EditorAnswer } from "~/features/content/editor-actions.server";
import { authorOf, or404, projectImageChoices, requireContentType } from "~/features/content/editor.server";
import { createItem, listItems } from "~/features/content/items.server";
import { listMedia } from "~/features/content/media.server";
import { errorsForForm, FORM_KITS } from "~/features/content/form-kits";
import { projectFromForm, projectToForm, type ProjectForm } from "~/features/content/project-form";
import { noindexMeta } from "~/lib/seo";
import type { Route } from "./+types/content-new";

/** /admin/content/:type/new: a new project, saved as a draft at the end of the list. */

/** Only projects are added here; the other kinds are a fixed set. */
function requireNewable(typeParam: string | undefined) {
  const type = requireContentType(typeParam);
  if (type !== "projects") throw new AppError("not_found", "This kind of content is a fixed set.");
  return type;
}
export const meta: Route.MetaFunction = noindexMeta("New project", "A new project, saved as a draft.", "/admin/content/projects/new");

export async function loader({ request, params }: Route.LoaderArgs) {
  await requireAdmin(request);
  const type = await or404(() => requireNewable(params.type));
  return {
    values: projectToForm({ year: new Date().getUTCFullYear() }),
    images: projectImageChoices(await listItems(type), await listMedia()),
  };
}

export async function action({ request, params }: Route.ActionArgs) {
  const admin = await requireAdmin(request);
  const type = await or404(() => requireNewable(params.type));
  const values: ProjectForm = {};
  for (const [name, value] of await request.formData()) if (typeof value === "string") values[name] = value;
  try {
    const item = await createItem(type, projectFromForm(values), authorOf(admin));
    return redirect(`/admin/content/${type}/${item.key}`);
  } catch (error) {
    if (!(error instanceof AppError) || error.code !== "invalid") throw error;
    return data<EditorAnswer>(
      { values, errors: errorsForForm(FORM_KITS.projects, error.details.fields as Record<string, string> | undefined) },
      { status: 400 },
    );
  }
}

export default function NewContent({ loaderData }: Route.ComponentProps) {
  const answer = useActionData() as EditorAnswer | undefined;
  const errors = answer?.errors ?? {};
  return (
    <AdminShell
      title="New project"
      description="It is saved as a draft at the end of the list; nothing on the site changes until you publish it."
    >
      <AllContentLink />
      <RefusedNotice errors={errors} />
      <Form method="post" className="max-w-3xl" aria-label="New project">
        <ProjectFields values={answer?.values ?? loaderData.values} errors={errors} images={loaderData.images} />
        <Button type="submit" className="mt-6">
          Save as a draft
        </Button>
      </Form>
    </AdminShell>
  );
}
