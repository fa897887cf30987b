import { Text } from "@react-email/components";
import { site } from "~/content/site";
import { EmailAction, EmailLayout, emailMuted, emailText } from "./components/email-layout";

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
      <EmailAction href={confirmUrl}>Confirm subscription</EmailAction>
      <Text style={emailMuted}>The link works for 7 days.</Text>
    </EmailLayout>
  );
}
