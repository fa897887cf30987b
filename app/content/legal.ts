/**
 * The three legal pages as the site first shows them (docs/product.md#services-about-references-and-legal-pages):
 * the privacy policy has 11 sections, the terms of service 13, the cookie policy 9. E-mail
 * addresses in the text become mailto links when rendered. The first start imports them into the
 * database, where the studio edits them (docs/content.md, "Legal pages"); after that, this
 * module is only that first content. `lastChanged` is when the text last changed, with the
 * SHA-256 of its text (app/content/legal-dates.test.ts holds the two together here).
 */
import type { LegalDocument } from "./legal-schema";
import { site } from "./site";

/** Who is responsible for the site and how to reach them. */
export const legalEntity = {
  name: "Nordlys Studio AS",
  address: "Oslo, Norway",
  contactEmail: site.contactEmail,
  privacyEmail: site.privacyEmail,
  jurisdiction: "Norway",
  venue: "Oslo District Court (Oslo tingrett)",
} as const;

const { name, privacyEmail, contactEmail } = legalEntity;

export const privacyPolicy: LegalDocument = {
  slug: "privacy-policy",
  lastChanged: { date: "2026-11-24", textSha256: "ab3df1a7e6b659f5259cd14b8ff23803b42f7ecc25f9fffb534eb27d7314245e" },
  title: "Privacy Policy",
  description: "How Nordlys Studio collects, uses, stores and protects personal data on this website, and how to exercise your rights.",
  intro: `This policy explains what personal data ${name} collects when you use this website, why, and what you can do about it. We keep it short and collect as little as we can.`,
  sections: [
    {
      title: "1. Who we are",
      paragraphs: [
        `${name}, ${legalEntity.address}, is the controller of the personal data described here. You can reach us about anything in this policy by e-mail at ${privacyEmail}.`,
      ],
    },
    {
      title: "2. Data we collect",
      paragraphs: ["We only collect what you give us or what is needed to run the site:"],
      items: [
        "What you type into our forms (apply, mentoring, contact): your name, e-mail address and message.",
        "Your e-mail address when you subscribe to the newsletter, with the date you confirmed it.",
        "What you share with the chat assistant, including contact details you choose to give.",
        "Text you enter into the free AI tools, which is processed to produce a reply and is not stored with your identity.",
        "Technical data such as a shortened IP address hash used for rate limiting, and server logs kept for security.",
        "Page views, counted for every visitor without a cookie: the page's address, the website that linked to it, campaign tags in the link (utm_source, utm_medium, utm_campaign) and whether you use a phone, tablet or computer. To count unique visitors per day we store a one-way hash of your IP address, your browser's user agent and a random value that changes every day and is then deleted, so nobody, us included, can recognise you on another day or recover your IP address. Your IP address and user agent themselves are never stored. Known bots, automated browsers, prefetched pages and the admin area are not counted. When you send a form, leave your details in the chat, confirm a newsletter subscription or use an AI tool, we note the page, referring website and campaign your visit that day began with.",
      ],
    },
    {
      title: "3. How we use your data",
      paragraphs: [
        "We use your data to answer your enquiry (we aim to reply within 24 hours), to assess pitches and mentoring requests, to send the newsletter you asked for, to keep the site secure and to prevent abuse. We do not sell personal data and we do not use it for advertising.",
      ],
    },
    {
      title: "4. Legal bases",
      paragraphs: [
        "We process data to take steps at your request before a contract (forms and chat), on the basis of your consent (newsletter, optional cookies including the analytics cookie), and on the basis of our legitimate interest in running a secure website and knowing how it is used (logs, rate limits and the cookieless page-view counts). You can withdraw consent at any time without affecting earlier processing.",
      ],
    },
    {
      title: "5. Sharing and processors",
      paragraphs: [
        "We share data only with service providers that help us run the site, such as hosting, e-mail delivery and, when you use an AI feature, the AI provider that generates the reply. They act on our instructions under data processing agreements. We never share your data for their own marketing.",
      ],
    },
    {
      title: "6. International transfers",
      paragraphs: [
        "We host in the European Economic Area. If a provider processes data outside it, we rely on an adequacy decision or the European Commission's standard contractual clauses, with additional safeguards where needed.",
      ],
    },
    {
      title: "7. How long we keep data",
      paragraphs: [
        "Form submissions and chat leads are kept for up to 24 months after our last contact. Newsletter addresses are kept until you unsubscribe, after which we keep only a record of the unsubscription. Server logs are kept for up to 30 days. Page-view records, and the note of where a visit that led to a form, chat or subscription began, are kept for 90 days; after that only daily totals remain, which say nothing about any one visitor. The daily random value behind the visitor hash is deleted the day after it was used. If you accepted the analytics cookie, the record of your first visit is kept while that cookie can exist (1 year).",
      ],
    },
    {
      title: "8. Your rights",
      paragraphs: [
        `You can ask for access to, correction of, deletion of or a copy of your data, object to processing or ask us to restrict it. Send your request by e-mail to ${privacyEmail}; we answer within one month. You may also complain to the Norwegian Data Protection Authority (Datatilsynet).`,
      ],
    },
    {
      title: "9. Cookies and Do Not Track",
      paragraphs: [
        "We use a small number of cookies, described in our Cookie Policy: a preference cookie that remembers your cookie choice (up to 1 year), analytics cookies only if you accept them (up to 2 years; ours, nordlys_visitor, lasts 1 year) and a subscription cookie (up to 1 year). Counting page views needs no cookie at all, and nothing on this site loads from or reports to another company's analytics service.",
        "Our site does not respond to Do Not Track signals, because there is no common standard for them. Use the cookie banner to decline optional cookies instead.",
      ],
    },
    {
      title: "10. Children",
      paragraphs: [
        "This site is not directed at children under 13, and we do not knowingly collect personal data from anyone under 13. If you believe a child under 13 has given us personal data, e-mail us and we will delete it.",
      ],
    },
    {
      title: "11. Changes and contact",
      paragraphs: [
        `We may update this policy when our services change; the date at the top shows the latest version. Questions about privacy go to ${privacyEmail}; anything else to ${contactEmail}.`,
      ],
    },
  ],
};

