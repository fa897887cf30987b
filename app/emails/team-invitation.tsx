import { Text } from "@react-email/components";
import { site } from "~/content/site";
import { EmailAction, EmailLayout, emailMuted, emailText } from "./components/email-layout";

export type TeamInvitationProps = { invitedBy: string; roles: string; url: string; expires: string; siteUrl: string };

/**
 * An owner invited this address to the admin: the one-time enrolment link (24 hours). Its page asks
 * for a password first (a button, so a mail scanner opening the link uses nothing up), then the
 * sign-in sets up two-factor.
 */
export function TeamInvitation({ invitedBy, roles, url, expires, siteUrl }: TeamInvitationProps) {
  return (
    <EmailLayout
      preview={`${invitedBy} invited you to the ${site.name} admin as ${roles}.`}
      heading={`Join the ${site.name} admin`}
      siteUrl={siteUrl}
      footer="If you did not expect this, ignore this e-mail: without the link nobody can use the account."
    >
      <Text style={emailText}>
        {invitedBy} invited you to the {site.name} admin as <strong>{roles}</strong>. Choose your password with the link below, then sign in
        and set up two-factor sign-in with an authenticator app.
      </Text>
      <EmailAction href={url}>Choose your password</EmailAction>
      <Text style={emailMuted}>The link works once, until {expires} UTC.</Text>
    </EmailLayout>
  );
}
