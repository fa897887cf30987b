import { eq, sql } from "drizzle-orm";
import { DateTime } from "luxon";
import { getEnv } from "~/.server/env";
import { cookiePolicy, privacyPolicy } from "~/content/legal";
import type { LegalDocument } from "~/content/legal-schema";
import { references } from "~/content/references";
import { describe, expect, it } from "vitest";
import { contentItems, contentRevisions } from "~/.server/db/tables";
import type { Project } from "~/content/project-schema";
import { initialProjects } from "~/content/projects";
import {
  createItem,
  failedPublishes,
  getItem,
  listItems,
  listRevisions,
  moveItem,
  publishDueItems,
  publishItem,
  restoreRevision,
  saveDraft,
  unpublishItem,
} from "~/features/content/items.server";
import {
  importInitialContent,
  liveLegalDocument,
  livePage,
  livePublished,
  liveProjects,
  liveRedirect,
  liveReference,
  pageIn,
  publishedNow,
  refreshLiveContent,
} from "~/features/content/live.server";
import { initialPages } from "~/content/pages";
import { initialServices } from "~/content/services";
import { initialFounders, initialPartners } from "~/content/studio";
import { founderProfile } from "~/features/mentoring/mentors.server";
import { CONTENT_TYPES } from "~/features/content/content-types";
import { contactDetails } from "~/.server/contact-details";
import { fieldChanges } from "~/features/content/field-diff";
import { createShareLink, openShareLinks, revokeShareLink, sharedItem } from "~/features/content/share-links.server";
import { setAppSecret } from "~/.server/secret";
import { collectDigest } from "~/features/inbox/morning-digest.server";
import { createElement } from "react";
import { renderEmail } from "~/.server/mail";
import { SubmissionAcknowledgement } from "~/emails/submission-acknowledgement";
import { setupTestDatabase } from "../support/database";
import { refusal } from "../support/refusal";

/**
 * The content store against PostgreSQL (docs/content.md, decision 0208): the first start's import,
 * drafts that leave the site alone until published, revisions, restore, slugs that move with a
 * redirect, scheduled publishing that runs once, and the schema's rules as field errors.
 */
const database = setupTestDatabase();
setAppSecret("content-store-test-secret-0123456789abcdef");
const editor = { id: null, name: "Ingrid Editor" };
const project = (slug: string) => structuredClone(initialProjects.find((item) => item.slug === slug)!) as Project;

describe("the first start", () => {
  it("imported the first content exactly, published, in order, each with a first revision", async () => {
    const items = await listItems("projects");
    expect(items.map((item) => item.key)).toEqual(initialProjects.map((item) => item.slug));
    for (const [index, item] of items.entries()) {
      expect(item.published).toEqual(initialProjects[index]);
      expect(item.status).toBe("published");
      expect(item.changed).toBe(false);
    }
    expect(await liveProjects()).toEqual(initialProjects);
    const { revisions } = await listRevisions("projects", "lawsecai");
    expect(revisions.map((revision) => [revision.action, revision.authorName])).toEqual([["import", "First start"]]);
  });

  it("imports nothing on later starts, even after the studio unpublished everything", async () => {
    await database.current.db.update(contentItems).set({ published: null, status: "unpublished" });
    expect(await importInitialContent()).toEqual([]);
    expect(await database.current.db.$count(contentItems)).toBe(
      Object.values(CONTENT_TYPES).reduce((sum, info) => sum + info.initial.length, 0),
    );
    await database.current.db.execute(sql`update content_items set published = draft, status = 'published'`);
    await refreshLiveContent();
  });
});

