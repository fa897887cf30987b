import { useRouteLoaderData } from "react-router";
import { originOf } from "~/components/model-text";

/**
 * The site's origin from PUBLIC_URL (the root loader's), so a summary's links to this site are
 * sorted the same on the server and in the browser (no hydration mismatch).
 */
export function useSiteOrigin(): string | undefined {
  const root = useRouteLoaderData("root") as { publicUrl?: string } | undefined;
  return originOf(root?.publicUrl);
}
