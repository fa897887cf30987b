import { useRouteLoaderData } from "react-router";
import { ModelText, originOf } from "~/components/model-text";

/**
 * An assistant message of a chat transcript as the visitor saw it: **bold**, links and lists, read
 * by the one renderer of model text (app/components/model-text.tsx), so nothing in it is ever
 * HTML and a `javascript:` link stays its label as plain text. Every link opens in a new tab, so the
 * review stays where it is.
 */
export function TranscriptText({ text }: { text: string }) {
  const root = useRouteLoaderData("root") as { publicUrl?: string } | undefined;
  return <ModelText text={text} links="new-tab" origin={originOf(root?.publicUrl)} />;
}
