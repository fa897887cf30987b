import { data, Form, useNavigation } from "react-router";
import { requireAdmin } from "~/.server/admin-guard";
import { AppError, answerAppError } from "~/.server/errors";
import { ROLE_DESCRIPTIONS, ROLE_LABELS, ROLES, type Role } from "~/.server/permissions";
import { requestInfoContext } from "~/.server/request-context";
import { redirectWithToast } from "~/.server/toast";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { Checkbox } from "~/components/ui/checkbox";
import { FieldError } from "~/components/ui/field";
import { Input, Label } from "~/components/ui/input";
import { AdminShell } from "~/features/admin/components/admin-shell";
import { formatDateTime } from "~/features/admin/components/list-controls";
import { ADMIN_REQUEST_FAILED } from "~/features/admin/failed-request";
import {
  inviteMember,
  inviteSchema,
  listTeam,
  removeMember,
  rolesInputSchema,
  setMemberRoles,
  type TeamMember,
} from "~/features/admin/team.server";
import { keepPageOnFailedRequest } from "~/lib/keep-page-on-failed-request";
import { noindexMeta } from "~/lib/seo";
import type { Route } from "./+types/team";
import { AdminSection } from "~/features/admin/components/admin-section";

export const meta: Route.MetaFunction = noindexMeta("Team", "Who works in the admin, with which roles.", "/admin/team");

/** /admin/team (owner): the members and their roles, invitations, role changes and removal (docs/admin.md, "The team"). */
export async function loader({ request }: Route.LoaderArgs) {
  const admin = await requireAdmin(request);
  const roles = ROLES.map((role) => ({ role, label: ROLE_LABELS[role], description: ROLE_DESCRIPTIONS[role] }));
  return { members: await listTeam(), roles, me: admin.id };
}

type Answer = { intent: string; userId?: string; message: string; fields?: Record<string, string> };

export async function action({ request, context }: Route.ActionArgs) {
  const admin = await requireAdmin(request);
  const clientIp = context.get(requestInfoContext).clientIp;
  const form = await request.formData().catch(() => new FormData());
  const intent = String(form.get("intent") ?? "");
  const userId = String(form.get("userId") ?? "");
  const roles = form.getAll("roles").map(String);
  try {
    if (intent === "invite") {
      const parsed = inviteSchema.safeParse({ email: form.get("email"), name: form.get("name") || undefined, roles });
      if (!parsed.success) {
        const fields: Record<string, string> = {};
        for (const issue of parsed.error.issues) fields[String(issue.path[0])] ??= issue.message;
        return data<Answer>({ intent, message: Object.values(fields)[0]!, fields }, { status: 400 });
      }
      const invited = await inviteMember(parsed.data, admin, clientIp);
      const title = invited.linkSent ? `Invitation sent to ${parsed.data.email}` : `Roles given to ${parsed.data.email}`;
      return redirectWithToast("/admin/team", { type: "success", title });
    }
    if (intent === "roles") {
      const parsed = rolesInputSchema.safeParse({ roles });
      if (!parsed.success) return data<Answer>({ intent, userId, message: parsed.error.issues[0]!.message }, { status: 400 });
      const member = await setMemberRoles(userId, parsed.data.roles, admin, clientIp);
      return redirectWithToast("/admin/team", { type: "success", title: `Roles of ${member.email} saved` });
    }
    if (intent === "remove") {
      await removeMember(userId, admin, clientIp);
      return redirectWithToast("/admin/team", { type: "success", title: "Removed from the team: their sessions have ended" });
    }
    return data<Answer>({ intent, message: "That request was not understood." }, { status: 400 });
  } catch (error) {
    // The last owner's refusal, a member that is gone: answered on the page as the error model maps them.
    if (error instanceof AppError) return data<Answer>({ intent, userId, message: error.message }, answerAppError(error));
    throw error;
  }
}

export const clientAction = (args: Route.ClientActionArgs) =>
  keepPageOnFailedRequest(args, (form) => ({ intent: String(form.get("intent") ?? ""), message: ADMIN_REQUEST_FAILED }));

type RoleOption = Route.ComponentProps["loaderData"]["roles"][number];

export default function AdminTeam({ loaderData, actionData }: Route.ComponentProps) {
  const { members, roles, me } = loaderData;
  const answer = actionData as Answer | undefined;
  return (
    <AdminShell title="Team" description="Who works in the admin and what each may do. The team always keeps at least one owner.">
      <div className="flex flex-col gap-8">
        <AdminSection headingId="members-title" heading={<>Members ({members.length})</>} className="flex flex-col gap-4">
          <ul className="flex flex-col gap-4">
            {members.map((member) => (
              // Keyed by the roles too: after a save the checkboxes show what is stored.
              <li key={`${member.id}:${member.roles.join()}`}>
                <MemberCard
                  member={member}
                  roles={roles}
                  isMe={member.id === me}
                  answer={answer?.userId === member.id ? answer : undefined}
                />
              </li>
            ))}
          </ul>
        </AdminSection>
        {/* A new member empties the form (keyed by the team's size); a refused invitation keeps what was typed. */}
        <InviteForm key={members.length} roles={roles} answer={answer?.intent === "invite" ? answer : undefined} />
      </div>
    </AdminShell>
  );
}

