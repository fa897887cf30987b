import { isAiConfigured } from "~/.server/ai";
import { aiPausedWording } from "~/content/ai-availability";
import { TryAiTools } from "~/features/ai-tools/components/try-ai-tools";
import { TypingText } from "~/features/ai-tools/components/typing-text";
import { publicUrlFrom, seo } from "~/lib/seo";
import type { Route } from "./+types/try-ai";

export const meta: Route.MetaFunction = ({ matches }) =>
  seo({
    title: "Try AI Tools",
    description:
      "Free AI tools from Nordlys Studio: an AI secretary, an SEO title and meta description generator, a cold email writer and a LinkedIn post generator.",
    path: "/try-ai",
    publicUrl: publicUrlFrom(matches),
  });

export function loader() {
  const isAiAvailable = isAiConfigured();
  // The words for paused tools travel with the data, so the page's script does not carry them.
  return { isAiAvailable, pausedIntro: isAiAvailable ? null : aiPausedWording.tryAiIntro };
}

const typingWords = ["answer your emails", "write SEO titles", "draft cold emails", "plan LinkedIn posts"] as const;

export default function Page({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <header className="border-b border-ink-200 bg-white">
        <div className="container-page py-14 sm:py-20">
          <p className="text-sm font-semibold uppercase tracking-wider text-aurora-700">Free tools, no sign-up</p>
          <h1 className="mt-2 max-w-3xl text-4xl font-semibold sm:text-5xl">Try Free AI Tools</h1>
          <p className="mt-4 max-w-2xl text-lg text-ink-600">
            Let AI <TypingText words={typingWords} className="font-semibold text-violet-700" />
          </p>
          <p className="mt-2 max-w-2xl text-ink-600" data-testid="try-ai-intro">
            {loaderData.isAiAvailable
              ? "Four small tools built by our studio. What you type is sent to our AI provider to write the answer and is not stored on our servers; your last results stay in this browser."
              : `Four small tools built by our studio. ${loaderData.pausedIntro}`}
          </p>
        </div>
      </header>
      <div className="container-page py-10 sm:py-14">
        <noscript>
          <p className="mb-6 rounded-xl border border-ink-200 bg-white p-4 text-ink-700">
            The AI tools need JavaScript to show answers as they are written. Please turn it on to use them.
          </p>
        </noscript>
        <TryAiTools isAvailable={loaderData.isAiAvailable} />
      </div>
    </>
  );
}
