import { PageHeader } from "~/components/page-header";
import { AsidePoints, FormPage } from "~/features/forms/components/form-page";
import { formLoaderData, handleFormAction } from "~/features/forms/form-action.server";
import { keepFormOnFailedRequest } from "~/features/forms/keep-form-on-failed-request";
import { publicUrlFrom, seo } from "~/lib/seo";
import type { Route } from "./+types/apply";

export const meta: Route.MetaFunction = ({ matches }) =>
  seo({
    title: "Pitch Your Idea",
    description: "Pitch your product idea to Nordlys Studio's selective partnership and free build program.",
    path: "/apply",
    publicUrl: publicUrlFrom(matches),
  });

export function loader() {
  return formLoaderData("apply");
}

export function action({ request, context }: Route.ActionArgs) {
  return handleFormAction("apply", request, context);
}

/** A post that fails on the way keeps the page and what was typed (docs/decisions/0177). */
export const clientAction = (args: Route.ClientActionArgs) => keepFormOnFailedRequest("apply", args);

/** The side column: how the program works. */
const programPoints = [
  "We read every pitch ourselves and reply within 24 hours.",
  "Ideas we take on get a free build, discounted development or an equity partnership.",
  "The program is selective, and paid builds are prioritised.",
  "Say who has the problem and why now: that helps us most.",
];

export default function Page({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <PageHeader eyebrow="Free Build Program" title="Pitch Your Idea">
        <p>Tell us about the product you want to build. The program is selective: we answer every application.</p>
      </PageHeader>
      <FormPage source="apply" form={loaderData} asideTitle="How the program works" aside={<AsidePoints points={programPoints} />} />
    </>
  );
}