export const termsOfService: LegalDocument = {
  slug: "terms-of-service",
  lastChanged: { date: "2026-11-21", textSha256: "ee2c693b1b0f92c4c3abd59a1a533d060ee8683b55729e0005b3dcd35a9bccc6" },
  title: "Terms of Service",
  description:
    "The terms for using the Nordlys Studio website, its free AI tools, newsletter, chat assistant and forms, including liability limits.",
  intro: `These terms apply to your use of this website and its free tools, run by ${name}. By using the site you agree to them. Client projects are governed by a separate written agreement.`,
  sections: [
    {
      title: "1. Acceptance of these terms",
      paragraphs: [
        "If you do not agree to these terms, please do not use the site. If you use it on behalf of an organisation, you confirm that you may accept them for it.",
      ],
    },
    {
      title: "2. Who may use the site",
      paragraphs: [
        "You must be at least 13 years old to use this site. If you are under the age of majority where you live, use it with the permission of a parent or guardian.",
      ],
    },
    {
      title: "3. Our services",
      paragraphs: [
        "The site presents our services, projects and mentoring, and offers free AI tools, an AI news feed, a newsletter and a chat assistant. We may change, suspend or end any free feature at any time.",
      ],
    },
    {
      title: "4. Free AI tools",
      paragraphs: [
        "The AI tools generate text automatically. Output can be wrong, incomplete or similar to text generated for others. Check it before you rely on it or publish it. Do not enter confidential or sensitive personal data. Fair-use limits apply to prevent abuse.",
      ],
    },
    {
      title: "5. Acceptable use",
      paragraphs: ["When using the site you agree not to:"],
      items: [
        "break the law or infringe anyone's rights;",
        "attempt to overload, probe or circumvent the security or rate limits of the site;",
        "use the tools to create spam, malware, harassment or deceptive content;",
        "scrape the site or tools in bulk or resell access to them.",
      ],
    },
    {
      title: "6. Idea submissions",
      paragraphs: [
        "When you pitch an idea through the apply form you accept the Project Submission Terms shown with it: similar projects may already exist or be in development, we may develop similar projects, your submission cannot be used against us, and it gives no exclusivity. Do not send anything you need to keep secret.",
      ],
    },
    {
      title: "7. Newsletter",
      paragraphs: [
        "The daily AI news newsletter is free, sent at 8:00 AM UTC with the five top stories, and only after you confirm your address. Every issue contains an unsubscribe link.",
      ],
    },
    {
      title: "8. Intellectual property",
      paragraphs: [
        "The site's design, text, illustrations and code belong to us or our licensors. You may share links and short quotations with attribution. Text you generate with the free tools is yours to use, subject to the rights of others.",
      ],
    },
    {
      title: "9. Third-party content and links",
      paragraphs: [
        "News summaries link to their original sources, and other pages may link to external sites. We do not control and are not responsible for third-party content; the original publishers hold its copyright.",
      ],
    },
    {
      title: "10. Disclaimer",
      paragraphs: [
        "The site and its free tools are provided as they are and as available, without warranties of any kind, including accuracy, fitness for a particular purpose and uninterrupted availability, to the extent the law allows.",
      ],
    },
    {
      title: "11. Limitation of liability",
      paragraphs: [
        "To the extent the law allows, we are not liable for indirect or consequential loss, and our total liability to you for any claim arising from the site is limited to the amount you paid us in the 12 months before the claim arose. For the free features that amount is zero. Nothing in these terms limits liability that cannot be limited by law.",
      ],
    },
    {
      title: "12. Changes and termination",
      paragraphs: [
        "We may update these terms; the date at the top shows the current version, and continued use after a change means you accept it. We may restrict access for anyone who breaks these terms.",
      ],
    },
    {
      title: "13. Governing law and contact",
      paragraphs: [
        `These terms are governed by the laws of ${legalEntity.jurisdiction}, and disputes go to the ${legalEntity.venue}, unless consumer law where you live says otherwise. Contact us by e-mail at ${contactEmail}.`,
      ],
    },
  ],
};

