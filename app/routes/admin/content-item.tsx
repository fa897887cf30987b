import { Form, Link, useActionData } from "react-router";
import { requireAdmin } from "~/.server/admin-guard";
import { requestInfoContext } from "~/.server/request-context";
import { Button } from "~/components/ui/button";
import { AdminShell } from "~/features/admin/components/admin-shell";
import { formatDateTime } from "~/features/admin/components/list-controls";
import { Autosave } from "~/features/content/components/autosave";
import { ProjectFields } from "~/features/content/components/project-fields";
import { PublishAt } from "~/features/content/components/publish-at";
import { AllContentLink, StatusBadge } from "~/features/content/components/status-badge";
import { runEditorAction, type EditorAnswer } from "~/features/content/editor-actions.server";
import { itemSummary, or404, pageItem, projectImageChoices, requireContentType, studioTimeZone } from "~/features/content/editor.server";
import { listItems } from "~/features/content/items.server";
import { listMedia } from "~/features/content/media.server";
import { formOf, layoutOf } from "~/features/content/form-kits";
import { LayoutFields } from "~/features/content/components/layout-fields";
import { contentType } from "~/features/content/content-types";
import { LegalFields } from "~/features/content/components/legal-fields";

import { noindexMeta } from "~/lib/seo";
import { fontCoverage } from "~/fonts/core-characters";
import { FontNote } from "~/features/content/components/font-note";
import { getEnv } from "~/.server/env";
import { openShareLinks } from "~/features/content/share-links.server";
import { ShareLinks } from "~/features/content/components/share-links";
import { RefusedNotice } from "~/features/content/components/text-field";
import type { Route } from "./+types/content-item";

/** /admin/content/:type/:id: an item's editor, with the fields of its kind (docs/content.md). */
export const meta: Route.MetaFunction = noindexMeta(
  "Edit content",
  "A draft, its publishing and its history.",
  (params: Route.MetaArgs["params"]) => `/admin/content/${params.type}/${params.id}`,
);

export async function loader({ request, params }: Route.LoaderArgs) {
  await requireAdmin(request);
  const item = await pageItem(params.type, params.id);
  const type = item.type;
  return {
    item: itemSummary(item),
    values: formOf(type, item.draft),
    images: type === "projects" ? projectImageChoices(await listItems(type), await listMedia()) : null,
    canUnpublish: contentType(type).growable,
    timeZone: studioTimeZone(),
    fonts: fontCoverage(textOf(item.draft)),
    shareLinks: (await openShareLinks(item.id)).map((link) => ({
      id: link.id,
      url: `${getEnv().PUBLIC_URL}${link.path}`,
      expiresAt: link.expiresAt.toISOString(),
    })),
  };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const admin = await requireAdmin(request);
  const type = await or404(() => requireContentType(params.type));
  return runEditorAction({
    type,
    key: params.id,
    form: await request.formData(),
    admin,
    clientIp: context.get(requestInfoContext).clientIp,
  });
}

export default function ContentItem({ loaderData }: Route.ComponentProps) {
  const { item, images, timeZone, shareLinks, fonts, canUnpublish } = loaderData;
  const answer = useActionData() as EditorAnswer | undefined;
  const refused = answer && !answer.savedAt ? answer : undefined;
  const values = refused?.values ?? loaderData.values;
  const errors = refused?.errors ?? {};
  const base = item.editPath;
  return (
    <AdminShell
      title={item.title}
      description={<p>Changes are saved as a draft; the public page changes when you publish.</p>}
      actions={
        <>
          <Button asChild variant="outline">
            <Link to={`${base}/history`}>History</Link>
          </Button>
          {item.publicPath ? (
            <Button asChild variant="outline">
              <a href={item.publicPath}>View on the site</a>
            </Button>
          ) : null}
        </>
      }
    >
      <AllContentLink />
      <RefusedNotice errors={errors} />
      <div className="grid gap-8 lg:grid-cols-[minmax(0,1fr)_20rem] lg:items-start">
        <Form method="post" id="editor" aria-label={`${item.singular.charAt(0).toUpperCase()}${item.singular.slice(1)} fields`}>
          <ItemFields type={item.type} values={values} errors={errors} images={images} />
          <div className="mt-6 flex flex-wrap gap-2 lg:hidden">
            <EditorButtons />
          </div>
        </Form>
        <aside
          aria-label="Status and publishing"
          className="space-y-5 rounded-[var(--radius-card)] border border-ink-200 bg-white p-5 lg:sticky lg:top-6"
        >
          <div>
            <h2 className="text-sm font-semibold text-ink-700">Status</h2>
            <div className="mt-2">
              <StatusBadge item={item} />
            </div>
            <p className="mt-2 text-xs text-ink-600">
              Last change {formatDateTime(item.updatedAt)}
              {item.updatedBy ? ` by ${item.updatedBy}` : ""}
            </p>
            {item.publishError ? <p className="mt-2 text-sm text-danger-700">Scheduled publish failed: {item.publishError}</p> : null}
            <Autosave formId="editor" base={base} />
          </div>
          <FontNote fullFont={fonts.fullFont} systemFont={fonts.systemFont} />
          <div className="hidden flex-wrap gap-2 lg:flex">
            <EditorButtons />
          </div>
          <PublishAt formId="editor" studioTimeZone={timeZone} error={errors.publishAt} defaultValue={values.publishAt} />
          <ShareLinks links={shareLinks} />
          {canUnpublish && (item.status === "published" || item.status === "scheduled") ? (
            <Form method="post">
              <Button type="submit" name="intent" value="unpublish" variant="outline">
                {item.status === "scheduled" && !item.publicPath ? "Cancel the schedule" : "Unpublish"}
              </Button>
            </Form>
          ) : null}
        </aside>
      </div>
    </AdminShell>
  );
}

function ItemFields({
  type,
  values,
  errors,
  images,
}: {
  type: string;
  values: Record<string, string>;
  errors: Record<string, string>;
  images: Parameters<typeof ProjectFields>[0]["images"] | null;
}) {
  if (images) return <ProjectFields values={values} errors={errors} images={images} />;
  if (type === "legal") return <LegalFields values={values} errors={errors} />;
  return <LayoutFields layout={layoutOf(type as "pages", values) ?? []} values={values} errors={errors} />;
}

function EditorButtons() {
  return (
    <>
      <Button type="submit" form="editor" name="intent" value="publish">
        Publish
      </Button>
      <Button type="submit" form="editor" name="intent" value="save" variant="outline">
        Save draft
      </Button>
      <Button type="submit" form="editor" name="intent" value="preview" variant="outline">
        Preview
      </Button>
    </>
  );
}

/** Every string of an item's fields, for the font note. */
function textOf(value: unknown): string {
  if (typeof value === "string") return value;
  if (value && typeof value === "object") return Object.values(value).map(textOf).join(" ");
  return "";
}