function RoleChoices({ idPrefix, roles, checked }: { idPrefix: string; roles: RoleOption[]; checked: readonly Role[] }) {
  return (
    <>
      {roles.map((option) => (
        <div key={option.role} className="flex items-start gap-2">
          <Checkbox id={`${idPrefix}-${option.role}`} name="roles" value={option.role} defaultChecked={checked.includes(option.role)} />
          <Label htmlFor={`${idPrefix}-${option.role}`} className="font-normal">
            <span className="font-medium">{option.label}</span>: {option.description}
          </Label>
        </div>
      ))}
    </>
  );
}

function MemberCard({ member, roles, isMe, answer }: { member: TeamMember; roles: RoleOption[]; isMe: boolean; answer?: Answer }) {
  const busy = useNavigation().state === "submitting";
  const name = member.name || member.email;
  return (
    <Card className="flex flex-col gap-4 p-5" data-testid="team-member">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <p className="font-semibold text-ink-900">
            {name}
            {isMe ? " (you)" : ""}
          </p>
          <p className="break-words text-sm text-ink-600">{member.email}</p>
        </div>
        <div className="flex flex-wrap gap-1" data-testid="member-roles">
          {member.roles.map((role) => (
            <Badge key={role} variant={role === "owner" ? "accent" : "neutral"}>
              {roles.find((option) => option.role === role)?.label ?? role}
            </Badge>
          ))}
        </div>
      </div>
      <p className="text-sm text-ink-700">
        Two-factor: {member.twoFactorEnabled ? "on" : "not set up yet"} · Last signed in:{" "}
        {member.lastSignInAt ? <time dateTime={member.lastSignInAt}>{formatDateTime(member.lastSignInAt)}</time> : "never"}
        {member.hasPassword ? "" : " · Invited: has not chosen a password yet"}
      </p>
      {answer ? <FieldError error={answer.message} /> : null}
      <Form method="post" className="flex flex-col gap-3">
        <input type="hidden" name="intent" value="roles" />
        <input type="hidden" name="userId" value={member.id} />
        <fieldset className="flex flex-col gap-2">
          <legend className="mb-1 text-sm font-medium">Roles of {name}</legend>
          <RoleChoices idPrefix={`roles-${member.id}`} roles={roles} checked={member.roles} />
        </fieldset>
        <div>
          <Button type="submit" size="sm" disabled={busy}>
            Save roles
          </Button>
        </div>
      </Form>
      <details className="text-sm">
        <summary className="cursor-pointer font-medium text-danger-700">Remove {name} from the team…</summary>
        <Form method="post" className="mt-3 flex flex-col gap-2">
          <input type="hidden" name="intent" value="remove" />
          <input type="hidden" name="userId" value={member.id} />
          <p className="text-ink-700">
            All their roles go, and they are signed out everywhere at once. Their account and what they did stay.
          </p>
          <div>
            <Button type="submit" size="sm" variant="outline" disabled={busy}>
              Remove {name}
            </Button>
          </div>
        </Form>
      </details>
    </Card>
  );
}

function InviteForm({ roles, answer }: { roles: RoleOption[]; answer?: Answer }) {
  const busy = useNavigation().state === "submitting";
  return (
    <section aria-labelledby="invite-title">
      <Card className="flex flex-col gap-4 p-5">
        <h2 id="invite-title" className="text-xl font-semibold">
          Invite someone
        </h2>
        <p className="text-sm text-ink-700">
          They get an e-mail with a link (one use, 24 hours) to choose their password; then they sign in and set up two-factor sign-in.
        </p>
        {answer ? <FieldError error={answer.message} /> : null}
        <Form method="post" className="flex flex-col gap-4">
          <input type="hidden" name="intent" value="invite" />
          <div className="grid gap-4 sm:grid-cols-2">
            <div className="flex flex-col gap-1.5">
              <Label htmlFor="invite-email">E-mail</Label>
              <Input
                id="invite-email"
                name="email"
                type="email"
                required
                autoComplete="off"
                aria-invalid={Boolean(answer?.fields?.email)}
              />
            </div>
            <div className="flex flex-col gap-1.5">
              <Label htmlFor="invite-name">Name (optional)</Label>
              <Input id="invite-name" name="name" maxLength={100} autoComplete="off" />
            </div>
          </div>
          <fieldset className="flex flex-col gap-2">
            <legend className="mb-1 text-sm font-medium">Roles</legend>
            <RoleChoices idPrefix="invite" roles={roles} checked={[]} />
          </fieldset>
          <div>
            <Button type="submit" disabled={busy}>
              Send invitation
            </Button>
          </div>
        </Form>
      </Card>
    </section>
  );
}
