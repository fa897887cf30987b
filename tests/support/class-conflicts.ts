import { extendTailwindMerge } from "tailwind-merge";

// The type-scale tokens of app.css (text-display, text-h1...) are font sizes, not colours.
const twMerge = extendTailwindMerge({ extend: { classGroups: { "font-size": [{ text: ["display", "h1", "h2", "h3"] }] } } });

/**
 * Class lists in which two utilities set the same thing (say `mt-6` and
 * `mt-0`): which one wins would depend on the order of Tailwind's CSS, not on
 * the order in the attribute. `cn()` only joins names (decision 0081), so the
 * browser tests run this where tailwind-merge would have run in the browser.
 * Returns one line per conflicting list: the classes that lose, and the list.
 */
export function findClassConflicts(classLists: Iterable<string>): string[] {
  const conflicts: string[] = [];
  for (const raw of classLists) {
    const list = raw.trim().split(/\s+/).join(" ");
    const merged = twMerge(list);
    if (merged === list) continue;
    const kept = new Set(merged.split(" "));
    conflicts.push(
      `${list
        .split(" ")
        .filter((name) => !kept.has(name))
        .join(" ")} (overridden in "${list}")`,
    );
  }
  return conflicts;
}
