import { Body, Button, Container, Head, Heading, Hr, Html, Link, Preview, Section, Text } from "@react-email/components";
import type { CSSProperties, ReactNode } from "react";
import { site } from "~/content/site";
import { contactDetails } from "~/.server/contact-details";

/** Colours from app/app.css, inlined: mail clients ignore stylesheets. */
export const emailColors = {
  ink950: "#070b14",
  ink600: "#3a4866",
  ink200: "#d7deea",
  ink50: "#f6f8fb",
  aurora700: "#04705c",
} as const;

export const emailText: CSSProperties = { fontSize: "15px", lineHeight: "24px", color: emailColors.ink950, margin: "0 0 16px" };
export const emailMuted: CSSProperties = { fontSize: "13px", lineHeight: "20px", color: emailColors.ink600, margin: "0 0 8px" };

/** The one action a mail asks for, as a button, with its address written out under it for clients that hide buttons. */
export function EmailAction({ href, children }: { href: string; children: ReactNode }) {
  return (
    <>
      <Button
        href={href}
        style={{
          backgroundColor: emailColors.aurora700,
          color: "#ffffff",
          borderRadius: "10px",
          padding: "12px 20px",
          fontWeight: 600,
          fontSize: "15px",
        }}
      >
        {children}
      </Button>
      <Text style={{ ...emailMuted, marginTop: "20px" }}>
        Or open this link: <Link href={href}>{href}</Link>
      </Text>
    </>
  );
}

/** The frame every mail shares: brand line, heading, content and a footer. */
export function EmailLayout({
  preview,
  heading,
  siteUrl,
  footer,
  children,
}: {
  /** The inbox preview line. */
  preview: string;
  heading: string;
  /** PUBLIC_URL, for the brand link. */
  siteUrl: string;
  /** A line above the address in the footer (why the reader got this mail). */
  footer?: ReactNode;
  children: ReactNode;
}) {
  const contact = contactDetails();
  return (
    <Html lang="en">
      <Head />
      <Preview>{preview}</Preview>
      <Body
        style={{
          backgroundColor: emailColors.ink50,
          fontFamily: "Inter, -apple-system, 'Segoe UI', Helvetica, Arial, sans-serif",
          margin: 0,
          padding: "24px 0",
        }}
      >
        <Container
          style={{
            maxWidth: "560px",
            backgroundColor: "#ffffff",
            border: `1px solid ${emailColors.ink200}`,
            borderRadius: "16px",
            padding: "32px",
          }}
        >
          <Section>
            <Link
              href={siteUrl}
              style={{ color: emailColors.aurora700, fontWeight: 700, fontSize: "14px", letterSpacing: "0.08em", textDecoration: "none" }}
            >
              {site.name.toUpperCase()}
            </Link>
          </Section>
          <Heading as="h1" style={{ fontSize: "22px", lineHeight: "30px", color: emailColors.ink950, margin: "20px 0 16px" }}>
            {heading}
          </Heading>
          {children}
          <Hr style={{ borderColor: emailColors.ink200, margin: "28px 0 16px" }} />
          {footer ? <Text style={emailMuted}>{footer}</Text> : null}
          <Text style={emailMuted}>
            {site.name} · {contact.location} · <Link href={`mailto:${contact.email}`}>{contact.email}</Link>
          </Text>
        </Container>
      </Body>
    </Html>
  );
}
