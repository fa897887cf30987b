import type { Page } from "@playwright/test";
import { publicPaths } from "../../app/content/public-pages";
import { expect, test } from "./fixtures";

/**
 * A visible focus indicator at every stop of the keyboard (WCAG 2.2, 2.4.7 and the focus
 * appearance of 2.4.13): on every public page (app/content/public-pages.ts), Tab is pressed
 * through the page, cookie banner included, up to MAX_STOPS, and at each stop the focused
 * element must draw an outline (or a box-shadow ring without blur) at least 2 px wide whose
 * colour has at least 3:1 contrast with the colour behind it. Where a whole card is one link,
 * the card may draw the indicator for it (the nearest of a few ancestors that encloses the link).
 * Colours come from computed styles; the colour behind is the ancestors' background colours
 * composited from the nearest opaque one (gradients and images are not looked at).
 */
const MAX_STOPS = 80;
const MIN_WIDTH_PX = 2;
const MIN_CONTRAST = 3;

type StopReport = { done: boolean; label: string; problem: string | null };

/** Runs in the page: checks the focused element; `done` once focus has gone round the page. */
function checkFocusedElement({ minWidth, minContrast }: { minWidth: number; minContrast: number }): StopReport {
  const seen = ((window as unknown as { __focusStops?: WeakSet<Element> }).__focusStops ??= new WeakSet());
  const element = document.activeElement;
  if (!element || element === document.body || element === document.documentElement || seen.has(element)) {
    return { done: true, label: "", problem: null };
  }
  seen.add(element);
  // Colours that change on focus may be in a CSS transition; read them at its end.
  for (let node: Element | null = element, depth = 0; node && depth <= 5; node = node.parentElement, depth++) {
    for (const animation of node.getAnimations()) if (animation instanceof CSSTransition) animation.finish();
  }
  const text = (element.getAttribute("aria-label") ?? element.textContent ?? "").trim().replace(/\s+/g, " ").slice(0, 50);
  const label = `<${element.tagName.toLowerCase()}${element.id ? `#${element.id}` : ""}> "${text}"`;

  const canvas = document.createElement("canvas").getContext("2d", { willReadFrequently: true })!;
  /** Any CSS colour as [r, g, b, a] (0-255, a 0-1), through the canvas so every syntax works. */
  const rgba = (color: string): [number, number, number, number] => {
    canvas.clearRect(0, 0, 1, 1);
    canvas.fillStyle = "rgba(0, 0, 0, 0)";
    canvas.fillStyle = color;
    canvas.fillRect(0, 0, 1, 1);
    const [r = 0, g = 0, b = 0, a = 0] = canvas.getImageData(0, 0, 1, 1).data;
    return [r, g, b, a / 255];
  };
  const over = (top: [number, number, number, number], below: [number, number, number]): [number, number, number] =>
    [0, 1, 2].map((i) => top[i]! * top[3] + below[i]! * (1 - top[3])) as [number, number, number];
  const luminance = (rgb: [number, number, number]) => {
    const [r, g, b] = rgb.map((v) => {
      const c = v / 255;
      return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
  };
  const contrast = (a: [number, number, number], b: [number, number, number]) => {
    const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
    return (light! + 0.05) / (dark! + 0.05);
  };
  /** The colour behind `from`'s box: its and its ancestors' background colours, composited. */
  const backgroundFrom = (from: Element | null): [number, number, number] => {
    const layers: Array<[number, number, number, number]> = [];
    for (let node = from; node; node = node.parentElement) {
      const layer = rgba(getComputedStyle(node).backgroundColor);
      if (layer[3] > 0) layers.push(layer);
      if (layer[3] >= 1) break;
    }
    return layers.reduceRight<[number, number, number]>((below, layer) => over(layer, below), [255, 255, 255]);
  };
  type Indicator = { width: number; color: string; offset: number };
  /** The indicator `node` draws: its outline, or failing that a box-shadow ring (no blur, spread >= 1px). */
  const indicatorOf = (node: Element): Indicator | null => {
    const style = getComputedStyle(node);
    const outlineWidth = parseFloat(style.outlineWidth);
    if (style.outlineStyle !== "none" && outlineWidth > 0 && rgba(style.outlineColor)[3] > 0) {
      return { width: outlineWidth, color: style.outlineColor, offset: parseFloat(style.outlineOffset) || 0 };
    }
    if (style.boxShadow === "none") return null;
    for (const shadow of style.boxShadow.split(/,(?![^(]*\))/)) {
      const color = /(rgba?|color|oklch|oklab|hsla?)\([^)]*\)|#[0-9a-f]+/i.exec(shadow)?.[0] ?? "";
      const lengths =
        shadow
          .replace(color, "")
          .match(/-?[\d.]+px/g)
          ?.map(parseFloat) ?? [];
      const [x = 0, y = 0, blur = 0, spread = 0] = lengths;
      if (color && x === 0 && y === 0 && blur === 0 && spread >= 1 && rgba(color)[3] > 0) return { width: spread, color, offset: 0 };
    }
    return null;
  };
  /** The ancestor that cuts off part of an indicator drawn outside `owner` (overflow or paint containment), if any. */
  const clippedBy = (owner: Element, indicator: Indicator): Element | null => {
    const reach = indicator.offset + indicator.width;
    if (reach <= 0) return null;
    const box = owner.getBoundingClientRect();
    for (let node = owner.parentElement; node && node !== document.body; node = node.parentElement) {
      const style = getComputedStyle(node);
      const clips =
        style.overflowX !== "visible" ||
        style.overflowY !== "visible" ||
        style.contentVisibility === "auto" ||
        /paint|strict|content/.test(style.contain);
      if (!clips) continue;
      const edge = node.getBoundingClientRect();
      const inside = (a: number, b: number) => a >= b - 0.5;
      // Any overflow other than visible clips both axes (CSS makes the other axis auto).
      if (!(
        inside(box.left - reach, edge.left) &&
        inside(box.top - reach, edge.top) &&
        inside(edge.right, box.right + reach) &&
        inside(edge.bottom, box.bottom + reach)
      )) {
        return node;
      }
    }
    return null;
  };

  const box = element.getBoundingClientRect();
  let owner: Element | null = element;
  let indicator = indicatorOf(element);
  for (let node = element.parentElement, depth = 0; !indicator && node && depth < 5; node = node.parentElement, depth++) {
    const around = node.getBoundingClientRect();
    const encloses =
      around.left <= box.left + 1 && around.top <= box.top + 1 && around.right >= box.right - 1 && around.bottom >= box.bottom - 1;
    const found = encloses ? indicatorOf(node) : null;
    if (found) [owner, indicator] = [node, found];
  }
  if (!indicator || !owner) return { done: false, label, problem: "no outline or ring" };
  if (indicator.width < minWidth - 0.01) return { done: false, label, problem: `indicator ${indicator.width}px wide` };
  const clip = clippedBy(owner, indicator);
  if (clip) return { done: false, label, problem: `indicator cut off by <${clip.tagName.toLowerCase()} class="${clip.className}">` };
  // Outside the element it meets the colour behind it; drawn inside (negative offset), the element's own too.
  const neighbours = [backgroundFrom(owner.parentElement), ...(indicator.offset < 0 ? [backgroundFrom(owner)] : [])];
  for (const behind of neighbours) {
    const ratio = contrast(over(rgba(indicator.color), behind), behind);
    if (ratio < minContrast) {
      return {
        done: false,
        label,
        problem: `indicator ${indicator.color} on rgb(${behind.map(Math.round).join(", ")}): ${ratio.toFixed(2)}:1`,
      };
    }
  }
  return { done: false, label, problem: null };
}

/**
 * Walks `path` with Tab. The check runs in the page as each Tab key comes up (installed once per
 * page, so each stop costs one key press, not a key press and a round trip to evaluate the check),
 * and the reports are read every ten stops until focus has gone round the page.
 */
async function problemsOn(page: Page, path: string): Promise<string[]> {
  await page.goto(path);
  // Let the page's scripts attach (the cookie banner, menus) before walking it.
  await page.waitForLoadState("networkidle");
  // A script string (the check's source and its options), as page.evaluate sends a function.
  const options = JSON.stringify({ minWidth: MIN_WIDTH_PX, minContrast: MIN_CONTRAST });
  await page.evaluate(`(() => {
    const check = ${checkFocusedElement.toString()};
    const reports = (window.__focusReports = []);
    // Checked when the Tab key comes up, where focus has come to rest: a widget that passes focus
    // on (a Radix tab list to its active tab) has it only for a moment during the key press.
    document.addEventListener("keyup", (event) => event.key === "Tab" && reports.push(check(${options})), true);
  })()`);
  let reports: StopReport[] = [];
  let presses = 0;
  for (let stop = 1; stop <= MAX_STOPS && !reports.some((report) => report.done); stop++) {
    await page.keyboard.press("Tab");
    presses = stop;
    if (stop % 10 === 0 || stop === MAX_STOPS) {
      reports = await page.evaluate(() => (window as unknown as { __focusReports: StopReport[] }).__focusReports);
    }
  }
  reports = await page.evaluate(() => (window as unknown as { __focusReports: StopReport[] }).__focusReports);
  // Every press was checked, but the one that took focus out of the page to the browser's own UI
  // (its key comes up there): a page that swallowed the key would otherwise pass unchecked.
  expect(reports.length, `${path}: a check for every Tab stop`).toBeGreaterThanOrEqual(presses - 1);
  const problems: string[] = [];
  for (const [index, report] of reports.entries()) {
    if (report.done) break;
    if (report.problem) problems.push(`${path} stop ${index + 1} ${report.label}: ${report.problem}`);
  }
  return problems;
}

// Four groups of six pages (about 20-40 s each on an idle machine; the timeout leaves room for a busy one).
const GROUPS = 4;
const groups = Array.from({ length: GROUPS }, (_, group) => publicPaths.filter((_, index) => index % GROUPS === group));

test.describe("a visible focus indicator at every Tab stop", () => {
  for (const [index, paths] of groups.entries()) {
    test(`public pages at 1280 px, group ${index + 1} of ${groups.length}: ${paths.join(", ")}`, async ({ page }) => {
      test.setTimeout(240_000);
      const problems: string[] = [];
      for (const path of paths) problems.push(...(await problemsOn(page, path)));
      expect(problems).toEqual([]);
    });
  }

  test("the pages with project cards at 390 px (a phone), where a card fills the width", async ({ page }) => {
    test.setTimeout(240_000);
    await page.setViewportSize({ width: 390, height: 844 });
    const problems: string[] = [];
    for (const path of ["/", "/projects"]) problems.push(...(await problemsOn(page, path)));
    expect(problems).toEqual([]);
  });
});
