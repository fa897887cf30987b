import { REFERENCE_KEYS, type ReferenceKey } from "~/content/reference-schema";
import { findLiveProject, liveReference } from "~/features/content/live.server";
import { toProjectCard } from "~/features/projects/project-card-data";
import { ReferencePage, referenceMeta } from "~/features/references/components/reference-page";
import { publicUrlFrom } from "~/lib/seo";
import { ProseProvider } from "~/components/prose";
import { proseMapOf } from "~/features/content/markdown.server";
import type { Route } from "./+types/reference";

/**
 * A client's reference page: one module for both addresses (app/routes.ts maps each), its text as
 * published (docs/content.md, "References").
 */
export async function loader({ request }: Route.LoaderArgs) {
  const key = new URL(request.url).pathname.replace(/\/+$/, "").split("/").at(-1) as ReferenceKey;
  const reference = REFERENCE_KEYS.includes(key) ? await liveReference(key) : undefined;
  if (!reference) throw new Response("Not found", { status: 404 });
  const project = await findLiveProject(reference.projectSlug);
  return { reference, project: project ? toProjectCard(project) : undefined, prose: proseMapOf("references", reference) };
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) =>
  loaderData ? referenceMeta(loaderData.reference, loaderData.project, publicUrlFrom(matches)) : [];

export default function Page({ loaderData }: Route.ComponentProps) {
  return (
    <ProseProvider prose={loaderData.prose}>
      <ReferencePage reference={loaderData.reference} project={loaderData.project} />
    </ProseProvider>
  );
}