describe("drafts, publishing and revisions", () => {
  it("saves a draft without changing the site, then publishes it", async () => {
    const draft = { ...project("lawsecai"), title: "LawSecAI, second edition" };
    const saved = await saveDraft("projects", "lawsecai", draft, editor);
    expect(saved).toMatchObject({ status: "published", changed: true, updatedBy: "Ingrid Editor" });
    await refreshLiveContent();
    expect((await liveProjects()).find((item) => item.slug === "lawsecai")?.title).toBe("LawSecAI");

    await publishItem("projects", "lawsecai", editor);
    expect(await refreshLiveContent()).toBe(true);
    expect((await liveProjects()).find((item) => item.slug === "lawsecai")?.title).toBe("LawSecAI, second edition");
    const { revisions } = await listRevisions("projects", "lawsecai");
    expect(revisions.map((revision) => revision.action)).toEqual(["publish", "save", "import"]);
    expect(fieldChanges(revisions[2]!.fields, revisions[1]!.fields)).toEqual([
      { field: "Title", before: "LawSecAI", after: "LawSecAI, second edition" },
    ]);
  });

  it("keeps no revision for a save that changes nothing (an autosave of the same text)", async () => {
    const before = (await listRevisions("projects", "game-creator")).revisions.length;
    await saveDraft("projects", "game-creator", project("game-creator"), editor);
    expect((await listRevisions("projects", "game-creator")).revisions).toHaveLength(before);
  });

  it("restores an earlier revision as the draft; the site waits for Publish", async () => {
    const { revisions } = await listRevisions("projects", "lawsecai");
    const imported = revisions.find((revision) => revision.action === "import")!;
    const restored = await restoreRevision("projects", "lawsecai", imported.id, editor);
    expect((restored.draft as Project).title).toBe("LawSecAI");
    expect((restored.published as Project).title).toBe("LawSecAI, second edition");
    expect((await listRevisions("projects", "lawsecai")).revisions[0]!.action).toBe("restore");
    await expect(restoreRevision("projects", "lawsecai", "00000000-0000-4000-8000-000000000000", editor)).rejects.toMatchObject({
      code: "not_found",
    });
  });

  it("moves a published project to its new slug and answers its old address with a redirect", async () => {
    await saveDraft("projects", "qr-code-generator", { ...project("qr-code-generator"), slug: "qr-codes" }, editor);
    expect((await getItem("projects", "qr-code-generator")).key).toBe("qr-code-generator");
    await publishItem("projects", "qr-code-generator", editor);
    await refreshLiveContent();
    expect(await liveRedirect("projects", "qr-code-generator")).toBe("/projects/qr-codes");
    expect((await liveProjects()).map((item) => item.slug)).toContain("qr-codes");
    await expect(getItem("projects", "qr-code-generator")).rejects.toMatchObject({ code: "not_found" });
  });

  it("takes an unpublished project off the site, keeps its draft, and refuses a second unpublish", async () => {
    await unpublishItem("projects", "game-creator", editor);
    await refreshLiveContent();
    expect((await liveProjects()).map((item) => item.slug)).not.toContain("game-creator");
    expect(await getItem("projects", "game-creator")).toMatchObject({ status: "unpublished", published: null });
    expect((await refusal(unpublishItem("projects", "game-creator", editor))).code).toBe("conflict");
    await publishItem("projects", "game-creator", editor);
  });

  it("orders projects as the studio moves them", async () => {
    await moveItem("projects", "rentals-in-thailand", "up");
    await refreshLiveContent();
    expect((await liveProjects()).slice(0, 2).map((item) => item.slug)).toEqual(["rentals-in-thailand", "ai-property-assistant"]);
    await moveItem("projects", "rentals-in-thailand", "down");
  });
});

describe("the schema's rules", () => {
  it("refuses a project without its required facts, naming each field, and saves nothing", async () => {
    const broken = {
      ...project("lawsecai"),
      slug: "Not A Slug",
      alt: "short",
      features: ["one"],
      cta: { url: "https://x.example", label: "Go", external: false },
    };
    const error = await refusal(saveDraft("projects", "lawsecai", broken, editor));
    expect(error.code).toBe("invalid");
    expect(Object.keys(error.details.fields as object)).toEqual(expect.arrayContaining(["slug", "alt", "features", "cta.url"]));
    expect((await getItem("projects", "lawsecai")).key).toBe("lawsecai");
  });

  it("refuses a new project whose slug another project has", async () => {
    const error = await refusal(createItem("projects", { ...project("lawsecai"), title: "Copy" }, editor));
    expect(error.details.fields).toEqual({ slug: "Another project uses this slug." });
  });

  it("adds a new project as a draft at the end, off the site until published", async () => {
    const created = await createItem("projects", { ...project("lawsecai"), slug: "harbour-pilot", title: "Harbour Pilot" }, editor);
    expect(created).toMatchObject({ status: "draft", key: "harbour-pilot", position: initialProjects.length });
    await refreshLiveContent();
    expect((await liveProjects()).map((item) => item.slug)).not.toContain("harbour-pilot");
  });
});

