import { site } from "./site";

/**
 * The notices shown above the forms' submit buttons (docs/product.md#forms, "Forms'
 * disclaimers"). 'full' on /apply, 'light' on /mentoring and /contact.
 * Edit the wording here; the component and the notification e-mails read it.
 */
export type DisclaimerVariant = "full" | "light";

export type Disclaimer = {
  title: string;
  intro: string;
  /** The points the visitor acknowledges, in order. */
  acknowledgements: readonly string[];
  /** Label of the checkbox that acknowledges them. */
  checkboxLabel: string;
};

export const disclaimers: Record<DisclaimerVariant, Disclaimer> = {
  full: {
    title: "Project Submission Terms",
    intro: `${site.name} hears many ideas and builds products for clients, partners and itself. Before you send yours, please read and accept these four points.`,
    acknowledgements: [
      "Similar projects may exist. Products like the one you describe may already exist, be in progress at our studio, or be pitched to us by someone else.",
      `${site.name} keeps the right to develop similar projects, alone or with others, independently of your submission.`,
      `Your submission cannot be used against ${site.name}: sending it creates no partnership, confidentiality duty or other obligation, and it cannot ground a claim that we used your idea.`,
      "There is no exclusivity. Applying gives you no exclusive rights to the idea, its market or its technology, and does not oblige us to build it.",
    ],
    checkboxLabel: "I have read and accept the Project Submission Terms.",
  },
  light: {
    title: "Information Sharing Notice",
    intro: "A short note on what you share through this form.",
    acknowledgements: [
      "Share only what you are comfortable sharing: leave out passwords, trade secrets and confidential documents.",
      "What you send is not covered by a confidentiality agreement unless we sign one with you.",
      "We store your details and message to answer you and keep them as our privacy policy describes; you can ask us to delete them at any time.",
    ],
    checkboxLabel: "I have read and understand the Information Sharing Notice.",
  },
};
