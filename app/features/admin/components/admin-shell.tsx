import type { ReactNode } from "react";
import { useActionData } from "react-router";
import { isFailedRequestAnswer } from "~/lib/keep-page-on-failed-request";
import { ADMIN_REQUEST_FAILED_HINT } from "../failed-request";

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
      <FailedRequestAlert />
      <div className="mt-8">{children}</div>
    </div>
  );
}

/**
 * A list page's delete or release that failed on the way answers `{ message }` (the route's
 * clientAction, docs/decisions/0177): said here, above the list, which stays as it was.
 */
function FailedRequestAlert() {
  const answer = useActionData();
  if (!isFailedRequestAnswer(answer) || !("message" in answer) || typeof answer.message !== "string") return null;
  return (
    <div role="alert" className="mt-6 rounded-lg border border-danger-700/40 bg-danger-100 p-4">
      <p className="font-semibold text-danger-700">{answer.message}</p>
      <p className="text-sm text-ink-800">{ADMIN_REQUEST_FAILED_HINT}</p>
    </div>
  );
}
