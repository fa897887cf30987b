import type { ReactNode } from "react";

/**
 * The heading, description and actions of a signed-in admin page. The navigation and sign-out
 * are the admin frame's (admin-frame.tsx, rendered by the admin layout route).
 */
export function AdminShell({
  title,
  description,
  actions,
  children,
}: {
  title: string;
  description?: ReactNode;
  actions?: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className="container-page py-8 sm:py-10">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-3xl font-semibold sm:text-4xl">{title}</h1>
          {description ? <div className="mt-2 max-w-2xl text-ink-600">{description}</div> : null}
        </div>
        {actions ? <div className="flex flex-wrap gap-2">{actions}</div> : null}
      </div>
      <div className="mt-8">{children}</div>
    </div>
  );
}
