import type { ReactNode } from "react";

/** The heading block at the top of an inner page. */
export function PageHeader({ eyebrow, title, children }: { eyebrow?: string; title: string; children?: ReactNode }) {
  return (
    <header className="border-b border-ink-200 bg-white">
      <div className="container-page py-14 sm:py-20">
        {eyebrow ? <p className="text-sm font-semibold uppercase tracking-wider text-aurora-700">{eyebrow}</p> : null}
        <h1 className="mt-2 max-w-3xl text-4xl font-semibold sm:text-5xl">{title}</h1>
        {children ? <div className="mt-4 max-w-2xl text-lg text-ink-600">{children}</div> : null}
      </div>
    </header>
  );
}
