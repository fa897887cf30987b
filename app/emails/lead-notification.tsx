import { Link, Section, Text } from "@react-email/components";
import { modelTextToPlain } from "~/lib/model-text";
import { EmailLayout, emailColors, emailMuted, emailText } from "./components/email-layout";

export type LeadNotificationProps = {
  name?: string;
  email: string;
  company?: string;
  message?: string;
  /** The conversation so far, oldest first. */
  transcript: Array<{ role: "user" | "assistant"; content: string }>;
  leadId: string;
  capturedAt: Date;
  siteUrl: string;
};

/**
 * To the studio (MAIL_TO_STUDIO): someone left their details in the chat
 * widget. Every value, the transcript included, is rendered as text, never HTML. The assistant's
 * turns are plain text without their Markdown, links as `label (address)` (docs/decisions/0184).
 */
export function LeadNotification({ name, email, company, message, transcript, leadId, capturedAt, siteUrl }: LeadNotificationProps) {
  const who = name ?? email;
  return (
    <EmailLayout
      preview={`New chat lead: ${who}`}
      heading={`New chat lead: ${who}`}
      siteUrl={siteUrl}
      footer={`Lead ${leadId}, captured ${capturedAt.toISOString()} by the chat widget. Reply to this e-mail to answer ${who} directly; all leads are listed at ${siteUrl}/admin/leads.`}
    >
      <Text style={emailText}>
        <strong>Name:</strong> {name ?? "(not given)"}
        <br />
        <strong>Email:</strong> <Link href={`mailto:${email}`}>{email}</Link>
        <br />
        <strong>Company:</strong> {company ?? "(not given)"}
      </Text>
      {message ? (
        <Section style={{ margin: "0 0 16px" }}>
          <Text style={{ ...emailText, fontWeight: 600, margin: "0 0 4px" }}>What brings them here</Text>
          <Text
            style={{ ...emailText, whiteSpace: "pre-wrap", backgroundColor: emailColors.ink50, borderRadius: "10px", padding: "12px 14px" }}
          >
            {message}
          </Text>
        </Section>
      ) : null}
      {transcript.length > 0 ? (
        <Text style={{ ...emailText, fontWeight: 600, margin: "0 0 8px" }}>
          Conversation so far ({transcript.length} {transcript.length === 1 ? "message" : "messages"})
        </Text>
      ) : (
        <Text style={emailMuted}>No chat messages yet: they filled in the chat's intro form.</Text>
      )}
      {transcript.map((entry, index) => (
        <Text
          key={index}
          style={{
            ...emailText,
            whiteSpace: "pre-wrap",
            margin: "0 0 8px",
            padding: "8px 12px",
            borderRadius: "10px",
            backgroundColor: entry.role === "user" ? emailColors.ink50 : "#ffffff",
            border: `1px solid ${emailColors.ink200}`,
          }}
        >
          <strong>{entry.role === "user" ? "User" : "AI Assistant"}:</strong>{" "}
          {entry.role === "user" ? entry.content : modelTextToPlain(entry.content, { siteUrl })}
        </Text>
      ))}
    </EmailLayout>
  );
}
