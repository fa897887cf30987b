import { cookiePolicy, privacyPolicy, termsOfService } from "../../app/content/legal";
import { initialProjects as projects } from "../../app/content/projects";
import { initialServices as services } from "../../app/content/services";
import { initialFounders as founders, initialPartners as partners } from "../../app/content/studio";
import { expect, expectNoAxeViolations, expectNoClassConflicts, test, waitForHydration } from "./fixtures";
import { sitePages } from "./site-pages";

/** The headline's phrase interval (PHRASE_INTERVAL_MS in app/features/home/components/rotating-phrase.tsx). */
const PHRASE_INTERVAL_MS = 2600;

const baseURL = `http://127.0.0.1:${process.env.E2E_PORT ?? 4317}`;

function metaContent(html: string, attribute: "name" | "property", key: string): string | undefined {
  const match = html.match(new RegExp(`<meta ${attribute}="${key.replace(":", "\\:")}" content="([^"]*)"`));
  return match?.[1]?.replaceAll("&amp;", "&").replaceAll("&#x27;", "'");
}

function jsonLdTypes(html: string): string[] {
  return [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/gs)].map(
    (match) => (JSON.parse(match[1] ?? "{}") as { "@type": string })["@type"],
  );
}

test.describe("home", () => {
  test("hero, sections and links follow docs/product.md#pages, and axe finds nothing", async ({ page }) => {
    test.slow(); // The longest page: axe alone can take 15 s on a busy machine.
    await page.goto("/");
    const hero = page.getByRole("region", { name: /We build AI ideas/ });
    await expect(hero.getByRole("link", { name: "Start Your Project — Get a Proposal" })).toHaveAttribute("href", "/contact");
    await expect(hero.getByRole("link", { name: "Pitch Your Idea" })).toHaveAttribute("href", "/apply");

    const grid = page.getByRole("region", { name: "Ideas We've Brought to Life" });
    const projectLinks = grid.getByRole("listitem").getByRole("link");
    await expect(projectLinks).toHaveCount(10);
    for (const [index, project] of projects.entries()) {
      await expect(projectLinks.nth(index)).toHaveAttribute("href", `/projects/${project.slug}`);
      await expect(projectLinks.nth(index)).toHaveText(project.title);
    }

    const tools = page.getByRole("region", { name: "Try AI Tools" }).getByRole("link");
    await expect(tools).toHaveCount(4);
    for (const [index, anchor] of ["secretary", "seo", "email", "linkedin"].entries()) {
      await expect(tools.nth(index)).toHaveAttribute("href", `/try-ai#${anchor}`);
    }

    await expect(page.getByRole("region", { name: "How Nordlys started" })).toContainText("40 hours every month");
    const vision = page.getByRole("region", { name: "Our vision" });
    await expect(vision.getByRole("blockquote")).toContainText("Tuesday afternoon");

    const results = page.getByRole("region", { name: "Built For Results" });
    for (const [title, href] of [
      ["AI Solutions", "/services"],
      ["Mentoring", "/mentoring"],
      ["Free Build Program", "/apply"],
    ] as const) {
      const card = results.getByRole("listitem").filter({ has: page.getByRole("heading", { name: title, exact: true }) });
      await expect(card.getByRole("link")).toHaveAttribute("href", href);
    }

    // Sections in docs/product.md#pages order.
    const order = await page
      .locator("main section[aria-labelledby]")
      .evaluateAll((sections) =>
        sections.map((section) => document.getElementById(section.getAttribute("aria-labelledby") ?? "")?.textContent ?? ""),
      );
    expect(order.slice(0, 6).map((text) => text.replace(/ (into reality|that scale|that matter|fast)$/, ""))).toEqual([
      "We build AI ideas",
      "Ideas We've Brought to Life",
      "Try AI Tools",
      "How Nordlys started",
      "Our vision",
      "Built For Results",
    ]);
    await expectNoAxeViolations(page);
    await expectNoClassConflicts(page);
  });

  test("the rotating phrase cycles through the four phrases and can be paused", async ({ page }) => {
    await page.emulateMedia({ reducedMotion: "no-preference" });
    // The page's clock is the test's: each interval passes at once instead of being waited out.
    await page.clock.install();
    await page.goto("/");
    const phrase = page.getByTestId("rotating-phrase");
    await expect(phrase).toHaveText("into reality");
    await waitForHydration(page);
    for (const next of ["that scale", "that matter", "fast"]) {
      await page.clock.runFor(PHRASE_INTERVAL_MS);
      await expect(phrase).toHaveText(next);
    }
    await page.getByRole("button", { name: "Pause headline animation" }).click();
    await expect(page.getByRole("button", { name: "Play headline animation" })).toHaveAttribute("aria-pressed", "true");
    // Paused: the phrase outlasts two of its intervals.
    await page.clock.runFor(2 * PHRASE_INTERVAL_MS + 500);
    await expect(phrase).toHaveText("fast");
  });

  test("with reduced motion the phrase stays put and there is nothing to pause", async ({ page }) => {
    await page.emulateMedia({ reducedMotion: "reduce" });
    await page.clock.install();
    await page.goto("/");
    await waitForHydration(page);
    await page.clock.runFor(2 * PHRASE_INTERVAL_MS + 500);
    await expect(page.getByTestId("rotating-phrase")).toHaveText("into reality");
    await expect(page.getByRole("button", { name: /headline animation/ })).toHaveCount(0);
  });

  test("the sections drawn on the server are in the page once, stay after hydration and come as data on a client-side visit", async ({
    page,
    request,
  }) => {
    // In the markup, not a second time in the data the page hydrates from (decision 0200).
    const html = await (await request.get("/")).text();
    expect(html.split("40 hours every month").length - 1).toBe(1);
    expect(html.split("House rules").length - 1).toBe(1);

    const sectionsAreDrawn = async () => {
      await expect(page.getByRole("region", { name: "How Nordlys started" })).toContainText("40 hours every month");
      await expect(page.getByRole("region", { name: "Try AI Tools" }).getByRole("link")).toHaveCount(4);
      await expect(page.getByRole("region", { name: "Our vision" }).getByRole("blockquote")).toContainText("Tuesday afternoon");
      await expect(page.getByRole("region", { name: "Built For Results" }).getByRole("listitem")).toHaveCount(3);
      await expect(page.getByRole("region", { name: /We build AI ideas/ })).toContainText("House rules");
    };
    await page.goto("/");
    await waitForHydration(page);
    await sectionsAreDrawn();

    // From another page, client-side: the loader sends the sections' markup as data.
    await page.evaluate(() => ((window as unknown as { __sameDocument: boolean }).__sameDocument = true));
    const nav = page.getByRole("navigation", { name: "Main" });
    await nav.getByRole("link", { name: "About", exact: true }).click();
    await expect(page.getByRole("heading", { level: 1 })).toContainText(/./);
    await expect(page).toHaveURL(/\/about$/);
    await nav.getByRole("link", { name: "Home", exact: true }).click();
    await expect(page).toHaveURL(`${baseURL}/`);
    await sectionsAreDrawn();
    expect(await page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument)).toBe(true);
  });

  test("the raw HTML has the full text before JavaScript, with Organization JSON-LD", async ({ request }) => {
    const html = await (await request.get("/")).text();
    expect(html).toContain("We build AI ideas");
    expect(html).toContain("into reality");
    for (const project of projects) expect(html).toContain(project.title);
    expect(html).toContain("the Tuesday afternoon you get back");
    expect(html).toContain("Built For Results");
    expect(jsonLdTypes(html)).toContain("Organization");
  });
});

