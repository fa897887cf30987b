import { ChevronRightIcon } from "lucide-react";
import { Link } from "react-router";

export type Crumb = { label: string; to: string };

/** Breadcrumb trail; the last entry is the current page. Pair it with breadcrumbList() JSON-LD. */
export function Breadcrumb({ items }: { items: Crumb[] }) {
  return (
    <nav aria-label="Breadcrumb">
      <ol className="flex flex-wrap items-center gap-1.5 text-sm text-ink-600">
        {items.map((item, index) => {
          const isLast = index === items.length - 1;
          return (
            <li key={item.to} className="flex items-center gap-1.5">
              {isLast ? (
                <span aria-current="page" className="font-medium text-ink-900">
                  {item.label}
                </span>
              ) : (
                <>
                  <Link to={item.to} className="underline-offset-2 hover:text-ink-950 hover:underline">
                    {item.label}
                  </Link>
                  <ChevronRightIcon aria-hidden="true" className="size-3.5 text-ink-400" />
                </>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
