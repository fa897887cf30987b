import { invalidInput, jsonOk, readJsonBody } from "~/.server/api";
import { AppError } from "~/.server/errors";
import { adminEndpoint } from "~/features/admin/admin-endpoint.server";
import { inviteMember, inviteSchema, listTeam, removeMember, rolesInputSchema, setMemberRoles } from "~/features/admin/team.server";

/**
 * The team over the admin API (owner only: app/.server/permissions.ts; docs/admin.md, "The team"):
 * GET    /api/admin/team                      { members: [{ id, name, email, roles, twoFactorEnabled, hasPassword, lastSignInAt }] }
 * POST   /api/admin/team/invitations          { email, roles, name? } → 201 { userId, status, linkSent }
 * PUT    /api/admin/team/<userId>/roles       { roles } → { member }
 * DELETE /api/admin/team/<userId>             → { removed: true, userId } (their sessions end at once)
 * Taking the last owner's owner role, or removing them: 409.
 */
const endpoint = adminEndpoint(["GET", "POST", "PUT", "DELETE"], async ({ request, params, admin, clientIp }) => {
  const path = new URL(request.url).pathname.replace(/\/+$/, "");
  const userId = params.userId;
  if (path === "/api/admin/team") {
    if (request.method !== "GET") throw new AppError("method_not_allowed", "GET /api/admin/team lists the team.", { Allow: "GET" });
    return jsonOk({ members: await listTeam() });
  }
  if (path === "/api/admin/team/invitations") {
    if (request.method !== "POST") throw new AppError("method_not_allowed", "POST an invitation.", { Allow: "POST" });
    const parsed = inviteSchema.safeParse(await readJsonBody(request));
    if (!parsed.success) throw invalidInput(parsed.error, "Give the member's e-mail and roles.");
    return jsonOk(await inviteMember(parsed.data, admin, clientIp), { status: 201 });
  }
  if (userId && path.endsWith("/roles")) {
    if (request.method !== "PUT") throw new AppError("method_not_allowed", "PUT the member's roles.", { Allow: "PUT" });
    const parsed = rolesInputSchema.safeParse(await readJsonBody(request));
    if (!parsed.success) throw invalidInput(parsed.error, 'Give the roles as a list, e.g. ["sales"].');
    return jsonOk({ member: await setMemberRoles(userId, parsed.data.roles, admin, clientIp) });
  }
  if (request.method !== "DELETE") throw new AppError("method_not_allowed", "DELETE removes a member.", { Allow: "DELETE" });
  await removeMember(userId!, admin, clientIp);
  return jsonOk({ removed: true, userId });
});

export const loader = endpoint;
export const action = endpoint;
