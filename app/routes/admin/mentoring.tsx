import { data, Form, Link } from "react-router";
import { requireAdmin, type AdminUser } from "~/.server/admin-guard";
import { requestInfoContext } from "~/.server/request-context";
import { audited } from "~/features/admin/record-admin-audit.server";
import { AppError, answerAppError } from "~/.server/errors";
import { redirectWithToast } from "~/.server/toast";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { AdminShell } from "~/features/admin/components/admin-shell";
import { ADMIN_REQUEST_FAILED } from "~/features/admin/failed-request";
import { idSchema } from "~/features/admin/schema";
import { agendaData, type AgendaBooking, type AgendaData, type BookingMail } from "~/features/mentoring/agenda.server";
import { approveScholarship } from "~/features/mentoring/approve-scholarship.server";
import { loadBooking, SlotTakenError, type BookingView } from "~/features/mentoring/bookings-shared.server";
import { cancelBooking } from "~/features/mentoring/cancel-booking.server";
import { markOutcome } from "~/features/mentoring/mark-outcome.server";
import { releaseHeldBooking } from "~/features/mentoring/release-held-booking.server";
import { rescheduleBooking } from "~/features/mentoring/reschedule-booking.server";
import { keepPageOnFailedRequest } from "~/lib/keep-page-on-failed-request";
import { publicUrlFrom, seo } from "~/lib/seo";
import type { Route } from "./+types/mentoring";
import { AdminSection } from "~/features/admin/components/admin-section";

export const meta: Route.MetaFunction = ({ matches }) =>
  seo({
    title: "Mentoring",
    description: "Mentoring sessions: agenda, approvals and changes.",
    path: "/admin/mentoring",
    publicUrl: publicUrlFrom(matches),
    noindex: true,
  });

/** Whose sessions this admin sees and changes: an owner every mentor's, a mentor their own (docs/admin.md, "Roles"). */
const scopeOf = (admin: AdminUser) => (admin.roles.includes("owner") ? undefined : admin.id);

export async function loader({ request }: Route.LoaderArgs) {
  const admin = await requireAdmin(request);
  return agendaData(new URL(request.url), admin.id, new Date(), scopeOf(admin));
}

type Answer = { message: string };

