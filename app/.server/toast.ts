import { redirect } from "react-router";
import { safeRedirectPath } from "~/lib/safe-redirect";
import { toastSchema, type Toast, type ToastInput } from "~/lib/toast";
import { signedCookie } from "./secret";

const toastCookie = signedCookie("toast", 60);

/** Set-Cookie value that makes the next rendered page show `toast`. */
export async function toastHeader(toast: ToastInput, secure = false): Promise<string> {
  return toastCookie().serialize(toastSchema.parse(toast), { secure });
}

/** Redirects to a path on this site (anything else goes to "/", see safeRedirectPath) with a toast. */
export async function redirectWithToast(path: string, toast: ToastInput, init: ResponseInit = {}): Promise<Response> {
  const headers = new Headers(init.headers);
  headers.append("Set-Cookie", await toastHeader(toast));
  return redirect(safeRedirectPath(path), { ...init, headers });
}

/**
 * Set-Cookie value that drops a pending toast. A sign-in sends it: the 'Please log in to access
 * this page' that brought the visitor to the sign-in is stale once they are signed in.
 */
export async function clearToastHeader(): Promise<string> {
  return toastCookie().serialize("", { maxAge: 0 });
}

/** Reads the pending toast and the header that clears it. */
export async function readToast(request: Request): Promise<{ toast: Toast | null; clearHeader: string | null }> {
  const raw: unknown = await toastCookie().parse(request.headers.get("Cookie"));
  if (!raw) return { toast: null, clearHeader: null };
  const parsed = toastSchema.safeParse(raw);
  const clearHeader = await toastCookie().serialize("", { maxAge: 0 });
  return { toast: parsed.success ? parsed.data : null, clearHeader };
}
