import { requireAdmin } from "~/.server/admin-guard";
import { exportContent } from "~/features/content/transfer.server";
import type { Route } from "./+types/content-export";

/** GET /admin/content/export: all content as one JSON file, downloaded (docs/content.md, "Export and import"). */
export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const file = await exportContent();
  return new Response(`${JSON.stringify(file, null, 2)}\n`, {
    headers: {
      "Content-Type": "application/json; charset=utf-8",
      "Content-Disposition": `attachment; filename="content-${file.exportedAt!.slice(0, 10)}.json"`,
      "Cache-Control": "private, no-store",
    },
  });
}
