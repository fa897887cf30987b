import type { ReactNode } from "react";

/** The heading block at the top of an inner page. */
export function PageHeader({ eyebrow, title, children }: { eyebrow?: string; title: string; children?: ReactNode }) {
  return (
    <header className="page-header bg-dawn border-b border-ink-200">
      <div className="container-page py-14 sm:py-20">
        {eyebrow ? <p className="eyebrow">{eyebrow}</p> : null}
        <h1 className="mt-3 max-w-3xl text-h1 font-semibold">{title}</h1>
        {children ? <div className="mt-5 max-w-2xl text-lg text-ink-600">{children}</div> : null}
      </div>
    </header>
  );
}
