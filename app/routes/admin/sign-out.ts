import { redirect } from "react-router";
import { requireSameOrigin } from "~/.server/admin-guard";
import { redirectWithToast } from "~/.server/toast";
import { signOut } from "~/features/admin/sign-out.server";
import type { Route } from "./+types/sign-out";

/** POST only: a link or prefetch must never sign anyone out. */
export function loader() {
  return redirect("/admin/login");
}

export async function action({ request }: Route.ActionArgs) {
  requireSameOrigin(request);
  const headers = await signOut(request);
  return redirectWithToast("/admin/login", { type: "success", title: "You are signed out" }, { headers });
}