export async function action({ request, context }: Route.ActionArgs) {
  const admin = await requireAdmin(request);
  const clientIp = context.get(requestInfoContext).clientIp;
  const form = await request.formData().catch(() => new FormData());
  const id = idSchema.safeParse(form.get("id"));
  const intent = String(form.get("intent") ?? "");
  const back = String(form.get("back") ?? "/admin/mentoring");
  if (!id.success) return data<Answer>({ message: "That request was not understood." }, { status: 400 });
  // Another mentor's booking is, for a mentor, no booking at all.
  const scope = scopeOf(admin);
  // Each change goes to the audit log in its own transaction: the booking and what was done to it.
  const change = <T,>(work: () => Promise<T>) =>
    audited({ user: admin, action: "change-booking", target: id.data, summary: intent, clientIp }, work);
  const booking = scope ? await loadBooking(id.data) : null;
  if (scope && booking?.mentorId !== scope) return data<Answer>({ message: "No booking with this id." }, { status: 404 });
  try {
    switch (intent) {
      case "approve":
        await change(() => approveScholarship(id.data));
        return redirectWithToast(back, { type: "success", title: "Scholarship approved: the invites are on their way" });
      case "release":
        await change(() => releaseHeldBooking(id.data));
        return redirectWithToast(back, {
          type: "success",
          title: "Booking released: it takes its time, and its learner is asked by mail to confirm it",
        });
      case "cancel":
        await change(() => cancelBooking(id.data, "mentor"));
        return redirectWithToast(back, { type: "success", title: "Session cancelled: the learner gets the cancellation" });
      case "done":
      case "no_show":
        await change(() => markOutcome(id.data, intent));
        return redirectWithToast(back, {
          type: "success",
          title: intent === "done" ? "Marked done: the follow-up mail is on its way" : "Marked as no-show",
        });
      case "reschedule": {
        await change(() => rescheduleBooking(id.data, String(form.get("slotId") ?? ""), "mentor"));
        return redirectWithToast(back.replace(/([?&])move=[^&#]*&?/, "$1"), {
          type: "success",
          title: "Session moved: the learner gets the updated invite",
        });
      }
      default:
        return data<Answer>({ message: "That request was not understood." }, { status: 400 });
    }
  } catch (error) {
    if (error instanceof SlotTakenError) return data<Answer>({ message: "That time was just taken. Pick another." }, { status: 409 });
    if (error instanceof AppError) return data<Answer>({ message: error.message }, answerAppError(error));
    throw error;
  }
}

export const clientAction = (args: Route.ClientActionArgs) => keepPageOnFailedRequest(args, () => ({ message: ADMIN_REQUEST_FAILED }));

const statusLabels: Record<BookingView["status"], string> = {
  unconfirmed: "Waiting for the learner to confirm",
  lapsed: "Not confirmed in time",
  pending: "Scholarship: waiting for approval",
  confirmed: "Confirmed",
  held: "Held for review",
  cancelled: "Cancelled",
  done: "Done",
  no_show: "No-show",
};

function formatter(timeZone: string, options: Intl.DateTimeFormatOptions) {
  return new Intl.DateTimeFormat("en-GB", { ...options, timeZone, hourCycle: "h23" });
}

export default function MentoringAgenda({ loaderData, actionData }: Route.ComponentProps) {
  const agenda = loaderData;
  const answer = actionData as Answer | undefined;
  const here = `/admin/mentoring?view=${agenda.view}&date=${agenda.date}`;
  const dayTitle = (day: string) =>
    formatter("UTC", { weekday: "long", day: "numeric", month: "long" }).format(new Date(`${day}T12:00:00Z`));
  const shortDay = (day: string) =>
    formatter("UTC", { weekday: "short", day: "numeric", month: "short" }).format(new Date(`${day}T12:00:00Z`));
  const time = (iso: string) => formatter(agenda.timeZone, { hour: "2-digit", minute: "2-digit" }).format(new Date(iso));
  /** A moment with its day, for what is not on the day shown (a hold's deadline, a decision's session). */
  const moment = (iso: string) =>
    formatter(agenda.timeZone, { weekday: "short", day: "numeric", month: "short", hour: "2-digit", minute: "2-digit" }).format(
      new Date(iso),
    );
  const total = agenda.days.reduce((sum, day) => sum + day.bookings.length, 0);
  return (
    <AdminShell
      title="Mentoring"
      description={
        <>
          Sessions booked on /mentoring, in {agenda.timeZone}. Approve scholarships, move or cancel on a learner&apos;s behalf, and mark how
          a session went.
        </>
      }
      actions={
        <Button asChild variant="outline">
          <Link to="/admin/mentoring/availability">Your availability</Link>
        </Button>
      }
    >
      {answer?.message ? (
        <p role="alert" className="mb-6 rounded-lg border border-danger-700/40 bg-danger-100 p-4 font-semibold text-danger-700">
          {answer.message}
        </p>
      ) : null}

      {agenda.reschedule ? <MoveSessionCard move={agenda.reschedule} timeZone={agenda.timeZone} here={here} /> : null}

      <div className="grid gap-10 xl:grid-cols-[minmax(0,1fr)_22rem]">
        <section aria-labelledby="agenda-heading" className="flex min-w-0 flex-col gap-5">
          <div className="flex flex-wrap items-center justify-between gap-3">
            <h2 id="agenda-heading" className="text-xl font-semibold">
              {agenda.view === "week" ? `Week of ${dayTitle(agenda.from)}` : dayTitle(agenda.from)} ({total}{" "}
              {total === 1 ? "session" : "sessions"})
            </h2>
            <AgendaRangeNav view={agenda.view} date={agenda.date} previous={agenda.previous} next={agenda.next} />
          </div>
          {agenda.view === "week" ? (
            <ol className="hidden gap-2 lg:grid lg:grid-cols-7" aria-label="The week at a glance">
              {agenda.days.map((day) => (
                <li key={day.day} className="flex min-h-24 flex-col gap-1 rounded-lg border border-ink-200 p-2">
                  <Link
                    to={`/admin/mentoring?view=day&date=${day.day}`}
                    className="text-sm font-semibold text-ink-900 underline-offset-2 hover:underline"
                  >
                    {shortDay(day.day)}
                  </Link>
                  {day.bookings.map((booking) => (
                    <span key={booking.id} className="rounded bg-aurora-50 px-1.5 py-1 text-xs text-ink-900">
                      {time(booking.start)} {booking.name}
                      <span className="block text-ink-600">{statusLabels[booking.status]}</span>
                    </span>
                  ))}
                </li>
              ))}
            </ol>
          ) : null}
          <ol className="flex flex-col gap-6">
            {agenda.days.map((day) => (
              <li key={day.day} className="flex flex-col gap-3">
                <h3 className="font-semibold text-ink-900">{dayTitle(day.day)}</h3>
                {day.bookings.length === 0 ? (
                  <p className="text-sm text-ink-600">No sessions.</p>
                ) : (
                  <BookingCards bookings={day.bookings} time={time} moment={moment} here={here} agenda={agenda} />
                )}
              </li>
            ))}
          </ol>
        </section>
        <AdminSection
          headingId="awaiting-heading"
          heading={<>Awaiting your decision ({agenda.awaiting.length})</>}
          className="flex min-w-0 flex-col gap-4"
        >
          {agenda.awaiting.length === 0 ? <p className="text-ink-600">Nothing waits: no scholarship request and no held booking.</p> : null}
          <BookingCards bookings={agenda.awaiting} time={moment} moment={moment} here={here} agenda={agenda} />
        </AdminSection>
      </div>
    </AdminShell>
  );
}

/** A list of booking cards, each with what became of its mails. */
function BookingCards({
  bookings,
  agenda,
  ...shared
}: { bookings: AgendaBooking[]; agenda: Pick<AgendaData, "now" | "mails"> } & Pick<
  Parameters<typeof BookingCard>[0],
  "time" | "moment" | "here"
>) {
  return (
    <ul className="flex flex-col gap-3">
      {bookings.map((booking) => (
        <li key={booking.id}>
          <BookingCard booking={booking} now={agenda.now} mails={agenda.mails[booking.id] ?? []} {...shared} />
        </li>
      ))}
    </ul>
  );
}

function BookingCard({
  booking,
  time,
  moment,
  here,
  now,
  mails,
}: {
  booking: AgendaBooking;
  time: (iso: string) => string;
  moment: (iso: string) => string;
  here: string;
  now: string;
  mails: BookingMail[];
}) {
  const ahead = booking.start > now;
  const changeable = ahead && (booking.status === "confirmed" || booking.status === "pending");
  const action = (intent: string, label: string, variant: "primary" | "outline" = "outline") => (
    <Form method="post">
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="id" value={booking.id} />
      <input type="hidden" name="back" value={here} />
      <Button type="submit" size="sm" variant={variant} aria-label={`${label}: ${booking.name}, ${time(booking.start)}`}>
        {label}
      </Button>
    </Form>
  );
  return (
    <Card className="flex flex-col gap-3 p-4" data-testid="booking">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <p className="font-semibold text-ink-900">
            {time(booking.start)} · {booking.minutes} min · {booking.name}
          </p>
          <p className="break-words text-sm text-ink-600">
            {booking.email} · with {booking.mentor.name} · learner in {booking.timeZone}
            {/* An unconfirmed or lapsed hold is no enquiry yet: the learner has no page until they confirm. */}
            {booking.personId && booking.status !== "unconfirmed" && booking.status !== "lapsed" ? (
              <>
                {" · "}
                <Link to={`/admin/inbox/people/${booking.personId}`} className="underline" aria-label={`Learner's page: ${booking.name}`}>
                  Learner&apos;s page
                </Link>
              </>
            ) : null}
          </p>
        </div>
        <Badge variant={booking.status === "confirmed" ? "accent" : "neutral"}>{statusLabels[booking.status]}</Badge>
      </div>
      <p className="whitespace-pre-line text-sm text-ink-800">{booking.goals}</p>
      {mails.length ? <BookingMails mails={mails} /> : null}
      {booking.scholarshipReason ? (
        <p className="text-sm text-ink-800">
          <strong>Scholarship:</strong> {booking.scholarshipReason}
        </p>
      ) : null}
      {booking.status === "unconfirmed" && booking.confirmBy ? (
        <p className="text-sm text-ink-700">
          Its time is held until {moment(booking.confirmBy)} while the learner confirms their address by the link in their e-mail; the
          mentor hears of it once they have.
        </p>
      ) : null}
      {booking.holdReason ? (
        <p className="text-sm text-ink-700">
          Held because it looked automated ({booking.holdReason}); it does not keep its time until released.
        </p>
      ) : null}
      <div className="flex flex-wrap gap-2">
        {booking.status === "pending" && ahead ? action("approve", "Approve scholarship", "primary") : null}
        {booking.status === "held" ? action("release", "Release") : null}
        {changeable ? (
          <Button asChild size="sm" variant="outline">
            <Link to={`${here}&move=${booking.id}`} aria-label={`Move: ${booking.name}, ${time(booking.start)}`}>
              Move
            </Link>
          </Button>
        ) : null}
        {changeable ? action("cancel", booking.status === "pending" ? "Decline" : "Cancel") : null}
        {!ahead && ["confirmed", "done", "no_show"].includes(booking.status) ? (
          <>
            {booking.status !== "done" ? action("done", "Mark done") : null}
            {booking.status !== "no_show" ? action("no_show", "Mark no-show") : null}
          </>
        ) : null}
        {booking.status !== "held" ? (
          <a href={booking.videoUrl} className="self-center text-sm font-medium text-aurora-800 underline" rel="noreferrer" target="_blank">
            Video link
          </a>
        ) : null}
      </div>
    </Card>
  );
}

type Agenda = Route.ComponentProps["loaderData"];

/** Moving a session on the learner's behalf: the free times of the next three weeks, or none. */
function MoveSessionCard({ move, timeZone, here }: { move: NonNullable<Agenda["reschedule"]>; timeZone: string; here: string }) {
  return (
    <Card className="mb-8 flex flex-col gap-4" aria-labelledby="move-heading">
      <h2 id="move-heading" className="text-xl font-semibold">
        Move {move.booking.name}&apos;s session of{" "}
        {formatter(timeZone, { weekday: "long", day: "numeric", month: "long", hour: "2-digit", minute: "2-digit" }).format(
          new Date(move.booking.start),
        )}
      </h2>
      {move.options.length === 0 ? (
        <p>No free time in the next three weeks.</p>
      ) : (
        <Form method="post" className="flex flex-col gap-4">
          <input type="hidden" name="intent" value="reschedule" />
          <input type="hidden" name="id" value={move.booking.id} />
          <input type="hidden" name="back" value={here} />
          <label htmlFor="move-slot" className="font-medium">
            New time
          </label>
          <select id="move-slot" name="slotId" className="h-11 max-w-md rounded-md border border-ink-300 bg-white px-3">
            {move.options.map((option) => (
              <option key={option.id} value={option.id}>
                {formatter(timeZone, {
                  weekday: "short",
                  day: "numeric",
                  month: "short",
                  hour: "2-digit",
                  minute: "2-digit",
                }).format(new Date(option.start))}
              </option>
            ))}
          </select>
          <div className="flex gap-3">
            <Button type="submit">Move session</Button>
            <Button asChild variant="outline">
              <Link to={here}>Keep it</Link>
            </Button>
          </div>
        </Form>
      )}
    </Card>
  );
}

/** Previous, today, next, and the other view (day or week). */
function AgendaRangeNav({ view, date, previous, next }: Pick<Agenda, "view" | "date" | "previous" | "next">) {
  return (
    <nav aria-label="Agenda range" className="flex flex-wrap gap-2">
      <Button asChild variant="outline" size="sm">
        <Link to={`/admin/mentoring?view=${view}&date=${previous}`}>{view === "week" ? "Previous week" : "Previous day"}</Link>
      </Button>
      <Button asChild variant="outline" size="sm">
        <Link to={`/admin/mentoring?view=${view}`}>Today</Link>
      </Button>
      <Button asChild variant="outline" size="sm">
        <Link to={`/admin/mentoring?view=${view}&date=${next}`}>{view === "week" ? "Next week" : "Next day"}</Link>
      </Button>
      <Button asChild variant="outline" size="sm">
        <Link to={`/admin/mentoring?view=${view === "week" ? "day" : "week"}&date=${date}`}>
          {view === "week" ? "Day view" : "Week view"}
        </Link>
      </Button>
    </nav>
  );
}

const mailLabels: Record<string, string> = {
  "booking-confirm-address": "Request to confirm, to the learner",
  "booking-confirmation": "Invitation to the learner",
  "booking-mentor-notification": "Notice to the mentor",
  "booking-pending": "Request received, to the learner",
  "booking-approval-needed": "Approval request, to the mentor",
  "booking-cancelled": "Cancellation",
  "booking-rescheduled": "New time",
  "booking-reminder": "Reminder",
  "booking-follow-up": "Follow-up",
};

const mailStates = { queued: "queued", sent: "sent", retrying: "not sent yet", failed: "failed" } as const;

/** What became of the booking's mails: sent (the server accepted it), not yet, or failed with why. */
function BookingMails({ mails }: { mails: BookingMail[] }) {
  return (
    <ul className="flex flex-col gap-1 text-sm" aria-label="Mails" data-testid="booking-mails">
      {mails.map((mail, index) => (
        <li key={index} className={mail.status === "failed" ? "text-danger-700" : "text-ink-600"}>
          {mailLabels[mail.tag] ?? mail.tag}: {mailStates[mail.status]}
          {mail.status === "failed" || mail.status === "retrying" ? ` (${mail.detail ?? "no reason given"})` : ""}
        </li>
      ))}
    </ul>
  );
}
