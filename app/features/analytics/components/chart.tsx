import type { ChartModel, Tone } from "../charts.server";

/**
 * A chart whose geometry the server computed (charts.server.ts): an SVG with a title and a
 * description for screen readers, stretched over its box, and the axis labels as HTML around
 * it. The numbers themselves are in the table that goes with each chart.
 */
const PLOT = 1000;

const tones: Record<Tone, { stroke: string; fill: string; area: string; swatch: string }> = {
  aurora: { stroke: "stroke-aurora-600", fill: "fill-aurora-500", area: "fill-aurora-400/20", swatch: "bg-aurora-500" },
  violet: { stroke: "stroke-violet-500", fill: "fill-violet-500", area: "fill-violet-500/10", swatch: "bg-violet-500" },
  ink: { stroke: "stroke-ink-700", fill: "fill-ink-500", area: "fill-ink-400/10", swatch: "bg-ink-500" },
  amber: { stroke: "stroke-amber-600", fill: "fill-amber-400", area: "fill-amber-400/10", swatch: "bg-amber-400" },
  danger: { stroke: "stroke-danger-700", fill: "fill-danger-700", area: "fill-danger-700/10", swatch: "bg-danger-700" },
};

/** Labels near an edge are aligned to it, so they stay inside the chart. */
function edgeAlign(at: number): string {
  if (at < 2) return "translate-x-0";
  if (at > 98) return "-translate-x-full";
  return "-translate-x-1/2";
}

export function Chart({ chart, height = 220 }: { chart: ChartModel; height?: number }) {
  const titleId = `${chart.id}-title`;
  const descId = `${chart.id}-desc`;
  return (
    <figure className="flex flex-col gap-2">
      <div className="flex gap-2">
        <div aria-hidden="true" className="relative w-12 shrink-0 text-right text-xs tabular-nums text-ink-600" style={{ height }}>
          {chart.yTicks.map((tick) => (
            <span key={tick.text} className="absolute right-0 translate-y-1/2 leading-none" style={{ bottom: `${tick.at}%` }}>
              {tick.text}
            </span>
          ))}
        </div>
        <div className="relative min-w-0 flex-1" style={{ height }}>
          <svg
            viewBox={`0 0 ${PLOT} ${PLOT}`}
            preserveAspectRatio="none"
            role="img"
            aria-labelledby={`${titleId} ${descId}`}
            className="absolute inset-0 h-full w-full overflow-visible"
          >
            <title id={titleId}>{chart.title}</title>
            <desc id={descId}>{chart.description}</desc>
            {chart.yTicks.map((tick) => (
              <line
                key={tick.text}
                x1={0}
                x2={PLOT}
                y1={PLOT - tick.at * 10}
                y2={PLOT - tick.at * 10}
                className="stroke-ink-200"
                strokeWidth={1}
                vectorEffect="non-scaling-stroke"
              />
            ))}
            {chart.lines.map((shape) => (
              <path key={`${shape.name}-area`} d={shape.area} className={tones[shape.tone].area} />
            ))}
            {chart.lines.map((shape) => (
              <path
                key={shape.name}
                d={shape.line}
                fill="none"
                className={tones[shape.tone].stroke}
                strokeWidth={2.5}
                strokeLinejoin="round"
                vectorEffect="non-scaling-stroke"
              />
            ))}
            {chart.bars.map((bar, index) =>
              bar.segments.map((segment) => (
                <rect
                  key={`${index}-${segment.label}`}
                  x={bar.x}
                  y={segment.y}
                  width={bar.width}
                  height={segment.height}
                  className={tones[segment.tone].fill}
                >
                  <title>{segment.label}</title>
                </rect>
              )),
            )}
            {chart.reference ? (
              <line
                x1={0}
                x2={PLOT}
                y1={PLOT - chart.reference.at * 10}
                y2={PLOT - chart.reference.at * 10}
                className="stroke-danger-700"
                strokeWidth={1.5}
                strokeDasharray="6 4"
                vectorEffect="non-scaling-stroke"
              />
            ) : null}
          </svg>
          {chart.reference ? (
            // Near the top of the plot the label goes under its line, so it stays inside the chart and
            // never covers the panel's header (its CSV link) above.
            <span
              aria-hidden="true"
              className={`absolute right-1 rounded bg-white/90 px-1 text-xs font-medium text-danger-700 ${chart.reference.at > 80 ? "translate-y-[120%]" : "translate-y-[-120%]"}`}
              style={{ bottom: `${chart.reference.at}%` }}
            >
              {chart.reference.text}
            </span>
          ) : null}
        </div>
      </div>
      <div aria-hidden="true" className="relative ml-14 h-4 text-xs text-ink-600">
        {chart.xLabels.map((label) => (
          <span
            key={`${label.at}-${label.text}`}
            className={`absolute top-0 whitespace-nowrap ${edgeAlign(label.at)} ${label.minor ? "max-sm:hidden" : ""}`}
            style={{ left: `${label.at}%` }}
          >
            {label.text}
          </span>
        ))}
      </div>
      {chart.legend.length > 1 ? (
        <figcaption className="ml-14 flex flex-wrap gap-x-4 gap-y-1 text-sm text-ink-700">
          {chart.legend.map((item) => (
            <span key={item.name} className="inline-flex items-center gap-1.5">
              <span aria-hidden="true" className={`inline-block size-2.5 rounded-full ${tones[item.tone].swatch}`} />
              {item.name}
            </span>
          ))}
        </figcaption>
      ) : null}
    </figure>
  );
}
