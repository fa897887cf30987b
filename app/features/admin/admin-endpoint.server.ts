import type { RouterContextProvider } from "react-router";
import { requireAdminApi, requireOperation, type AdminUser } from "~/.server/admin-guard";
import { answerApi, requireMethod } from "~/.server/api";
import { AppError } from "~/.server/errors";
import { requestInfoContext } from "~/.server/request-context";
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

/** The :id of a DELETE, as a UUID, or AppError `invalid`/`not_found`. */
export function requireRecordId(params: Record<string, string | undefined>, noun: string): string {
  if (!params.id) throw new AppError("invalid", `Give the ${noun} id in the path: DELETE /api/admin/${noun}s/<id>.`);
  const parsed = idSchema.safeParse(params.id);
  if (!parsed.success) throw new AppError("not_found", `No ${noun} with this id.`);
  return parsed.data;
}
