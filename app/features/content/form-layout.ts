import type { FormKit } from "./form-kits";
import { blocks, lines, pairs } from "./form-text";

/**
 * A kind's plain form described as data (docs/content.md): which field of the item each input
 * edits, under which heading, and how its text becomes the field's value. The services, pages,
 * founders and partners are edited this way; `layoutKit` makes the form kit and `LayoutFields`
 * draws the inputs. An input's name is the field's path (`cta.label`); a list of groups (`each`)
 * has one set of inputs per entry (`cards.0.title`).
 */
export type LayoutInput = {
  path: string;
  label: string;
  /** text: one line; area: a textarea; lines: a list, one per line; markdown: long text, its paragraphs split at an empty line (a preview beside it); pairs: "a: b" lines. */
  as?: "text" | "area" | "lines" | "markdown" | "pairs" | "hidden";
  rows?: number;
  description?: string;
  /** For `pairs`: the two fields each line fills. */
  pair?: [string, string];
};

export type LayoutGroup =
  { legend: string; inputs: LayoutInput[]; each?: undefined } | { legend: string; each: string; inputs: LayoutInput[] };

export type FormLayout = LayoutGroup[];

function valueAt(fields: unknown, path: string): unknown {
  return path.split(".").reduce<unknown>((value, part) => (value as Record<string, unknown> | undefined)?.[part], fields);
}

function setAt(target: Record<string, unknown>, path: string, value: unknown): void {
  const parts = path.split(".");
  let node = target;
  for (const part of parts.slice(0, -1)) node = (node[part] ??= {}) as Record<string, unknown>;
  node[parts.at(-1)!] = value;
}

function toText(input: LayoutInput, value: unknown): string {
  if (input.as === "lines" || input.as === "markdown")
    return ((value as string[] | undefined) ?? []).join(input.as === "lines" ? "\n" : "\n\n");
  if (input.as === "pairs") {
    const [k, v] = input.pair!;
    return ((value as Array<Record<string, string>> | undefined) ?? []).map((entry) => `${entry[k]}: ${entry[v]}`).join("\n");
  }
  return value === undefined || value === null ? "" : String(value);
}

function fromText(input: LayoutInput, text: string | undefined): unknown {
  if (input.as === "lines") return lines(text);
  if (input.as === "markdown") return blocks(text);
  if (input.as === "pairs") return pairs(text, input.pair![0], input.pair![1]);
  return text ?? "";
}

/** How many entries a list of groups has in the form: its inputs are numbered from 0. */
export function entryCount(group: LayoutGroup & { each: string }, values: Record<string, string>): number {
  let count = 0;
  while (Object.hasOwn(values, `${group.each}.${count}.${group.inputs[0]!.path}`)) count++;
  return count;
}

/**
 * The form kit of a kind drawn from `layouts`: one layout, or (with `chooseBy`) one per value of
 * that field, like a page's `page`, which the form carries in a hidden input.
 */
export function layoutKit(
  layouts: Record<string, FormLayout>,
  chooseBy?: string,
): FormKit & { layoutOf: (form: Record<string, string>) => FormLayout } {
  const layoutOf = (values: Record<string, unknown>): FormLayout =>
    (chooseBy ? layouts[String(values[chooseBy])] : Object.values(layouts)[0]) ?? [];
  const groups = Object.values(layouts).flat();
  return {
    layoutOf,
    toForm: ((fields: Record<string, unknown>) => {
      const form: Record<string, string> = {};
      for (const group of layoutOf(fields)) {
        if (!group.each) {
          for (const input of group.inputs) form[input.path] = toText(input, valueAt(fields, input.path));
          continue;
        }
        ((valueAt(fields, group.each) as unknown[] | undefined) ?? []).forEach((entry, index) => {
          for (const input of group.inputs) form[`${group.each}.${index}.${input.path}`] = toText(input, valueAt(entry, input.path));
        });
      }
      return form;
    }) as FormKit["toForm"],
    fromForm: (form) => {
      const fields: Record<string, unknown> = {};
      for (const group of layoutOf(form)) {
        if (!group.each) {
          for (const input of group.inputs) setAt(fields, input.path, fromText(input, form[input.path]));
          continue;
        }
        const entries = Array.from({ length: Math.min(entryCount(group, form), 20) }, (_, index) => {
          const entry: Record<string, unknown> = {};
          for (const input of group.inputs) setAt(entry, input.path, fromText(input, form[`${group.each}.${index}.${input.path}`]));
          return entry;
        });
        setAt(fields, group.each, entries);
      }
      return fields;
    },
    inputOfPath: (path) => {
      // The input a schema path is shown under: `includes.2` under `includes`, `cards.1.title` under itself.
      for (const group of groups) {
        const rest = group.each ? new RegExp(`^${group.each.replaceAll(".", "\\.")}\\.(\\d+)\\.(.+)$`).exec(path) : null;
        if (group.each && !rest) continue;
        const inner = rest ? rest[2]! : path;
        const input = group.inputs.find((candidate) => inner === candidate.path || inner.startsWith(`${candidate.path}.`));
        if (input) return rest ? `${group.each}.${rest[1]}.${input.path}` : input.path;
      }
      return "form";
    },
  };
}
