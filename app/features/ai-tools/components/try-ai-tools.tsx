import { BotIcon, MailIcon, MegaphoneIcon, SearchIcon } from "lucide-react";
import { useLayoutEffect, useState } from "react";
import { Link, useLocation, useNavigate } from "react-router";
import { Card } from "~/components/ui/card";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "~/components/ui/tabs";
import { EmailTab } from "./email-tab";
import { LinkedinTab } from "./linkedin-tab";
import { SecretaryTab } from "./secretary-tab";
import { SeoTab } from "./seo-tab";

export const aiTabs = ["secretary", "seo", "email", "linkedin"] as const;
export type AiTab = (typeof aiTabs)[number];

const isAiTab = (value: string): value is AiTab => (aiTabs as readonly string[]).includes(value);

/**
 * Runs while the page is parsed, before the first paint: a link to another tool than the
 * secretary (/try-ai#linkedin) marks <html> with it, and app.css shows that tool and its tab
 * until the scripts run. Its hash is in the page's Content-Security-Policy (entry.server.tsx).
 */
const FIRST_PAINT_TAB =
  `try{var t=decodeURIComponent(location.hash.slice(1));if(${JSON.stringify(aiTabs.slice(1))}.indexOf(t)>=0)` +
  'document.documentElement.setAttribute("data-ai-tab",t)}catch(e){}';

/** Each tool's tab (its label and icon) and panel. */
const tools: Record<AiTab, { label: string; icon: typeof BotIcon; Panel: typeof SeoTab }> = {
  secretary: { label: "AI Secretary", icon: BotIcon, Panel: SecretaryTab },
  seo: { label: "SEO Generator", icon: SearchIcon, Panel: SeoTab },
  email: { label: "Email Writer", icon: MailIcon, Panel: EmailTab },
  linkedin: { label: "LinkedIn Posts", icon: MegaphoneIcon, Panel: LinkedinTab },
};

/**
 * The four tools in tabs (docs/product.md#try-ai-tools). The tab comes from the URL hash
 * when it names one (#secretary, #seo, #email, #linkedin), otherwise
 * secretary; it follows later hash changes, and choosing a tab updates the
 * hash without scrolling or adding history entries.
 */
export function TryAiTools({ isAvailable }: { isAvailable: boolean }) {
  const location = useLocation();
  const navigate = useNavigate();
  const [tab, setTab] = useState<AiTab>("secretary");

  // The server never sees the hash: the inline script below marks <html> with it before the first
  // paint (app.css shows that tool until now); from here on the tabs follow it, before the next paint.
  useLayoutEffect(() => {
    const fromHash = () => {
      const hash = decodeURIComponent(window.location.hash.slice(1));
      if (isAiTab(hash)) setTab(hash);
    };
    fromHash();
    document.documentElement.removeAttribute("data-ai-tab");
    window.addEventListener("hashchange", fromHash);
    return () => window.removeEventListener("hashchange", fromHash);
  }, [location.hash]);

  function choose(value: string) {
    if (!isAiTab(value)) return;
    setTab(value);
    void navigate({ hash: value }, { replace: true, preventScrollReset: true });
  }

  return (
    <div className="flex flex-col gap-6">
      <script suppressHydrationWarning dangerouslySetInnerHTML={{ __html: FIRST_PAINT_TAB }} />
      {isAvailable ? null : (
        <Card role="status" className="border-aurora-300 bg-aurora-100/60">
          <h2 className="text-lg font-semibold">The AI tools are taking a short break</h2>
          <p className="mt-1 text-ink-700">
            The AI tools are not available right now. Please check back a little later, or{" "}
            <Link to="/contact" className="font-medium text-aurora-700 underline underline-offset-2">
              write to us
            </Link>{" "}
            and a human will help.
          </p>
        </Card>
      )}
      <Tabs value={tab} onValueChange={choose}>
        <TabsList aria-label="AI tools" className="grid grid-cols-2 sm:flex">
          {aiTabs.map((value) => {
            const { label, icon: Icon } = tools[value];
            return (
              <TabsTrigger key={value} value={value} data-ai-trigger={value} className="whitespace-normal text-center leading-tight">
                <Icon aria-hidden="true" />
                {label}
              </TabsTrigger>
            );
          })}
        </TabsList>
        <Card className="mt-4">
          {aiTabs.map((value) => {
            const { Panel } = tools[value];
            return (
              <TabsContent key={value} value={value} data-ai-panel={value} className="mt-0">
                <Panel isAvailable={isAvailable} />
              </TabsContent>
            );
          })}
        </Card>
      </Tabs>
    </div>
  );
}
