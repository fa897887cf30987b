import { data, Link } from "react-router";
import { PageHeader } from "~/components/page-header";
import { Button } from "~/components/ui/button";
import { findProject } from "~/content/projects";
import { publicUrlFrom, seo } from "~/lib/seo";
import type { Route } from "./+types/project";

export function loader({ params }: Route.LoaderArgs) {
  const project = findProject(params.slug);
  if (!project) return data({ project: null }, { status: 404 });
  return { project };
}

export const meta: Route.MetaFunction = ({ loaderData, matches, params }) =>
  seo({
    title: loaderData?.project?.title ?? "Project not found",
    description: loaderData?.project
      ? `${loaderData.project.title}: an AI product built by Nordlys Studio.`
      : "This project does not exist.",
    path: `/projects/${params.slug}`,
    publicUrl: publicUrlFrom(matches),
    noindex: !loaderData?.project,
  });

export default function ProjectPage({ loaderData }: Route.ComponentProps) {
  const { project } = loaderData;
  if (!project) {
    return (
      <section className="container-page py-24 text-center">
        <h1 className="text-3xl font-semibold">Project not found</h1>
        <Button asChild className="mt-8">
          <Link to="/projects">Back to Projects</Link>
        </Button>
      </section>
    );
  }
  return (
    <PageHeader eyebrow="Project" title={project.title}>
      <p>
        <Link to="/projects" className="font-medium text-aurora-700 underline underline-offset-2">
          Back to Projects
        </Link>
      </p>
    </PageHeader>
  );
}
