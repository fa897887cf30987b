import type { RouterContextProvider } from "react-router";
import { requireAdminApi, requireOperation, type AdminUser } from "~/.server/admin-guard";
import { answerApi, jsonOk, requireMethod } from "~/.server/api";
import { AppError } from "~/.server/errors";
import { requestInfoContext } from "~/.server/request-context";
import { csvResponse } from "./csv.server";
import { audited, recordAdminAudit } from "./record-admin-audit.server";
import { idSchema } from "./schema";

type RouteArgs = { request: Request; params: Record<string, string | undefined>; context: Readonly<RouterContextProvider> };

export type AdminEndpointArgs = { request: Request; params: Record<string, string | undefined>; admin: AdminUser; clientIp: string };

/**
 * An admin JSON endpoint: the method is checked first (405), then the caller (401 not signed in,
 * 403 not an admin, or the route or the operation not for their role: a DELETE erases a record
 * and `?format=csv` exports people's data, which permissions.ts may give to fewer roles), then
 * the handler runs.
 */
export function adminEndpoint(methods: string[], handler: (args: AdminEndpointArgs) => Promise<Response>) {
  return ({ request, params, context }: RouteArgs) =>
    answerApi(request, async () => {
      requireMethod(request, ...methods);
      const admin = await requireAdminApi(request);
      const operation =
        request.method === "DELETE" ? "erase" : new URL(request.url).searchParams.get("format") === "csv" ? "export" : undefined;
      if (operation) requireOperation(request, admin, operation, "api");
      return handler({ request, params, admin, clientIp: context.get(requestInfoContext).clientIp });
    });
}

/**
 * The admin API of one kind of record (leads, submissions, subscribers; docs/admin.md, "JSON API"):
 * GET a page of them (JSON), GET `?format=csv` all matching as CSV, DELETE `/<id>` one of them;
 * the export and the erasure are recorded in the audit log (the erasure in its transaction).
 */
export function recordsEndpoint<Query>(records: {
  noun: "lead" | "submission" | "subscriber";
  parse: (url: URL) => Query;
  list: (query: Query) => Promise<unknown>;
  exportCsv: (query: Query) => Promise<{ csv: string; filename: string; count: number; filters?: string }>;
  remove: (id: string) => Promise<void>;
}) {
  const plural = `${records.noun}s` as const;
  return adminEndpoint(["GET", "DELETE"], async ({ request, params, admin, clientIp }) => {
    if (request.method === "DELETE") {
      const id = requireRecordId(params, records.noun);
      await audited({ user: admin, action: `delete-${records.noun}`, target: id, clientIp }, () => records.remove(id));
      return jsonOk({ deleted: true, id });
    }
    if (params.id) throw new AppError("method_not_allowed", `Use DELETE on /api/admin/${plural}/<id>.`, { Allow: "DELETE" });
    const url = new URL(request.url);
    const query = records.parse(url);
    if (url.searchParams.get("format") !== "csv") return jsonOk(await records.list(query));
    const { csv, filename, count, filters = "" } = await records.exportCsv(query);
    await recordAdminAudit({ user: admin, action: `export-${plural}`, target: `${count} rows${filters}`, clientIp });
    return csvResponse(csv, filename);
  });
}

/** The :id of a DELETE, as a UUID, or AppError `invalid`/`not_found`. */
export function requireRecordId(params: Record<string, string | undefined>, noun: string): string {
  if (!params.id) throw new AppError("invalid", `Give the ${noun} id in the path: DELETE /api/admin/${noun}s/<id>.`);
  const parsed = idSchema.safeParse(params.id);
  if (!parsed.success) throw new AppError("not_found", `No ${noun} with this id.`);
  return parsed.data;
}
