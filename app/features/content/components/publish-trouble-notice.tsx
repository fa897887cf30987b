import { Link } from "react-router";
import { TroubleNotice } from "~/components/trouble-notice";

export type PublishTrouble = Array<{ type: string; key: string; title: string; reason: string }>;

/**
 * Shown on the dashboard while a scheduled publish has failed (docs/content.md, "Editing a
 * project"): which items, why, and where to publish them again. Never silent.
 */
export function PublishTroubleNotice({ trouble }: { trouble: PublishTrouble }) {
  return (
    <TroubleNotice testId="publish-trouble">
      <div>
        <p className="font-semibold">
          {trouble.length === 1 ? "A scheduled publish failed." : `${trouble.length} scheduled publishes failed.`} The site still shows what
          it showed before.
        </p>
        <ul className="mt-1 list-disc pl-5">
          {trouble.map((item) => (
            <li key={`${item.type}/${item.key}`}>
              <Link to={`/admin/content/${item.type}/${item.key}`} className="font-medium text-aurora-700 underline underline-offset-2">
                {item.title}
              </Link>
              : {item.reason}
            </li>
          ))}
        </ul>
      </div>
    </TroubleNotice>
  );
}
