/**
 * Draws the original SVG artwork the site ships with: one illustration per
 * project (images/projects/<slug>.svg, the source `npm run images` converts),
 * the founders' portraits and the partner logos (public/images/..., served as SVG).
 *
 * Run once with `node scripts/draw-illustrations.mjs`; an operator replaces any
 * of these files with real artwork (docs/content.md). Nothing here runs at build time.
 */
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const C = {
  ink950: "#070b14",
  ink900: "#0d1422",
  ink800: "#162033",
  ink700: "#24314a",
  ink600: "#3a4866",
  ink400: "#8592ab",
  ink200: "#d7deea",
  ink50: "#f6f8fb",
  a700: "#04705c",
  a500: "#12b08e",
  a400: "#3fd6b0",
  a300: "#86ebcf",
  v700: "#5b3fc4",
  v500: "#8466f2",
  v300: "#c4b5fd",
  sun: "#f7c96b",
  coral: "#f08a6b",
};
const FONT = "DejaVu Sans, Inter, Arial, sans-serif";

/** @param {string} relative @param {string} svg */
function write(relative, svg) {
  const file = path.join(root, relative);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, svg.replace(/\n\s+/g, "\n").trim() + "\n");
}

/** Deterministic pseudo-random numbers, so re-running gives the same art. */
/** @param {number} seed */
function rng(seed) {
  let state = seed >>> 0;
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

/**
 * @param {number} x @param {number} y @param {string | number} value
 * @param {{ size?: number, fill?: string, weight?: number, anchor?: string }} [options]
 */
const text = (x, y, value, { size = 22, fill = C.ink200, weight = 400, anchor = "start" } = {}) =>
  `<text x="${x}" y="${y}" font-family="${FONT}" font-size="${size}" font-weight="${weight}" fill="${fill}" text-anchor="${anchor}">${value}</text>`;
/** @param {number} x @param {number} y @param {number} w @param {number} [h] @param {string} [fill] @param {number} [rx] */
const bar = (x, y, w, h = 14, fill = C.ink700, rx = 7) => `<rect x="${x}" y="${y}" width="${w}" height="${h}" rx="${rx}" fill="${fill}"/>`;
/** @param {number} x @param {number} y @param {number} w @param {number} h @param {string} fill @param {number[]} [lines] */
const bubble = (x, y, w, h, fill, lines = []) =>
  `<rect x="${x}" y="${y}" width="${w}" height="${h}" rx="22" fill="${fill}"/>` +
  lines
    .map((lw, i) => bar(x + 24, y + 26 + i * 26, lw, 12, "#ffffff", 6).replace('fill="#ffffff"', 'fill="#ffffff" fill-opacity="0.75"'))
    .join("");

/** The shared frame: night sky, aurora ribbons and an app window; `inner` is drawn inside. */
/** @param {number} seed @param {string} inner @param {{ hueA?: string, hueB?: string }} [hues] */
function frame(seed, inner, { hueA = C.a400, hueB = C.v500 } = {}) {
  const r = rng(seed);
  const ribbons = [0, 1, 2]
    .map((i) => {
      const y = 90 + i * 70 + r() * 40;
      return `<path d="M-40 ${y + 120} C 260 ${y - 40}, 520 ${y + 160}, 820 ${y + 20} S 1180 ${y - 60}, 1340 ${y + 60}" fill="none" stroke="url(#ribbon)" stroke-width="${36 - i * 9}" stroke-linecap="round" opacity="${0.35 - i * 0.08}" filter="url(#soft)"/>`;
    })
    .join("");
  const stars = Array.from(
    { length: 40 },
    () =>
      `<circle cx="${Math.round(r() * 1280)}" cy="${Math.round(r() * 800)}" r="${(r() * 1.6 + 0.4).toFixed(1)}" fill="#ffffff" opacity="${(r() * 0.5 + 0.2).toFixed(2)}"/>`,
  ).join("");
  return `<svg xmlns="http://www.w3.org/2000/svg" width="1280" height="800" viewBox="0 0 1280 800">
  <defs>
    <linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${C.ink900}"/><stop offset="1" stop-color="${C.ink950}"/></linearGradient>
    <linearGradient id="ribbon" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="${hueA}"/><stop offset="0.6" stop-color="${C.a300}"/><stop offset="1" stop-color="${hueB}"/></linearGradient>
    <linearGradient id="panel" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${C.ink800}"/><stop offset="1" stop-color="${C.ink900}"/></linearGradient>
    <filter id="soft" x="-10%" y="-50%" width="120%" height="200%"><feGaussianBlur stdDeviation="14"/></filter>
    <filter id="glow" x="-50%" y="-50%" width="200%" height="200%"><feGaussianBlur stdDeviation="40"/></filter>
  </defs>
  <rect width="1280" height="800" fill="url(#sky)"/>
  ${stars}
  <circle cx="${200 + r() * 200}" cy="140" r="160" fill="${hueA}" opacity="0.18" filter="url(#glow)"/>
  <circle cx="${900 + r() * 200}" cy="180" r="180" fill="${hueB}" opacity="0.2" filter="url(#glow)"/>
  ${ribbons}
  <rect x="120" y="150" width="1040" height="580" rx="30" fill="url(#panel)" stroke="${C.ink700}" stroke-width="2"/>
  <circle cx="160" cy="186" r="8" fill="${C.coral}"/><circle cx="186" cy="186" r="8" fill="${C.sun}"/><circle cx="212" cy="186" r="8" fill="${C.a400}"/>
  <line x1="120" y1="218" x2="1160" y2="218" stroke="${C.ink700}" stroke-width="2"/>
  ${inner}
</svg>`;
}

const projects = {
  "ai-property-assistant": () =>
    frame(
      11,
      `
    <rect x="180" y="300" width="220" height="380" rx="10" fill="${C.ink700}"/>
    <rect x="400" y="380" width="150" height="300" rx="10" fill="${C.ink600}"/>
    ${Array.from({ length: 18 }, (_, i) => `<rect x="${205 + (i % 3) * 62}" y="${325 + Math.floor(i / 3) * 56}" width="40" height="32" rx="4" fill="${[2, 5, 9, 13].includes(i) ? C.sun : C.ink900}"/>`).join("")}
    ${Array.from({ length: 8 }, (_, i) => `<rect x="${420 + (i % 2) * 62}" y="${405 + Math.floor(i / 2) * 62}" width="44" height="34" rx="4" fill="${i === 3 ? C.sun : C.ink900}"/>`).join("")}
    <rect x="600" y="250" width="500" height="440" rx="22" fill="${C.ink950}" stroke="${C.ink700}"/>
    ${bubble(630, 280, 300, 84, C.ink700, [240, 160])}
    ${bubble(760, 390, 310, 136, C.a700, [250, 220, 180])}
    <rect x="784" y="482" width="120" height="30" rx="15" fill="${C.a300}"/>${text(800, 503, "§ 4.2 lease", { size: 17, fill: C.ink950, weight: 700 })}
    ${bubble(630, 560, 250, 58, C.ink700, [180])}
    <rect x="630" y="636" width="440" height="36" rx="18" fill="${C.ink800}" stroke="${C.ink600}"/>
    `,
    ),
  "rentals-in-thailand": () =>
    frame(
      23,
      `
    <path d="M300 270 C 380 250, 430 300, 470 290 S 560 330, 540 400 S 600 470, 560 530 S 520 640, 460 660 S 400 610, 380 560 S 300 520, 320 460 S 250 330, 300 270 Z" fill="${C.a700}" opacity="0.55"/>
    <path d="M330 300 C 400 320, 430 380, 480 400" fill="none" stroke="${C.a300}" stroke-width="3" stroke-dasharray="6 8"/>
    ${
      /** @type {Array<[number, number]>} */ ([
        [380, 330],
        [450, 380],
        [420, 470],
        [500, 520],
        [360, 420],
      ])
        .map(
          ([x, y], i) =>
            `<path d="M${x} ${y} c -18 -22 -18 -46 0 -52 c 18 6 18 30 0 52 z" fill="${i === 1 ? C.sun : C.v300}"/><circle cx="${x}" cy="${y - 34}" r="6" fill="${C.ink950}"/>`,
        )
        .join("")
    }
    <rect x="640" y="260" width="470" height="64" rx="32" fill="${C.ink950}" stroke="${C.a400}" stroke-width="2"/>
    ${text(672, 300, "quiet street, desk, market nearby", { size: 21, fill: C.ink200 })}
    ${[0, 1, 2].map((i) => `<rect x="640" y="${350 + i * 110}" width="470" height="92" rx="18" fill="${C.ink800}" stroke="${C.ink700}"/><rect x="656" y="${366 + i * 110}" width="92" height="60" rx="10" fill="${[C.a500, C.v500, C.sun][i]}" opacity="0.8"/>${bar(768, 372 + i * 110, 220, 14, C.ink600)}${bar(768, 398 + i * 110, 150, 12, C.ink700)}<rect x="1010" y="${372 + i * 110}" width="80" height="28" rx="14" fill="${C.a700}"/>${text(1050, 392 + i * 110, /** @type {string} */ (["EN", "DE", "TH"][i]), { size: 15, fill: "#fff", weight: 700, anchor: "middle" })}`).join("")}
    `,
      { hueA: C.sun, hueB: C.a400 },
    ),
  "shno-bergendorff": () =>
    frame(
      37,
      `
    <rect x="180" y="470" width="560" height="16" rx="6" fill="${C.ink600}"/>
    <rect x="180" y="650" width="560" height="16" rx="6" fill="${C.ink600}"/>
    <path d="M220 470 q 50 -110 100 0 z" fill="${C.a300}"/><ellipse cx="270" cy="420" rx="30" ry="10" fill="${C.ink900}" opacity="0.3"/>
    <path d="M360 470 c -20 -60 -10 -120 30 -150 c 40 30 50 90 30 150 z" fill="${C.v300}"/>
    <path d="M470 470 a 70 50 0 0 1 140 0 z" fill="${C.coral}"/>
    <path d="M640 470 c 0 -40 10 -80 30 -100 h 20 c 20 20 30 60 30 100 z" fill="${C.sun}"/>
    <path d="M240 650 a 60 40 0 0 1 120 0 z" fill="${C.a500}"/>
    <path d="M420 650 c -10 -80 20 -120 40 -130 c 20 10 50 50 40 130 z" fill="${C.ink200}"/>
    <path d="M560 650 a 90 45 0 0 1 160 0 z" fill="${C.v500}"/>
    <rect x="820" y="250" width="260" height="440" rx="34" fill="${C.ink950}" stroke="${C.ink600}" stroke-width="3"/>
    <rect x="844" y="290" width="212" height="170" rx="16" fill="${C.ink700}"/>
    <path d="M870 420 a 40 24 0 0 1 80 0 z" fill="${C.a300}"/><path d="M970 420 c -6 -40 6 -70 22 -78 c 16 8 28 38 22 78 z" fill="${C.v300}"/>
    ${[C.a300, C.v300, C.coral, C.sun].map((c, i) => `<circle cx="${878 + i * 48}" cy="500" r="18" fill="${c}"/>`).join("")}
    ${bar(848, 548, 200, 14, C.ink600)}${bar(848, 576, 150, 12, C.ink700)}
    <rect x="848" y="616" width="204" height="44" rx="22" fill="${C.a700}"/>${text(950, 645, "Fits your table", { size: 18, fill: "#fff", weight: 700, anchor: "middle" })}
    `,
      { hueA: C.coral, hueB: C.v500 },
    ),
  lawsecai: () =>
    frame(
      41,
      `
    <rect x="220" y="260" width="480" height="430" rx="14" fill="${C.ink50}"/>
    ${Array.from({ length: 11 }, (_, i) => {
      const y = 300 + i * 34;
      const hl = i === 2 ? C.a300 : i === 6 ? C.sun : i === 9 ? C.v300 : null;
      return (
        (hl ? `<rect x="240" y="${y - 10}" width="440" height="30" rx="6" fill="${hl}" opacity="0.7"/>` : "") +
        bar(256, y, /** @type {number} */ ([400, 360, 380, 300, 410, 340, 390, 280, 370, 350, 220][i]), 10, C.ink400, 5)
      );
    }).join("")}
    <path d="M900 270 l 130 48 v 110 c 0 90 -60 150 -130 180 c -70 -30 -130 -90 -130 -180 v -110 z" fill="${C.v700}" stroke="${C.v300}" stroke-width="4"/>
    <path d="M850 440 l 36 36 l 72 -80" fill="none" stroke="#ffffff" stroke-width="16" stroke-linecap="round" stroke-linejoin="round"/>
    <rect x="770" y="640" width="260" height="44" rx="22" fill="${C.ink800}" stroke="${C.sun}" stroke-width="2"/>${text(900, 669, "Art. 28(3)(h) missing", { size: 18, fill: C.sun, weight: 700, anchor: "middle" })}
    `,
      { hueA: C.v300, hueB: C.v500 },
    ),
  "crypto-trading-dashboard": () => {
    const r = rng(5);
    let y = 470;
    const candles = Array.from({ length: 16 }, (_, i) => {
      const open = y;
      y = Math.max(300, Math.min(620, y + (r() - 0.55) * 70));
      const up = y < open;
      const top = Math.min(open, y);
      const h = Math.max(8, Math.abs(open - y));
      const x = 200 + i * 36;
      return `<line x1="${x + 10}" y1="${top - 18 - r() * 20}" x2="${x + 10}" y2="${top + h + 16 + r() * 20}" stroke="${up ? C.a400 : C.coral}" stroke-width="3"/><rect x="${x}" y="${top}" width="20" height="${h}" rx="3" fill="${up ? C.a400 : C.coral}"/>`;
    }).join("");
    return frame(
      53,
      `
    ${[300, 400, 500, 600].map((gy) => `<line x1="190" y1="${gy}" x2="780" y2="${gy}" stroke="${C.ink700}" stroke-dasharray="4 8"/>`).join("")}
    ${candles}
    <circle cx="950" cy="360" r="100" fill="none" stroke="${C.ink700}" stroke-width="34"/>
    <circle cx="950" cy="360" r="100" fill="none" stroke="${C.a400}" stroke-width="34" stroke-dasharray="280 400" transform="rotate(-90 950 360)"/>
    <circle cx="950" cy="360" r="100" fill="none" stroke="${C.v500}" stroke-width="34" stroke-dasharray="150 600" stroke-dashoffset="-280" transform="rotate(-90 950 360)"/>
    <circle cx="950" cy="360" r="100" fill="none" stroke="${C.sun}" stroke-width="34" stroke-dasharray="90 600" stroke-dashoffset="-430" transform="rotate(-90 950 360)"/>
    <rect x="820" y="530" width="300" height="130" rx="18" fill="${C.ink950}" stroke="${C.sun}" stroke-width="2"/>
    <circle cx="852" cy="566" r="12" fill="${C.sun}"/>${text(876, 573, "Spread widening", { size: 20, fill: "#fff", weight: 700 })}
    ${bar(844, 600, 240, 12, C.ink600)}${bar(844, 626, 170, 12, C.ink700)}
    `,
      { hueA: C.a400, hueB: C.sun },
    );
  },
  "musicwave-harmony": () => {
    const wave = Array.from({ length: 64 }, (_, i) => {
      const h = 20 + Math.abs(Math.sin(i * 0.45) * Math.cos(i * 0.13)) * 150;
      return `<rect x="${200 + i * 9}" y="${420 - h / 2}" width="5" height="${h}" rx="2.5" fill="${i % 9 === 4 ? C.sun : C.a400}"/>`;
    }).join("");
    const keys = Array.from(
      { length: 14 },
      (_, i) => `<rect x="${200 + i * 42}" y="560" width="40" height="130" rx="5" fill="${i === 4 ? C.a300 : C.ink50}"/>`,
    ).join("");
    const black = [0, 1, 3, 4, 5, 7, 8, 10, 11, 12]
      .map((i) => `<rect x="${228 + i * 42}" y="560" width="26" height="80" rx="4" fill="${C.ink950}"/>`)
      .join("");
    return frame(
      61,
      `
    ${wave}${keys}${black}
    <rect x="860" y="250" width="240" height="440" rx="34" fill="${C.ink950}" stroke="${C.ink600}" stroke-width="3"/>
    ${text(980, 330, "♪ 96 bpm", { size: 28, fill: C.a300, weight: 700, anchor: "middle" })}
    ${Array.from({ length: 8 }, (_, i) => `<rect x="${884 + i * 25}" y="370" width="19" height="56" rx="5" fill="${i === 5 ? C.coral : C.a700}"/>`).join("")}
    ${text(980, 470, "Bar 6: a little sharp", { size: 17, fill: C.ink200, anchor: "middle" })}
    <circle cx="980" cy="590" r="52" fill="${C.a700}"/><path d="M966 566 v 48 l 40 -24 z" fill="#fff"/>
    <text x="760" y="300" font-family="${FONT}" font-size="56" fill="${C.v300}">♫</text><text x="690" y="250" font-family="${FONT}" font-size="40" fill="${C.a300}">♪</text>
    `,
      { hueA: C.a400, hueB: C.v300 },
    );
  },
  "qr-code-generator": () => {
    const r = rng(77);
    const size = 21;
    const cell = 18;
    const ox = 240;
    const oy = 260;
    const finder = (/** @type {number} */ x, /** @type {number} */ y) =>
      (x < 7 && y < 7) || (x >= size - 7 && y < 7) || (x < 7 && y >= size - 7);
    let cells = "";
    for (let y = 0; y < size; y++)
      for (let x = 0; x < size; x++) {
        if (finder(x, y)) continue;
        if (x >= 8 && x <= 12 && y >= 8 && y <= 12) continue;
        if (r() > 0.52)
          cells += `<rect x="${ox + x * cell}" y="${oy + y * cell}" width="${cell - 2}" height="${cell - 2}" rx="4" fill="${(x + y) % 5 === 0 ? C.v500 : C.a400}"/>`;
      }
    const eye = (/** @type {number} */ x, /** @type {number} */ y) =>
      `<rect x="${ox + x * cell}" y="${oy + y * cell}" width="${7 * cell - 2}" height="${7 * cell - 2}" rx="22" fill="none" stroke="${C.a400}" stroke-width="${cell - 2}" transform="translate(${(cell - 2) / 2} ${(cell - 2) / 2}) scale(1)"/><rect x="${ox + (x + 2) * cell}" y="${oy + (y + 2) * cell}" width="${3 * cell - 2}" height="${3 * cell - 2}" rx="10" fill="${C.v500}"/>`;
    return frame(
      71,
      `
    <rect x="${ox - 30}" y="${oy - 30}" width="${size * cell + 60}" height="${size * cell + 60}" rx="30" fill="${C.ink950}"/>
    ${cells}${eye(0, 0).replace(/transform="[^"]*"/, "")}${eye(size - 7, 0).replace(/transform="[^"]*"/, "")}${eye(0, size - 7).replace(/transform="[^"]*"/, "")}
    <circle cx="${ox + 10.5 * cell}" cy="${oy + 10.5 * cell}" r="42" fill="${C.ink50}"/><path d="M${ox + 10.5 * cell - 20} ${oy + 10.5 * cell + 14} l 20 -34 l 20 34 z" fill="${C.a700}"/>
    <rect x="780" y="270" width="320" height="400" rx="22" fill="${C.ink800}" stroke="${C.ink700}"/>
    ${text(810, 320, "Scans this week", { size: 22, fill: C.ink200, weight: 700 })}
    ${[120, 180, 150, 240, 210, 280, 250].map((h, i) => `<rect x="${812 + i * 40}" y="${620 - h}" width="26" height="${h}" rx="6" fill="${i === 5 ? C.v500 : C.a500}"/>`).join("")}
    <rect x="810" y="636" width="130" height="20" rx="10" fill="${C.a700}"/>${text(875, 651, "✓ scannable", { size: 14, fill: "#fff", weight: 700, anchor: "middle" })}
    `,
      { hueA: C.a400, hueB: C.v500 },
    );
  },
  "game-creator": () =>
    frame(
      83,
      `
    <rect x="160" y="240" width="600" height="450" rx="16" fill="${C.v700}" opacity="0.35"/>
    <circle cx="660" cy="320" r="40" fill="${C.sun}"/>
    <rect x="180" y="620" width="260" height="40" rx="8" fill="${C.a700}"/><rect x="500" y="540" width="200" height="36" rx="8" fill="${C.a700}"/><rect x="300" y="450" width="160" height="34" rx="8" fill="${C.a700}"/>
    ${
      /** @type {Array<[number, number]>} */ ([
        [360, 420],
        [400, 420],
        [580, 505],
        [620, 505],
      ])
        .map(([x, y]) => `<circle cx="${x}" cy="${y}" r="13" fill="${C.sun}" stroke="#b98a2a" stroke-width="3"/>`)
        .join("")
    }
    <g transform="translate(240 560)"><path d="M0 60 l 20 -40 l 40 0 l 20 40 z" fill="${C.coral}"/><path d="M20 20 l 8 -24 l 12 20 z M52 16 l 10 -22 l 6 26 z" fill="${C.coral}"/><circle cx="32" cy="32" r="5" fill="${C.ink950}"/><circle cx="50" cy="32" r="5" fill="${C.ink950}"/><path d="M80 56 q 40 -10 36 -40 q -10 24 -36 30 z" fill="${C.coral}"/><path d="M112 18 l 6 -4 l 2 10 z" fill="#fff"/></g>
    <rect x="800" y="260" width="300" height="250" rx="18" fill="${C.ink950}" stroke="${C.ink600}"/>
    ${text(826, 302, "Describe your game", { size: 19, fill: C.a300, weight: 700 })}
    ${text(826, 342, "A fox jumps between", { size: 19 })}${text(826, 370, "platforms collecting", { size: 19 })}${text(826, 398, "coins before sunset.", { size: 19 })}
    <rect x="826" y="440" width="150" height="44" rx="22" fill="${C.a700}"/>${text(901, 469, "Make it ▶", { size: 18, fill: "#fff", weight: 700, anchor: "middle" })}
    ${
      /** @type {Array<[string, string]>} */ ([
        ["when", C.v500],
        ["jump", C.a500],
        ["+1 coin", C.sun],
      ])
        .map(
          ([label, c], i) =>
            `<rect x="${800 + i * 12}" y="${540 + i * 48}" width="220" height="38" rx="8" fill="${c}"/>${text(816 + i * 12, 565 + i * 48, label, { size: 17, fill: C.ink950, weight: 700 })}`,
        )
        .join("")
    }
    `,
      { hueA: C.coral, hueB: C.v500 },
    ),
  "marbella-academy": () =>
    frame(
      97,
      `
    <circle cx="320" cy="330" r="60" fill="${C.sun}"/>
    <path d="M160 520 q 60 -20 120 0 t 120 0 t 120 0 t 120 0 t 120 0 v 170 h -600 z" fill="${C.v700}" opacity="0.8"/>
    <path d="M160 560 q 60 -20 120 0 t 120 0 t 120 0 t 120 0 t 120 0 v 130 h -600 z" fill="${C.a700}" opacity="0.8"/>
    ${
      /** @type {Array<[number, number, number, number]>} */ ([
        [420, 420, 90, 100],
        [520, 390, 70, 130],
        [600, 430, 100, 90],
      ])
        .map(
          ([x, y, w, h]) =>
            `<rect x="${x}" y="${y}" width="${w}" height="${h}" fill="${C.ink50}"/><rect x="${x + w / 2 - 10}" y="${y + h - 34}" width="20" height="34" fill="${C.a500}"/><path d="M${x - 6} ${y} l ${w / 2 + 6} -26 l ${w / 2 + 6} 26 z" fill="${C.coral}"/>`,
        )
        .join("")
    }
    ${bubble(790, 260, 320, 100, C.a700, [])}${bar(814, 318, 180, 12, C.a300, 6)}
    ${text(814, 292, "¿Tiene una reserva?", { size: 22, fill: "#fff", weight: 700 })}
    ${bubble(840, 380, 270, 70, C.ink700, [200])}
    <rect x="790" y="480" width="320" height="190" rx="20" fill="${C.ink950}" stroke="${C.ink600}"/>
    ${text(818, 522, "Hotel check-in", { size: 20, fill: C.ink200, weight: 700 })}
    <rect x="818" y="546" width="264" height="16" rx="8" fill="${C.ink700}"/><rect x="818" y="546" width="210" height="16" rx="8" fill="${C.a400}"/>
    ${text(818, 600, "Level B1 · 8 of 10 scenes", { size: 17, fill: C.ink400 })}
    ${[0, 1, 2, 3, 4].map((i) => `<circle cx="${830 + i * 30}" cy="636" r="9" fill="${i < 4 ? C.sun : C.ink700}"/>`).join("")}
    `,
      { hueA: C.sun, hueB: C.coral },
    ),
  "juristfirma-iverstrom": () =>
    frame(
      101,
      `
    <rect x="200" y="250" width="420" height="440" rx="12" fill="${C.ink50}"/>
    ${text(230, 300, "AVTAL", { size: 22, fill: C.ink800, weight: 700 })}
    ${Array.from({ length: 9 }, (_, i) => bar(230, 330 + i * 32, /** @type {number} */ ([360, 330, 350, 300, 340, 250, 320, 280, 180][i]), 10, i === 4 || i === 5 ? C.a500 : C.ink400, 5)).join("")}
    <path d="M500 640 q 30 -40 60 -10 t 50 -20" fill="none" stroke="${C.v700}" stroke-width="4" stroke-linecap="round"/>
    <g transform="translate(900 280)" stroke="${C.sun}" stroke-width="6" fill="none" stroke-linecap="round"><line x1="0" y1="0" x2="0" y2="150"/><line x1="-110" y1="20" x2="110" y2="20"/><path d="M-110 20 l -40 80 h 80 z"/><path d="M110 20 l -40 80 h 80 z"/><line x1="-50" y1="150" x2="50" y2="150"/></g>
    <rect x="700" y="470" width="400" height="210" rx="24" fill="${C.ink950}" stroke="${C.ink600}" stroke-width="3"/>
    ${text(730, 512, "Intake · step 2 of 5", { size: 18, fill: C.a300, weight: 700 })}
    ${[0, 1, 2].map((i) => `<rect x="730" y="${532 + i * 46}" width="340" height="34" rx="10" fill="${C.ink800}" stroke="${i === 1 ? C.a400 : C.ink700}"/>`).join("")}
    `,
      { hueA: C.a400, hueB: C.sun },
    ),
};

for (const [slug, draw] of Object.entries(projects)) write(`images/projects/${slug}.svg`, draw());

/** Site-wide Open Graph artwork (converted to JPEG by `npm run images`). */
write(
  "images/site/og-default.svg",
  frame(
    7,
    `
  ${text(640, 400, "Nordlys Studio", { size: 84, fill: "#ffffff", weight: 700, anchor: "middle" })}
  ${text(640, 470, "AI products, built with you · Oslo", { size: 32, fill: C.a300, anchor: "middle" })}
`,
  ),
);

/*
 * Case-study screens: what was built, one picture per screen the client uses. Unlike the cover
 * illustrations (all in the night-sky frame), each is the product's own interface on a backdrop
 * in the project's colour: a desktop window or a phone, light or dark as the product is.
 * Written to images/projects/screens/<slug>-<name>.svg; `npm run images` makes the variants.
 */
/** @param {string} a @param {string} b @param {string} inner */
function backdrop(a, b, inner) {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="1280" height="800" viewBox="0 0 1280 800">
  <defs><linearGradient id="bd" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${a}"/><stop offset="1" stop-color="${b}"/></linearGradient>
  <filter id="shadow" x="-10%" y="-10%" width="120%" height="130%"><feDropShadow dx="0" dy="18" stdDeviation="22" flood-color="#070b14" flood-opacity="0.35"/></filter></defs>
  <rect width="1280" height="800" fill="url(#bd)"/>
  ${inner}
</svg>`;
}
/** A desktop window with a title bar; `dark` for dark interfaces. */
/** @param {number} x @param {number} y @param {number} w @param {number} h @param {string} title @param {{ dark?: boolean }} [options] */
function windowAt(x, y, w, h, title, { dark = false } = {}) {
  const bg = dark ? C.ink900 : "#ffffff";
  const bar2 = dark ? C.ink800 : "#eef1f6";
  return `<g filter="url(#shadow)"><rect x="${x}" y="${y}" width="${w}" height="${h}" rx="18" fill="${bg}"/></g>
  <path d="M${x} ${y + 18} a 18 18 0 0 1 18 -18 h ${w - 36} a 18 18 0 0 1 18 18 v 26 h -${w} z" fill="${bar2}"/>
  <circle cx="${x + 24}" cy="${y + 22}" r="6" fill="${C.coral}"/><circle cx="${x + 44}" cy="${y + 22}" r="6" fill="${C.sun}"/><circle cx="${x + 64}" cy="${y + 22}" r="6" fill="${C.a400}"/>
  ${text(x + w / 2, y + 28, title, { size: 15, fill: dark ? C.ink400 : C.ink600, anchor: "middle" })}`;
}
/** A phone outline with a screen of the given colour. */
/** @param {number} x @param {number} y @param {string} screenFill */
function phoneAt(x, y, screenFill) {
  return `<g filter="url(#shadow)"><rect x="${x}" y="${y}" width="300" height="600" rx="44" fill="${C.ink950}"/></g>
  <rect x="${x + 14}" y="${y + 14}" width="272" height="572" rx="32" fill="${screenFill}"/>
  <rect x="${x + 115}" y="${y + 24}" width="70" height="18" rx="9" fill="${C.ink950}"/>`;
}
/** @param {number} x @param {number} y @param {string} label @param {string} fill @param {string} [color] @param {number} [size] */
const chip = (x, y, label, fill, color = "#ffffff", size = 14) => {
  const w = Math.round(label.length * size * 0.62 + 24);
  return `<rect x="${x}" y="${y}" width="${w}" height="${size + 14}" rx="${(size + 14) / 2}" fill="${fill}"/>${text(x + w / 2, y + size + 3, label, { size, fill: color, weight: 700, anchor: "middle" })}`;
};
/** Chips in a row, 10 px apart; `fillOf(label)` picks each chip's colour. */
/** @param {number} x @param {number} y @param {string[]} labels @param {(label: string) => string} fillOf @param {string} [color] @param {number} [size] */
const chipRow = (x, y, labels, fillOf, color = C.ink900, size = 13) => {
  let left = x;
  return labels
    .map((label) => {
      const out = chip(left, y, label, fillOf(label), color, size);
      left += Math.round(label.length * size * 0.62 + 24) + 10;
      return out;
    })
    .join("");
};
/** @param {number} x @param {number} y @param {number[]} widths @param {string} fill @param {number} [gap] @param {number} [h] */
const lines = (x, y, widths, fill, gap = 22, h = 10) => widths.map((w, i) => bar(x, y + i * gap, w, h, fill, h / 2)).join("");

/** A small drawn QR-like code (21 cells square, three finder eyes, a logo in the middle) for the QR tool's screens. */
/**
 * @param {number} x @param {number} y @param {number} cell
 * @param {string} dark @param {string} eye @param {string} light @param {number} seed
 */
function qrCode(x, y, cell, dark, eye, light, seed) {
  const r = rng(seed);
  const finder = (/** @type {number} */ cx, /** @type {number} */ cy) => (cx < 7 && cy < 7) || (cx >= 14 && cy < 7) || (cx < 7 && cy >= 14);
  let cells = "";
  for (let cy = 0; cy < 21; cy++)
    for (let cx = 0; cx < 21; cx++) {
      if (finder(cx, cy) || (cx >= 8 && cx <= 12 && cy >= 8 && cy <= 12)) continue;
      if (r() > 0.5)
        cells += `<rect x="${x + cx * cell}" y="${y + cy * cell}" width="${cell - 1}" height="${cell - 1}" rx="${cell / 4}" fill="${dark}"/>`;
    }
  const eyes = /** @type {Array<[number, number]>} */ ([
    [0, 0],
    [14, 0],
    [0, 14],
  ])
    .map(
      ([ex, ey]) =>
        `<rect x="${x + ex * cell + cell / 2}" y="${y + ey * cell + cell / 2}" width="${6 * cell}" height="${6 * cell}" rx="${cell * 1.5}" fill="none" stroke="${eye}" stroke-width="${cell}"/><rect x="${x + (ex + 2) * cell}" y="${y + (ey + 2) * cell}" width="${3 * cell}" height="${3 * cell}" rx="${cell}" fill="${eye}"/>`,
    )
    .join("");
  return `<rect x="${x - cell * 2}" y="${y - cell * 2}" width="${cell * 25}" height="${cell * 25}" rx="${cell * 2}" fill="${light}"/>${cells}${eyes}<circle cx="${x + 10.5 * cell}" cy="${y + 10.5 * cell}" r="${cell * 2.6}" fill="${light}"/><path d="M${x + 10.5 * cell - cell * 1.4} ${y + 10.5 * cell + cell} l ${cell * 1.4} ${-cell * 2.4} l ${cell * 1.4} ${cell * 2.4} z" fill="${eye}"/>`;
}

const screens = {
  "ai-property-assistant-portal": () =>
    backdrop(
      C.a300,
      C.a500,
      `
    ${windowAt(90, 110, 600, 560, "Leiekontrakt · Sannergata 14")}
    ${text(130, 200, "§ 4 Bruk av fellesarealer", { size: 24, fill: C.ink900, weight: 700 })}
    ${lines(130, 232, [500, 470, 520, 300], C.ink200)}
    <rect x="118" y="330" width="540" height="120" rx="12" fill="${C.a300}" opacity="0.55"/>
    ${text(136, 362, "4.2 Sykler skal stå i sykkelrommet i bygg B.", { size: 18, fill: C.ink950, weight: 700 })}
    ${lines(136, 384, [480, 420, 360], C.a700)}
    ${lines(130, 480, [510, 460, 500, 420, 480, 260], C.ink200)}
    ${phoneAt(820, 100, "#ffffff")}
    ${text(970, 170, "Tenant assistant", { size: 18, fill: C.ink900, weight: 700, anchor: "middle" })}
    <rect x="854" y="206" width="200" height="70" rx="18" fill="${C.ink50}" stroke="${C.ink200}"/>
    ${text(870, 236, "Kan jeg ha sykkelen", { size: 15, fill: C.ink800 })}${text(870, 258, "i gangen?", { size: 15, fill: C.ink800 })}
    <rect x="880" y="296" width="196" height="150" rx="18" fill="${C.a700}"/>
    ${text(896, 326, "Nei, men sykkel-", { size: 15, fill: "#ffffff" })}${text(896, 348, "rommet i bygg B er", { size: 15, fill: "#ffffff" })}${text(896, 370, "gratis. Koden står i", { size: 15, fill: "#ffffff" })}${text(896, 392, "velkomstbrevet.", { size: 15, fill: "#ffffff" })}
    ${chip(896, 406, "§ 4.2 leiekontrakt", C.a300, C.ink950, 12)}
    <rect x="854" y="626" width="232" height="44" rx="22" fill="${C.ink50}" stroke="${C.ink200}"/>
    `,
    ),
  "ai-property-assistant-queue": () =>
    backdrop(
      C.ink800,
      C.a700,
      `
    ${windowAt(80, 80, 1120, 640, "Front desk · Needs a person (6)")}
    <rect x="80" y="124" width="300" height="596" fill="${C.ink50}"/>
    ${["Money", "Safety", "Complaint", "Money", "Safety"].map((tag, i) => `<rect x="96" y="${144 + i * 108}" width="268" height="92" rx="12" fill="${i === 1 ? "#ffffff" : C.ink50}" stroke="${i === 1 ? C.a500 : C.ink200}" stroke-width="2"/>${chip(110, 156 + i * 108, tag, tag === "Safety" ? C.coral : tag === "Money" ? C.sun : C.v300, C.ink950, 12)}${lines(110, 194 + i * 108, [220, 160], C.ink200, 20)}`).join("")}
    ${text(420, 180, "Water dripping from the bathroom ceiling", { size: 24, fill: C.ink950, weight: 700 })}
    ${text(420, 210, "Flat 3B · Sannergata 14 · 07:42", { size: 15, fill: C.ink600 })}
    ${lines(420, 240, [700, 640, 420], C.ink200)}
    <rect x="420" y="330" width="740" height="250" rx="14" fill="${C.a300}" fill-opacity="0.25" stroke="${C.a500}"/>
    ${text(444, 366, "Drafted reply", { size: 16, fill: C.a700, weight: 700 })}
    ${lines(444, 390, [660, 620, 680, 560, 600, 300], C.ink400)}
    ${chip(444, 530, "Emergency plumber booked · 09:00", C.ink900, "#ffffff", 13)}
    <rect x="900" y="616" width="260" height="56" rx="14" fill="${C.a700}"/>${text(1030, 652, "Approve and send", { size: 18, fill: "#ffffff", weight: 700, anchor: "middle" })}
    <rect x="760" y="616" width="124" height="56" rx="14" fill="#ffffff" stroke="${C.ink200}" stroke-width="2"/>${text(822, 652, "Edit", { size: 18, fill: C.ink800, weight: 700, anchor: "middle" })}
    `,
    ),
  "lawsecai-review": () =>
    backdrop(
      C.v300,
      C.v500,
      `
    ${windowAt(70, 80, 1140, 640, "DPA_Vendor_2025.pdf · Review")}
    <rect x="100" y="140" width="560" height="550" rx="10" fill="${C.ink50}"/>
    ${text(130, 180, "Data Processing Agreement", { size: 22, fill: C.ink900, weight: 700 })}
    ${Array.from({ length: 13 }, (_, i) => {
      const y = 214 + i * 34;
      const hl = i === 3 ? C.a300 : i === 7 ? C.sun : null;
      return (
        (hl ? `<rect x="118" y="${y - 9}" width="524" height="28" rx="6" fill="${hl}" opacity="0.7"/>` : "") +
        bar(130, y, /** @type {number} */ ([480, 440, 500, 460, 380, 490, 420, 470, 300, 480, 450, 410, 260][i]), 10, C.ink400, 5)
      );
    }).join("")}
    ${text(700, 180, "Article 28(3) checklist", { size: 22, fill: C.ink900, weight: 700 })}
    ${
      /** @type {Array<[string, string]>} */ ([
        ["(a) Documented instructions", "ok"],
        ["(b) Confidentiality", "ok"],
        ["(c) Security measures", "weak"],
        ["(d) Sub-processors", "ok"],
        ["(e) Data subject rights", "ok"],
        ["(f) Assistance", "ok"],
        ["(g) Deletion or return", "weak"],
        ["(h) Audits and inspections", "missing"],
      ])
        .map(([label, state], i) => {
          const y = 206 + i * 56;
          const color = state === "ok" ? C.a500 : state === "weak" ? C.sun : C.coral;
          const mark =
            state === "ok"
              ? `<path d="M${712} ${y + 18} l 7 7 l 13 -15" fill="none" stroke="#fff" stroke-width="4" stroke-linecap="round"/>`
              : `<rect x="${720}" y="${y + 9}" width="4" height="12" fill="#fff"/><rect x="720" y="${y + 24}" width="4" height="4" fill="#fff"/>`;
          return `<rect x="700" y="${y}" width="480" height="46" rx="10" fill="${state === "missing" ? "#fde7e1" : "#ffffff"}" stroke="${C.ink200}"/><circle cx="722" cy="${y + 20}" r="14" fill="${color}"/>${mark}${text(748, y + 29, label, { size: 16, fill: C.ink900 })}${state === "ok" ? "" : chip(1080, y + 10, state, color, C.ink950, 12)}`;
        })
        .join("")
    }
    `,
    ),
  "lawsecai-playbook": () =>
    backdrop(
      C.ink900,
      C.v700,
      `
    ${windowAt(160, 90, 960, 620, "Playbook suggestion · Clause 9.1", { dark: true })}
    ${chip(210, 160, "Weak: (g) Deletion or return", C.sun, C.ink950, 14)}
    ${text(210, 240, "Current wording", { size: 16, fill: C.ink400, weight: 700 })}
    <rect x="210" y="256" width="860" height="120" rx="12" fill="#3b1d22"/>
    ${text(234, 292, "− The Processor may retain personal data for as long", { size: 18, fill: "#f7b4a6" })}
    ${text(234, 322, "− as it deems necessary for its business purposes.", { size: 18, fill: "#f7b4a6" })}
    ${text(210, 420, "Your playbook", { size: 16, fill: C.ink400, weight: 700 })}
    <rect x="210" y="436" width="860" height="150" rx="12" fill="#0f3a31"/>
    ${text(234, 472, "+ At the end of the services the Processor shall, at the", { size: 18, fill: C.a300 })}
    ${text(234, 502, "+ Controller's choice, delete or return all personal data", { size: 18, fill: C.a300 })}
    ${text(234, 532, "+ within 30 days and certify the deletion in writing.", { size: 18, fill: C.a300 })}
    <rect x="850" y="616" width="220" height="52" rx="14" fill="${C.v500}"/>${text(960, 649, "Use suggestion", { size: 18, fill: "#ffffff", weight: 700, anchor: "middle" })}
    <rect x="700" y="616" width="136" height="52" rx="14" fill="none" stroke="${C.ink600}" stroke-width="2"/>${text(768, 649, "Dismiss", { size: 18, fill: C.ink200, weight: 700, anchor: "middle" })}
    `,
    ),
  "musicwave-harmony-practice": () =>
    backdrop(
      C.sun,
      C.coral,
      `
    ${phoneAt(490, 100, C.ink900)}
    ${text(640, 170, "Minuet in G · Bach", { size: 18, fill: "#ffffff", weight: 700, anchor: "middle" })}
    ${text(640, 196, "Band follows you", { size: 14, fill: C.a300, anchor: "middle" })}
    ${[0, 1].map((row) => `${[0, 1, 2, 3, 4].map((l) => `<line x1="524" y1="${250 + row * 120 + l * 12}" x2="756" y2="${250 + row * 120 + l * 12}" stroke="${C.ink600}" stroke-width="1.5"/>`).join("")}`).join("")}
    <rect x="600" y="236" width="78" height="76" rx="8" fill="${C.a400}" opacity="0.2" stroke="${C.a400}"/>
    ${
      /** @type {Array<[number, number]>} */ ([
        [540, 274],
        [566, 268],
        [592, 262],
        [622, 256],
        [648, 262],
        [690, 268],
        [720, 280],
        [548, 386],
        [580, 380],
        [612, 392],
        [650, 374],
        [690, 380],
        [728, 392],
      ])
        .map(
          ([x, y], i) =>
            `<ellipse cx="${x}" cy="${y}" rx="7" ry="5.5" fill="${i === 9 ? C.sun : "#ffffff"}" transform="rotate(-20 ${x} ${y})"/><line x1="${x + 6}" y1="${y}" x2="${x + 6}" y2="${y - 30}" stroke="${i === 9 ? C.sun : "#ffffff"}" stroke-width="2"/>`,
        )
        .join("")
    }
    <circle cx="640" cy="520" r="74" fill="none" stroke="${C.ink700}" stroke-width="12"/>
    <circle cx="640" cy="520" r="74" fill="none" stroke="${C.a400}" stroke-width="12" stroke-dasharray="300 500" transform="rotate(-90 640 520)"/>
    ${text(640, 528, "84", { size: 40, fill: "#ffffff", weight: 700, anchor: "middle" })}${text(640, 556, "bpm", { size: 14, fill: C.ink400, anchor: "middle" })}
    <circle cx="640" cy="640" r="26" fill="${C.coral}"/><rect x="630" y="630" width="20" height="20" rx="3" fill="#ffffff"/>
    <g filter="url(#shadow)"><rect x="120" y="260" width="300" height="150" rx="22" fill="#ffffff"/></g>
    ${text(146, 304, "Accompaniment", { size: 16, fill: C.ink600, weight: 700 })}
    ${["Piano", "Bass", "Drums"].map((name, i) => `${text(146, 340 + i * 26, name, { size: 15, fill: C.ink800 })}${bar(240, 330 + i * 26, /** @type {number} */ ([140, 100, 120][i]), 10, [C.a500, C.v500, C.sun][i], 5)}`).join("")}
    <g filter="url(#shadow)"><rect x="860" y="470" width="300" height="130" rx="22" fill="#ffffff"/></g>
    ${text(886, 512, "Bar 7", { size: 16, fill: C.ink600, weight: 700 })}${text(886, 548, "F♯ a little flat", { size: 20, fill: C.ink950, weight: 700 })}${text(886, 576, "−18 cents", { size: 15, fill: C.coral, weight: 700 })}
    `,
    ),
  "musicwave-harmony-report": () =>
    backdrop(
      C.ink900,
      "#5a3a1a",
      `
    ${windowAt(100, 80, 1080, 640, "Weekly report · Emma, violin · for Sigrid")}
    ${text(150, 180, "Minuet in G: 32 bars", { size: 22, fill: C.ink900, weight: 700 })}
    ${Array.from({ length: 32 }, (_, i) => {
      const state = [6, 7, 19].includes(i) ? C.coral : [12, 13, 20, 27].includes(i) ? C.sun : C.a400;
      return `<rect x="${150 + (i % 8) * 62}" y="${206 + Math.floor(i / 8) * 62}" width="54" height="54" rx="10" fill="${state}" opacity="0.85"/>${text(177 + (i % 8) * 62, 239 + Math.floor(i / 8) * 62, String(i + 1), { size: 15, fill: C.ink950, weight: 700, anchor: "middle" })}`;
    }).join("")}
    ${chip(150, 470, "Start next lesson at bars 7 and 20", C.ink900, "#ffffff", 14)}
    ${text(740, 180, "Minutes practised", { size: 22, fill: C.ink900, weight: 700 })}
    ${[18, 22, 20, 31, 34, 29, 38].map((m, i) => `<rect x="${760 + i * 56}" y="${460 - m * 6}" width="36" height="${m * 6}" rx="8" fill="${i > 2 ? C.v500 : C.ink200}"/>${text(778 + i * 56, 490, /** @type {string} */ (["M", "T", "W", "T", "F", "S", "S"][i]), { size: 14, fill: C.ink600, anchor: "middle" })}`).join("")}
    ${text(740, 560, "+40% since the band", { size: 26, fill: C.v700, weight: 700 })}
    ${lines(740, 590, [360, 300], C.ink200)}
    `,
    ),
  "rentals-in-thailand-post": () =>
    backdrop(
      C.sun,
      C.a500,
      `
    ${phoneAt(150, 100, "#ffffff")}
    ${text(300, 168, "New listing", { size: 18, fill: C.ink900, weight: 700, anchor: "middle" })}
    <rect x="184" y="192" width="232" height="118" rx="14" fill="${C.a300}" opacity="0.6"/>
    <rect x="184" y="192" width="232" height="118" rx="14" fill="none" stroke="${C.a500}" stroke-width="2"/>
    ${text(200, 220, "Original · Thai", { size: 13, fill: C.a700, weight: 700 })}
    ${lines(200, 236, [196, 176, 188, 120], C.a700, 16, 8)}
    ${
      /** @type {Array<[string, number]>} */ ([
        ["1 bedroom · 9,500 ฿/month", 340],
        ["Soi 7, Nimman", 372],
        ["Desk · fibre 500 Mbit", 404],
        ["Deposit 1 month", 436],
      ])
        .map(
          ([label, y]) =>
            `<rect x="184" y="${y - 22}" width="232" height="30" rx="8" fill="${C.ink50}"/>${text(196, y - 2, label, { size: 13, fill: C.ink800 })}`,
        )
        .join("")
    }
    <rect x="184" y="468" width="232" height="96" rx="12" fill="${C.ink50}"/>
    ${[0, 1, 2, 3].map((i) => `<rect x="${196 + i * 54}" y="482" width="46" height="66" rx="8" fill="${[C.a500, C.sun, C.v300, C.coral][i]}" opacity="0.75"/>`).join("")}
    <rect x="184" y="612" width="232" height="48" rx="24" fill="${C.a700}"/>${text(300, 643, "Publish", { size: 18, fill: "#ffffff", weight: 700, anchor: "middle" })}
    ${windowAt(560, 120, 620, 560, "Translations · Soi 7, Nimman")}
    ${text(600, 210, "Published in 5 languages · 48 s", { size: 24, fill: C.ink950, weight: 700 })}
    ${
      /** @type {Array<[string, string, string]>} */ ([
        ["TH", "Thai", "original"],
        ["EN", "English", "meaning checked"],
        ["DE", "German", "meaning checked"],
        ["RU", "Russian", "meaning checked"],
        ["ZH", "Chinese", "meaning checked"],
      ])
        .map(([code, lang, state], i) => {
          const y = 240 + i * 78;
          return `<rect x="600" y="${y}" width="540" height="64" rx="12" fill="${i === 0 ? C.ink50 : "#ffffff"}" stroke="${C.ink200}"/><rect x="616" y="${y + 14}" width="52" height="36" rx="8" fill="${C.a700}"/>${text(642, y + 38, code, { size: 15, fill: "#ffffff", weight: 700, anchor: "middle" })}${text(688, y + 38, lang, { size: 18, fill: C.ink900, weight: 700 })}${lines(800, y + 27, [150], C.ink200)}<circle cx="1000" cy="${y + 32}" r="11" fill="${C.a500}"/><path d="M994 ${y + 32} l 4 4 l 8 -9" fill="none" stroke="#fff" stroke-width="3" stroke-linecap="round"/>${text(1018, y + 37, state, { size: 13, fill: C.ink600 })}`;
        })
        .join("")
    }
    ${chip(600, 634, "Glossary kept: soi, deposit, 1 month notice", C.sun, C.ink950, 13)}
    `,
    ),
  "rentals-in-thailand-search": () =>
    backdrop(
      C.a700,
      C.sun,
      `
    ${windowAt(70, 80, 1140, 640, "rentalsinthailand.com · Search")}
    <rect x="110" y="148" width="1060" height="60" rx="30" fill="#ffffff" stroke="${C.a500}" stroke-width="3"/>
    ${text(146, 186, "A quiet street with a desk, a market within walking distance", { size: 20, fill: C.ink900 })}
    <rect x="1040" y="156" width="120" height="44" rx="22" fill="${C.a700}"/>${text(1100, 185, "Search", { size: 17, fill: "#ffffff", weight: 700, anchor: "middle" })}
    <rect x="110" y="236" width="430" height="454" rx="14" fill="#e7efe3"/>
    <path d="M110 420 C 220 380, 300 470, 540 400" fill="none" stroke="#ffffff" stroke-width="12"/>
    <path d="M300 236 C 320 360, 260 520, 320 690" fill="none" stroke="#ffffff" stroke-width="9"/>
    <path d="M110 560 C 250 540, 400 620, 540 580" fill="none" stroke="#9fd3e6" stroke-width="14"/>
    <rect x="380" y="300" width="110" height="70" rx="8" fill="${C.sun}" opacity="0.55"/>${text(435, 340, "Market", { size: 13, fill: C.ink900, weight: 700, anchor: "middle" })}
    ${
      /** @type {Array<[number, number, string]>} */ ([
        [360, 430, "1"],
        [230, 330, "2"],
        [440, 520, "3"],
      ])
        .map(
          ([x, y, n]) =>
            `<path d="M${x} ${y} c -20 -24 -20 -50 0 -56 c 20 6 20 32 0 56 z" fill="${n === "1" ? C.coral : C.v500}"/>${text(x, y - 30, n, { size: 15, fill: "#ffffff", weight: 700, anchor: "middle" })}`,
        )
        .join("")
    }
    ${text(136, 676, "Chiang Mai · Nimman and Santitham", { size: 13, fill: C.ink600 })}
    ${
      /** @type {Array<[string, string, string[]]>} */ ([
        ["Soi 7, Nimman · 1 bedroom", "9,500 ฿ / month", ["Quiet: 0 noise reports", "Desk", "Market 4 min"]],
        ["Santitham · studio", "7,800 ฿ / month", ["Quiet: 1 report", "Desk", "Market 9 min"]],
        ["Soi 13, Nimman · 1 bedroom", "11,000 ฿ / month", ["Quiet street", "No desk", "Market 6 min"]],
      ])
        .map(([title, price, tags], i) => {
          const y = 236 + i * 154;
          return `<rect x="570" y="${y}" width="600" height="140" rx="14" fill="#ffffff" stroke="${i === 0 ? C.coral : C.ink200}" stroke-width="2"/><rect x="586" y="${y + 16}" width="120" height="108" rx="10" fill="${[C.a500, C.v300, C.sun][i]}" opacity="0.7"/>${text(726, y + 44, `${i + 1}. ${title}`, { size: 19, fill: C.ink950, weight: 700 })}${text(726, y + 72, price, { size: 16, fill: C.ink600 })}${chipRow(726, y + 92, tags, (tag) => (tag === "No desk" ? "#fde7e1" : "#e3f6ef"))}`;
        })
        .join("")
    }
    `,
    ),
  "shno-bergendorff-styling": () =>
    backdrop(
      "#f3d9c8",
      C.coral,
      `
    ${phoneAt(130, 100, "#fbf7f2")}
    ${text(280, 168, "Style my table", { size: 18, fill: C.ink900, weight: 700, anchor: "middle" })}
    <rect x="164" y="190" width="232" height="170" rx="14" fill="#c9a27a"/>
    <rect x="164" y="190" width="232" height="70" rx="14" fill="#e8ddd0"/>
    <rect x="180" y="292" width="200" height="14" rx="7" fill="#a77f57"/>
    <path d="M214 292 c -6 -30 4 -50 16 -54 c 12 4 22 24 16 54 z" fill="#f2efe9"/>
    ${text(176, 348, "Your photo", { size: 12, fill: "#ffffff", weight: 700 })}
    ${text(164, 392, "Colours in your room", { size: 14, fill: C.ink800, weight: 700 })}
    ${["#c9a27a", "#e8ddd0", "#a77f57", "#f2efe9", "#4f6b73"].map((c, i) => `<circle cx="${180 + i * 44}" cy="${422}" r="16" fill="${c}" stroke="${C.ink200}"/>`).join("")}
    ${text(164, 474, "Fits your table", { size: 14, fill: C.ink800, weight: 700 })}
    ${[0, 1, 2].map((i) => `<rect x="${164 + i * 80}" y="488" width="72" height="72" rx="12" fill="#ffffff" stroke="${C.ink200}"/>`).join("")}
    <path d="M176 540 a 24 16 0 0 1 48 0 z" fill="#4f7f8a"/><path d="M268 544 c -6 -26 2 -40 12 -44 c 10 4 18 18 12 44 z" fill="#4f7f8a"/><path d="M334 540 a 30 12 0 0 1 60 0 z" fill="#6f9aa3"/>
    <rect x="164" y="584" width="232" height="48" rx="24" fill="${C.ink900}"/>${text(280, 614, "Add 3 pieces · 1,140 kr", { size: 15, fill: "#ffffff", weight: 700, anchor: "middle" })}
    <g filter="url(#shadow)"><rect x="520" y="130" width="640" height="540" rx="24" fill="#fbf7f2"/></g>
    ${text(560, 190, "Serving bowl, fjord glaze", { size: 26, fill: C.ink950, weight: 700 })}
    ${text(560, 222, "Batch 23-14 · fired 12 October · 18 pieces", { size: 16, fill: C.ink600 })}
    <rect x="560" y="248" width="260" height="230" rx="16" fill="#e8ddd0"/>
    <path d="M600 430 a 90 60 0 0 1 180 0 z" fill="#4f7f8a"/><path d="M612 430 a 78 16 0 0 0 156 0 z" fill="#3c6670"/>
    ${[0, 1, 2].map((i) => `<rect x="${560 + i * 90}" y="492" width="80" height="60" rx="10" fill="#e8ddd0" stroke="${i === 0 ? C.ink800 : "none"}" stroke-width="2"/><path d="M${574 + i * 90} 540 a ${26 + i * 2} 18 0 0 1 ${52 + i * 4} 0 z" fill="${["#4f7f8a", "#5a8791", "#46727c"][i]}"/>`).join("")}
    ${text(850, 272, "Why it fits", { size: 17, fill: C.ink800, weight: 700 })}
    ${text(850, 302, "Blue-grey picks up your", { size: 16, fill: C.ink800 })}${text(850, 326, "window frame; the wide", { size: 16, fill: C.ink800 })}${text(850, 350, "shape suits a long table.", { size: 16, fill: C.ink800 })}
    <rect x="850" y="380" width="280" height="120" rx="14" fill="#fff4dc" stroke="${C.sun}"/>
    ${text(868, 410, "Glaze note", { size: 15, fill: "#8a5a00", weight: 700 })}
    ${text(868, 436, "Looks darker in warm", { size: 15, fill: C.ink800 })}${text(868, 458, "evening light. Each piece", { size: 15, fill: C.ink800 })}${text(868, 480, "varies a little.", { size: 15, fill: C.ink800 })}
    <rect x="560" y="590" width="230" height="52" rx="26" fill="${C.ink900}"/>${text(675, 623, "Add to basket", { size: 17, fill: "#ffffff", weight: 700, anchor: "middle" })}
    ${text(820, 623, "420 kr", { size: 22, fill: C.ink950, weight: 700 })}
    `,
    ),
  "shno-bergendorff-batch": () =>
    backdrop(
      C.v300,
      "#f3d9c8",
      `
    ${windowAt(80, 80, 1120, 640, "Studio · Batches · 23-14")}
    ${text(120, 176, "Batch 23-14 · Fjord glaze", { size: 26, fill: C.ink950, weight: 700 })}
    ${chipRow(120, 196, ["18 pieces", "Fired 12 Oct", "Photographed"], (label) => (label === "Photographed" ? "#e3f6ef" : C.ink50))}
    ${Array.from({ length: 18 }, (_, i) => {
      const x = 120 + (i % 6) * 80;
      const y = 250 + Math.floor(i / 6) * 96;
      const shape =
        i % 3 === 0
          ? `<path d="M${x + 12} ${y + 62} a 28 20 0 0 1 56 0 z" fill="#4f7f8a"/>`
          : i % 3 === 1
            ? `<path d="M${x + 30} ${y + 64} c -6 -30 2 -46 10 -50 c 8 4 16 20 10 50 z" fill="#5a8791"/>`
            : `<path d="M${x + 8} ${y + 62} a 32 12 0 0 1 64 0 z" fill="#46727c"/>`;
      return `<rect x="${x}" y="${y}" width="72" height="84" rx="10" fill="#efe8df"/>${shape}${i === 4 ? `<rect x="${x}" y="${y}" width="72" height="84" rx="10" fill="none" stroke="${C.coral}" stroke-width="3"/>` : ""}`;
    }).join("")}
    ${text(120, 566, "Piece 5 set aside: glaze crawled at the rim", { size: 15, fill: C.coral, weight: 700 })}
    <rect x="120" y="590" width="470" height="100" rx="12" fill="${C.ink50}"/>
    ${text(140, 620, "Maker's notes", { size: 15, fill: C.ink600, weight: 700 })}
    ${text(140, 648, "fjord glaze, thicker this time, pools blue", { size: 15, fill: C.ink800 })}${text(140, 672, "in the well, stoneware, oven safe", { size: 15, fill: C.ink800 })}
    <rect x="630" y="170" width="530" height="420" rx="14" fill="#ffffff" stroke="${C.v500}" stroke-width="2"/>
    ${text(656, 206, "Drafted description", { size: 16, fill: C.v700, weight: 700 })}
    ${text(656, 244, "A wide serving bowl in our fjord glaze,", { size: 17, fill: C.ink900 })}
    ${text(656, 272, "which pools to a deep blue in the well", { size: 17, fill: C.ink900 })}
    ${text(656, 300, "and thins to grey at the rim.", { size: 17, fill: C.ink900 })}
    ${lines(656, 330, [460, 420, 440, 300], C.ink200)}
    ${text(656, 440, "Care", { size: 16, fill: C.ink600, weight: 700 })}
    ${lines(656, 458, [420, 360], C.ink200)}
    ${chip(656, 520, "Edited by the studio", C.ink50, C.ink800, 13)}
    <rect x="900" y="616" width="260" height="56" rx="14" fill="${C.ink900}"/>${text(1030, 652, "Approve and publish", { size: 18, fill: "#ffffff", weight: 700, anchor: "middle" })}
    <rect x="760" y="616" width="124" height="56" rx="14" fill="#ffffff" stroke="${C.ink200}" stroke-width="2"/>${text(822, 652, "Edit", { size: 18, fill: C.ink800, weight: 700, anchor: "middle" })}
    `,
    ),
  "crypto-trading-dashboard-overview": () => {
    const r = rng(17);
    let y = 330;
    const points = Array.from({ length: 40 }, (_, i) => {
      y = Math.max(250, Math.min(420, y + (r() - 0.48) * 26));
      return `${540 + i * 15},${Math.round(y)}`;
    }).join(" ");
    return backdrop(
      C.ink950,
      "#1f4a3c",
      `
    ${windowAt(60, 70, 1160, 660, "Desk overview · 6 venues · live", { dark: true })}
    ${
      /** @type {Array<[string, string, string]>} */ ([
        ["Net value", "CHF 4.82m", C.ink200],
        ["24 h P&amp;L", "+1.6%", C.a400],
        ["Open alerts", "2", C.sun],
      ])
        .map(
          ([label, value, fill], i) =>
            `<rect x="${90 + i * 138}" y="134" width="126" height="84" rx="12" fill="${C.ink800}"/>${text(104 + i * 138, 162, label, { size: 13, fill: C.ink400 })}${text(104 + i * 138, 198, value, { size: 19, fill, weight: 700 })}`,
        )
        .join("")
    }
    ${text(90, 262, "Balances by venue", { size: 17, fill: "#ffffff", weight: 700 })}
    ${
      /** @type {Array<[string, string, number, string]>} */ ([
        ["Venue A", "1.31m", 0.27, "live"],
        ["Venue B", "0.98m", 0.2, "live"],
        ["Venue C", "0.86m", 0.18, "withdrawal pending"],
        ["Venue D", "0.74m", 0.15, "live"],
        ["Venue E", "0.55m", 0.11, "live"],
        ["Venue F", "0.38m", 0.08, "live"],
      ])
        .map(([venue, value, share, state], i) => {
          const yy = 282 + i * 66;
          const warn = state !== "live";
          return `<rect x="90" y="${yy}" width="400" height="56" rx="10" fill="${C.ink800}" stroke="${warn ? C.sun : C.ink800}"/>${text(108, yy + 34, venue, { size: 16, fill: "#ffffff", weight: 700 })}${bar(226, yy + 24, Math.round(share * 400), 10, warn ? C.sun : C.a500, 5)}${text(470, yy + 34, value, { size: 15, fill: C.ink200, anchor: "end" })}<circle cx="${212}" cy="${yy + 29}" r="4" fill="${warn ? C.sun : C.a400}"/>`;
        })
        .join("")
    }
    <rect x="520" y="134" width="670" height="320" rx="14" fill="${C.ink800}"/>
    ${text(544, 170, "BTC / CHF · best bid across venues", { size: 16, fill: C.ink200, weight: 700 })}
    ${[260, 320, 380, 440].map((gy) => `<line x1="540" y1="${gy}" x2="1170" y2="${gy}" stroke="${C.ink700}" stroke-dasharray="4 8"/>`).join("")}
    <polyline points="${points}" fill="none" stroke="${C.a400}" stroke-width="3" stroke-linejoin="round"/>
    <rect x="520" y="474" width="670" height="226" rx="14" fill="${C.ink800}"/>
    ${text(544, 508, "Positions against limits", { size: 16, fill: C.ink200, weight: 700 })}
    ${
      /** @type {Array<[string, number, string]>} */ ([
        ["BTC", 0.62, C.a400],
        ["ETH", 0.91, C.sun],
        ["SOL", 0.34, C.a400],
        ["USDC", 0.48, C.v300],
      ])
        .map(
          ([asset, use, fill], i) =>
            `${text(544, 548 + i * 38, asset, { size: 15, fill: "#ffffff", weight: 700 })}${bar(620, 538 + i * 38, 480, 12, C.ink700, 6)}${bar(620, 538 + i * 38, Math.round(use * 480), 12, fill, 6)}${text(1166, 550 + i * 38, `${Math.round(use * 100)}%`, { size: 14, fill: C.ink200, anchor: "end" })}`,
        )
        .join("")
    }
    `,
    );
  },
  "crypto-trading-dashboard-alert": () =>
    backdrop(
      "#1f4a3c",
      C.sun,
      `
    ${windowAt(90, 80, 700, 640, "Alerts", { dark: true })}
    <rect x="120" y="136" width="640" height="262" rx="16" fill="${C.ink800}" stroke="${C.sun}" stroke-width="2"/>
    <circle cx="152" cy="176" r="12" fill="${C.sun}"/>${text(176, 183, "Withdrawal pending too long", { size: 21, fill: "#ffffff", weight: 700 })}
    ${text(150, 226, "12.5 ETH from Venue C has been pending for 47 min.", { size: 17, fill: C.ink200 })}
    ${text(150, 254, "Withdrawals there usually clear in under 10 min,", { size: 17, fill: C.ink200 })}
    ${text(150, 282, "and the venue's status page reports no incident.", { size: 17, fill: C.ink200 })}
    ${chipRow(150, 310, ["Detected 1.4 s after the event", "Read-only: no action taken"], (label) => (label.startsWith("Detected") ? C.ink700 : "#0f3a31"), C.ink200)}
    ${chip(150, 350, "Acknowledge", C.sun, C.ink950, 14)}
    ${
      /** @type {Array<[string, string, string, string]>} */ ([
        ["Spread widening", "SOL spread on Venue E is 0.42%, five times", "its 30-day median, for the last 6 min.", C.v300],
        ["Position near limit", "ETH is at 91% of the desk's limit", "after the 14:05 fill on Venue B.", C.coral],
      ])
        .map(
          ([title, a, b, fill], i) =>
            `<rect x="120" y="${414 + i * 146}" width="640" height="128" rx="16" fill="${C.ink800}"/><circle cx="152" cy="${450 + i * 146}" r="10" fill="${fill}"/>${text(176, 457 + i * 146, title, { size: 19, fill: "#ffffff", weight: 700 })}${text(150, 492 + i * 146, a, { size: 16, fill: C.ink200 })}${text(150, 518 + i * 146, b, { size: 16, fill: C.ink200 })}`,
        )
        .join("")
    }
    <g filter="url(#shadow)"><rect x="830" y="150" width="360" height="500" rx="22" fill="#ffffff"/></g>
    ${text(860, 198, "End of day", { size: 22, fill: C.ink950, weight: 700 })}
    ${text(860, 226, "Reconciled 23:59 CET", { size: 15, fill: C.ink600 })}
    ${["Venue A", "Venue B", "Venue C", "Venue D", "Venue E", "Venue F"].map((venue, i) => `<circle cx="872" cy="${268 + i * 40}" r="10" fill="${C.a500}"/><path d="M866 ${268 + i * 40} l 4 4 l 8 -9" fill="none" stroke="#fff" stroke-width="3" stroke-linecap="round"/>${text(892, 274 + i * 40, venue, { size: 16, fill: C.ink800 })}${text(1160, 274 + i * 40, "matched", { size: 14, fill: C.a700, weight: 700, anchor: "end" })}`).join("")}
    <line x1="860" y1="510" x2="1160" y2="510" stroke="${C.ink200}"/>
    ${text(860, 544, "0 differences", { size: 18, fill: C.ink950, weight: 700 })}
    <rect x="860" y="570" width="300" height="50" rx="12" fill="${C.ink900}"/>${text(1010, 602, "Export for the accountant", { size: 16, fill: "#ffffff", weight: 700, anchor: "middle" })}
    `,
    ),
  "qr-code-generator-design": () =>
    backdrop(
      C.a300,
      C.v300,
      `
    ${windowAt(70, 80, 1140, 640, "qr.nordlys.studio · Design")}
    ${text(110, 170, "Your logo", { size: 16, fill: C.ink600, weight: 700 })}
    <rect x="110" y="186" width="300" height="96" rx="12" fill="${C.ink50}" stroke="${C.ink200}" stroke-dasharray="6 6"/>
    <path d="M150 262 l 22 -40 l 22 40 z" fill="#0b6e4f"/>${text(214, 240, "bakeri-logo.svg", { size: 15, fill: C.ink800, weight: 700 })}${text(214, 262, "2 brand colours found", { size: 13, fill: C.ink600 })}
    ${text(110, 324, "Suggested designs", { size: 16, fill: C.ink600, weight: 700 })}
    ${
      /** @type {Array<[string, string, string, string, boolean]>} */ ([
        ["#0b6e4f", "#0b6e4f", "#ffffff", "Passes · contrast 9.1:1", true],
        ["#0b6e4f", "#e0a526", "#fff8e8", "Passes · contrast 6.4:1", true],
        ["#e0a526", "#e0a526", "#fff8e8", "Fails · contrast 1.9:1", false],
      ])
        .map(([dark, eye, light, label, ok], i) => {
          const y = 344 + i * 118;
          return `<rect x="110" y="${y}" width="300" height="104" rx="12" fill="#ffffff" stroke="${i === 1 ? C.v500 : C.ink200}" stroke-width="${i === 1 ? 3 : 1}"/>${qrCode(134, y + 18, 3, dark, eye, light, 40 + i)}<rect x="122" y="${y + 12}" width="80" height="80" rx="8" fill="none" stroke="${C.ink200}"/>${text(220, y + 46, /** @type {string} */ (["Forest", "Forest and honey", "Honey"][i]), { size: 16, fill: C.ink900, weight: 700 })}${text(220, y + 72, label, { size: 13, fill: ok ? C.a700 : "#b42318", weight: 700 })}`;
        })
        .join("")
    }
    <rect x="450" y="140" width="500" height="550" rx="14" fill="${C.ink50}"/>
    ${qrCode(530, 210, 16, "#0b6e4f", "#e0a526", "#fff8e8", 41)}
    ${text(700, 660, "Forest and honey · rounded modules", { size: 15, fill: C.ink600, anchor: "middle" })}
    ${text(980, 170, "Colours", { size: 16, fill: C.ink600, weight: 700 })}
    ${
      /** @type {Array<[string, string]>} */ ([
        ["#0b6e4f", "Modules"],
        ["#e0a526", "Eyes"],
        ["#fff8e8", "Background"],
      ])
        .map(
          ([c, label], i) =>
            `<circle cx="1000" cy="${206 + i * 46}" r="16" fill="${c}" stroke="${C.ink200}"/>${text(1028, 212 + i * 46, label, { size: 15, fill: C.ink800 })}`,
        )
        .join("")
    }
    ${text(980, 370, "Links to", { size: 16, fill: C.ink600, weight: 700 })}
    <rect x="980" y="384" width="200" height="40" rx="10" fill="#ffffff" stroke="${C.ink200}"/>${text(994, 410, "bakeri.no/meny", { size: 15, fill: C.ink800 })}
    <rect x="980" y="620" width="200" height="52" rx="14" fill="${C.ink900}"/>${text(1080, 653, "Test and download", { size: 16, fill: "#ffffff", weight: 700, anchor: "middle" })}
    `,
    ),
  "qr-code-generator-scantest": () =>
    backdrop(
      C.v500,
      C.a500,
      `
    ${windowAt(70, 80, 1140, 640, "qr.nordlys.studio · Scan test")}
    ${text(110, 176, "Scan test: 6 of 6 cameras read your code", { size: 26, fill: C.ink950, weight: 700 })}
    ${text(110, 206, "Each design is read by simulated phone cameras before you can download it.", { size: 16, fill: C.ink600 })}
    ${
      /** @type {Array<[string, string, number, number]>} */ ([
        ["Older phone, 8 MP", "read in 0.3 s", 0, 0],
        ["Dim café light", "read in 0.6 s", 0.45, 0],
        ["Glare on gloss paper", "read in 0.5 s", 0, 1],
        ["Held at 40°", "read in 0.4 s", 0, 0],
        ["Slight blur", "read in 0.7 s", 0, 2],
        ["Printed 2.5 cm wide", "read in 0.5 s", 0, 0],
      ])
        .map(([label, time, dim, fx], i) => {
          const x = 110 + (i % 3) * 250;
          const y = 240 + Math.floor(i / 3) * 220;
          const tilt = i === 3 ? ` transform="skewX(-12) translate(${(y + 60) * 0.21} 0)"` : "";
          const size = i === 5 ? 44 : 80;
          const off = (80 - size) / 2;
          return `<rect x="${x}" y="${y}" width="230" height="200" rx="14" fill="${C.ink50}"/><g${tilt}>${qrCode(x + 75 + off + size / 12.5, y + 20 + off + size / 12.5, size / 25, "#0b6e4f", "#e0a526", "#fff8e8", 41)}</g>${dim ? `<rect x="${x}" y="${y}" width="230" height="120" rx="14" fill="${C.ink950}" opacity="${dim}"/>` : ""}${fx === 1 ? `<ellipse cx="${x + 140}" cy="${y + 50}" rx="40" ry="18" fill="#ffffff" opacity="0.8"/>` : ""}${fx === 2 ? `<rect x="${x}" y="${y}" width="230" height="120" rx="14" fill="${C.ink50}" opacity="0.45"/>` : ""}<circle cx="${x + 28}" cy="${y + 150}" r="12" fill="${C.a500}"/><path d="M${x + 22} ${y + 150} l 4 4 l 8 -9" fill="none" stroke="#fff" stroke-width="3" stroke-linecap="round"/>${text(x + 50, y + 156, label, { size: 15, fill: C.ink900, weight: 700 })}${text(x + 50, y + 180, time, { size: 13, fill: C.ink600 })}`;
        })
        .join("")
    }
    <rect x="880" y="240" width="290" height="420" rx="14" fill="#f3f0ff"/>
    ${text(904, 280, "Ready to download", { size: 20, fill: C.v700, weight: 700 })}
    ${text(904, 316, "Smallest safe print size", { size: 15, fill: C.ink600 })}${text(904, 350, "2.5 cm", { size: 30, fill: C.ink950, weight: 700 })}
    ${text(904, 392, "Keep a quiet margin of", { size: 15, fill: C.ink600 })}${text(904, 414, "4 modules around it.", { size: 15, fill: C.ink600 })}
    <rect x="904" y="470" width="242" height="52" rx="14" fill="${C.v700}"/>${text(1025, 503, "Download SVG", { size: 17, fill: "#ffffff", weight: 700, anchor: "middle" })}
    <rect x="904" y="538" width="242" height="52" rx="14" fill="#ffffff" stroke="${C.v500}" stroke-width="2"/>${text(1025, 571, "Download PNG", { size: 17, fill: C.v700, weight: 700, anchor: "middle" })}
    ${text(904, 626, "Scan counts: off", { size: 14, fill: C.ink600 })}
    `,
    ),
  "game-creator-blocks": () =>
    backdrop(
      C.v500,
      C.coral,
      `
    ${windowAt(60, 70, 1160, 660, "Game Creator · The fox and the sunset")}
    <rect x="90" y="134" width="560" height="420" rx="12" fill="#8fd0f0"/>
    <circle cx="560" cy="214" r="44" fill="${C.sun}"/>
    <rect x="90" y="500" width="560" height="54" fill="#5aa05a"/>
    <rect x="150" y="420" width="150" height="24" rx="6" fill="#7b5a3a"/><rect x="360" y="350" width="130" height="24" rx="6" fill="#7b5a3a"/><rect x="500" y="270" width="110" height="24" rx="6" fill="#7b5a3a"/>
    ${
      /** @type {Array<[number, number]>} */ ([
        [200, 396],
        [240, 396],
        [410, 326],
        [450, 326],
        [550, 246],
      ])
        .map(([x, y]) => `<circle cx="${x}" cy="${y}" r="11" fill="${C.sun}" stroke="#b98a2a" stroke-width="3"/>`)
        .join("")
    }
    <g transform="translate(170 440)"><path d="M0 56 l 16 -34 l 34 0 l 16 34 z" fill="${C.coral}"/><path d="M16 22 l 7 -20 l 10 17 z M44 19 l 8 -18 l 5 22 z" fill="${C.coral}"/><circle cx="27" cy="32" r="4" fill="${C.ink950}"/><circle cx="42" cy="32" r="4" fill="${C.ink950}"/><path d="M66 52 q 32 -8 30 -34 q -8 20 -30 26 z" fill="${C.coral}"/></g>
    <rect x="106" y="150" width="150" height="38" rx="10" fill="#ffffff" opacity="0.85"/>${text(122, 176, "Coins: 12", { size: 18, fill: C.ink950, weight: 700 })}
    <rect x="90" y="574" width="560" height="126" rx="12" fill="${C.ink50}"/>
    ${text(112, 606, "Your description", { size: 14, fill: C.ink600, weight: 700 })}
    ${text(112, 636, "A fox jumps between platforms collecting", { size: 17, fill: C.ink900 })}${text(112, 662, "coins before the sun sets.", { size: 17, fill: C.ink900 })}
    ${text(680, 160, "Rules", { size: 20, fill: C.ink950, weight: 700 })}
    ${
      /** @type {Array<[number, string, string, string]>} */ ([
        [0, "when", "game starts", C.v500],
        [1, "set", "timer to 90 seconds", C.a500],
        [0, "when", "fox touches coin", C.v500],
        [1, "change", "coins by +1", C.sun],
        [1, "play", "sound: ding", C.a500],
        [0, "when", "space is pressed", C.v500],
        [1, "jump", "height 5", C.coral],
        [0, "when", "timer reaches 0", C.v500],
        [1, "show", "sunset, game over", C.a500],
      ])
        .map(([indent, verb, rest, fill], i) => {
          const x = 680 + indent * 28;
          const y = 180 + i * 52;
          return `<rect x="${x}" y="${y}" width="${440 - indent * 28}" height="42" rx="8" fill="${fill}"/>${text(x + 16, y + 28, verb, { size: 16, fill: C.ink950, weight: 700 })}${text(x + 90, y + 28, rest, { size: 16, fill: C.ink950 })}${i === 6 ? `<rect x="${x - 6}" y="${y - 6}" width="${452 - indent * 28}" height="54" rx="12" fill="none" stroke="${C.ink950}" stroke-width="3" stroke-dasharray="6 5"/>` : ""}`;
        })
        .join("")
    }
    ${chip(708, 660, "You changed: jump height 3 → 5", C.ink900, "#ffffff", 14)}
    `,
    ),
  "game-creator-classroom": () =>
    backdrop(
      C.a300,
      C.v500,
      `
    ${windowAt(80, 80, 1120, 640, "Classroom · 7B · Games to review")}
    ${text(120, 176, "Class 7B · 24 pupils", { size: 26, fill: C.ink950, weight: 700 })}
    ${chipRow(120, 196, ["18 shared", "5 to review", "1 flagged"], (label) => (label === "1 flagged" ? "#fde7e1" : label === "5 to review" ? "#fff4dc" : "#e3f6ef"))}
    ${
      /** @type {Array<[string, string, string, string]>} */ ([
        ["Space cats", "Pupil 4", "to review", C.sun],
        ["The flooded school", "Pupil 9", "flagged", C.coral],
        ["Troll bridge", "Pupil 12", "to review", C.sun],
        ["Pizza delivery", "Pupil 17", "to review", C.sun],
        ["Fox and the sunset", "Pupil 21", "to review", C.sun],
      ])
        .map(([title, who, state, fill], i) => {
          const y = 246 + i * 88;
          return `<rect x="120" y="${y}" width="420" height="76" rx="12" fill="${i === 1 ? "#ffffff" : C.ink50}" stroke="${i === 1 ? C.coral : C.ink200}" stroke-width="2"/><rect x="136" y="${y + 12}" width="72" height="52" rx="8" fill="${[C.v300, "#8fd0f0", C.a300, C.sun, C.coral][i]}" opacity="0.8"/>${text(224, y + 34, title, { size: 17, fill: C.ink950, weight: 700 })}${text(224, y + 58, who, { size: 14, fill: C.ink600 })}${chip(524 - Math.round(state.length * 12 * 0.62 + 24), y + 26, state, fill, C.ink950, 12)}`;
        })
        .join("")
    }
    <rect x="580" y="150" width="580" height="530" rx="14" fill="#ffffff" stroke="${C.ink200}"/>
    ${text(610, 194, "The flooded school", { size: 24, fill: C.ink950, weight: 700 })}
    ${text(610, 222, "Platform game · 14 rules · made Tuesday", { size: 15, fill: C.ink600 })}
    <rect x="610" y="244" width="520" height="170" rx="10" fill="#8fd0f0"/>
    <rect x="610" y="354" width="520" height="60" fill="#3c7fb8" opacity="0.7"/>
    <rect x="700" y="270" width="160" height="84" fill="${C.ink200}"/><rect x="760" y="316" width="34" height="38" fill="${C.ink600}"/>
    <rect x="610" y="434" width="520" height="104" rx="10" fill="#fde7e1"/>
    ${text(630, 466, "Flagged by the content filter", { size: 16, fill: "#b42318", weight: 700 })}
    ${text(630, 494, "A word in the description may upset others.", { size: 15, fill: C.ink800 })}
    ${text(630, 518, "The game itself passed every check.", { size: 15, fill: C.ink800 })}
    <rect x="900" y="600" width="230" height="52" rx="14" fill="${C.a700}"/>${text(1015, 633, "Approve for sharing", { size: 16, fill: "#ffffff", weight: 700, anchor: "middle" })}
    <rect x="740" y="600" width="144" height="52" rx="14" fill="#ffffff" stroke="${C.ink200}" stroke-width="2"/>${text(812, 633, "Send back", { size: 16, fill: C.ink800, weight: 700, anchor: "middle" })}
    `,
    ),
  "marbella-academy-roleplay": () =>
    backdrop(
      C.sun,
      "#e0724f",
      `
    ${phoneAt(490, 100, "#fffaf2")}
    ${text(640, 166, "Hotel reception · B1", { size: 17, fill: C.ink900, weight: 700, anchor: "middle" })}
    ${text(640, 190, "Scene 6 of 10 · A noise complaint", { size: 13, fill: C.ink600, anchor: "middle" })}
    <rect x="516" y="212" width="248" height="100" rx="18" fill="#ffffff" stroke="${C.ink200}"/>
    ${text(536, 240, "Guest", { size: 12, fill: C.ink600, weight: 700 })}
    ${text(536, 264, "La habitación 214 tiene", { size: 15, fill: C.ink900 })}${text(536, 286, "mucho ruido. No puedo dormir.", { size: 14, fill: C.ink900 })}
    <rect x="544" y="328" width="216" height="100" rx="18" fill="${C.a700}"/>
    ${text(560, 356, "You", { size: 12, fill: C.a300, weight: 700 })}
    ${text(560, 380, "Lo siento. Usted quiere", { size: 15, fill: "#ffffff" })}${text(560, 402, "otra habitación?", { size: 15, fill: "#ffffff" })}
    <rect x="520" y="446" width="240" height="112" rx="16" fill="#fff4dc" stroke="${C.sun}"/>
    ${text(536, 472, "A more polite way", { size: 13, fill: "#8a5a00", weight: 700 })}
    ${text(536, 498, "¿Le gustaría cambiar", { size: 15, fill: C.ink900, weight: 700 })}${text(536, 520, "de habitación?", { size: 15, fill: C.ink900, weight: 700 })}
    ${text(536, 544, "Use the conditional with guests.", { size: 12, fill: C.ink600 })}
    <circle cx="640" cy="630" r="34" fill="#e0724f"/><rect x="631" y="610" width="18" height="28" rx="9" fill="#ffffff"/><path d="M624 632 a 16 16 0 0 0 32 0" fill="none" stroke="#ffffff" stroke-width="3"/><rect x="638" y="648" width="4" height="8" fill="#ffffff"/>
    <g filter="url(#shadow)"><rect x="110" y="220" width="300" height="220" rx="22" fill="#ffffff"/></g>
    ${text(136, 262, "Goals in this scene", { size: 16, fill: C.ink600, weight: 700 })}
    ${
      /** @type {Array<[string, boolean]>} */ ([
        ["Apologise", true],
        ["Offer a solution", true],
        ["Confirm the new room", false],
      ])
        .map(
          ([goal, done], i) =>
            `<circle cx="148" cy="${298 + i * 40}" r="11" fill="${done ? C.a500 : C.ink200}"/>${done ? `<path d="M142 ${298 + i * 40} l 4 4 l 8 -9" fill="none" stroke="#fff" stroke-width="3" stroke-linecap="round"/>` : ""}${text(170, 304 + i * 40, goal, { size: 16, fill: C.ink900 })}`,
        )
        .join("")
    }
    <g filter="url(#shadow)"><rect x="870" y="470" width="300" height="150" rx="22" fill="#ffffff"/></g>
    ${text(896, 512, "Pronunciation", { size: 16, fill: C.ink600, weight: 700 })}
    ${text(896, 548, "habitación", { size: 22, fill: C.ink950, weight: 700 })}
    ${text(896, 580, "Silent h, stress on the last", { size: 14, fill: C.ink800 })}${text(896, 600, "syllable: a-bi-ta-CIÓN", { size: 14, fill: C.ink800 })}
    `,
    ),
  "marbella-academy-insights": () =>
    backdrop(
      "#e0724f",
      C.v700,
      `
    ${windowAt(80, 80, 1120, 640, "Class insights · Reception B1 · before Thursday's class")}
    ${text(120, 176, "Hardest scenes this week", { size: 26, fill: C.ink950, weight: 700 })}
    ${text(120, 206, "14 students · 212 role-plays since Monday", { size: 16, fill: C.ink600 })}
    ${
      /** @type {Array<[string, number]>} */ ([
        ["Handling a complaint", 41],
        ["Explaining the bill", 52],
        ["A late check-in", 68],
        ["Booking a taxi", 79],
        ["Breakfast times", 88],
        ["Directions in town", 91],
      ])
        .map(([scene, rate], i) => {
          const y = 244 + i * 66;
          const fill = rate < 60 ? C.coral : rate < 80 ? C.sun : C.a500;
          return `${text(120, y + 22, scene, { size: 17, fill: C.ink900, weight: i < 2 ? 700 : 400 })}${bar(360, y + 8, 340, 16, C.ink50, 8)}${bar(360, y + 8, Math.round(rate * 3.4), 16, fill, 8)}${text(720, y + 22, `${rate}%`, { size: 16, fill: C.ink800, weight: 700 })}`;
        })
        .join("")
    }
    ${text(120, 660, "Share of role-plays where the student reached every goal", { size: 14, fill: C.ink600 })}
    <rect x="800" y="150" width="360" height="250" rx="14" fill="#fff4dc"/>
    ${text(824, 190, "Suggested for Thursday", { size: 18, fill: "#8a5a00", weight: 700 })}
    ${text(824, 226, "Complaints: most students", { size: 16, fill: C.ink900 })}${text(824, 250, "apologise but never offer", { size: 16, fill: C.ink900 })}${text(824, 274, "a solution. Practise", { size: 16, fill: C.ink900 })}${text(824, 298, "¿Le gustaría…? and", { size: 16, fill: C.ink900, weight: 700 })}${text(824, 322, "¿Quiere que…?", { size: 16, fill: C.ink900, weight: 700 })}
    ${chip(824, 350, "Open the scene in class", C.ink900, "#ffffff", 13)}
    <rect x="800" y="424" width="360" height="236" rx="14" fill="${C.ink50}"/>
    ${text(824, 462, "Needs a word from you", { size: 18, fill: C.ink900, weight: 700 })}
    ${
      /** @type {Array<[string, string]>} */ ([
        ["Student 3", "no practice for 9 days"],
        ["Student 11", "stuck on scene 4 twice"],
      ])
        .map(
          ([who, why], i) =>
            `<circle cx="840" cy="${506 + i * 56}" r="16" fill="${[C.v300, C.a300][i]}"/>${text(866, 502 + i * 56, who, { size: 16, fill: C.ink900, weight: 700 })}${text(866, 524 + i * 56, why, { size: 14, fill: C.ink600 })}`,
        )
        .join("")
    }
    `,
    ),
  "juristfirma-iverstrom-intake": () =>
    backdrop(
      "#dfe7e2",
      C.a500,
      `
    <g filter="url(#shadow)"><rect x="230" y="70" width="820" height="660" rx="40" fill="${C.ink950}"/></g>
    <rect x="252" y="92" width="776" height="616" rx="24" fill="#fbfaf7"/>
    ${text(290, 146, "Juristfirma Iverström · Inför ert första möte", { size: 16, fill: C.ink600 })}
    ${[0, 1, 2, 3, 4].map((i) => `<rect x="${290 + i * 142}" y="166" width="130" height="8" rx="4" fill="${i < 3 ? C.a700 : C.ink200}"/>`).join("")}
    ${text(290, 210, "Steg 3 av 5 · Barn", { size: 15, fill: C.a700, weight: 700 })}
    ${text(290, 256, "Var bor barnen i dag?", { size: 30, fill: C.ink950, weight: 700 })}
    ${
      /** @type {Array<[string, string]>} */ ([
        ["Ella, 7 år", "Hos mig"],
        ["Noah, 11 år", "Växelvis, varannan vecka"],
      ])
        .map(
          ([child, answer], i) =>
            `<rect x="290" y="${286 + i * 74}" width="460" height="60" rx="12" fill="#ffffff" stroke="${i === 1 ? C.a500 : C.ink200}" stroke-width="2"/>${text(310, 322 + i * 74, child, { size: 17, fill: C.ink900, weight: 700 })}${text(470, 322 + i * 74, answer, { size: 16, fill: C.ink800 })}`,
        )
        .join("")
    }
    <rect x="290" y="446" width="460" height="52" rx="12" fill="none" stroke="${C.ink400}" stroke-width="2" stroke-dasharray="6 6"/>${text(520, 478, "+ Lägg till ett barn", { size: 16, fill: C.ink600, anchor: "middle" })}
    <rect x="780" y="286" width="210" height="212" rx="14" fill="#eaf4f0"/>
    ${text(800, 318, "Varför vi frågar", { size: 15, fill: C.a700, weight: 700 })}
    ${text(800, 346, "Barnens boende avgör", { size: 14, fill: C.ink800 })}${text(800, 368, "vilka avtal och blanketter", { size: 14, fill: C.ink800 })}${text(800, 390, "som behövs. Svaret kan", { size: 14, fill: C.ink800 })}${text(800, 412, "ändras senare.", { size: 14, fill: C.ink800 })}
    ${text(800, 460, "Svenska · English", { size: 13, fill: C.ink600 })}
    <rect x="290" y="600" width="250" height="54" rx="27" fill="#ffffff" stroke="${C.ink200}" stroke-width="2"/>${text(415, 633, "Spara och fortsätt senare", { size: 15, fill: C.ink800, weight: 700, anchor: "middle" })}
    <rect x="790" y="600" width="200" height="54" rx="27" fill="${C.a700}"/>${text(890, 633, "Nästa steg", { size: 17, fill: "#ffffff", weight: 700, anchor: "middle" })}
    ${text(290, 560, "Dina svar sparas krypterat på vår server i Sverige.", { size: 14, fill: C.ink600 })}
    `,
    ),
  "juristfirma-iverstrom-draft": () =>
    backdrop(
      C.ink800,
      "#3d5a52",
      `
    ${windowAt(70, 70, 1140, 660, "Utkast · Avtal om vårdnad, boende och umgänge")}
    <rect x="110" y="134" width="640" height="566" rx="8" fill="#fbfaf7" stroke="${C.ink200}"/>
    ${text(430, 184, "AVTAL OM VÅRDNAD, BOENDE OCH UMGÄNGE", { size: 17, fill: C.ink950, weight: 700, anchor: "middle" })}
    ${text(140, 232, "1. Parter", { size: 15, fill: C.ink900, weight: 700 })}
    ${lines(140, 248, [540, 420], C.ink200, 20, 8)}
    ${text(140, 318, "2. Vårdnad", { size: 15, fill: C.ink900, weight: 700 })}
    ${text(140, 346, "Föräldrarna har gemensam vårdnad om", { size: 15, fill: C.ink800 })}
    <rect x="458" y="328" width="216" height="26" rx="6" fill="${C.a300}" opacity="0.6"/>${text(466, 346, "Ella (7) och Noah (11)", { size: 15, fill: C.ink950, weight: 700 })}
    ${lines(140, 366, [560, 300], C.ink200, 20, 8)}
    ${text(140, 432, "3. Boende", { size: 15, fill: C.ink900, weight: 700 })}
    ${text(140, 460, "Ella bor hos", { size: 15, fill: C.ink800 })}<rect x="236" y="442" width="108" height="26" rx="6" fill="${C.a300}" opacity="0.6"/>${text(244, 460, "modern", { size: 15, fill: C.ink950, weight: 700 })}
    ${text(140, 490, "Noah bor", { size: 15, fill: C.ink800 })}<rect x="214" y="472" width="236" height="26" rx="6" fill="${C.sun}" opacity="0.6"/>${text(222, 490, "växelvis, varannan vecka", { size: 15, fill: C.ink950, weight: 700 })}
    ${lines(140, 512, [520, 460], C.ink200, 20, 8)}
    ${text(140, 580, "4. Umgänge", { size: 15, fill: C.ink900, weight: 700 })}
    ${lines(140, 596, [560, 510, 380], C.ink200, 20, 8)}
    ${text(140, 684, "Mall: IV-FAM-04 · byråns egen mall", { size: 12, fill: C.ink400 })}
    <rect x="790" y="134" width="390" height="566" rx="12" fill="${C.ink50}"/>
    ${text(814, 174, "Granskning", { size: 20, fill: C.ink950, weight: 700 })}
    ${text(814, 200, "Utkast klart på 6 min · från intaget", { size: 14, fill: C.ink600 })}
    ${
      /** @type {Array<[string, string, string]>} */ ([
        ["Parter och personnummer", "ifyllt från intaget", C.a500],
        ["Barnens namn och ålder", "ifyllt från intaget", C.a500],
        ["Noahs boende", "kontrollera: växelvis", C.sun],
      ])
        .map(
          ([label, note, fill], i) =>
            `<rect x="814" y="${226 + i * 78}" width="342" height="64" rx="10" fill="#ffffff" stroke="${C.ink200}"/><circle cx="840" cy="${258 + i * 78}" r="10" fill="${fill}"/>${text(862, 252 + i * 78, label, { size: 15, fill: C.ink900, weight: 700 })}${text(862, 274 + i * 78, note, { size: 13, fill: C.ink600 })}`,
        )
        .join("")
    }
    ${text(814, 494, "Inget lämnar byråns servrar", { size: 14, fill: C.ink600 })}${text(814, 516, "i Sverige. Varje öppning loggas.", { size: 14, fill: C.ink600 })}
    <rect x="814" y="620" width="342" height="56" rx="14" fill="${C.a700}"/>${text(985, 655, "Godkänn som granskad", { size: 17, fill: "#ffffff", weight: 700, anchor: "middle" })}
    `,
    ),
};
for (const [name, draw] of Object.entries(screens)) write(`images/projects/screens/${name}.svg`, draw());

/**
 * Oslo's waterfront at night, left to right: the City Hall's two towers, the Opera House's
 * sloping roof, the Barcode towers, and Holmenkollen's ski jump on the ridge behind. Drawn
 * a shade lighter than the night sky, with the aurora's light on the edges; the home hero
 * repeats it along its bottom edge (app.css, `.hero`).
 */
const NIGHT = {
  ridge: "#0f1828",
  far: "#111a2c",
  mid: "#121c2e",
  near: "#141f33",
  light: "#17233a",
  roof: "#1a2740",
  water: "#0b1220",
  lit: 0.45,
};
/** The same skyline a shade darker than the light page headers (inner pages). */
const DAY = {
  ridge: "#e9eef6",
  far: "#e3e9f2",
  mid: "#dde4ee",
  near: "#d7dfeb",
  light: "#d2dae7",
  roof: "#ccd5e4",
  water: "#e6ecf4",
  lit: 0.7,
};
function osloSkyline(P = NIGHT) {
  const r = rng(91);
  const ridge = `<path d="M0 92 C 120 70, 240 86, 360 74 S 620 58, 760 72 S 1000 40, 1130 44 S 1320 62, 1440 70 V 160 H 0 Z" fill="${P.ridge}"/>`;
  const jump = `<path d="M1150 44 C 1172 30, 1190 14, 1204 2 L 1210 6 C 1196 22, 1180 38, 1160 50 Z" fill="${P.light}"/><rect x="1202" y="0" width="9" height="18" fill="${P.light}"/>`;
  const hall =
    `<rect x="150" y="62" width="44" height="98" fill="${P.near}"/><rect x="214" y="70" width="40" height="90" fill="${P.near}"/><rect x="186" y="104" width="36" height="56" fill="${P.mid}"/>` +
    [0, 1, 2, 3, 4, 5]
      .map(
        (i) => `<rect x="${158 + (i % 2) * 18}" y="${76 + Math.floor(i / 2) * 18}" width="8" height="8" fill="${C.sun}" opacity="0.35"/>`,
      )
      .join("");
  const opera = `<path d="M420 160 L 470 112 L 560 104 L 600 84 L 660 92 L 700 160 Z" fill="${P.roof}"/><path d="M470 112 L 560 104 L 600 84 L 660 92" fill="none" stroke="${C.a300}" stroke-opacity="0.45" stroke-width="2"/><path d="M560 104 L 600 84 L 600 160 L 560 160 Z" fill="${P.near}"/>`;
  const barcode = Array.from({ length: 12 }, (_, i) => {
    const h = 40 + Math.round(r() * 56);
    const x = 760 + i * 22;
    const lit = Array.from({ length: Math.floor(h / 14) }, (_, j) =>
      r() > 0.72
        ? `<rect x="${x + 5}" y="${160 - h + 8 + j * 14}" width="6" height="5" fill="${r() > 0.5 ? C.a300 : C.sun}" opacity="${P.lit}"/>`
        : "",
    ).join("");
    return `<rect x="${x}" y="${160 - h}" width="16" height="${h}" fill="${i % 3 === 1 ? P.light : P.mid}"/>${lit}`;
  }).join("");
  const houses = Array.from({ length: 16 }, (_, i) => {
    const x = i < 6 ? 10 + i * 22 : 1030 + (i - 6) * 40;
    const h = 18 + Math.round(r() * 26);
    return `<rect x="${x}" y="${160 - h}" width="${i < 6 ? 18 : 34}" height="${h}" fill="${P.far}"/>`;
  }).join("");
  const water =
    `<rect x="0" y="150" width="1440" height="10" fill="${P.water}"/>` +
    Array.from(
      { length: 18 },
      () =>
        `<rect x="${Math.round(r() * 1400)}" y="${152 + Math.round(r() * 6)}" width="${10 + Math.round(r() * 40)}" height="1.5" fill="${C.a300}" opacity="0.25"/>`,
    ).join("");
  return `<svg xmlns="http://www.w3.org/2000/svg" width="1440" height="160" viewBox="0 0 1440 160">${ridge}${jump}${houses}${hall}${opera}${barcode}${water}</svg>`;
}
write("app/images/oslo-skyline.svg", osloSkyline());
write("app/images/oslo-skyline-day.svg", osloSkyline(DAY));

/**
 * Founders' portraits: stylised, not likenesses of real people. One editorial style for all
 * three: a head-and-shoulders figure in flat shapes without drawn eyes or mouth, lit from the
 * upper right by an aurora glow (a rim of light along the face), on the night sky.
 */
/**
 * @param {{ glow: string, skin: string, shade: string, hair: string, top: string, back?: string, front?: string, extra?: string }} look
 *   colours, and SVG drawn behind the head (`back`), in front of it (`front`) and on top (`extra`)
 */
function portrait({ glow, skin, shade, hair, top, back = "", front = "", extra = "" }) {
  const rays = Array.from(
    { length: 14 },
    (_, i) =>
      `<rect x="${150 + i * 18}" y="0" width="3" height="${120 + ((i * 37) % 70)}" fill="${glow}" opacity="${0.08 + ((i * 13) % 10) / 100}"/>`,
  ).join("");
  return `<svg xmlns="http://www.w3.org/2000/svg" width="400" height="400" viewBox="0 0 400 400">
  <defs>
    <linearGradient id="bg" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${C.ink800}"/><stop offset="1" stop-color="${C.ink950}"/></linearGradient>
    <radialGradient id="aurora" cx="0.78" cy="0.05" r="0.75"><stop offset="0" stop-color="${glow}" stop-opacity="0.55"/><stop offset="1" stop-color="${glow}" stop-opacity="0"/></radialGradient>
    <linearGradient id="fade" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#fff"/><stop offset="1" stop-color="#fff" stop-opacity="0"/></linearGradient>
    <mask id="raymask"><rect width="400" height="220" fill="url(#fade)"/></mask>
  </defs>
  <rect width="400" height="400" fill="url(#bg)"/>
  <rect width="400" height="400" fill="url(#aurora)"/>
  <g mask="url(#raymask)">${rays}</g>
  ${back.replaceAll("HAIR", hair)}
  <path d="M52 400 C 60 322, 122 292, 200 290 C 278 292, 340 322, 348 400 Z" fill="${top}"/>
  <path d="M172 232 h 56 v 52 c -10 14 -46 14 -56 0 z" fill="${shade}"/>
  <ellipse cx="200" cy="186" rx="62" ry="76" fill="${skin}"/>
  <path d="M200 110 C 156 112, 138 150, 138 186 C 138 228, 162 256, 196 262 C 176 240, 168 214, 170 186 C 172 150, 184 124, 200 110 Z" fill="${shade}" opacity="0.45"/>
  <path d="M236 124 C 258 140, 266 166, 262 196 C 258 224, 244 246, 222 258" fill="none" stroke="${glow}" stroke-width="4" stroke-linecap="round" opacity="0.85"/>
  <path d="M204 172 c 6 14 8 24 2 30" fill="none" stroke="${shade}" stroke-width="3" stroke-linecap="round" opacity="0.7"/>
  ${front.replaceAll("HAIR", hair)}
  ${extra}
</svg>`;
}
write(
  "public/images/founders/ingrid-solheim.svg",
  portrait({
    glow: C.a400,
    skin: "#e9c3a4",
    shade: "#c99a7a",
    hair: "#d9b66c",
    top: C.ink700,
    back: `<path d="M128 180 C 120 104, 164 88, 200 88 C 246 88, 286 110, 274 186 L 282 300 L 236 300 L 230 240 L 170 240 L 164 300 L 118 300 Z" fill="HAIR"/>`,
    front: `<path d="M138 176 C 140 120, 176 98, 210 100 C 246 104, 268 136, 264 178 C 236 160, 214 138, 204 116 C 192 146, 168 166, 138 176 Z" fill="HAIR"/>`,
    extra: `<path d="M136 300 C 170 326, 232 326, 266 300 L 274 326 C 232 354, 168 354, 128 326 Z" fill="${C.a700}"/><path d="M186 330 l -14 70 h 30 l 6 -66 z" fill="${C.a700}"/>`,
  }),
);
write(
  "public/images/founders/aksel-bakke.svg",
  portrait({
    glow: C.v500,
    skin: "#dfae8c",
    shade: "#b7855f",
    hair: "#3b2a20",
    top: C.a700,
    front: `<path d="M140 168 C 136 112, 170 96, 204 96 C 244 96, 268 122, 262 170 C 246 140, 214 130, 182 132 C 162 134, 148 148, 140 168 Z" fill="HAIR"/>
  <path d="M140 200 C 144 250, 170 272, 200 272 C 232 272, 258 250, 262 200 C 250 226, 236 234, 226 234 C 216 222, 186 222, 176 234 C 164 234, 150 226, 140 200 Z" fill="HAIR"/>
  <g fill="none" stroke="${C.ink950}" stroke-width="4"><circle cx="176" cy="184" r="19"/><circle cx="226" cy="184" r="19"/><path d="M195 184 h 12 M157 182 l -16 -4 M245 182 l 16 -4"/></g>
  <path d="M150 318 C 180 300, 220 300, 250 318" fill="none" stroke="${C.a500}" stroke-width="6" opacity="0.6"/>`,
  }),
);
write(
  "public/images/founders/maya-okafor-lund.svg",
  portrait({
    glow: C.sun,
    skin: "#8d5a3b",
    shade: "#6a4029",
    hair: "#1d1410",
    top: C.v700,
    back: `<circle cx="200" cy="84" r="46" fill="HAIR"/>${[168, 200, 232].map((x, i) => `<circle cx="${x}" cy="${70 + (i % 2) * 8}" r="20" fill="HAIR"/>`).join("")}`,
    front: `<path d="M136 178 C 130 118, 166 100, 200 100 C 236 100, 272 118, 264 178 C 250 146, 226 128, 200 128 C 174 128, 150 146, 136 178 Z" fill="HAIR"/>
  ${[146, 172, 200, 228, 254].map((x, i) => `<circle cx="${x}" cy="${128 - (i % 2) * 10}" r="15" fill="HAIR"/>`).join("")}`,
    extra: `<circle cx="138" cy="214" r="8" fill="${C.sun}"/><circle cx="262" cy="214" r="8" fill="${C.sun}"/><path d="M168 292 L 200 330 L 232 292" fill="none" stroke="${C.v300}" stroke-width="5" stroke-linejoin="round"/>`,
  }),
);

/** Partner logos: original fictional marks with a wordmark, 240x72. */
/** @param {string} name the wordmark @param {string} mark the mark's SVG */
function logo(name, mark) {
  // One ink for every mark and wordmark, so the six read as one set rather than six colours.
  const color = C.ink800;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="240" height="72" viewBox="0 0 240 72">
  <g fill="${color}" stroke="${color}">${mark.replaceAll(/stroke="[^"]*"/g, "")}</g>
  <text x="66" y="44" font-family="Inter, system-ui, Arial, sans-serif" font-size="18" font-weight="700" fill="${C.ink800}">${name.replace("&", "&amp;")}</text>
</svg>`;
}
/** @type {Record<string, [name: string, mark: string, colour: string]>} */
const partnerLogos = {
  "skarv-freight": ["Skarv Freight", `<path d="M8 44 q 20 -30 48 -16 q -20 -2 -30 14 z"/><path d="M12 52 h 44 l -6 8 h -32 z"/>`, C.a700],
  "lysaker-energi": ["Lysaker Energi", `<path d="M34 8 l -16 30 h 14 l -6 26 l 24 -36 h -14 l 10 -20 z"/>`, "#b7791f"],
  "tindra-health": ["Tindra Health", `<path d="M24 12 h 16 v 14 h 14 v 16 h -14 v 14 h -16 v -14 h -14 v -16 h 14 z"/>`, C.v700],
  "brygge-co": ["Brygge & Co", `<path d="M10 60 v -30 l 10 -14 l 10 14 v 30 z M34 60 v -36 l 10 -14 l 10 14 v 36 z"/>`, "#b42318"],
  "nordvik-maritime": [
    "Nordvik Maritime",
    `<g fill="none" stroke="#1d4ed8" stroke-width="5" stroke-linecap="round"><circle cx="32" cy="14" r="6"/><path d="M32 20 v 40 M20 30 h 24 M12 42 q 4 18 20 18 q 16 0 20 -18"/></g>`,
    "#1d4ed8",
  ],
  "kvist-learning": [
    "Kvist Learning",
    `<path d="M32 60 v -26 M32 40 c -18 -2 -22 -16 -20 -26 c 12 0 20 8 20 26 M32 34 c 16 -2 22 -14 20 -24 c -12 0 -20 8 -20 24" stroke="${C.a700}" stroke-width="5" fill="none" stroke-linecap="round"/>`,
    C.a700,
  ],
};
for (const [file, [name, mark]] of Object.entries(partnerLogos)) write(`public/images/partners/${file}.svg`, logo(name, mark));

console.log(
  "Drew",
  Object.keys(projects).length,
  "project illustrations,",
  Object.keys(screens).length,
  "case-study screens, the Oslo skyline, 3 portraits and",
  Object.keys(partnerLogos).length,
  "partner logos.",
);