export const cookiePolicy: LegalDocument = {
  slug: "cookie-policy",
  lastChanged: { date: "2026-11-24", textSha256: "d7e9eba52d1c933621ab77db95799335d1b208e2c5fb65fdca7f9add515749dc" },
  title: "Cookie Policy",
  description: "Which cookies the Nordlys Studio website uses, why, how long they last, and how to accept, decline or delete them.",
  intro: "This policy explains the small files (cookies) and similar storage this site uses and how you stay in control of them.",
  sections: [
    {
      title: "1. What cookies are",
      paragraphs: [
        "Cookies are small text files a website stores in your browser. We also use your browser's local storage to remember things such as the state of the chat assistant and the AI tools on your device.",
      ],
    },
    {
      title: "2. How we use them",
      paragraphs: [
        "We use cookies to remember your choices and keep the site working. Optional cookies are only set after you click Accept in the cookie banner.",
      ],
    },
    {
      title: "3. Strictly necessary cookies",
      paragraphs: [
        "Short-lived cookies that carry a one-time message after a form is sent (about one minute) and, for administrators only, a sign-in session cookie. The site cannot work properly without them, so they do not need consent.",
      ],
    },
    {
      title: "4. Preference cookies",
      paragraphs: ["The cookie_consent cookie remembers whether you accepted or declined optional cookies. It lasts up to 1 year."],
    },
    {
      title: "5. Analytics cookies",
      paragraphs: [
        "We count page views for every visitor without any cookie, as our Privacy Policy describes: a daily hash that cannot recognise you the next day, and no IP address stored. If you click Accept, we also set one first-party analytics cookie, nordlys_visitor. It holds a random identifier and nothing else, can only be read by our own server, and lets us see returning visitors and which website or campaign first brought you here when you later contact us. Analytics cookies last up to 2 years; nordlys_visitor lasts 1 year from when it is set. If you decline, or make no choice, no analytics cookie is set, and declining later removes it; a change of choice applies from the next page you open. We use no third-party analytics.",
      ],
    },
    {
      title: "6. Subscription cookies",
      paragraphs: [
        "When you subscribe to the newsletter we may remember that on your device so we do not keep asking you. This subscription cookie lasts up to 1 year.",
      ],
    },
    {
      title: "7. Managing your choice",
      paragraphs: [
        "Use the cookie settings button in the bottom corner of every page to reopen the banner and change your choice. You can also delete cookies in your browser settings; the banner then appears again.",
      ],
    },
    {
      title: "8. Do Not Track",
      paragraphs: [
        "Our site does not respond to Do Not Track browser signals. Your choice in the cookie banner is what decides whether optional cookies are used.",
      ],
    },
    {
      title: "9. Changes and contact",
      paragraphs: [`We update this policy when the cookies we use change. Questions go to ${privacyEmail}.`],
    },
  ],
};

/** The three, in the order of the editor's list. */
export const initialLegalDocuments: LegalDocument[] = [privacyPolicy, termsOfService, cookiePolicy];
