import { describe, expect, it } from "vitest";
import { initialProjects } from "~/content/projects";
import { fieldChanges } from "./field-diff";

describe("a revision's changes", () => {
  const before = initialProjects[0]!;

  it("names only the fields that changed, by their label, in the form's order", () => {
    const after = { ...before, outcome: "A new outcome.", title: "A new title" };
    expect(fieldChanges(before, after)).toEqual([
      { field: "Title", before: before.title, after: "A new title" },
      { field: "Outcome", before: before.outcome, after: "A new outcome." },
    ]);
    expect(fieldChanges(before, structuredClone(before))).toEqual([]);
  });

  it("shows the lines of a list that went and came, and a whole list whose order alone changed", () => {
    const features = [...before.features.slice(1), "A new feature"];
    expect(fieldChanges(before, { ...before, features })).toEqual([
      { field: "Key features", before: before.features[0], after: "A new feature" },
    ]);
    const reordered = [...before.features].reverse();
    expect(fieldChanges(before, { ...before, features: reordered })[0]).toEqual({
      field: "Key features",
      before: before.features.join("\n"),
      after: reordered.join("\n"),
    });
  });

  it("reads a case study part by part, and a removed one as emptied", () => {
    const { caseStudy, ...short } = before;
    const changes = fieldChanges(before, short);
    expect(changes.map((change) => change.field)).toEqual([
      "Facts",
      "The problem",
      "Our approach",
      "Results",
      "Screens",
      "The stack",
      "The client's words",
    ]);
    expect(changes[0]!.after).toBe("");
    expect(caseStudy).toBeDefined();
  });
});

describe("a legal page's changes", () => {
  it("are told section by section, and the date it shows as Last updated", () => {
    const before = {
      title: "Privacy Policy",
      intro: "Short.",
      sections: [{ title: "1. Who", paragraphs: ["We are us."] }],
      lastChanged: { date: "2026-01-01", textSha256: "a" },
    };
    const after = {
      ...before,
      sections: [{ title: "1. Who", paragraphs: ["We are us.", "A new paragraph."], items: ["A point"] }],
      lastChanged: { date: "2026-02-01", textSha256: "b" },
    };
    expect(fieldChanges(before, after)).toEqual([
      { field: "Last updated", before: "2026-01-01", after: "2026-02-01" },
      { field: "Section 1", before: "", after: "A new paragraph.\nA point" },
    ]);
  });
});
