import { TroubleNotice } from "~/components/trouble-notice";

export type DiskLowFacts = { freeMb: number; lowMb: number };

/**
 * Shown on the dashboard while free disk space is under DISK_LOW_MB (docs/decisions/0171):
 * the numbers below stop growing because page views are not being stored.
 */
export function DiskLowNotice({ disk }: { disk: DiskLowFacts }) {
  return (
    <TroubleNotice>
      <p>
        <strong className="font-semibold">The server is running out of disk space</strong> ({disk.freeMb} MB free, under the {disk.lowMb} MB
        threshold). Page views and news refreshes are not being stored until space is freed; form submissions, leads and subscriptions still
        are.
      </p>
    </TroubleNotice>
  );
}
