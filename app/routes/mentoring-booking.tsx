import { data, Form, Link, useNavigation } from "react-router";
import { PageHeader } from "~/components/page-header";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { FieldError } from "~/components/ui/field";
import { handleManageAction, managePageData, type ManageActionData } from "~/features/mentoring/manage-booking.server";
import { keepPageOnFailedRequest } from "~/lib/keep-page-on-failed-request";
import { publicUrlFrom, seo } from "~/lib/seo";
import type { Route } from "./+types/mentoring-booking";

export const meta: Route.MetaFunction = ({ matches }) =>
  seo({
    title: "Your mentoring session",
    description: "Confirm, move or cancel your mentoring session.",
    path: "/mentoring/booking",
    publicUrl: publicUrlFrom(matches),
    noindex: true,
  });

export function headers() {
  // The address carries a personal link: never stored by a cache, never sent to other sites as a
  // referrer. (Not "no-referrer": browsers then send `Origin: null` with the page's form posts, and
  // the same-origin check refuses them; without JavaScript, confirming, moving and cancelling failed.)
  return { "Cache-Control": "private, no-store", "Referrer-Policy": "same-origin" };
}

export async function loader({ request }: Route.LoaderArgs) {
  return managePageData(new URL(request.url).searchParams.get("token"));
}

export async function action({ request }: Route.ActionArgs) {
  const form = await request.formData().catch(() => new FormData());
  const { status, headers, body } = await handleManageAction(request, form);
  return data<ManageActionData>(body, { status, headers });
}

export const clientAction = (args: Route.ClientActionArgs) =>
  keepPageOnFailedRequest(args, () => ({
    outcome: "failed" as const,
    message: "Your change could not be sent: check your connection and try again.",
    nextSlots: [],
  }));

function formatted(iso: string, timeZone: string, options: Intl.DateTimeFormatOptions) {
  return new Intl.DateTimeFormat("en-GB", { ...options, timeZone, hourCycle: "h23" }).format(new Date(iso));
}
const when = (iso: string, end: string, timeZone: string) =>
  `${formatted(iso, timeZone, { weekday: "long", day: "numeric", month: "long", year: "numeric" })}, ${formatted(iso, timeZone, { hour: "2-digit", minute: "2-digit" })}–${formatted(end, timeZone, { hour: "2-digit", minute: "2-digit" })} (${timeZone})`;

