import { Link, Section, Text } from "@react-email/components";
import { EmailLayout, emailColors, emailMuted, emailText } from "./components/email-layout";

export type DigestEnquiry = {
  personId: string;
  who: string;
  kind: string;
  stage: string;
  waitingSince: Date;
  /** Our latest reply did not reach them: they wait although someone answered. */
  replyFailed: boolean;
};
export type DigestAnswer = { personId: string; who: string; subject: string; receivedAt: Date };

export type MorningDigestProps = {
  enquiries: DigestEnquiry[];
  /** How many enquiries wait in all (the list may be shortened). */
  enquiriesTotal: number;
  answers: DigestAnswer[];
  answersTotal: number;
  /** Scheduled publishes of content that failed, still to be published again. */
  failedPublishes?: Array<{ type: string; key: string; title: string; reason: string }>;
  siteUrl: string;
  /** When the lists were read, for "waiting 3 days". */
  now: Date;
};

function waited(since: Date, now: Date): string {
  const hours = Math.floor((now.getTime() - since.getTime()) / 3_600_000);
  if (hours < 48) return `${hours} hours`;
  return `${Math.floor(hours / 24)} days`;
}

const item = { ...emailText, margin: "0 0 10px", padding: "8px 12px", borderRadius: "10px", border: `1px solid ${emailColors.ink200}` };

/**
 * To each admin every morning (docs/inbox.md, "Morning digest"): the enquiries waiting more than
 * 24 hours for our answer, and the answers nobody has read yet, each linked to the person's page.
 * Every value is rendered as text, never HTML.
 */
export function MorningDigest({
  enquiries,
  enquiriesTotal,
  answers,
  answersTotal,
  failedPublishes = [],
  siteUrl,
  now,
}: MorningDigestProps) {
  const heading = "Your inbox this morning";
  const personUrl = (id: string) => `${siteUrl}/admin/inbox/people/${id}`;
  return (
    <EmailLayout
      preview={`${enquiriesTotal} waiting for a reply, ${answersTotal} unread ${answersTotal === 1 ? "answer" : "answers"}`}
      heading={heading}
      siteUrl={siteUrl}
      footer={`Sent to every admin each morning when something waits. The whole inbox: ${siteUrl}/admin/inbox.`}
    >
      <Section>
        <Text style={{ ...emailText, fontWeight: 600, margin: "0 0 8px" }}>
          Waiting for a reply for more than 24 hours ({enquiriesTotal})
        </Text>
        {enquiries.length === 0 ? <Text style={emailMuted}>None: everyone has had an answer.</Text> : null}
        {enquiries.map((enquiry) => (
          <Text key={`${enquiry.personId}-${enquiry.waitingSince.toISOString()}`} style={item}>
            <Link href={personUrl(enquiry.personId)}>{enquiry.who}</Link> ({enquiry.kind}, {enquiry.stage}): waiting{" "}
            {waited(enquiry.waitingSince, now)}
            {enquiry.replyFailed ? " (our reply to them failed: see the timeline)" : ""}
          </Text>
        ))}
        {enquiriesTotal > enquiries.length ? (
          <Text style={emailMuted}>And {enquiriesTotal - enquiries.length} more in the inbox.</Text>
        ) : null}
      </Section>
      <Section>
        <Text style={{ ...emailText, fontWeight: 600, margin: "16px 0 8px" }}>Answers not yet read ({answersTotal})</Text>
        {answers.length === 0 ? <Text style={emailMuted}>None.</Text> : null}
        {answers.map((answer) => (
          <Text key={`${answer.personId}-${answer.receivedAt.toISOString()}-${answer.subject}`} style={item}>
            <Link href={personUrl(answer.personId)}>{answer.who}</Link>: {answer.subject || "(no subject)"}
          </Text>
        ))}
        {answersTotal > answers.length ? <Text style={emailMuted}>And {answersTotal - answers.length} more in the inbox.</Text> : null}
      </Section>
      {failedPublishes.length > 0 ? (
        <Section>
          <Text style={{ ...emailText, fontWeight: 600, margin: "16px 0 8px" }}>
            Scheduled publishes that failed ({failedPublishes.length})
          </Text>
          {failedPublishes.map((failed) => (
            <Text key={failed.key} style={item}>
              <Link href={`${siteUrl}/admin/content/${failed.type}/${failed.key}`}>{failed.title}</Link>: {failed.reason} The site still
              shows what it showed before.
            </Text>
          ))}
        </Section>
      ) : null}
    </EmailLayout>
  );
}
