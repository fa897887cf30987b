import { CheckIcon } from "lucide-react";

/** Short points, each after a check mark: a project's key features, what a service includes. */
export function CheckList({ items }: { items: readonly string[] }) {
  return (
    <ul className="mt-4 space-y-3">
      {items.map((item) => (
        <li key={item} className="flex gap-3 text-ink-700">
          <CheckIcon aria-hidden="true" className="mt-1 size-4 shrink-0 text-aurora-600" />
          <span>{item}</span>
        </li>
      ))}
    </ul>
  );
}
