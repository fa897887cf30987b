import { Link, Text } from "@react-email/components";
import { site } from "~/content/site";
import { EmailLayout, emailText } from "./components/email-layout";

export type PasswordResetProps = { email: string; url: string; siteUrl: string };

/** The admin password-reset link (valid for one hour). */
export function PasswordReset({ email, url, siteUrl }: PasswordResetProps) {
  return (
    <EmailLayout
      preview={`Reset your ${site.name} admin password`}
      heading="Reset your admin password"
      siteUrl={siteUrl}
      footer="If you did not ask for this, ignore this e-mail: your password stays as it is."
    >
      <Text style={emailText}>
        Someone (hopefully you) asked to reset the password of the {site.name} admin account for {email}.
      </Text>
      <Text style={emailText}>
        Choose a new password with this link, valid for one hour: <Link href={url}>{url}</Link>
      </Text>
    </EmailLayout>
  );
}
