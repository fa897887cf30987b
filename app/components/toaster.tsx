import { useEffect } from "react";
import { toast as showToast, Toaster as Sonner } from "sonner";
import type { Toast } from "~/lib/toast";

/** One toast visible at a time (SPEC section 2, "Notifications"). */
export function Toaster() {
  // Default (not "rich") colours: dark text on white meets WCAG AA contrast for every toast type.
  return <Sonner visibleToasts={1} position="top-center" closeButton />;
}

/** Shows a toast the server sent with the page (after a redirect). */
export function useServerToast(toast: Toast | null) {
  useEffect(() => {
    if (!toast) return;
    const show = toast.type === "success" ? showToast.success : toast.type === "error" ? showToast.error : showToast.info;
    show(toast.title, { id: toast.id, description: toast.description });
  }, [toast]);
}
