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
    description: "Move or cancel your mentoring session.",
    path: "/mentoring/booking",
    publicUrl: publicUrlFrom(matches),
    noindex: true,
  });

export function headers() {
  // The address carries a personal link: never stored by a cache, never sent on as a referrer.
  return { "Cache-Control": "private, no-store", "Referrer-Policy": "no-referrer" };
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
  if (answer?.outcome === "cancelled" || answer?.outcome === "moved") {
    const { booking } = answer;
    return (
      <>
        <PageHeader eyebrow="Mentoring" title={answer.outcome === "cancelled" ? "Session cancelled" : "Session moved"}>
          <p role="status">
            {answer.outcome === "cancelled"
              ? `Your session of ${when(booking.start, booking.end, booking.timeZone)} is cancelled. We've sent the cancellation to ${booking.email}.`
              : `Your session is now ${when(booking.start, booking.end, booking.timeZone)}. The updated invite, with new links, is on its way to ${booking.email}.`}
          </p>
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
