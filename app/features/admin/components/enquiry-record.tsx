import type { ReactNode } from "react";
import { formatDateTime } from "./list-controls";

type EnquiryRecordHeadProps = { headingId: string; name: string; badge: ReactNode; createdAt: string; email: string; children: ReactNode };

/**
 * The top of a lead's or a submission's card: who (the card's heading, `headingId`), where it
 * came from (`badge`), when, and the e-mail address; `children` adds rows to its details.
 */
export function EnquiryRecordHead(props: EnquiryRecordHeadProps) {
  return (
    <>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="flex flex-wrap items-center gap-2">
          <h2 id={props.headingId} className="text-lg font-semibold">
            {props.name}
          </h2>
          {props.badge}
        </div>
        <p className="text-sm text-ink-600">
          <time dateTime={props.createdAt}>{formatDateTime(props.createdAt)}</time>
        </p>
      </div>
      <dl className="mt-3 grid gap-x-6 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
        <dt className="font-medium text-ink-700">E-mail</dt>
        <dd>
          <a className="text-aurora-700 underline-offset-2 hover:underline" href={`mailto:${props.email}`}>
            {props.email}
          </a>
        </dd>
        {props.children}
      </dl>
    </>
  );
}
