import fs from "node:fs/promises";
import path from "node:path";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { initialProjects } from "~/content/projects";
import { exportContent, importContent } from "~/features/content/transfer.server";
import { getItem, listRevisions, saveDraft } from "~/features/content/items.server";
import { liveProjects, refreshLiveContent } from "~/features/content/live.server";
import { imageVariants, listMedia, mediaFile, uploadImage } from "~/features/content/media.server";
import { CONTENT_TYPES } from "~/features/content/content-types";
import { setupTestDatabase } from "../support/database";
import { refusal } from "../support/refusal";

/**
 * Uploaded images (docs/content.md, "Images") and the content file (docs/content.md, "Export and
 * import"), against PostgreSQL and sharp: the files the pages use are made and kept in the
 * database; what is not an image of ours is refused with a clear message; an import is all or
 * nothing.
 */
setupTestDatabase();
const editor = { id: null, name: "Ingrid Editor" };

const photo = (format: "jpeg" | "png" | "webp" | "avif", width = 1600, height = 1200) =>
  sharp({ create: { width, height, channels: 3, background: { r: 20, g: 120, b: 90 } } })
    .toFormat(format)
    .toBuffer();

describe("uploading an image", () => {
  it("makes the 16:10 widths in AVIF and WebP and the 1200x630 link preview, and serves them", async () => {
    const { id, path: prefix } = await uploadImage(
      { bytes: await photo("jpeg"), filename: "harbour.jpg", alt: "The harbour pilot's app on a tablet" },
      editor,
    );
    expect(prefix).toBe(`/media/${id}`);
    for (const [file, format, width, height] of [
      ["640.avif", "heif", 640, 400],
      ["1280.webp", "webp", 1280, 800],
      ["og.jpg", "jpeg", 1200, 630],
    ] as const) {
      const stored = await mediaFile(`${id}-${file}`);
      const meta = await sharp(stored!.data).metadata();
      expect([meta.format, meta.width, meta.height], file).toEqual([format, width, height]);
    }
    expect(await mediaFile(`${id}-2000.avif`)).toBeUndefined();
    expect((await listMedia())[0]).toMatchObject({ id, alt: "The harbour pilot's app on a tablet", width: 1600, height: 1200 });
  });

  it("takes PNG, WebP and AVIF too", async () => {
    for (const format of ["png", "webp", "avif"] as const)
      expect((await imageVariants(await photo(format, 640, 400))).variants).toHaveLength(7);
  });

  it("refuses SVG, other formats, tiny pictures, a decompression bomb and a damaged file, each with its reason", async () => {
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="800" height="500"><script>alert(1)</script></svg>');
    expect((await refusal(imageVariants(svg))).message).toMatch(/^SVG files are not accepted/);
    expect(
      (
        await refusal(
          imageVariants(
            await sharp({ create: { width: 800, height: 500, channels: 3, background: "red" } })
              .gif()
              .toBuffer(),
          ),
        )
      ).message,
    ).toBe("Upload a JPEG, PNG, WebP or AVIF image.");
    expect((await refusal(imageVariants(await photo("png", 300, 200)))).message).toMatch(/smaller than 640 x 400/);
    // A PNG that says it is 20,000 x 20,000 pixels: refused from its header, before anything is decoded.
    const bomb = await fs.readFile(path.join(import.meta.dirname, "../fixtures/images/bomb-20000.png"));
    expect((await refusal(imageVariants(bomb))).message).toMatch(/400 megapixels; at most 40/);
    const jpeg = await photo("jpeg");
    expect((await refusal(imageVariants(jpeg.subarray(0, 2000)))).message).toMatch(/could not be read to the end|not an image/);
    expect((await refusal(imageVariants(Buffer.from("not an image at all")))).message).toMatch(/^This file is not an image/);
  });

  it("needs alt text, and lets a project use only images uploaded here", async () => {
    expect((await refusal(uploadImage({ bytes: await photo("jpeg"), filename: "x.jpg", alt: "pic" }, editor))).details.fields).toEqual({
      alt: "Alt text: describe what the image shows, in at least 10 characters.",
    });
    const project = structuredClone(initialProjects.find((item) => item.slug === "lawsecai")!);
    const missing = "/media/00000000-0000-4000-8000-000000000000";
    expect((await refusal(saveDraft("projects", "lawsecai", { ...project, image: missing }, editor))).details.fields).toEqual({
      image: "That image was not uploaded here.",
    });
    const [upload] = await listMedia();
    expect((await saveDraft("projects", "lawsecai", { ...project, image: upload!.path }, editor)).draft).toMatchObject({
      image: upload!.path,
    });
  });
});

describe("the content file", () => {
  it("exports every item and imports it back: replaced items keep a revision, new ones are added", async () => {
    const file = await exportContent();
    expect(file.types.projects).toHaveLength(initialProjects.length);
    const edited = structuredClone(file);
    const first = edited.types.projects![0]!;
    first.published = { ...(first.published as object), title: "Imported title" };
    first.draft = first.published;
    const copy = { ...structuredClone(first), key: "imported-copy", position: 99 };
    copy.draft = { ...(copy.draft as object), slug: "imported-copy" };
    copy.published = copy.draft;
    edited.types.projects!.push(copy);
    expect(await importContent(JSON.parse(JSON.stringify(edited)), editor)).toEqual({
      created: 1,
      // Every item of every kind the first start imported.
      updated: Object.values(CONTENT_TYPES).reduce((sum, info) => sum + info.initial.length, 0),
    });
    await refreshLiveContent();
    const live = await liveProjects();
    expect(live[0]!.title).toBe("Imported title");
    expect(live.at(-1)!.slug).toBe("imported-copy");
    expect((await listRevisions("projects", first.key)).revisions[0]!.action).toBe("import");
  });

  it("changes nothing when one item of the file is wrong, and names it", async () => {
    const file = await exportContent();
    file.types.projects![3]!.draft = { ...(file.types.projects![3]!.draft as object), features: ["only one"] };
    file.types.projects![0]!.draft = { ...(file.types.projects![0]!.draft as object), title: "Should not land" };
    expect((await refusal(importContent(JSON.parse(JSON.stringify(file)), editor))).message).toBe(
      "projects[3].draft.features: Key features: at least 3.",
    );
    expect(((await getItem("projects", file.types.projects![0]!.key)).draft as { title: string }).title).not.toBe("Should not land");
    expect((await refusal(importContent({ format: "something else", version: 1, types: {} }, editor))).message).toMatch(
      /^Not a content file/,
    );
  });
});
