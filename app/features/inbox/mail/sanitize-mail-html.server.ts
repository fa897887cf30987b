import sanitizeHtml from "sanitize-html";

/**
 * The HTML of an incoming mail, made safe to keep and show (docs/inbox.md): no scripts, styles,
 * forms, frames or event handlers, and no images (a remote image tells the sender when the mail
 * was read; an embedded one is listed as an attachment). Links stay, and open outside the admin.
 */
/** Text, links, lists, headings, quotes, code and tables; nothing that runs, loads or styles. */
const MAIL_TAGS = `
  p br div span a b strong i em u s blockquote pre code ul ol li h1 h2 h3 h4 h5 h6 hr table thead tbody tr th td
  sub sup
`
  .trim()
  .split(/\s+/);

export function sanitizeMailHtml(html: string): string {
  return sanitizeHtml(html, {
    allowedTags: MAIL_TAGS,
    allowedAttributes: { a: ["href", "title", "rel", "target"], td: ["colspan", "rowspan"], th: ["colspan", "rowspan"] },
    allowedSchemes: ["http", "https", "mailto"],
    allowProtocolRelative: false,
    disallowedTagsMode: "discard",
    transformTags: { a: sanitizeHtml.simpleTransform("a", { rel: "noopener noreferrer nofollow", target: "_blank" }) },
  });
}
