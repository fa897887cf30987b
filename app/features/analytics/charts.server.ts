import { scaleBand, scaleLinear } from "d3-scale";
import { area, curveMonotoneX, line } from "d3-shape";

/**
 * Chart geometry, computed on the server with d3-scale and d3-shape and rendered as SVG by
 * components/chart.tsx: the browser gets paths and positions, not a charting library.
 *
 * The plot is drawn in a 1000 × 1000 box that the SVG stretches to its element
 * (`preserveAspectRatio="none"`, strokes that do not scale), so it fills any width; the axis
 * labels are HTML placed at percentages of that box, so text stays crisp and readable at
 * 390 px as at 1440 px.
 */
export const PLOT_SIZE = 1000;

export type Tone = "aurora" | "violet" | "ink" | "amber" | "danger";

export type ChartSeries = { name: string; tone: Tone; values: number[] };

export type AxisLabel = { at: number; text: string };

/** An x label; `minor` ones are hidden on narrow screens, where every other one would collide. */
export type XLabel = AxisLabel & { minor: boolean };

export type LineShape = { name: string; tone: Tone; line: string; area: string };

export type BarSegment = { y: number; height: number; tone: Tone; label: string };

export type ChartModel = {
  id: string;
  title: string;
  description: string;
  kind: "line" | "bar";
  /** x labels: percent from the left; y ticks: percent from the bottom. */
  xLabels: XLabel[];
  yTicks: AxisLabel[];
  lines: LineShape[];
  bars: Array<{ x: number; width: number; segments: BarSegment[] }>;
  /** A horizontal reference line (a budget), percent from the bottom. */
  reference: AxisLabel | null;
  legend: Array<{ name: string; tone: Tone }>;
};

const numberFormat = new Intl.NumberFormat("en-GB");

function yScale(max: number) {
  const scale = scaleLinear()
    .domain([0, Math.max(1, max)])
    .range([PLOT_SIZE, 0])
    .nice(4);
  const ticks = scale.ticks(4).filter((tick) => Number.isInteger(tick));
  return { scale, ticks };
}

/**
 * At most `count` labels, evenly spread, always the first and the last; every other one is
 * minor (the first, the last and about half of the rest stay on narrow screens).
 */
function pickLabels(labels: string[], count: number): Array<{ index: number; minor: boolean }> {
  const indexes =
    labels.length <= count
      ? labels.map((_, index) => index)
      : Array.from({ length: count }, (_, index) => Math.round(index * ((labels.length - 1) / (count - 1))));
  const last = indexes.length - 1;
  return indexes.map((index, position) => ({
    index,
    minor: position !== last && (position % 2 === 1 || (last % 2 === 1 && position === last - 1)),
  }));
}

const percent = (value: number) => Math.round((value / PLOT_SIZE) * 10_000) / 100;

type ChartText = { id: string; title: string; description: string };

/** Lines over a sequence of labels (days, weeks), with a soft area under each. */
export function lineChart(text: ChartText, labels: string[], series: ChartSeries[], { maxLabels = 7 } = {}): ChartModel {
  const max = Math.max(0, ...series.flatMap((item) => item.values));
  const { scale: y, ticks } = yScale(max);
  // A single point has no line: it is drawn as a short flat one around the middle.
  const single = labels.length <= 1;
  const x = (index: number) => (single ? PLOT_SIZE * (0.45 + 0.1 * index) : (index / (labels.length - 1)) * PLOT_SIZE);
  const points = (values: number[]) => (single ? [values[0] ?? 0, values[0] ?? 0] : values);
  const lineOf = line<number>()
    .x((_, index) => x(index))
    .y((value) => y(value))
    .curve(curveMonotoneX);
  const areaOf = area<number>()
    .x((_, index) => x(index))
    .y0(PLOT_SIZE)
    .y1((value) => y(value))
    .curve(curveMonotoneX);
  return {
    ...text,
    kind: "line",
    xLabels: pickLabels(labels, maxLabels).map(({ index, minor }) => ({
      at: single ? 50 : percent(x(index)),
      text: labels[index]!,
      minor,
    })),
    yTicks: ticks.map((tick) => ({ at: 100 - percent(y(tick)), text: numberFormat.format(tick) })),
    lines: series.map((item) => ({
      name: item.name,
      tone: item.tone,
      line: lineOf(points(item.values)) ?? "",
      area: areaOf(points(item.values)) ?? "",
    })),
    bars: [],
    reference: null,
    legend: series.map(({ name, tone }) => ({ name, tone })),
  };
}

/** Bars per label, the series stacked; optionally a reference line (a daily budget). */
export function barChart(
  text: ChartText,
  labels: string[],
  series: ChartSeries[],
  { reference, maxLabels = 7 }: { reference?: { value: number; text: string }; maxLabels?: number } = {},
): ChartModel {
  const totals = labels.map((_, index) => series.reduce((sum, item) => sum + (item.values[index] ?? 0), 0));
  const { scale: y, ticks } = yScale(Math.max(0, ...totals, reference?.value ?? 0));
  const x = scaleBand<number>()
    .domain(labels.map((_, index) => index))
    .range([0, PLOT_SIZE])
    .paddingInner(labels.length > 40 ? 0.15 : 0.3)
    .paddingOuter(0.15);
  const bars = labels.map((label, index) => {
    let base = 0;
    const segments: BarSegment[] = [];
    for (const item of series) {
      const value = item.values[index] ?? 0;
      if (value <= 0) continue;
      const top = y(base + value);
      segments.push({
        y: top,
        height: y(base) - top,
        tone: item.tone,
        label: `${label}: ${numberFormat.format(value)} ${item.name.toLowerCase()}`,
      });
      base += value;
    }
    return { x: x(index) ?? 0, width: x.bandwidth(), segments };
  });
  return {
    ...text,
    kind: "bar",
    xLabels: pickLabels(labels, maxLabels).map(({ index, minor }) => ({
      at: percent((x(index) ?? 0) + x.bandwidth() / 2),
      text: labels[index]!,
      minor,
    })),
    yTicks: ticks.map((tick) => ({ at: 100 - percent(y(tick)), text: numberFormat.format(tick) })),
    lines: [],
    bars,
    reference: reference ? { at: 100 - percent(y(reference.value)), text: reference.text } : null,
    legend: series.map(({ name, tone }) => ({ name, tone })),
  };
}

/** "21 Nov" for a "2026-11-21" day. */
export function shortDay(day: string): string {
  return new Date(`${day}T00:00:00Z`).toLocaleDateString("en-GB", { day: "numeric", month: "short", timeZone: "UTC" });
}

export function formatNumber(value: number): string {
  return numberFormat.format(value);
}
