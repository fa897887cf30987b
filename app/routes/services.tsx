import { ServicesPage } from "~/features/services/components/services-page";
import { livePage, livePublished } from "~/features/content/live.server";
import { publicUrlFrom, seo } from "~/lib/seo";
import type { Route } from "./+types/services";

export const meta: Route.MetaFunction = ({ matches }) =>
  seo({
    title: "Services",
    description:
      "AI Marketing Solutions, AI App Development, AI Mentoring 1-to-1 and the Partnerships & Free Build Program: four ways to work with Nordlys Studio.",
    path: "/services",
    publicUrl: publicUrlFrom(matches),
    image: "/images/og-default.jpg",
  });

/** The four services and the program's copy as published (docs/content.md). */
export async function loader() {
  return { services: await livePublished("services"), program: await livePage("program") };
}

export default function Page({ loaderData }: Route.ComponentProps) {
  return <ServicesPage services={loaderData.services} program={loaderData.program} />;
}
