import { type RouteConfig, index, layout, prefix, route } from "@react-router/dev/routes";

/** Every URL of the site (docs/product.md#pages), in one table. */
export default [
  index("routes/home.tsx"),
  route("about", "routes/about.tsx"),
  route("projects", "routes/projects.tsx"),
  route("projects/:slug", "routes/project.tsx"),
  route("services", "routes/services.tsx"),
  route("try-ai", "routes/try-ai.tsx"),
  route("ai-news", "routes/ai-news.tsx"),
  route("ai-news/rss.xml", "routes/ai-news-rss.ts"),
  route("ai-news/:id", "routes/ai-news-story.tsx"),
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

  // The admin area is an application of its own: its layout route draws its frame, and the root
  // layout leaves out the marketing site's chrome for it (docs/admin.md, "The admin shell").
  layout("routes/admin/layout.tsx", prefix("admin", [
    index("routes/admin/dashboard.tsx"),
    route("newsletter", "routes/admin/newsletter.tsx"),
    route("leads", "routes/admin/leads.tsx"),
    route("login", "routes/admin/login.tsx"),
    route("sign-out", "routes/admin/sign-out.ts"),
    route("forgot-password", "routes/admin/forgot-password.tsx"),
    route("reset-password", "routes/admin/reset-password.tsx"),
    route("account", "routes/admin/account.tsx"),
    route("two-factor-setup", "routes/admin/two-factor-setup.tsx"),
    route("submissions", "routes/admin/submissions.tsx"),
    route("subscribers", "routes/admin/subscribers.tsx"),
    route("outbox", "routes/admin/outbox.tsx"),
    route("feeds", "routes/admin/feeds.tsx"),
  ])),

  route("cookie-consent", "routes/cookie-consent.ts"),
  route("no-script.css", "routes/no-script-css.ts"),
  route("sitemap.xml", "routes/sitemap.ts"),
  route("robots.txt", "routes/robots.ts"),

  // JSON API (docs/product.md#json-api). Unknown /api paths answer JSON 404.
  ...prefix("api", [
    route("send-contact-email", "routes/api/send-contact-email.ts"),
    route("fetch-ai-news", "routes/api/fetch-ai-news.ts"),
    route("auth/*", "routes/api/auth.ts"),
    route("admin/leads/:id?", "routes/api/admin-leads.ts"),
    route("admin/leads/:id/release", "routes/api/admin-lead-release.ts"),
    route("admin/submissions/:id?", "routes/api/admin-submissions.ts"),
    route("admin/submissions/:id/release", "routes/api/admin-submission-release.ts"),
    route("admin/subscribers/:id?", "routes/api/admin-subscribers.ts"),
    route("admin/outbox/:file?", "routes/api/admin-outbox.ts"),
    route("admin/analytics", "routes/api/admin-analytics.ts"),
    route("ai-chat", "routes/api/ai-chat.ts"),
    route("ai-chat/stream", "routes/api/ai-chat-stream.ts"),
    route("generate-content", "routes/api/generate-content.ts"),
    route("generate-content/stream", "routes/api/generate-content-stream.ts"),
    route("lead-chatbot", "routes/api/lead-chatbot.ts"),
    route("lead-chatbot/stream", "routes/api/lead-chatbot-stream.ts"),
    route("newsletter-subscribe", "routes/api/newsletter-subscribe.ts"),
    route("send-daily-newsletter", "routes/api/send-daily-newsletter.ts"),
    route("*", "routes/api/not-found.ts"),
  ]),

  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
