import { useEffect } from "react";
import { toast as showToast, Toaster as Sonner } from "sonner";
import type { Toast } from "~/lib/toast";

/** One toast visible at a time (SPEC section 2, "Notifications"). */
export function Toaster() {
  return <Sonner visibleToasts={1} position="top-center" richColors closeButton />;
}

/** Shows a toast the server sent with the page (after a redirect). */
export function useServerToast(toast: Toast | null) {
  useEffect(() => {
    if (!toast) return;
    const show = toast.type === "success" ? showToast.success : toast.type === "error" ? showToast.error : showToast.info;
    show(toast.title, { id: toast.id, description: toast.description });
  }, [toast]);
}
