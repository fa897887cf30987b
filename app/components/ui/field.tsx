import type { ReactNode } from "react";
import { cn } from "~/lib/cn";
import { Label } from "./input";

/**
 * A labelled form control with its description and error. The control gets
 * `id`, `aria-invalid` and `aria-describedby` from the render prop, so the
 * error is announced and tied to the field with or without JavaScript.
 */
export type FieldControlProps = {
  id: string;
  name: string;
  "aria-invalid": true | undefined;
  "aria-describedby": string | undefined;
};

export function Field({
  id,
  name,
  label,
  description,
  error,
  className,
  children,
}: {
  id: string;
  name: string;
  label: ReactNode;
  description?: ReactNode;
  error?: string | null;
  className?: string;
  children: (control: FieldControlProps) => ReactNode;
}) {
  const descriptionId = description ? `${id}-description` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [descriptionId, errorId].filter(Boolean).join(" ") || undefined;
  return (
    <div className={cn("flex flex-col gap-1.5", className)}>
      <Label htmlFor={id}>{label}</Label>
      {children({ id, name, "aria-invalid": error ? true : undefined, "aria-describedby": describedBy })}
      {description ? (
        <p id={descriptionId} className="text-sm text-ink-600">
          {description}
        </p>
      ) : null}
      <FieldError id={errorId} error={error} />
    </div>
  );
}

export function FieldError({ id, error }: { id?: string; error?: string | null }) {
  if (!error) return null;
  return (
    <p id={id} role="alert" className="text-sm font-medium text-danger-700">
      {error}
    </p>
  );
}