describe("Publish at", () => {
  it("publishes a scheduled item once when its time has come, however many instances look at once", async () => {
    const at = new Date(Date.now() + 60_000);
    const draft = { ...project("marbella-academy"), outcome: "Scheduled outcome." };
    await saveDraft("projects", "marbella-academy", draft, editor);
    expect(await publishItem("projects", "marbella-academy", editor, at)).toMatchObject({ status: "scheduled", scheduledAt: at });
    expect((await publishDueItems(new Date())).published).toEqual([]);

    const later = new Date(at.getTime() + 1000);
    const runs = await Promise.all([publishDueItems(later), publishDueItems(later), publishDueItems(later)]);
    expect(runs.flatMap((run) => run.published)).toEqual(["projects/marbella-academy"]);
    const item = await database.current.db.select().from(contentItems).where(eq(contentItems.key, "marbella-academy"));
    expect(item[0]).toMatchObject({ scheduledAt: null, status: "published" });
    const publishes = await database.current.db
      .select()
      .from(contentRevisions)
      .where(sql`${contentRevisions.itemId} = ${item[0]!.id} and ${contentRevisions.action} = 'publish'`);
    expect(publishes).toHaveLength(1);
  });

  it("keeps a failed scheduled publish on the item, with its reason, instead of retrying it silently", async () => {
    await saveDraft("projects", "musicwave-harmony", { ...project("musicwave-harmony"), slug: "shared-slug" }, editor);
    await publishItem("projects", "musicwave-harmony", editor, new Date(Date.now() + 60_000));
    // Meanwhile a new project takes the slug (written directly: the editor would have refused it).
    await database.current.db.execute(sql`update content_items set key = 'shared-slug' where key = 'harbour-pilot'`);
    const run = await publishDueItems(new Date(Date.now() + 120_000));
    expect(run.failed.map((failure) => failure.item)).toEqual(["projects/musicwave-harmony"]);
    expect(await getItem("projects", "musicwave-harmony")).toMatchObject({
      status: "published",
      scheduledAt: null,
      publishError: expect.stringContaining("shared-slug"),
    });
    // The dashboard and the morning digest say so.
    const failed = [
      { type: "projects", key: "musicwave-harmony", title: "MusicWave Harmony", reason: expect.stringContaining("shared-slug") },
    ];
    expect(await failedPublishes()).toEqual(failed);
    expect((await collectDigest()).failedPublishes).toEqual(failed);
  });
});

describe("history length", () => {
  it("lists the last 100 of 1,000 revisions, newest first", async () => {
    const { id } = await getItem("projects", "crypto-trading-dashboard");
    await database.current.db.execute(sql`
      insert into content_revisions (item_id, action, fields, author_name, created_at)
      select ${id}, 'save', draft, 'Bulk', now() - (n || ' seconds')::interval
      from content_items, generate_series(1, 1000) as n where id = ${id}`);
    const { revisions } = await listRevisions("projects", "crypto-trading-dashboard");
    expect(revisions).toHaveLength(100);
    expect(revisions[0]!.createdAt.getTime()).toBeGreaterThanOrEqual(revisions[99]!.createdAt.getTime());
  });
});

