import { AlertTriangle } from "lucide-react";

export type DiskLowFacts = { freeMb: number; lowMb: number };

/**
 * Shown on the dashboard while free disk space is under DISK_LOW_MB (docs/decisions/0171):
 * the numbers below stop growing because page views are not being stored.
 */
export function DiskLowNotice({ disk }: { disk: DiskLowFacts }) {
  return (
    <div
      role="note"
      className="flex items-start gap-2 rounded-[var(--radius-control)] border border-amber-300 bg-amber-50 p-4 text-sm text-ink-900"
    >
      <AlertTriangle aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-amber-700" />
      <p>
        <strong className="font-semibold">The server is running out of disk space</strong> ({disk.freeMb} MB free, under the {disk.lowMb} MB
        threshold). Page views and news refreshes are not being stored until space is freed; form submissions, leads and subscriptions still
        are.
      </p>
    </div>
  );
}
