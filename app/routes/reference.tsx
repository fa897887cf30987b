import { findLiveProject } from "~/features/content/live.server";
import { references } from "~/content/references";
import { toProjectCard } from "~/features/projects/project-card-data";
import { ReferencePage, referenceMeta } from "~/features/references/components/reference-page";
import { publicUrlFrom } from "~/lib/seo";
import type { Route } from "./+types/reference";

/** A client's reference page: one module for every path in content/references.ts (app/routes.ts maps each). */
function referenceAt(pathname: string) {
  const path = pathname.replace(/\/+$/, "");
  const reference = Object.values(references).find((candidate) => candidate.path === path);
  if (!reference) throw new Response("Not found", { status: 404 });
  return reference;
}

export async function loader({ request }: Route.LoaderArgs) {
  const reference = referenceAt(new URL(request.url).pathname);
  const project = await findLiveProject(reference.projectSlug);
  return { reference, project: project ? toProjectCard(project) : undefined };
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) =>
  loaderData ? referenceMeta(loaderData.reference, loaderData.project, publicUrlFrom(matches)) : [];

export default function Page({ loaderData }: Route.ComponentProps) {
  return <ReferencePage reference={loaderData.reference} project={loaderData.project} />;
}