describe("share links", () => {
  it("show the draft for 7 days to anyone with the link, and nothing once revoked, expired or made up", async () => {
    const link = await createShareLink("projects", "lawsecai", editor);
    expect(link.path).toMatch(/^\/preview\/[0-9a-f-]{36}\.[A-Za-z0-9_-]{32}$/);
    const token = link.path.slice("/preview/".length);
    expect(((await sharedItem(token))?.draft as Project).slug).toBe("lawsecai");
    expect(await sharedItem(token, new Date(Date.now() + 8 * 24 * 3600_000))).toBeUndefined();
    expect(await sharedItem(`${token.slice(0, -1)}${token.endsWith("A") ? "B" : "A"}`)).toBeUndefined();
    expect(await sharedItem("00000000-0000-4000-8000-000000000000.AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA")).toBeUndefined();
    expect(await openShareLinks((await getItem("projects", "lawsecai")).id)).toHaveLength(1);
    await revokeShareLink("projects", "lawsecai", link.id);
    expect(await sharedItem(token)).toBeUndefined();
    await expect(revokeShareLink("projects", "lawsecai", link.id)).rejects.toMatchObject({ code: "not_found" });
  });
});

describe("legal pages", () => {
  const today = () => DateTime.now().setZone(getEnv().DIGEST_TIME_ZONE).toISODate();

  it("were imported with their dates, and keep their sections", async () => {
    const item = await getItem("legal", "privacy-policy");
    expect(item.published).toEqual(privacyPolicy);
    const document = structuredClone(privacyPolicy) as LegalDocument;
    const error = await refusal(saveDraft("legal", "privacy-policy", { ...document, sections: document.sections.slice(1) }, editor));
    expect(error.details.fields).toEqual({ sections: "The Privacy Policy keeps its 11 sections." });
  });

  it("move Last updated to the day a changed text is published, and not for a publish that changed nothing", async () => {
    const document = structuredClone(privacyPolicy) as LegalDocument;
    await saveDraft("legal", "privacy-policy", { ...document, intro: `${document.intro} We review this policy every year.` }, editor);
    await publishItem("legal", "privacy-policy", editor);
    await refreshLiveContent();
    const published = (await liveLegalDocument("privacy-policy"))!;
    expect(published.lastChanged.date).toBe(today());
    expect(published.lastChanged.date).not.toBe(privacyPolicy.lastChanged.date);
    await database.current.db.execute(
      sql`update content_items set published = jsonb_set(published, '{lastChanged,date}', '"2026-05-05"') where key = 'privacy-policy'`,
    );
    await publishItem("legal", "privacy-policy", editor);
    expect(((await getItem("legal", "privacy-policy")).published as LegalDocument).lastChanged.date).toBe("2026-05-05");
  });

  it("stay on the site and are a fixed set: no unpublish, no new one, no reorder", async () => {
    expect((await refusal(unpublishItem("legal", "cookie-policy", editor))).code).toBe("conflict");
    expect((await refusal(createItem("legal", { ...cookiePolicy, slug: "cookie-policy" }, editor))).code).toBe("invalid");
    expect((await refusal(moveItem("legal", "cookie-policy", "up"))).code).toBe("invalid");
  });
});

describe("references", () => {
  it("were imported as the site showed them, and a published change reaches the reference page's content", async () => {
    expect((await getItem("references", "shnobergendorff")).published).toEqual(references.shnobergendorff);
    const draft = {
      ...structuredClone(references.rentalsInThailand),
      quote: { ...references.rentalsInThailand.quote, text: "A quote the studio corrected in the editor." },
    };
    await saveDraft("references", "rentals-in-thailand", draft, editor);
    await refreshLiveContent();
    expect((await liveReference("rentals-in-thailand"))?.quote.text).toBe(references.rentalsInThailand.quote.text);
    await publishItem("references", "rentals-in-thailand", editor);
    await refreshLiveContent();
    expect((await liveReference("rentals-in-thailand"))?.quote.text).toBe("A quote the studio corrected in the editor.");
    const moved = { ...draft, path: "/references/somewhere-else" };
    expect((await refusal(saveDraft("references", "rentals-in-thailand", moved, editor))).details.fields).toEqual({
      path: "A reference's address is one of the site's two.",
    });
  });
});

