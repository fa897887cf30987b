import { findProject } from "~/content/projects";
import { references } from "~/content/references";
import { toProjectCard } from "~/features/projects/project-card-data";
import { ReferencePage, referenceMeta } from "~/features/references/components/reference-page";
import { publicUrlFrom } from "~/lib/seo";
import type { Route } from "./+types/reference-shnobergendorff";

const reference = references.shnobergendorff;

export function loader() {
  const project = findProject(reference.projectSlug);
  return { project: project ? toProjectCard(project) : undefined };
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) => referenceMeta(reference, loaderData?.project, publicUrlFrom(matches));

export default function Page({ loaderData }: Route.ComponentProps) {
  return <ReferencePage reference={reference} project={loaderData.project} />;
}
