/** Every public route of docs/product.md#pages with a text its page shows. */
export const publicRoutes: Array<{ path: string; heading: RegExp }> = [
  { path: "/", heading: /We build AI ideas/ },
  { path: "/about", heading: /About/ },
  { path: "/projects", heading: /Projects/ },
  { path: "/projects/lawsecai", heading: /LawSecAI/ },
  { path: "/services", heading: /Services/ },
  { path: "/try-ai", heading: /Try Free AI Tools/ },
  { path: "/ai-news", heading: /AI News Hub/ },
  { path: "/unsubscribe", heading: /Unsubscribe/ },
  { path: "/apply", heading: /Pitch Your Idea/ },
  { path: "/mentoring", heading: /Mentoring/ },
  { path: "/contact", heading: /Contact/ },
  { path: "/privacy-policy", heading: /Privacy Policy/ },
  { path: "/terms-of-service", heading: /Terms of Service/ },
  { path: "/cookie-policy", heading: /Cookie Policy/ },
  { path: "/references/shnobergendorff", heading: /Shno Bergendorff/ },
  { path: "/references/rentals-in-thailand", heading: /Rentals in Thailand/ },
];

export const adminRoutes = [
  "/admin",
  "/admin/newsletter",
  "/admin/feeds",
  "/admin/webhooks",
  "/admin/leads",
  "/admin/submissions",
  "/admin/subscribers",
  "/admin/outbox",
  "/admin/account",
  "/admin/two-factor-setup",
];
