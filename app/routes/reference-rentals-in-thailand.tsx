import { references } from "~/content/references";
import { ReferencePage, referenceMeta } from "~/features/references/components/reference-page";
import { publicUrlFrom } from "~/lib/seo";
import type { Route } from "./+types/reference-rentals-in-thailand";

export const meta: Route.MetaFunction = ({ matches }) => referenceMeta(references.rentalsInThailand, publicUrlFrom(matches));

export default function Page() {
  return <ReferencePage reference={references.rentalsInThailand} />;
}
