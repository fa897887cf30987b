import { Form, Link, useLocation } from "react-router";
import { requestInfoContext } from "~/.server/request-context";
import { requireAdmin } from "~/.server/admin-guard";
import { Button } from "~/components/ui/button";
import { Checkbox } from "~/components/ui/checkbox";
import { Input, Label } from "~/components/ui/input";
import { NativeSelect, Options } from "~/components/ui/select";
import { inboxFormClientAction, OwnerOptions } from "~/features/inbox/components/enquiry-forms";
import { AdminShell } from "~/features/admin/components/admin-shell";
import { Pagination, withParams } from "~/features/admin/components/list-controls";
import { parseQuery } from "~/features/admin/schema";
import { InboxBoard } from "~/features/inbox/components/inbox-board";
import { PeopleList } from "~/features/inbox/components/people-list";
import { handleInboxForm } from "~/features/inbox/inbox-form-action.server";
import { mentorScopeOf } from "~/features/inbox/mentor-scope.server";
import { listOwners, listPeople, loadBoard, type Owner } from "~/features/inbox/list-people.server";
import { inboxQuerySchema, listKinds, type InboxQuery } from "~/features/inbox/schema";
import {
  kindLabels,
  pipelineKinds,
  pipelineLabels,
  pipelines,
  salesStages,
  mentoringStages,
  stageLabels,
  type Kind,
} from "~/features/inbox/stages";
import { noindexMeta } from "~/lib/seo";
import { MailboxTroubleNotice } from "~/features/inbox/components/mailbox-trouble-notice";
import { mailboxTrouble } from "~/features/inbox/mail/reader-status.server";
import type { Route } from "./+types/inbox";

export const meta: Route.MetaFunction = noindexMeta("Inbox", "Everyone who reached out, and their enquiries.", "/admin/inbox");

export async function loader({ request }: Route.LoaderArgs) {
  const admin = await requireAdmin(request);
  const parsed = parseQuery(inboxQuerySchema, new URL(request.url));
  // A mentor's inbox: their learners, on the mentoring board (docs/admin.md, "Roles").
  const mentor = mentorScopeOf(admin);
  const query = mentor ? { ...parsed, pipeline: "mentoring" as const, owner: undefined } : parsed;
  const [owners, list, board, mailbox] = await Promise.all([
    mentor ? [] : listOwners(),
    query.view === "list" ? listPeople({ ...query, mentor }) : null,
    query.view === "board" ? loadBoard({ ...query, mentor }) : null,
    mentor ? null : mailboxTrouble(),
  ]);
  return { query, owners, list, board, mailbox, mentorView: Boolean(mentor) };
}

/** The board's and list's stage forms (docs/inbox.md, "Stages"). */
export async function action({ request, context }: Route.ActionArgs) {
  const admin = await requireAdmin(request);
  const url = new URL(request.url);
  const clientIp = context.get(requestInfoContext).clientIp;
  return handleInboxForm({ form: await request.formData(), admin, backTo: url.pathname + url.search, clientIp });
}

export const clientAction = (args: Route.ClientActionArgs) => inboxFormClientAction(args);

export default function AdminInbox({ loaderData }: Route.ComponentProps) {
  const { query, owners, list, board, mailbox, mentorView } = loaderData;
  const { search } = useLocation();
  return (
    <AdminShell
      title={mentorView ? "Your learners" : "Inbox"}
      description={
        mentorView
          ? "The people who booked sessions with you or whose mentoring requests are yours, latest activity first."
          : "Everyone who reached out (chat, forms, newsletter), latest activity first, and where their enquiries stand."
      }
    >
      {mailbox ? (
        <div className="mb-6">
          <MailboxTroubleNotice trouble={mailbox} />
        </div>
      ) : null}
      <nav aria-label="Inbox views" className="mb-6 flex flex-wrap gap-2">
        {(["list", "board"] as const).map((view) => (
          <Button key={view} asChild size="sm" variant={query.view === view ? "primary" : "outline"}>
            <Link
              to={withParams(search, { view: view === "list" ? undefined : view, page: undefined })}
              aria-current={query.view === view ? "page" : undefined}
            >
              {view === "list" ? "List" : "Board"}
            </Link>
          </Button>
        ))}
        {query.view === "board" && !mentorView
          ? pipelines.map((pipeline) => (
              <Button key={pipeline} asChild size="sm" variant={query.pipeline === pipeline ? "accent" : "ghost"}>
                <Link
                  to={withParams(search, { pipeline: pipeline === "sales" ? undefined : pipeline, kind: undefined })}
                  aria-current={query.pipeline === pipeline ? "page" : undefined}
                >
                  {pipelineLabels[pipeline]} board
                </Link>
              </Button>
            ))
          : null}
      </nav>
      <Filters query={query} owners={mentorView ? null : owners} />
      <div className="mt-6">
        {list ? (
          list.people.length ? (
            <>
              <PeopleList people={list.people} />
              {list.totalIsCapped ? (
                <p className="mt-8 text-sm text-ink-700">
                  More than {list.total.toLocaleString("en-GB")} people: search or filter to narrow the list.
                </p>
              ) : null}
              <Pagination page={list.page} pageCount={list.pageCount} total={list.total} noun="person" plural="people" />
            </>
          ) : (
            <p className="mt-10 text-center text-lg text-ink-600">{query.q ? "Nobody matches this search" : "Nobody here yet"}</p>
          )
        ) : null}
        {board ? <InboxBoard columns={board} /> : null}
      </div>
    </AdminShell>
  );
}

