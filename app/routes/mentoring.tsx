import { PageHeader } from "~/components/page-header";
import { FormPage } from "~/features/forms/components/form-page";
import { formLoaderData, handleFormAction } from "~/features/forms/form-action.server";
import { keepFormOnFailedRequest } from "~/features/forms/keep-form-on-failed-request";
import { publicUrlFrom, seo } from "~/lib/seo";
import type { Route } from "./+types/mentoring";

export const meta: Route.MetaFunction = ({ matches }) =>
  seo({
    title: "AI Mentoring 1-to-1",
    description: "Book 1-to-1 AI mentoring sessions by video call, with scholarships for students and flexible payment.",
    path: "/mentoring",
    publicUrl: publicUrlFrom(matches),
  });

export function loader() {
  return formLoaderData("mentoring");
}

export function action({ request, context }: Route.ActionArgs) {
  return handleFormAction("mentoring", request, context);
}

/** A post that fails on the way keeps the page and what was typed (docs/decisions/0177). */
export const clientAction = (args: Route.ClientActionArgs) => keepFormOnFailedRequest("mentoring", args);

export default function Page({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <PageHeader eyebrow="Mentoring" title="AI Mentoring 1-to-1">
        <p>Learn to build with AI in 1-to-1 sessions on a video call, at your pace.</p>
      </PageHeader>
      <FormPage
        source="mentoring"
        startToken={loaderData.startToken}
        constraint={loaderData.constraint}
        asideTitle="What to expect"
        aside={
          <ul className="flex list-disc flex-col gap-3 pl-5">
            <li>1-to-1 sessions on a video call, planned around your goals.</li>
            <li>Scholarships for students.</li>
            <li>Flexible payment: per session or as a package.</li>
            <li>We reply within 24 hours to schedule your first session.</li>
          </ul>
        }
      />
    </>
  );
}
