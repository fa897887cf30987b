import { createElement, type ReactNode, type Ref, type SVGProps } from "react";

/**
 * A small stand-in for lucide-react's icon runtime (createLucideIcon), used
 * by the production build for lucide's own icon files (./lucide-vite-plugin.ts):
 * the icon data stays lucide's, the 2 KB gzip of runtime every page paid for
 * (context, class helpers, name conversions) goes (decision 0081). It renders
 * the same SVG: lucide's default attributes, `lucide lucide-<name>` classes,
 * and aria-hidden unless the icon has a label.
 */
type IconNode = [tag: string, attributes: Record<string, string | number>][];
type IconData = { name?: string; size?: number; node: IconNode; aliases?: string[] };
export type LucideIconProps = Omit<SVGProps<SVGSVGElement>, "ref"> & {
  size?: number | string;
  absoluteStrokeWidth?: boolean;
  ref?: Ref<SVGSVGElement>;
  children?: ReactNode;
};

function hasLabel(props: Record<string, unknown>): boolean {
  return Object.entries(props).some(([name, value]) => (name.startsWith("aria-") || name === "role" || name === "title") && value != null);
}

export default function createLucideIcon(icon: IconData) {
  const box = icon.size ?? 24;
  const names = [icon.name, ...(icon.aliases ?? [])].filter(Boolean).map((name) => `lucide-${name}`);
  function LucideIcon({ className, size, width, height, color, strokeWidth = 2, absoluteStrokeWidth, children, ...rest }: LucideIconProps) {
    const classes = [...new Set(["lucide", ...names, ...(className ?? "").split(/\s+/)].filter(Boolean))].join(" ");
    const stroke = absoluteStrokeWidth ? (Number(strokeWidth) * box) / Number(size ?? width ?? 24) : strokeWidth;
    return createElement(
      "svg",
      {
        xmlns: "http://www.w3.org/2000/svg",
        width: width ?? size ?? 24,
        height: height ?? size ?? 24,
        viewBox: `0 0 ${box} ${box}`,
        fill: "none",
        stroke: color ?? "currentColor",
        strokeWidth: stroke,
        strokeLinecap: "round",
        strokeLinejoin: "round",
        className: classes,
        ...(children || hasLabel(rest) ? {} : { "aria-hidden": "true" }),
        ...rest,
      },
      ...icon.node.map(([tag, attributes]) => createElement(tag, attributes)),
      children,
    );
  }
  LucideIcon.displayName = icon.name;
  return LucideIcon;
}
