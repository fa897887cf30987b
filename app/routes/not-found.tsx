import { data, Link } from "react-router";
import { Button } from "~/components/ui/button";
import { publicUrlFrom, seo } from "~/lib/seo";
import type { Route } from "./+types/not-found";

export function loader() {
  return data(null, { status: 404 });
}

/** POSTs to unknown paths get the same 404 instead of a 405. */
export function action() {
  return data(null, { status: 404 });
}

export const meta: Route.MetaFunction = ({ matches, location }) =>
  seo({
    title: "Page not found",
    description: "The page you are looking for does not exist.",
    path: location.pathname,
    publicUrl: publicUrlFrom(matches),
    noindex: true,
  });

export default function NotFound() {
  return (
    <section className="container-page py-24 text-center">
      <h1 className="font-display text-7xl font-bold text-aurora-700">404</h1>
      <p className="mt-4 text-2xl font-semibold text-ink-950">Oops! Page not found</p>
      <p className="mx-auto mt-3 max-w-md text-ink-600">The page you are looking for does not exist or has moved.</p>
      <Button asChild className="mt-8">
        <Link to="/">Return to Home</Link>
      </Button>
    </section>
  );
}