test.describe("about", () => {
  test("shows the story, the founders and the previous partners' logos", async ({ page }) => {
    await page.goto("/about");
    await expect(page.getByRole("heading", { level: 2, name: "How Nordlys started" })).toBeVisible();
    for (const founder of founders) {
      await expect(page.getByRole("heading", { level: 3, name: founder.name })).toBeVisible();
      await expect(page.getByRole("img", { name: founder.portraitAlt })).toBeVisible();
    }
    const logos = page.getByRole("region", { name: "Previous partners" }).getByRole("img");
    await expect(logos).toHaveCount(partners.length);
    for (const partner of partners) {
      const logo = page.getByRole("img", { name: partner.name, exact: true });
      await expect(logo).toHaveAttribute("src", partner.logo);
      await expect(logo).toHaveAttribute("width", "240");
      await expect(logo).toHaveAttribute("height", "72");
    }
    await expectNoAxeViolations(page);
    await expectNoClassConflicts(page);
  });
});

test.describe("projects", () => {
  test("the list shows all ten projects with their tags, linking to their pages", async ({ page }) => {
    await page.goto("/projects");
    const cards = page.getByRole("region", { name: "All projects" }).getByRole("article");
    await expect(cards).toHaveCount(10);
    for (const [index, project] of projects.entries()) {
      const card = cards.nth(index);
      await expect(card.getByRole("heading", { level: 2 })).toHaveText(project.title);
      await expect(card.getByRole("link")).toHaveAttribute("href", `/projects/${project.slug}`);
      const tags = card.getByRole("list", { name: "Tags" }).getByRole("listitem");
      await expect(tags).toHaveText(project.tags);
      const image = card.getByRole("img", { name: project.alt });
      await expect(image).toHaveAttribute("loading", index === 0 ? "eager" : "lazy");
      await expect(image).toHaveAttribute("width", "1280");
      await expect(image).toHaveAttribute("height", "800");
    }
    await expectNoAxeViolations(page);
    await expectNoClassConflicts(page);
    await waitForHydration(page);
    await cards.nth(3).click();
    await expect(page).toHaveURL("/projects/lawsecai");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("LawSecAI");
  });

  for (const project of projects) {
    test(`/projects/${project.slug} shows breadcrumb, image, outcome, summary, features and its call to action`, async ({ page }) => {
      const response = await page.goto(`/projects/${project.slug}`);
      expect(response?.status()).toBe(200);
      const breadcrumb = page.getByRole("navigation", { name: "Breadcrumb" });
      await expect(breadcrumb.getByRole("link", { name: "Home" })).toHaveAttribute("href", "/");
      await expect(breadcrumb.getByRole("link", { name: "Projects" })).toHaveAttribute("href", "/projects");
      await expect(breadcrumb.locator('[aria-current="page"]')).toHaveText(project.title);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(project.title);
      await expect(page.getByRole("img", { name: project.alt })).toBeVisible();
      await expect(page.getByRole("region", { name: "Outcome" })).toContainText(project.outcome);
      await expect(page.getByRole("region", { name: "Summary" })).toContainText(project.summary[0] ?? "");
      await expect(page.getByRole("region", { name: "Key features" }).getByRole("listitem")).toHaveText(project.features);

      const cta = page.getByRole("link", { name: new RegExp(`^${project.cta.label}`) });
      if (project.cta.external) {
        await expect(cta).toHaveAttribute("href", project.cta.url);
        await expect(cta).toHaveAttribute("target", "_blank");
        await expect(cta).toHaveAttribute("rel", /noopener/);
      } else {
        await expect(cta).toHaveAttribute("href", "/contact");
        await expect(cta).not.toHaveAttribute("target", /.*/);
      }
      await expect(page.getByRole("link", { name: "Back to Projects" })).toHaveAttribute("href", "/projects");
      await expectNoAxeViolations(page);
      await expectNoClassConflicts(page);
    });
  }

  test("project pages carry their own meta description of at most 155 characters and JSON-LD", async ({ request }) => {
    const descriptions = new Set<string>();
    for (const project of projects) {
      const html = await (await request.get(`/projects/${project.slug}`)).text();
      const description = metaContent(html, "name", "description") ?? "";
      expect(description.length).toBeGreaterThan(50);
      expect(description.length).toBeLessThanOrEqual(155);
      descriptions.add(description);
      expect(jsonLdTypes(html)).toEqual(expect.arrayContaining(["CreativeWork", "BreadcrumbList"]));
      expect(metaContent(html, "property", "og:image")).toBe(`${baseURL}${project.image}-og.jpg`);
    }
    expect(descriptions.size).toBe(10);
  });

  test.describe("unknown project", () => {
    test.use({ expectedConsoleErrors: [/status of 404 \(Not Found\)/] });

    test("shows 'Project not found' with a way back, and answers 404", async ({ page }) => {
      const response = await page.goto("/projects/does-not-exist");
      expect(response?.status()).toBe(404);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Project not found");
      await expectNoAxeViolations(page);
      await expectNoClassConflicts(page);
      await waitForHydration(page);
      await page.getByRole("link", { name: "Back to Projects" }).click();
      await expect(page).toHaveURL("/projects");
    });
  });

  test.describe("images", () => {
    test.use({ expectedConsoleErrors: [/Failed to load resource/] });

    test("a project image that fails to load shows 'Image unavailable'", async ({ page }) => {
      await page.route(/\/images\/projects\/lawsecai-\d+\.(avif|webp)$/, (route) => route.abort());
      await page.goto("/projects/lawsecai");
      const hero = page.locator("header [data-image-status]");
      await expect(hero.getByText("Image unavailable")).toBeVisible();
      await expect(hero.getByRole("img")).toHaveCount(0);
      await expectNoAxeViolations(page);
      await expectNoClassConflicts(page);
    });

    test("a lazy image shows a skeleton until it arrives, then the picture", async ({ page }) => {
      let release: () => void = () => {};
      const held = new Promise<void>((resolve) => (release = resolve));
      await page.route(/\/images\/projects\/qr-code-generator-\d+\.(avif|webp)$/, async (route) => {
        await held;
        await route.continue();
      });
      await page.goto("/projects");
      // Not waitForHydration: the held image keeps the network busy.
      await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
      const card = page.getByRole("article").filter({ hasText: "QR Code Generator" });
      await card.scrollIntoViewIfNeeded();
      await expect(card.getByTestId("image-skeleton")).toBeVisible();
      await expect(card.locator("[data-image-status]")).toHaveAttribute("data-image-status", "loading");
      release();
      await expect(card.locator("[data-image-status]")).toHaveAttribute("data-image-status", "loaded");
      await expect(card.getByTestId("image-skeleton")).toHaveCount(0);
      await expect(card.getByRole("img", { name: /QR code/ })).toBeVisible();
    });
  });
});

