import { NewsletterSignup } from "~/features/newsletter/components/newsletter-signup";
import { keepPageDataAfterSignup } from "~/features/newsletter/keep-page-data";
import { redirect } from "react-router";
import { requestInfoContext } from "~/.server/request-context";
import { redirectWithToast } from "~/.server/toast";
import { loadHubNews } from "~/features/news/read/load-news-page.server";
import { refreshNewsForVisitor } from "~/features/news/fetch/refresh-for-visitor.server";
import { NewsHub } from "~/features/news/components/news-hub";
import { NEWS_LIMITS, NEWS_MESSAGES } from "~/features/news/schema";
import { keepPageOnFailedRequest } from "~/lib/keep-page-on-failed-request";
import { safeRedirectPath } from "~/lib/safe-redirect";
import { publicUrlFrom, seo } from "~/lib/seo";
import type { Route } from "./+types/ai-news";

export const meta: Route.MetaFunction = ({ matches }) =>
  seo({
    title: "AI News Hub",
    description: "AI news from research labs and the tech press, summarised and updated every 30 minutes.",
    path: "/ai-news",
    publicUrl: publicUrlFrom(matches),
  });

export const links: Route.LinksFunction = () => [
  { rel: "alternate", type: "application/rss+xml", title: "AI News Hub (RSS)", href: "/ai-news/rss.xml" },
];

export async function loader() {
  return { news: await loadHubNews() };
}

/**
 * 'Refresh News' and 'Try Again' on the home page and here, with or without
 * JavaScript (a fetcher with it, a form post without): refresh under the same
 * rules as the JSON API, then back to the page, whose loader shows the result.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const back = safeRedirectPath(form.get("redirectTo"), "/ai-news");
  if (form.get("intent") !== "refresh") return redirect(back, { status: 303 });
  const problem = await refreshNewsForVisitor(context.get(requestInfoContext).clientIp);
  return problem ? redirectWithToast(back, problem, { status: 303 }) : redirect(back, { status: 303 });
}

/**
 * A refresh that fails on the way (offline, a proxy's error page) leaves the page and its
 * stories as they were and says 'Failed to load AI news' (the news fetcher shows it as a
 * toast, use-news-refresh.ts; docs/decisions/0177).
 */
export const clientAction = (args: Route.ClientActionArgs) =>
  keepPageOnFailedRequest(args, () => ({ refreshFailed: NEWS_MESSAGES.loadFailed }));

export const shouldRevalidate = keepPageDataAfterSignup;

export default function AiNewsPage({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <header className="border-b border-ink-200 bg-white">
        <div className="container-page grid gap-10 py-14 sm:py-20 lg:grid-cols-[minmax(0,1fr)_24rem] lg:items-center">
          <div>
            <p className="text-sm font-semibold uppercase tracking-wider text-aurora-700">AI News</p>
            <h1 className="mt-2 max-w-3xl text-4xl font-semibold sm:text-5xl">AI News Hub</h1>
            <p className="mt-4 max-w-2xl text-lg text-ink-600">
              The latest stories from AI labs, research blogs and the tech press, summarised so you can scan them in minutes, with the full
              article one click away.
            </p>
          </div>
          <NewsletterSignup variant="ai-news" />
        </div>
      </header>

      <NewsHub data={loaderData.news} />

      <section aria-labelledby="news-about-heading" className="container-page pb-16">
        <div className="rounded-[var(--radius-card)] border border-ink-200 bg-white p-6 text-sm text-ink-600">
          <h2 id="news-about-heading" className="font-semibold text-ink-800">
            About these stories
          </h2>
          <p className="mt-2">News sources are aggregated from across the web and updated every {NEWS_LIMITS.refreshMinutes} minutes.</p>
          <p className="mt-2">
            Disclaimer: stories, summaries and excerpts come from their original publishers, who own the content and its copyright; each
            story names and links its source. Summaries are generated automatically and may be incomplete or inaccurate: read the original
            article before relying on it. Links to external sites are provided for convenience; we do not control and are not responsible
            for their content. This page is provided as is, without warranty of any kind. Publishers who want a story removed can contact
            us.
          </p>
        </div>
      </section>
    </>
  );
}
