import { useEffect, useState } from "react";
import type * as SonnerModule from "sonner";
import type { Toast } from "~/lib/toast";
import { loadToaster, onToasterLoaded, toast as notify, toasterMounted } from "~/lib/notify";

type Sonner = typeof SonnerModule;

/**
 * One toast visible at a time (docs/product.md#notifications). The toast
 * library loads when the first toast is asked for, or as soon as someone
 * starts filling in a form (so it is there before the form answers).
 */
export function Toaster() {
  const [sonner, setSonner] = useState<Sonner | null>(null);

  useEffect(() => onToasterLoaded((loaded) => setSonner(() => loaded)), []);
  // Runs after sonner's own <Toaster /> (a child) has subscribed to new toasts.
  useEffect(() => {
    if (sonner) toasterMounted();
  }, [sonner]);
  useEffect(() => {
    const onFocus = (event: FocusEvent) => {
      if (event.target instanceof Element && event.target.closest("form")) {
        void loadToaster();
        document.removeEventListener("focusin", onFocus);
      }
    };
    document.addEventListener("focusin", onFocus);
    return () => document.removeEventListener("focusin", onFocus);
  }, []);

  if (!sonner) return null;
  // Default (not "rich") colours: dark text on white meets WCAG AA contrast for every toast type.
  // Offset below the sticky header (4rem), so a toast never covers the navigation.
  return <sonner.Toaster visibleToasts={1} position="top-center" offset={{ top: 80 }} mobileOffset={{ top: 76 }} closeButton />;
}

/** Shows a toast the server sent with the page (after a redirect). */
export function useServerToast(toast: Toast | null) {
  useEffect(() => {
    if (!toast) return;
    const show = toast.type === "success" ? notify.success : toast.type === "error" ? notify.error : notify.info;
    show(toast.title, { id: toast.id, description: toast.description });
  }, [toast]);
}
