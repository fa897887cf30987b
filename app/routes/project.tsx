import { data, redirect } from "react-router";
import { projectMetaDescription } from "~/content/project-schema";
import { findLiveProject, liveRedirect } from "~/features/content/live.server";
import { BackToProjects, ProjectArticle, projectCrumbs } from "~/features/projects/components/project-article";
import { publicUrlFrom, seo } from "~/lib/seo";
import { breadcrumbList, creativeWork } from "~/lib/structured-data";
import { ProseProvider } from "~/components/prose";
import { proseMapOf } from "~/features/content/markdown.server";
import type { Route } from "./+types/project";

export async function loader({ params }: Route.LoaderArgs) {
  const project = await findLiveProject(params.slug);
  if (!project) {
    // A project whose slug changed: its old address moves to the new one for good.
    const moved = params.slug ? await liveRedirect("projects", params.slug) : undefined;
    if (moved) throw redirect(moved, 301);
    return data({ project: null, description: "" }, { status: 404 });
  }
  return { project, description: projectMetaDescription(project), prose: proseMapOf("projects", project) };
}

export const meta: Route.MetaFunction = ({ loaderData, matches, params }) => {
  const publicUrl = publicUrlFrom(matches);
  const project = loaderData?.project;
  if (!project) {
    return seo({
      title: "Project not found",
      description: "This project does not exist. Browse the ten AI products Nordlys Studio has built.",
      path: `/projects/${params.slug}`,
      publicUrl,
      noindex: true,
    });
  }
  const description = loaderData.description;
  return [
    ...seo({
      title: project.title,
      description,
      path: `/projects/${project.slug}`,
      publicUrl,
      image: `${project.image}-og.jpg`,
      type: "article",
    }),
    creativeWork(project, publicUrl ?? "", description),
    breadcrumbList(projectCrumbs(project), publicUrl ?? ""),
  ];
};

export default function ProjectPage({ loaderData }: Route.ComponentProps) {
  const { project } = loaderData;
  if (!project) {
    return (
      <section className="container-page py-24 text-center">
        <p className="eyebrow">404</p>
        <h1 className="mt-3 text-h1 font-semibold">Project not found</h1>
        <p className="mx-auto mt-4 max-w-md text-ink-600">
          We could not find a project at this address. It may have been renamed; all our work is on the projects page.
        </p>
        <div className="mt-8">
          <BackToProjects />
        </div>
      </section>
    );
  }

  return (
    <ProseProvider prose={loaderData.prose}>
      <ProjectArticle project={project} />
    </ProseProvider>
  );
}
