import { PageHeader } from "~/components/page-header";
import { ServicesBody } from "~/features/services/components/services-body";
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
  return (
    <>
      <PageHeader eyebrow="What we offer" title="Services">
        <p>
          Four ways to work with us. Whichever you choose, you get senior people, a plan measured in hours saved, and a reply to your first
          message within 24 hours.
        </p>
      </PageHeader>
      <ServicesBody services={loaderData.services} program={loaderData.program} />
    </>
  );
}