test("services lists the four offers with the product's names", async ({ page }) => {
  await page.goto("/services");
  const headings = page.getByRole("heading", { level: 2 });
  for (const name of ["AI Marketing Solutions", "AI App Development", "AI Mentoring 1-to-1", "Partnerships & Free Build Program"]) {
    await expect(headings.filter({ hasText: name })).toHaveCount(1);
  }
  for (const service of services) {
    await expect(page.getByRole("region", { name: service.name }).getByRole("link", { name: service.cta.label })).toHaveAttribute(
      "href",
      service.cta.to,
    );
  }
  await expect(page.getByRole("main")).toContainText("40+ hours per month");
  await expect(page.getByRole("main")).toContainText("Scholarships for students");
  await expect(page.getByRole("main")).toContainText("Paid builds are prioritised");
  await expectNoAxeViolations(page);
  await expectNoClassConflicts(page);
});

test.describe("legal pages", () => {
  // The date the text last changed (app/content/legal.ts, lastChanged), never today's.
  const label = (date: string) =>
    new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" }).format(
      new Date(`${date}T12:00:00Z`),
    );
  const pages = [
    {
      path: "/privacy-policy",
      sections: 11,
      date: privacyPolicy.lastChanged.date,
      statements: ["under 13", "up to 1 year", "up to 2 years", "Do Not Track"],
    },
    {
      path: "/terms-of-service",
      sections: 13,
      date: termsOfService.lastChanged.date,
      statements: ["at least 13 years old", "the amount you paid us in the 12 months before the claim"],
    },
    {
      path: "/cookie-policy",
      sections: 9,
      date: cookiePolicy.lastChanged.date,
      statements: ["up to 1 year", "up to 2 years", "does not respond to Do Not Track"],
    },
  ];
  for (const legal of pages) {
    test(`${legal.path} has ${legal.sections} sections, the date its text last changed and the required statements`, async ({ page }) => {
      await page.goto(legal.path);
      const sections = page.getByRole("main").getByRole("region");
      await expect(sections).toHaveCount(legal.sections);
      await expect(page.getByText(`Last updated: ${label(legal.date)}`)).toBeVisible();
      await expect(page.getByText(/^Last updated:/).locator("time")).toHaveAttribute("datetime", legal.date);
      for (const statement of legal.statements) await expect(page.getByRole("main")).toContainText(statement);
      await expect(page.getByRole("main").locator('a[href^="mailto:"]').first()).toBeVisible();
      // Names of cookies and link parameters are set as code (decision 0200).
      if (legal.path !== "/terms-of-service")
        await expect(
          page
            .getByRole("main")
            .locator("code")
            .filter({ hasText: /^[a-z]+(_[a-z]+)+$/ })
            .first(),
        ).toBeVisible();
      await expectNoAxeViolations(page);
      await expectNoClassConflicts(page);
    });
  }
});

