import { data, Form, Link, useActionData } from "react-router";
import { requestInfoContext } from "~/.server/request-context";
import { requireAdmin } from "~/.server/admin-guard";
import { mayOpen } from "~/.server/permissions";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { FieldError } from "~/components/ui/field";
import { Label, Textarea } from "~/components/ui/input";
import { AdminShell } from "~/features/admin/components/admin-shell";
import { formatDateTime } from "~/features/admin/components/list-controls";
import { idSchema } from "~/features/admin/schema";
import { errorFor, inboxFormClientAction, OwnerForm, StageForm, ValueForm } from "~/features/inbox/components/enquiry-forms";
import { waitingText } from "~/features/inbox/components/people-list";
import { PersonTimeline } from "~/features/inbox/components/person-timeline";
import { handleInboxForm, type InboxFormAnswer } from "~/features/inbox/inbox-form-action.server";
import { listOwners } from "~/features/inbox/list-people.server";
import { mentorScopeOf } from "~/features/inbox/mentor-scope.server";
import { loadPersonPage } from "~/features/inbox/person-timeline.server";
import { NOTE_MAX_LENGTH } from "~/features/inbox/schema";
import { formatValue, kindLabels, pipelineOf, stageLabels } from "~/features/inbox/stages";
import { noindexMeta } from "~/lib/seo";
import type { Route } from "./+types/inbox-person";
import { AdminSection } from "~/features/admin/components/admin-section";

export const meta: Route.MetaFunction = noindexMeta(
  "Person",
  "A person in the inbox.",
  (params: Route.MetaArgs["params"]) => `/admin/inbox/people/${params.personId}`,
);

function personIdOr404(personId: string | undefined): string {
  const parsed = idSchema.safeParse(personId);
  if (!parsed.success) throw data("No person with this id", { status: 404 });
  return parsed.data;
}

export async function loader({ request, params }: Route.LoaderArgs) {
  const admin = await requireAdmin(request);
  const personId = personIdOr404(params.personId);
  // A mentor sees their own learners' part only, and gives nothing to anyone (docs/admin.md, "Roles").
  const mentor = mentorScopeOf(admin);
  const [page, owners] = await Promise.all([loadPersonPage(personId, mentor), mentor ? [] : listOwners()]);
  if (!page) throw data("No person with this id", { status: 404 });
  return {
    ...page,
    owners,
    mentorView: Boolean(mentor),
    personData: mayOpen(admin.roles, `/admin/inbox/people/${personId}/export`, "export"),
  };
}

/** Stage, value, owner and note forms of this person (docs/inbox.md, "The person page"). */
export async function action({ request, params, context }: Route.ActionArgs) {
  const admin = await requireAdmin(request);
  const personId = personIdOr404(params.personId);
  const clientIp = context.get(requestInfoContext).clientIp;
  return handleInboxForm({ form: await request.formData(), admin, backTo: `/admin/inbox/people/${personId}`, personId, clientIp });
}

export const clientAction = (args: Route.ClientActionArgs) => inboxFormClientAction(args);

