import { AboutPage } from "~/features/about/components/about-page";
import { livePage, livePublished } from "~/features/content/live.server";
import { publicUrlFrom, seo } from "~/lib/seo";
import { ProseProvider } from "~/components/prose";
import { proseMapOf } from "~/features/content/markdown.server";
import type { Route } from "./+types/about";

export const meta: Route.MetaFunction = ({ matches }) =>
  seo({
    title: "About",
    description:
      "Meet the founders of Nordlys Studio, an AI product studio in Oslo: our story, our vision and the companies we have built with.",
    path: "/about",
    publicUrl: publicUrlFrom(matches),
    image: "/images/og-default.jpg",
  });

/** The copy, the founders and the partners as published (docs/content.md). */
export async function loader() {
  const page = await livePage("about");
  return { page, founders: await livePublished("people"), partners: await livePublished("partners"), prose: proseMapOf("pages", page) };
}

export default function Page({ loaderData }: Route.ComponentProps) {
  const { prose, ...page } = loaderData;
  return (
    <ProseProvider prose={prose}>
      <AboutPage {...page} />
    </ProseProvider>
  );
}
