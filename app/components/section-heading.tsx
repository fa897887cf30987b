import type { ReactNode } from "react";
import { cn } from "~/lib/cn";

/** Eyebrow, h2 and intro at the top of a page section. */
export function SectionHeading({
  id,
  eyebrow,
  title,
  children,
  align = "start",
  tone = "light",
}: {
  id?: string;
  eyebrow?: string;
  title: string;
  children?: ReactNode;
  align?: "start" | "center";
  tone?: "light" | "dark";
}) {
  return (
    <div className={cn("max-w-2xl", align === "center" && "mx-auto text-center")}>
      {eyebrow ? <p className={cn("eyebrow", tone === "dark" && "text-aurora-300")}>{eyebrow}</p> : null}
      <h2 id={id} className={cn("mt-2 text-h2 font-semibold", tone === "dark" && "text-white")}>
        {title}
      </h2>
      {children ? <div className={cn("mt-4 text-lg", tone === "dark" ? "text-ink-200" : "text-ink-600")}>{children}</div> : null}
    </div>
  );
}
