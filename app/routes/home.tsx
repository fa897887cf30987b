import { site } from "~/content/site";
import { liveContent } from "~/features/content/live.server";
import { HomePage } from "~/features/home/components/home-page";
import { loadHomePage } from "~/features/home/home-page.server";
import { keepPageDataAfterSignup } from "~/features/newsletter/keep-page-data";
import { contactDetailsIn } from "~/lib/contact-details";
import { publicUrlFrom, seo } from "~/lib/seo";
import { organization } from "~/lib/structured-data";
import type { Route } from "./+types/home";

/** The home page: its data and markup live in the home feature (app/features/home). */
export async function loader({ context }: Route.LoaderArgs) {
  return loadHomePage(context, (await liveContent()).items);
}

export const shouldRevalidate = keepPageDataAfterSignup;

export const meta: Route.MetaFunction = ({ matches, loaderData }) => {
  const publicUrl = publicUrlFrom(matches);
  return [
    ...seo({
      title: site.name,
      description: site.description,
      path: "/",
      publicUrl,
      image: "/images/og-default.jpg",
    }),
    organization(
      publicUrl ?? "",
      loaderData?.content.founders ?? [],
      contactDetailsIn(matches.find((match) => match?.id === "root")?.loaderData).email,
    ),
  ];
};

export default function Home({ loaderData }: Route.ComponentProps) {
  return <HomePage data={loaderData} />;
}
