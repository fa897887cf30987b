import { describe, expect, it } from "vitest";
import { CONTENT_TYPES } from "./content-types";
import { errorsForForm, FORM_KITS, LAYOUT_KITS } from "./form-kits";

describe("the forms drawn from layouts", () => {
  for (const type of Object.keys(LAYOUT_KITS) as Array<keyof typeof LAYOUT_KITS>) {
    it(`gives back every first ${CONTENT_TYPES[type].singular} unchanged after a round trip through its form`, () => {
      for (const fields of CONTENT_TYPES[type].initial) {
        const form = (FORM_KITS[type].toForm as (fields: unknown) => Record<string, string>)(fields);
        expect(CONTENT_TYPES[type].schema.parse(FORM_KITS[type].fromForm(form))).toEqual(fields);
      }
    });
  }

  it("puts each of the schema's messages beside the input it is about", () => {
    const home = CONTENT_TYPES.pages.initial.find((page) => page.page === "home")!;
    const form = (FORM_KITS.pages.toForm as (fields: unknown) => Record<string, string>)(home);
    form["resultsSection.cards.1.title"] = "";
    form["hero.phrases"] = "";
    const result = CONTENT_TYPES.pages.schema.safeParse(FORM_KITS.pages.fromForm(form));
    expect(result.success).toBe(false);
    const fields = Object.fromEntries(result.error!.issues.map((issue) => [issue.path.join("."), issue.message]));
    expect(errorsForForm(FORM_KITS.pages, fields)).toEqual({
      "hero.phrases": "Rotating phrases: at least one.",
      "resultsSection.cards.1.title": "A card's title is required.",
    });
  });

  it("says where an included item of a service is wrong", () => {
    expect(FORM_KITS.services.inputOfPath("includes.2")).toBe("includes");
    expect(FORM_KITS.services.inputOfPath("cta.to")).toBe("cta.to");
    expect(FORM_KITS.people.inputOfPath("focus.0")).toBe("focus");
  });
});
