import { type RouteConfig, index, prefix, route } from "@react-router/dev/routes";

/** Every URL of the site (SPEC section 2), in one table. */
export default [
  index("routes/home.tsx"),
  route("about", "routes/about.tsx"),
  route("projects", "routes/projects.tsx"),
  route("projects/:slug", "routes/project.tsx"),
  route("services", "routes/services.tsx"),
  route("try-ai", "routes/try-ai.tsx"),
  route("ai-news", "routes/ai-news.tsx"),
  route("unsubscribe", "routes/unsubscribe.tsx"),
  route("unsubscribe/one-click", "routes/unsubscribe-one-click.ts"),
  route("newsletter/subscribe", "routes/newsletter-subscribe.tsx"),
  route("newsletter/confirm", "routes/newsletter-confirm.tsx"),
  route("apply", "routes/apply.tsx"),
  route("mentoring", "routes/mentoring.tsx"),
  route("contact", "routes/contact.tsx"),
  route("privacy-policy", "routes/privacy-policy.tsx"),
  route("terms-of-service", "routes/terms-of-service.tsx"),
  route("cookie-policy", "routes/cookie-policy.tsx"),
  route("references/shnobergendorff", "routes/reference-shnobergendorff.tsx"),
  route("references/rentals-in-thailand", "routes/reference-rentals-in-thailand.tsx"),

  ...prefix("admin", [
    route("newsletter", "routes/admin/newsletter.tsx"),
    route("leads", "routes/admin/leads.tsx"),
  ]),

  route("cookie-consent", "routes/cookie-consent.ts"),

  // JSON API (NOTES section 1). Unknown /api paths answer JSON 404.
  ...prefix("api", [
    route("send-contact-email", "routes/api/send-contact-email.ts"),
    route("newsletter-subscribe", "routes/api/newsletter-subscribe.ts"),
    route("send-daily-newsletter", "routes/api/send-daily-newsletter.ts"),
    route("*", "routes/api/not-found.ts"),
  ]),

  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
