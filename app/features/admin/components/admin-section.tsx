import type { ComponentProps, ReactNode } from "react";

/** A section of an admin page under its own heading (`heading`, with the id `headingId`). */
export function AdminSection({
  headingId,
  heading,
  children,
  ...props
}: ComponentProps<"section"> & { headingId: string; heading: ReactNode }) {
  return (
    <section aria-labelledby={headingId} {...props}>
      <h2 id={headingId} className="text-xl font-semibold">
        {heading}
      </h2>
      {children}
    </section>
  );
}
