import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";

// React Router's default client entry, with hydration started in a task of its own rather than
// in the one that evaluates all of the page's modules: two shorter tasks instead of one long one,
// so the page stays responsive while it wakes up (docs/decisions/0082-paint-before-hydration.md).
setTimeout(() => {
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <HydratedRouter />
      </StrictMode>,
    );
  });
}, 0);