describe("services, pages, founders and partners", () => {
  it("were imported as the site showed them, in order", async () => {
    expect((await listItems("services")).map((item) => item.published)).toEqual(initialServices);
    expect((await listItems("pages")).map((item) => item.published)).toEqual(initialPages);
    expect((await listItems("people")).map((item) => item.published)).toEqual(initialFounders);
    expect((await listItems("partners")).map((item) => item.published)).toEqual(initialPartners);
  });

  it("reach the pages that show them when published, and not before", async () => {
    const about = structuredClone(initialPages.find((page) => page.page === "about")!);
    about.vision.quote = "A sharper quote, published from the editor.";
    await saveDraft("pages", "about", about, editor);
    const service = { ...structuredClone(initialServices[0]!), terms: "Fixed price, agreed after a one-hour call." };
    await saveDraft("services", "marketing", service, editor);
    await refreshLiveContent();
    expect((await livePage("about")).vision.quote).not.toBe(about.vision.quote);
    expect((await livePublished("services"))[0]!.terms).not.toBe(service.terms);
    await publishItem("pages", "about", editor);
    await publishItem("services", "marketing", editor);
    await refreshLiveContent();
    expect((await livePage("about")).vision.quote).toBe(about.vision.quote);
    expect(pageIn(publishedNow(), "about").vision.quote).toBe(about.vision.quote);
    expect((await livePublished("services"))[0]!.terms).toBe(service.terms);
  });

  it("give the e-mails, the footer and the chat the published contact details", async () => {
    expect(contactDetails().email).toBe("hello@nordlys.studio");
    await saveDraft(
      "pages",
      "contact",
      { page: "contact", email: "studio@example.no", replyPromise: "We reply the same day.", location: "Bergen, Norway" },
      editor,
    );
    await refreshLiveContent();
    expect(contactDetails().email).toBe("hello@nordlys.studio");
    await publishItem("pages", "contact", editor);
    await refreshLiveContent();
    expect(contactDetails()).toEqual({
      page: "contact",
      email: "studio@example.no",
      replyPromise: "We reply the same day.",
      location: "Bergen, Norway",
    });
    // An e-mail sent now names the published address and place, in its footer and its text.
    const { html } = await renderEmail(
      createElement(SubmissionAcknowledgement, {
        heading: "We got your message",
        nextSteps: "We read it today.",
        siteUrl: "https://nordlys.test",
      }),
    );
    expect(html).toContain("mailto:studio@example.no");
    expect(html).toContain("Bergen, Norway");
    expect(html).not.toContain("hello@nordlys.studio");
    const refused = await refusal(
      saveDraft("pages", "contact", { page: "contact", email: "not an address", replyPromise: "", location: "Oslo" }, editor),
    );
    expect(refused.details.fields).toEqual({
      email: "E-mail address: an address like hello@example.com.",
      replyPromise: "Reply promise is required.",
    });
  });

  it("add a founder the mentoring profile and the pages then know, and order the partners", async () => {
    const founder = {
      slug: "sigrid-aune",
      name: "Sigrid Aune",
      role: "Head of Engineering",
      bio: "Sigrid leads the studio's engineers and reviews every build before it ships.",
      portrait: "/images/founders/aksel-bakke.svg",
      portraitAlt: "Illustrated portrait standing in for Sigrid Aune until her own is drawn",
      focus: ["Code review", "Hosting"],
    };
    await createItem("people", founder, editor);
    await refreshLiveContent();
    expect(founderProfile("Sigrid Aune").name).not.toBe("Sigrid Aune");
    await publishItem("people", "sigrid-aune", editor);
    await refreshLiveContent();
    expect((await livePublished("people")).at(-1)).toEqual(founder);
    expect(founderProfile("Sigrid Aune").role).toBe("Head of Engineering");
    await moveItem("partners", "lysaker-energi", "up");
    await refreshLiveContent();
    expect((await livePublished("partners")).slice(0, 2).map((partner) => partner.slug)).toEqual(["lysaker-energi", "skarv-freight"]);
  });

  it("refuse what the schema does not allow, naming the field, and keep pages and services a fixed set", async () => {
    const error = await refusal(createItem("people", { slug: "x", name: "", portrait: "/images/elsewhere/x.svg" }, editor));
    expect(Object.keys(error.details.fields as object)).toEqual(expect.arrayContaining(["name", "portrait", "portraitAlt", "focus"]));
    expect((await refusal(createItem("pages", initialPages[0], editor))).code).toBe("invalid");
    expect((await refusal(unpublishItem("services", "mentoring", editor))).code).toBe("conflict");
  });
});