/** The search and filters: a GET form (works without JavaScript); the view and board stay. */
function Filters({ query, owners }: { query: InboxQuery; owners: Owner[] | null }) {
  // A mentor (no owners to filter by) has the mentoring pipeline's kinds only.
  const kinds: readonly string[] = query.view === "board" || !owners ? pipelineKinds[query.pipeline] : listKinds;
  const stages = [...new Set([...salesStages, ...mentoringStages])];
  return (
    <Form method="get" role="search" className="grid gap-3 rounded-lg border border-ink-200 bg-white p-4 sm:grid-cols-2 lg:grid-cols-4">
      {query.view === "board" ? <input type="hidden" name="view" value="board" /> : null}
      {query.view === "board" && query.pipeline !== "sales" ? <input type="hidden" name="pipeline" value={query.pipeline} /> : null}
      <div className="grid gap-1.5 sm:col-span-2">
        <Label htmlFor="inbox-search">Search</Label>
        <Input
          id="inbox-search"
          name="q"
          type="search"
          defaultValue={query.q}
          maxLength={200}
          // A mentor's search looks at names and addresses only (mentor-scope.server.ts).
          placeholder={owners ? "Names, e-mails, messages, chats, notes, mails" : "Names or e-mail addresses"}
        />
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor="inbox-kind">Kind</Label>
        <NativeSelect id="inbox-kind" name="kind" defaultValue={query.kind ?? ""}>
          <option value="">Any</option>
          <Options values={kinds} label={(kind) => (kind === "newsletter" ? "Newsletter" : kindLabels[kind as Kind])} />
        </NativeSelect>
      </div>
      {query.view === "list" ? (
        <div className="grid gap-1.5">
          <Label htmlFor="inbox-stage">Stage</Label>
          <NativeSelect id="inbox-stage" name="stage" defaultValue={query.stage ?? ""}>
            <option value="">Any</option>
            <Options values={stages} label={stageLabels} />
          </NativeSelect>
        </div>
      ) : null}
      {owners ? (
        <div className="grid gap-1.5">
          <Label htmlFor="inbox-owner">Owner</Label>
          <NativeSelect id="inbox-owner" name="owner" defaultValue={query.owner ?? ""}>
            <option value="">Anyone</option>
            <option value="none">Nobody</option>
            <OwnerOptions owners={owners} />
          </NativeSelect>
        </div>
      ) : null}
      <div className="grid gap-1.5">
        <Label htmlFor="inbox-source">First visit from</Label>
        <Input id="inbox-source" name="source" defaultValue={query.source ?? ""} maxLength={200} placeholder="google, linkedin.com" />
      </div>
      <div className="flex flex-wrap items-center gap-4 sm:col-span-2">
        <Label htmlFor="inbox-waiting" className="flex items-center gap-2 font-normal">
          <Checkbox id="inbox-waiting" name="waiting" value="1" defaultChecked={query.waiting} />
          Waiting for us over 24 h
        </Label>
        <Label htmlFor="inbox-held" className="flex items-center gap-2 font-normal">
          <Checkbox id="inbox-held" name="held" value="1" defaultChecked={query.held} />
          Held for review
        </Label>
      </div>
      <div className="flex items-end gap-2">
        <Button type="submit" variant="outline">
          Search
        </Button>
        <Button asChild variant="ghost">
          <Link to={query.view === "board" ? `?view=board${query.pipeline !== "sales" ? `&pipeline=${query.pipeline}` : ""}` : "?"}>
            Clear
          </Link>
        </Button>
      </div>
    </Form>
  );
}