export default function ManageBooking({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const answer = actionData as ManageActionData | undefined;
  if (answer && answer.outcome !== "failed") {
    const { booking } = answer;
    const session = when(booking.start, booking.end, booking.timeZone);
    const done = {
      confirmed: {
        title: booking.status === "pending" ? "Request confirmed" : "Session booked",
        text:
          booking.status === "pending"
            ? `Thank you: your scholarship request for ${session} with ${booking.mentor.name} is in, and the time is kept for you while a mentor looks at it. We'll write to ${booking.email}.`
            : `Your session of ${session} with ${booking.mentor.name} is booked. The calendar invite with the video link is on its way to ${booking.email}; its links let you move or cancel the session.`,
      },
      cancelled: {
        title: "Session cancelled",
        text: `Your session of ${session} is cancelled. We've sent the cancellation to ${booking.email}.`,
      },
      moved: {
        title: "Session moved",
        text: `Your session is now ${session}. The updated invite, with new links, is on its way to ${booking.email}.`,
      },
    }[answer.outcome];
    return (
      <>
        <PageHeader eyebrow="Mentoring" title={done.title}>
          <p role="status">{done.text}</p>
        </PageHeader>
        <div className="container-page py-10">
          <Link to="/mentoring" className="font-medium text-aurora-800 underline">
            Book another session
          </Link>
        </div>
      </>
    );
  }
  if (loaderData.state === "invalid") {
    return (
      <>
        <PageHeader eyebrow="Mentoring" title="This link no longer works">
          <p>The session is over, cancelled or moved (a move sends new links), or the link is incomplete.</p>
        </PageHeader>
        <div className="container-page py-10">
          <Link to="/mentoring" className="font-medium text-aurora-800 underline">
            See free times on the mentoring page
          </Link>
        </div>
      </>
    );
  }
  const { booking, options } = loaderData;
  const failed = answer?.outcome === "failed" ? answer : null;
  if (booking.status === "unconfirmed" || booking.status === "lapsed")
    return <ConfirmBooking booking={booking} failed={failed} busy={busy} />;
  const choices = failed && failed.nextSlots.length > 0 ? failed.nextSlots : options;
  const time = (iso: string) =>
    formatted(iso, booking.timeZone, { weekday: "short", day: "numeric", month: "short", hour: "2-digit", minute: "2-digit" });
  return (
    <>
      <PageHeader eyebrow="Mentoring" title="Your mentoring session">
        <p>
          {when(booking.start, booking.end, booking.timeZone)} with {booking.mentor.name}
          {booking.status === "pending" ? ", waiting for a mentor to approve your scholarship" : ""}.
        </p>
      </PageHeader>
      <div className="container-page flex max-w-3xl flex-col gap-8 py-10">
        {failed ? <FieldError error={failed.message} /> : null}
        <Card id="reschedule" className="flex flex-col gap-4 p-6">
          <h2 className="text-xl font-semibold">Move it</h2>
          {choices.length === 0 ? (
            <p className="text-ink-700">
              No other free time in the next three weeks. Reply to your confirmation mail and we will find one.
            </p>
          ) : (
            <Form method="post" className="flex flex-col gap-4" preventScrollReset>
              <input type="hidden" name="intent" value="reschedule" />
              <fieldset className="grid gap-2 sm:grid-cols-2">
                <legend className="mb-2 text-ink-700">New time ({booking.timeZone})</legend>
                {choices.map((option) => (
                  <label
                    key={option.id}
                    className="flex cursor-pointer items-center gap-3 rounded-md border border-ink-300 p-3 has-[:checked]:border-aurora-700 has-[:checked]:bg-aurora-50"
                  >
                    <input type="radio" name="slotId" value={option.id} required className="size-4 accent-aurora-700" />
                    {time(option.start)}
                  </label>
                ))}
              </fieldset>
              <div>
                <Button type="submit" disabled={busy}>
                  Move my session
                </Button>
              </div>
            </Form>
          )}
        </Card>
        <Card id="cancel" className="flex flex-col gap-4 p-6">
          <h2 className="text-xl font-semibold">Cancel it</h2>
          <p className="text-ink-700">The time goes back to other learners, and both calendars get the cancellation.</p>
          <Form method="post">
            <input type="hidden" name="intent" value="cancel" />
            <Button type="submit" variant="outline" disabled={busy}>
              Cancel my session
            </Button>
          </Form>
        </Card>
      </div>
    </>
  );
}

type PageBooking = Extract<Route.ComponentProps["loaderData"], { state: "ok" }>["booking"];

/** An unconfirmed booking's page: one button confirms it (a deliberate click, so a mail scanner following the link confirms nothing). */
function ConfirmBooking({ booking, failed, busy }: { booking: PageBooking; failed: { message: string } | null; busy: boolean }) {
  const lapsed = booking.status === "lapsed";
  return (
    <>
      <PageHeader eyebrow="Mentoring" title="Confirm your mentoring session">
        <p>
          {when(booking.start, booking.end, booking.timeZone)} with {booking.mentor.name}
          {booking.scholarshipReason ? ", as a scholarship request" : ""}.
        </p>
      </PageHeader>
      <div className="container-page flex max-w-3xl flex-col gap-8 py-10">
        {failed ? <FieldError error={failed.message} /> : null}
        <Card id="confirm" className="flex flex-col gap-4 p-6">
          <h2 className="text-xl font-semibold">Is this your booking?</h2>
          <p className="text-ink-700">
            {lapsed
              ? "It was not confirmed in time, so the time went back to other learners. If nobody has booked it since, confirming still gets it for you."
              : `Confirm it and we send the calendar invite with the video link to ${booking.email}. Until then the time is held for you.`}
          </p>
          <Form method="post">
            <input type="hidden" name="intent" value="confirm" />
            <Button type="submit" disabled={busy}>
              Confirm my session
            </Button>
          </Form>
          <p className="text-sm text-ink-700">Not you? Ignore the e-mail: an unconfirmed time goes back to other learners by itself.</p>
        </Card>
        {failed ? (
          <Link to="/mentoring" className="font-medium text-aurora-800 underline">
            See free times on the mentoring page
          </Link>
        ) : null}
      </div>
    </>
  );
}
