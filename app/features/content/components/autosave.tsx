import { useEffect } from "react";
import { useFetcher, useNavigate } from "react-router";
import { useHydrated } from "~/lib/use-hydrated";
import type { EditorAnswer } from "../editor-actions.server";

/** How long after the last keystroke the draft saves itself. */
const AUTOSAVE_AFTER_MS = 1500;

/**
 * With JavaScript, the editor's draft saves itself 1.5 s after the last change (the form's
 * autosave intent, never a publish); without it, Save draft does the same. Says what happened in a
 * polite live region. A never-published item whose slug changed moves to its new address.
 */
export function Autosave({ formId, base }: { formId: string; base: string }) {
  const fetcher = useFetcher<EditorAnswer>();
  const navigate = useNavigate();
  const hydrated = useHydrated();
  const { submit } = fetcher;

  useEffect(() => {
    const form = document.getElementById(formId);
    if (!(form instanceof HTMLFormElement)) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const changed = () => {
      clearTimeout(timer);
      timer = setTimeout(() => {
        const data = new FormData(form);
        data.set("intent", "autosave");
        void submit(data, { method: "post", action: base });
      }, AUTOSAVE_AFTER_MS);
    };
    form.addEventListener("input", changed);
    form.addEventListener("change", changed);
    return () => {
      clearTimeout(timer);
      form.removeEventListener("input", changed);
      form.removeEventListener("change", changed);
    };
  }, [formId, base, submit]);

  const answer = fetcher.data;
  useEffect(() => {
    const moved = answer?.key && `${base.slice(0, base.lastIndexOf("/"))}/${answer.key}`;
    if (moved && moved !== base) void navigate(moved, { replace: true, preventScrollReset: true });
  }, [answer, base, navigate]);

  const firstError = answer ? Object.values(answer.errors)[0] : undefined;
  const status =
    fetcher.state !== "idle"
      ? "Saving the draft…"
      : firstError
        ? `Not saved yet: ${firstError}`
        : answer?.savedAt
          ? `Draft saved at ${new Date(answer.savedAt).toLocaleTimeString([], { hour: "2-digit", minute: "2-digit", second: "2-digit" })}.`
          : hydrated
            ? "The draft saves itself as you type."
            : "Save draft keeps your changes.";
  return (
    <p
      role="status"
      aria-live="polite"
      className={firstError ? "mt-2 text-sm text-danger-700" : "mt-2 text-sm text-ink-600"}
      data-testid="autosave-status"
    >
      {status}
    </p>
  );
}
