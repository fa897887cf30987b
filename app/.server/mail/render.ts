import { render } from "@react-email/components";
import type { ReactElement } from "react";

export type EmailPart = "html" | "text";

/**
 * Renders a React Email template to the HTML part and the plain-text part of a mail. A template
 * that says some things differently in the text part (model text: `label (address)` instead of a
 * link, docs/decisions/0184) is given as a function of the part.
 */
export async function renderEmail(template: ReactElement | ((part: EmailPart) => ReactElement)): Promise<{ html: string; text: string }> {
  const element = (part: EmailPart) => (typeof template === "function" ? template(part) : template);
  const [html, text] = await Promise.all([render(element("html")), render(element("text"), { plainText: true })]);
  return { html, text };
}
