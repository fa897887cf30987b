import { Button, Link, Text } from "@react-email/components";
import { site } from "~/content/site";
import { EmailLayout, emailColors, emailMuted, emailText } from "./components/email-layout";

export type NewsletterConfirmationProps = {
  /** The confirmation page, with its signed token. */
  confirmUrl: string;
  siteUrl: string;
};

/**
 * Double opt-in: the address owner opens the link and presses the button on
 * the page. Nothing in the mail repeats what the sign-up form received.
 */
export function NewsletterConfirmation({ confirmUrl, siteUrl }: NewsletterConfirmationProps) {
  return (
    <EmailLayout
      preview="Confirm your subscription to the daily AI news from Nordlys Studio."
      heading="Confirm your subscription"
      siteUrl={siteUrl}
      footer={`You get this e-mail because this address was entered in the newsletter form on ${siteUrl.replace(/^https?:\/\//, "")}. If that was not you, ignore it: without a confirmation we will not write again.`}
    >
      <Text style={emailText}>
        Thanks for signing up for the {site.name} daily AI news: the 5 top AI stories of the day, every morning at 8 AM UTC, free.
      </Text>
      <Text style={emailText}>Please confirm that this is your address:</Text>
      <Button
        href={confirmUrl}
        style={{
          backgroundColor: emailColors.aurora700,
          color: "#ffffff",
          borderRadius: "10px",
          padding: "12px 20px",
          fontWeight: 600,
          fontSize: "15px",
        }}
      >
        Confirm subscription
      </Button>
      <Text style={{ ...emailMuted, marginTop: "20px" }}>
        Or open this link: <Link href={confirmUrl}>{confirmUrl}</Link>
      </Text>
      <Text style={emailMuted}>The link works for 7 days.</Text>
    </EmailLayout>
  );
}