test.describe("references", () => {
  for (const [path, title, quoteBy] of [
    ["/references/shnobergendorff", "Shno Bergendorff", "Founder and ceramicist"],
    ["/references/rentals-in-thailand", "Rentals in Thailand", "Pimchanok Srisuk"],
  ] as const) {
    test(`${path} is a written client reference`, async ({ page }) => {
      await page.goto(path);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
      await expect(page.getByRole("navigation", { name: "Breadcrumb" })).toBeVisible();
      await expect(page.getByRole("blockquote")).toBeVisible();
      await expect(page.getByRole("main")).toContainText(quoteBy);
      for (const heading of ["The brief", "What we built", "Working together", "Results"]) {
        await expect(page.getByRole("heading", { level: 2, name: heading })).toBeVisible();
      }
      await expectNoAxeViolations(page);
      await expectNoClassConflicts(page);
    });
  }
});

test("every page has its own title, description, canonical URL, Open Graph and Twitter tags in the raw HTML", async ({ request }) => {
  const titles = new Set<string>();
  for (const sitePage of sitePages) {
    const html = await (await request.get(sitePage.path)).text();
    const title = html.match(/<title>([^<]*)<\/title>/)?.[1] ?? "";
    expect(title, sitePage.path).toContain("Nordlys Studio");
    titles.add(title);
    expect(metaContent(html, "name", "description")?.length ?? 0, sitePage.path).toBeGreaterThan(40);
    expect(html, sitePage.path).toContain(`<link rel="canonical" href="${baseURL}${sitePage.path}"/>`);
    expect(metaContent(html, "property", "og:title"), sitePage.path).toBe(title.replaceAll("&amp;", "&"));
    expect(metaContent(html, "property", "og:url"), sitePage.path).toBe(`${baseURL}${sitePage.path}`);
    expect(metaContent(html, "name", "twitter:card"), sitePage.path).toMatch(/summary/);
    expect(metaContent(html, "name", "twitter:title"), sitePage.path).toBe(title.replaceAll("&amp;", "&"));
  }
  expect(titles.size).toBe(sitePages.length);
});

test("/sitemap.xml lists every public page and project; /robots.txt points to it and disallows /admin", async ({ request }) => {
  const sitemap = await request.get("/sitemap.xml");
  expect(sitemap.headers()["content-type"]).toContain("xml");
  const xml = await sitemap.text();
  for (const path of ["/", "/about", "/projects", "/services", "/try-ai", "/ai-news", "/apply", "/mentoring", "/contact"]) {
    expect(xml).toContain(`<loc>${baseURL}${path}</loc>`);
  }
  for (const project of projects) expect(xml).toContain(`<loc>${baseURL}/projects/${project.slug}</loc>`);
  const robots = await (await request.get("/robots.txt")).text();
  expect(robots).toContain("Disallow: /admin");
  expect(robots).toContain(`Sitemap: ${baseURL}/sitemap.xml`);
});
