/**
 * How the editor's plain text inputs become lists (docs/content.md, "Editing a project"): one item
 * per line, paragraphs split at an empty line, pairs split at the first colon.
 */
export function lines(value: string | undefined): string[] {
  return (value ?? "")
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean);
}

export function paragraphs(value: string | undefined): string[] {
  return (value ?? "")
    .split(/\r?\n\s*\r?\n/)
    .map((paragraph) => paragraph.replace(/\s*\r?\n\s*/g, " ").trim())
    .filter(Boolean);
}

/**
 * Long text in Markdown as its blocks: split at an empty line like paragraphs, but a block keeps
 * its lines (a list is one item per line).
 */
export function blocks(value: string | undefined): string[] {
  return (value ?? "")
    .split(/\r?\n\s*\r?\n/)
    .map((block) =>
      block
        .split(/\r?\n/)
        .map((line) => line.trimEnd())
        .join("\n")
        .trim(),
    )
    .filter(Boolean);
}

/** `Label: text` lines as `{ [k]: label, [v]: text }` (a line without a colon is all label). */
export function pairs<K extends string, V extends string>(value: string | undefined, k: K, v: V): Array<Record<K | V, string>> {
  return lines(value).map((line) => {
    const at = line.indexOf(":");
    return { [k]: at === -1 ? line : line.slice(0, at).trim(), [v]: at === -1 ? "" : line.slice(at + 1).trim() } as Record<K | V, string>;
  });
}
