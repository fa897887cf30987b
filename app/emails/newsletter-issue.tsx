import { Heading, Link, Section, Text } from "@react-email/components";
import { ModelText } from "~/components/model-text";
import { site } from "~/content/site";
import { modelTextToPlain } from "~/lib/model-text";
import { EmailLayout, emailColors, emailMuted, emailText } from "./components/email-layout";

export type NewsletterIssueStoryView = { title: string; summary: string; source: string; url: string };

export type NewsletterIssueProps = {
  /** "Saturday, 21 November 2026". */
  dateLabel: string;
  stories: NewsletterIssueStoryView[];
  /** The recipient's unsubscribe page; a placeholder when the issue is rendered once for everyone. */
  unsubscribeUrl: string;
  siteUrl: string;
  /**
   * Which part of the mail this rendering is for: summaries (which may carry a model's Markdown)
   * are bold and links in the HTML part, and plain text with `label (address)` in the text part.
   */
  part?: "html" | "text";
};

/** The daily issue: the day's top stories, each with title, summary and a link. */
export function NewsletterIssue({ dateLabel, stories, unsubscribeUrl, siteUrl, part = "html" }: NewsletterIssueProps) {
  const origin = new URL(siteUrl).origin;
  return (
    <EmailLayout
      preview={stories[0] ? `Today: ${stories[0].title}` : "Today's AI news"}
      heading={`AI news, ${dateLabel}`}
      siteUrl={siteUrl}
      footer={
        <>
          You get this e-mail because you subscribed to the {site.name} daily AI news.{" "}
          <Link href={unsubscribeUrl} style={{ color: emailColors.ink600, textDecoration: "underline" }}>
            Unsubscribe
          </Link>{" "}
          with one click, any time.
        </>
      }
    >
      <Text style={emailText}>The {stories.length === 1 ? "top AI story" : `${stories.length} top AI stories`} of the day:</Text>
      {stories.map((story, index) => (
        <Section key={index} style={{ margin: "0 0 24px" }}>
          <Text style={{ ...emailMuted, textTransform: "uppercase", letterSpacing: "0.06em", margin: "0 0 4px" }}>{story.source}</Text>
          <Heading as="h2" style={{ fontSize: "18px", lineHeight: "26px", color: emailColors.ink950, margin: "0 0 8px" }}>
            <Link href={story.url} style={{ color: emailColors.ink950, textDecoration: "none" }}>
              {story.title}
            </Link>
          </Heading>
          <Text style={{ ...emailText, margin: "0 0 8px" }}>
            {part === "text" ? (
              modelTextToPlain(story.summary, { siteUrl })
            ) : (
              <ModelText
                text={story.summary}
                layout="inline"
                links="absolute"
                origin={origin}
                linkStyle={{ color: emailColors.aurora700, textDecoration: "underline" }}
              />
            )}
          </Text>
          <Link href={story.url} style={{ color: emailColors.aurora700, fontWeight: 600, fontSize: "14px" }}>
            Read the full story
          </Link>
        </Section>
      ))}
      <Text style={emailText}>
        More stories, updated every 30 minutes: <Link href={`${siteUrl}/ai-news`}>{`${siteUrl.replace(/^https?:\/\//, "")}/ai-news`}</Link>
      </Text>
    </EmailLayout>
  );
}
