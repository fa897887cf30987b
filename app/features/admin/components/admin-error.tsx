import { isRouteErrorResponse, Link } from "react-router";

/** An admin page that failed: said plainly, inside the admin frame, with a way back. */
export function AdminErrorView({ error }: { error: unknown }) {
  const status = isRouteErrorResponse(error) ? error.status : 500;
  // requireAdmin's refusal of a page that is not for the admin's roles (app/.server/admin-guard.ts).
  const notForRole = isRouteErrorResponse(error) && status === 403 && (error.data as { notForRole?: boolean } | null)?.notForRole;
  const title = notForRole ? "Not for your role" : status === 404 ? "Page not found" : "Something went wrong";
  return (
    <section className="container-page py-16">
      <title>{`${title} · Admin`}</title>
      <p className="font-display text-5xl font-bold text-aurora-700">{status}</p>
      <h1 className="mt-3 text-3xl font-semibold">{title}</h1>
      <p className="mt-2 max-w-xl text-ink-600">
        {notForRole
          ? String((error as { data: { message: string } }).data.message)
          : status === 404
            ? "There is no admin page at this address."
            : "The page could not be loaded. Try again in a moment; the error was logged."}
      </p>
      <p className="mt-6">
        <Link to="/admin" className="font-medium text-aurora-700 underline underline-offset-4">
          Back to the dashboard
        </Link>
      </p>
    </section>
  );
}
