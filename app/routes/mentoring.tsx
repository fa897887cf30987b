import { PageHeader } from "~/components/page-header";
import { AsidePoints, FormPage } from "~/features/forms/components/form-page";
import { formLoaderData, handleFormAction } from "~/features/forms/form-action.server";
import { keepFormOnFailedRequest } from "~/features/forms/keep-form-on-failed-request";
import { BookingSection } from "~/features/mentoring/components/booking-section";
import { bookingFailedOnTheWay } from "~/features/mentoring/booking-failed";
import { bookingPageDataOrUnavailable, handleBookingAction } from "~/features/mentoring/mentoring-page.server";
import { keepPageOnFailedRequest } from "~/lib/keep-page-on-failed-request";
import { livePage } from "~/features/content/live.server";
import { publicUrlFrom, seo } from "~/lib/seo";
import type { Route } from "./+types/mentoring";

export const meta: Route.MetaFunction = ({ matches }) =>
  seo({
    title: "AI Mentoring 1-to-1",
    description: "Book 1-to-1 AI mentoring sessions by video call, with scholarships for students and flexible payment.",
    path: "/mentoring",
    publicUrl: publicUrlFrom(matches),
  });

/** With mentors taking bookings, the free times come first and the request form follows (docs/mentoring.md); without the database, the page still shows. */
export async function loader({ request }: Route.LoaderArgs) {
  const { intro, expect } = await livePage("mentoring");
  return { ...formLoaderData("mentoring"), copy: { intro, expect }, booking: await bookingPageDataOrUnavailable(new URL(request.url)) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const formData = await request.clone().formData();
  if (formData.get("intent") === "book") return handleBookingAction(formData, request, context);
  return handleFormAction("mentoring", request, context);
}

/** A post that fails on the way keeps the page and what was typed (docs/decisions/0177), the booking's too. */
export async function clientAction(args: Route.ClientActionArgs) {
  const intent = (
    await args.request
      .clone()
      .formData()
      .catch(() => new FormData())
  ).get("intent");
  if (intent === "book") return keepPageOnFailedRequest(args, bookingFailedOnTheWay);
  return keepFormOnFailedRequest("mentoring", args);
}

export default function Page({ loaderData }: Route.ComponentProps) {
  const booking = loaderData.booking;
  return (
    <>
      <PageHeader eyebrow="Mentoring" title="AI Mentoring 1-to-1">
        <p>{loaderData.copy.intro}</p>
      </PageHeader>
      {booking ? <BookingSection data={booking} /> : null}
      <div id="request">
        {booking ? (
          <div className="container-page pt-4">
            <h2 className="text-2xl font-semibold">None of these times work?</h2>
            <p className="mt-2 text-ink-700">Tell us what you want to learn and when you are free, and we will find a time with you.</p>
          </div>
        ) : null}
        <FormPage
          source="mentoring"
          form={loaderData}
          asideTitle="What to expect"
          aside={<AsidePoints points={loaderData.copy.expect} />}
        />
      </div>
    </>
  );
}
