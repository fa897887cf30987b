import { AlertTriangle } from "lucide-react";
import { Link } from "react-router";

export type PublishTrouble = Array<{ type: string; key: string; title: string; reason: string }>;

/**
 * Shown on the dashboard while a scheduled publish has failed (docs/content.md, "Editing a
 * project"): which items, why, and where to publish them again. Never silent.
 */
export function PublishTroubleNotice({ trouble }: { trouble: PublishTrouble }) {
  return (
    <div
      role="note"
      data-testid="publish-trouble"
      className="flex items-start gap-2 rounded-[var(--radius-control)] border border-amber-300 bg-amber-50 p-4 text-sm text-ink-900"
    >
      <AlertTriangle aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-amber-700" />
      <div>
        <p className="font-semibold">
          {trouble.length === 1 ? "A scheduled publish failed." : `${trouble.length} scheduled publishes failed.`} The site still shows what
          it showed before.
        </p>
        <ul className="mt-1 list-disc pl-5">
          {trouble.map((item) => (
            <li key={item.key}>
              <Link to={`/admin/content/${item.type}/${item.key}`} className="font-medium text-aurora-700 underline underline-offset-2">
                {item.title}
              </Link>
              : {item.reason}
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}
