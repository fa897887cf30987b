import { DownloadIcon, SearchIcon } from "lucide-react";
import type { ReactNode } from "react";
import { Form, Link, useLocation } from "react-router";
import { Button } from "~/components/ui/button";
import { Input, Label } from "~/components/ui/input";
import { Options } from "~/components/ui/select";
import { cn } from "~/lib/cn";

/** Builds a same-page URL with some query parameters changed (undefined or "" removes one). */
export function withParams(search: string, changes: Record<string, string | number | undefined>): string {
  const params = new URLSearchParams(search);
  for (const [key, value] of Object.entries(changes)) {
    if (value === undefined || value === "") params.delete(key);
    else params.set(key, String(value));
  }
  const text = params.toString();
  return text ? `?${text}` : "?";
}

/** A GET search form: works without JavaScript. `children` adds filters (selects) to it. */
export function SearchForm({ q, label, placeholder, children }: { q: string; label: string; placeholder: string; children?: ReactNode }) {
  return (
    <Form method="get" role="search" className="flex flex-wrap items-end gap-3">
      <div className="flex min-w-64 flex-1 flex-col gap-1.5">
        <Label htmlFor="admin-search">{label}</Label>
        <Input id="admin-search" name="q" type="search" defaultValue={q} placeholder={placeholder} maxLength={200} />
      </div>
      {children}
      <Button type="submit" variant="outline">
        <SearchIcon aria-hidden="true" />
        Search
      </Button>
    </Form>
  );
}

export function ExportLink({ href, label = "Export CSV" }: { href: string; label?: string }) {
  return (
    <Button asChild variant="outline">
      <a href={href} download>
        <DownloadIcon aria-hidden="true" />
        {label}
      </a>
    </Button>
  );
}

export function Pagination({
  page,
  pageCount,
  total,
  noun,
  plural = `${noun}s`,
}: {
  page: number;
  pageCount: number;
  total: number;
  noun: string;
  plural?: string;
}) {
  const { search } = useLocation();
  return (
    <nav aria-label="Pages" className="mt-8 flex flex-wrap items-center justify-between gap-3 text-sm text-ink-700">
      <p>
        {total} {total === 1 ? noun : plural} · page {page} of {pageCount}
      </p>
      <div className="flex gap-2">
        {page > 1 ? (
          <Button asChild variant="outline" size="sm">
            <Link to={withParams(search, { page: page - 1, delete: undefined })} rel="prev">
              Previous page
            </Link>
          </Button>
        ) : null}
        {page < pageCount ? (
          <Button asChild variant="outline" size="sm">
            <Link to={withParams(search, { page: page + 1, delete: undefined })} rel="next">
              Next page
            </Link>
          </Button>
        ) : null}
      </div>
    </nav>
  );
}

export function formatDateTime(iso: string): string {
  return new Intl.DateTimeFormat("en-GB", { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" }).format(new Date(iso)) + " UTC";
}

/** A filter of a SearchForm: a select whose first option ("" ) is no filter. */
export function FilterSelect<T extends string>(props: {
  id: string;
  name: string;
  label: string;
  value: T | undefined;
  anyLabel: string;
  values: readonly T[];
  labels: Partial<Record<T, string>>;
}) {
  return (
    <div className="flex flex-col gap-1.5">
      <Label htmlFor={props.id}>{props.label}</Label>
      <select
        id={props.id}
        name={props.name}
        defaultValue={props.value ?? ""}
        className="h-11 rounded-[var(--radius-control)] border border-ink-300 bg-white px-3"
      >
        <option value="">{props.anyLabel}</option>
        <Options values={props.values} label={props.labels} />
      </select>
    </div>
  );
}

/** A list page's page of records (`children`, one <li> each) and its pagination, or what to say when there are none. */
export function RecordList(props: {
  label: string;
  className?: string;
  empty: string;
  count: number;
  page: { page: number; pageCount: number; total: number };
  noun: string;
  children: ReactNode;
}) {
  if (props.count === 0) return <p className="mt-10 text-center text-lg text-ink-600">{props.empty}</p>;
  return (
    <>
      <ul className={cn("mt-6", props.className ?? "grid gap-4")} aria-label={props.label}>
        {props.children}
      </ul>
      <Pagination {...props.page} noun={props.noun} />
    </>
  );
}
