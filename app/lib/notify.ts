import type * as SonnerModule from "sonner";
import type { ExternalToast } from "sonner";

/**
 * Toasts with the toast library (sonner, ~9 KB gzip) loaded on demand: pages
 * that never show a toast never download it. `toast.success(...)` and friends
 * keep sonner's signatures; the first call loads the library, waits for the
 * <Toaster /> in the layout to mount it, then shows the toast. Calls made
 * while it loads are shown in order.
 */
type Sonner = typeof SonnerModule;
type Kind = "success" | "error" | "info" | "warning" | "loading" | "message";
type ToastId = string | number;

let loaded: Sonner | null = null;
let ready: Promise<void> | null = null;
let markReady: () => void = () => undefined;
const listeners = new Set<(sonner: Sonner) => void>();
let nextId = 0;

/** Loads sonner once and resolves when the layout's toaster has mounted it. */
export function loadToaster(): Promise<void> {
  if (!ready) {
    ready = new Promise<void>((resolve) => {
      markReady = resolve;
    });
    import("sonner").then(
      (sonner) => {
        loaded = sonner;
        for (const listener of listeners) listener(sonner);
      },
      () => {
        // Offline or a stale deployment: allow a later toast to try again.
        ready = null;
      },
    );
  }
  return ready;
}

/** For the layout's <Toaster />: hears when sonner has loaded. */
export function onToasterLoaded(listener: (sonner: Sonner) => void): () => void {
  listeners.add(listener);
  if (loaded) listener(loaded);
  return () => listeners.delete(listener);
}

/** For the layout's <Toaster />: sonner's own toaster is on the page and listening. */
export function toasterMounted(): void {
  markReady();
}

function show(kind: Kind, message: string, options?: ExternalToast): ToastId {
  const id = options?.id ?? `toast-${++nextId}`;
  void loadToaster().then(() => loaded?.toast[kind](message, { ...options, id }));
  return id;
}

export const toast = {
  success: (message: string, options?: ExternalToast) => show("success", message, options),
  error: (message: string, options?: ExternalToast) => show("error", message, options),
  info: (message: string, options?: ExternalToast) => show("info", message, options),
  warning: (message: string, options?: ExternalToast) => show("warning", message, options),
  loading: (message: string, options?: ExternalToast) => show("loading", message, options),
  message: (message: string, options?: ExternalToast) => show("message", message, options),
  dismiss(id?: ToastId): void {
    // Nothing can be on screen before the library has been asked for.
    if (ready) void ready.then(() => loaded?.toast.dismiss(id));
  },
};
