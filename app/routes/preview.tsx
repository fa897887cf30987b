import { data } from "react-router";
import { DraftPreview, draftTitle } from "~/features/content/components/draft-preview";
import { previewContext } from "~/features/content/editor.server";
import { sharedItem } from "~/features/content/share-links.server";
import { publicUrlFrom, seo } from "~/lib/seo";
import type { Route } from "./+types/preview";

/**
 * /preview/<link>: a draft an editor shared (docs/content.md, "Preview"), for 7 days or until the
 * link is revoked; anything else is "This preview link has expired". Never indexed or cached, and
 * the link is not sent on as a referrer.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const item = await sharedItem(params.token);
  if (!item) return data({ type: null, fields: null, context: {} }, { status: 404 });
  return { type: item.type as string, fields: item.draft as Record<string, unknown>, context: await previewContext(item, context) };
}

export function headers() {
  return { "Cache-Control": "private, no-store", "X-Robots-Tag": "noindex, nofollow", "Referrer-Policy": "no-referrer" };
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) =>
  seo({
    title: `Preview: ${draftTitle(loaderData?.fields)}`,
    description: "A draft shared for review, not yet on the site.",
    path: "/preview",
    publicUrl: publicUrlFrom(matches),
    noindex: true,
  });

export default function SharedPreview({ loaderData }: Route.ComponentProps) {
  if (loaderData.type && loaderData.fields) {
    return (
      <DraftPreview
        type={loaderData.type}
        fields={loaderData.fields}
        context={loaderData.context}
        note="A draft shared with you for review: it is not on the site yet."
      />
    );
  }
  return (
    <section className="container-page py-24 text-center">
      <p className="eyebrow">Preview</p>
      <h1 className="mt-3 text-h1 font-semibold">This preview link has expired</h1>
      <p className="mx-auto mt-4 max-w-md text-ink-600">
        Share links work for 7 days, or until they are revoked. Ask the person who sent it for a new one.
      </p>
    </section>
  );
}