export default function InboxPerson({ loaderData }: Route.ComponentProps) {
  const { person, enquiries, timeline, truncated, owners, mentorView, personData } = loaderData;
  const answer = useActionData<InboxFormAnswer>();
  const name = person.name || person.email;
  const noteError = answer && !answer.ok && answer.intent === "note" ? answer.message : null;
  return (
    <AdminShell
      title={name}
      description={
        <>
          <a href={`mailto:${person.email}`} className="underline">
            {person.email}
          </a>{" "}
          · first seen {formatDateTime(person.createdAt)} · last activity {formatDateTime(person.lastActivityAt)}
        </>
      }
      actions={
        <div className="flex flex-wrap gap-2">
          <Button asChild variant="outline">
            <Link to="/admin/inbox">Back to the inbox</Link>
          </Button>
          {personData ? (
            <>
              {/* A download, not a page: a plain link, so the browser saves the JSON. */}
              <Button asChild variant="outline">
                <a href={`/admin/inbox/people/${person.id}/export`} download>
                  Export data
                </a>
              </Button>
              <Button asChild variant="outline">
                <Link to={`/admin/inbox/people/${person.id}/erase`}>Erase person</Link>
              </Button>
            </>
          ) : null}
        </div>
      }
    >
      <AdminSection headingId="enquiries-heading" heading="Enquiries">
        {enquiries.length ? (
          <ul className="mt-3 grid gap-4 lg:grid-cols-2">
            {enquiries.map((enquiry) => (
              <EnquiryCard key={enquiry.id} enquiry={enquiry} personId={person.id} owners={mentorView ? null : owners} answer={answer} />
            ))}
          </ul>
        ) : (
          <p className="mt-3 text-ink-600">No enquiries: this person only signed up for the newsletter.</p>
        )}
      </AdminSection>

      <AdminSection headingId="note-heading" heading="Add a note" className="mt-10">
        <Form method="post" className="mt-3 grid max-w-2xl gap-2">
          <input type="hidden" name="intent" value="note" />
          <Label htmlFor="note-text">Note (only admins see it)</Label>
          <Textarea
            id="note-text"
            name="text"
            rows={3}
            maxLength={NOTE_MAX_LENGTH}
            required
            aria-invalid={noteError ? true : undefined}
            aria-describedby={noteError ? "note-error" : undefined}
          />
          <FieldError id="note-error" error={noteError} />
          <div>
            <Button type="submit">Add note</Button>
          </div>
        </Form>
      </AdminSection>

      <AdminSection
        headingId="timeline-heading"
        heading={
          <>
            Timeline <span className="text-base font-normal text-ink-600">(newest first)</span>
          </>
        }
        className="mt-10"
      >
        {truncated ? (
          <p className="mt-2 text-sm text-ink-600">A long history: only the latest 200 entries of each kind are shown.</p>
        ) : null}
        <div className="mt-3">
          <PersonTimeline entries={timeline} personId={person.id} />
        </div>
      </AdminSection>
    </AdminShell>
  );
}

type PersonLoaderData = Route.ComponentProps["loaderData"];

/** One enquiry of the person: its kind, stage and waiting time, and the forms that change it. */
function EnquiryCard(props: {
  enquiry: PersonLoaderData["enquiries"][number];
  personId: PersonLoaderData["person"]["id"];
  /** null: this admin gives enquiries to nobody (a mentor). */
  owners: PersonLoaderData["owners"] | null;
  answer: InboxFormAnswer | undefined;
}) {
  const { enquiry, personId, owners, answer } = props;
  const waiting = waitingText(enquiry.waitingSince);
  return (
    <li className="rounded-lg border border-ink-200 bg-white p-4" data-testid="enquiry" data-enquiry={enquiry.id}>
      <div className="flex flex-wrap items-center gap-2">
        <h3 className="text-base font-semibold">{kindLabels[enquiry.kind]}</h3>
        <Badge variant={enquiry.stage === "won" ? "accent" : "neutral"}>{stageLabels[enquiry.stage]}</Badge>
        {enquiry.heldAt ? <Badge variant="violet">Held for review</Badge> : null}
        {waiting ? <span className="text-sm font-medium text-danger-700">{waiting}</span> : null}
      </div>
      <p className="mt-1 text-sm text-ink-600">
        {formatDateTime(enquiry.createdAt)}
        {enquiry.source ? ` · first visit from ${enquiry.source}` : ""}
        {enquiry.valueMinor !== null && enquiry.currency ? ` · ${formatValue(enquiry.valueMinor, enquiry.currency)}` : ""}
      </p>
      <div className="mt-3 grid gap-4">
        <StageForm enquiry={enquiry} label="Stage" error={errorFor(answer, enquiry.id, "stage")} withValueFields={false} />
        {pipelineOf(enquiry.kind) === "sales" ? <ValueForm enquiry={enquiry} error={errorFor(answer, enquiry.id, "value")} /> : null}
        {owners ? (
          <OwnerForm enquiry={enquiry} owners={owners} error={errorFor(answer, enquiry.id, "owner")} />
        ) : (
          <p className="text-sm text-ink-600">Owner: {enquiry.ownerName ?? "nobody"}</p>
        )}
        <p>
          <a href={`/admin/inbox/people/${personId}/reply?enquiry=${enquiry.id}`} className="font-medium underline">
            Reply by mail
          </a>
        </p>
      </div>
    </li>
  );
}
