import { useEffect, useId } from "react";
import { Form, Link, useActionData, useNavigate, useNavigation } from "react-router";
import { HoneypotField } from "~/components/honeypot-field";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { Checkbox } from "~/components/ui/checkbox";
import { Field, FieldError } from "~/components/ui/field";
import { Input, Textarea } from "~/components/ui/input";
import { disclaimers } from "~/content/disclaimers";
import { FIELD_LIMITS, HONEYPOT_FIELD, STARTED_AT_FIELD } from "~/features/forms/definitions";
import { DisclaimerNotice } from "~/features/forms/components/disclaimer-notice";
import { toast } from "~/lib/notify";
import { COMMON_TIME_ZONES } from "../time-zones";
import type { BookingActionData, BookingPageData, SlotOption } from "../mentoring-page.server";

const formatters = new Map<string, Intl.DateTimeFormat>();
function format(iso: string, timeZone: string, options: Intl.DateTimeFormatOptions): string {
  const key = `${timeZone}|${JSON.stringify(options)}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat("en-GB", { ...options, timeZone, hourCycle: "h23" });
    formatters.set(key, formatter);
  }
  return formatter.format(new Date(iso));
}
const time = (iso: string, timeZone: string) => format(iso, timeZone, { hour: "2-digit", minute: "2-digit" });
const longDate = (iso: string, timeZone: string) =>
  format(iso, timeZone, { weekday: "long", day: "numeric", month: "long", year: "numeric" });
/** A date key (YYYY-MM-DD) shown as a day: read at noon UTC, so every zone shows the same date. */
const dayLabel = (day: string) => format(`${day}T12:00:00Z`, "UTC", { weekday: "short", day: "numeric", month: "short" });
const dayLongLabel = (day: string) => format(`${day}T12:00:00Z`, "UTC", { weekday: "long", day: "numeric", month: "long" });
const zoneCity = (timeZone: string) => (timeZone.split("/").at(-1) ?? timeZone).replaceAll("_", " ");

/** A slot's accessible name: its full date and time in the visitor's zone, and the mentor's own time. */
function slotName(slot: SlotOption, timeZone: string, mentor: { name: string; timeZone: string } | undefined): string {
  const own = `${longDate(slot.start, timeZone)}, ${time(slot.start, timeZone)} to ${time(slot.end, timeZone)} (${timeZone}), ${slot.minutes} minutes`;
  if (!mentor) return own;
  const theirs =
    mentor.timeZone === timeZone ? "" : `; ${time(slot.start, mentor.timeZone)} for ${mentor.name} in ${zoneCity(mentor.timeZone)}`;
  return `${own}, with ${mentor.name}${theirs}`;
}

function pageLink(data: BookingPageData, changes: Partial<{ tz: string; minutes: number; day: string }>): string {
  const params = new URLSearchParams({ tz: changes.tz ?? data.timeZone, minutes: String(changes.minutes ?? data.minutes) });
  const day = changes.day ?? data.day;
  if (day) params.set("day", day);
  return `/mentoring?${params.toString()}#book`;
}

/**
 * The booking part of /mentoring: choose a length and a zone (a GET form), a day (links), a time
 * (radio buttons), then name, e-mail and goals, in one plain POST form that works without
 * JavaScript. With JavaScript the visitor's own zone is taken from the browser.
 */
export function BookingSection({ data }: { data: BookingPageData }) {
  const posted = useActionData<BookingActionData | { form?: undefined }>();
  // The request form lower on the page posts to the same action: only the booking's answers count here.
  const actionData = posted?.form === "booking" ? (posted as BookingActionData) : undefined;
  const navigate = useNavigate();
  const navigation = useNavigation();
  const isSubmitting = navigation.state === "submitting" && navigation.formMethod === "POST";
  const ids = useId();

  useEffect(() => {
    // After a post the page shows its answer (a confirmation): never navigate it away.
    if (data.zoneChosen || actionData) return;
    const browserZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    if (browserZone && browserZone !== data.timeZone)
      void navigate(pageLink(data, { tz: browserZone }).replace("#book", ""), { replace: true, preventScrollReset: true });
  }, [data, actionData, navigate]);

  useEffect(() => {
    if (actionData?.outcome === "booked")
      toast.success(
        actionData.status === "unconfirmed"
          ? "Almost done! Confirm the session by the link we've e-mailed you."
          : actionData.status === "confirmed"
            ? "Session booked! Check your e-mail for the invite."
            : "Request received! We'll confirm by e-mail.",
      );
    else if (actionData && actionData.outcome !== "rejected" && actionData.message) toast.error(actionData.message);
  }, [actionData]);

  if (actionData?.outcome === "booked") return <BookingConfirmation result={actionData} />;
  // The database is away and this instance never read a mentor: the page as without bookings.
  if (data.unavailable && data.mentors.length === 0 && !actionData) return null;

  const failed = actionData;
  const errors = failed?.errors ?? {};
  const values = failed?.values ?? {};
  // A booking that failed for another reason than a taken time keeps its time chosen, even when the
  // page lists another day's times (or none, while the database is away): it is then listed first, with its date.
  const chosen = failed?.chosenSlot && !data.slots.some((slot) => slot.id === failed.chosenSlot?.id) ? failed.chosenSlot : null;
  const slots =
    failed?.outcome === "taken" && failed.nextSlots.length > 0 ? failed.nextSlots : chosen ? [chosen, ...data.slots] : data.slots;
  const zones = COMMON_TIME_ZONES.includes(data.timeZone) ? COMMON_TIME_ZONES : [data.timeZone, ...COMMON_TIME_ZONES];
  const startToken = failed?.startToken ?? data.startToken;

  return (
    <section
      id="book"
      aria-labelledby="book-title"
      className="container-page grid grid-cols-[minmax(0,1fr)] gap-8 py-12 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)] lg:py-16"
    >
      {/* min-w-0: the days' scrolling row must not widen the column past the screen. */}
      <Card className="flex min-w-0 flex-col gap-8 p-6 sm:p-8">
        <div className="flex flex-col gap-2">
          <h2 id="book-title" className="text-2xl font-semibold">
            Book a session
          </h2>
          <p className="text-ink-700">
            Times are shown in <strong>{data.timeZone}</strong>. Pick a day, then a time.
          </p>
        </div>

        <ZoneAndLengthForm data={data} ids={ids} zones={zones} />

        <DayLinks data={data} />

        {slots.length > 0 ? (
          <Form
            method="post"
            action={pageLink(data, {})}
            preventScrollReset
            noValidate
            className="flex flex-col gap-6"
            aria-labelledby="book-title"
          >
            <input type="hidden" name="intent" value="book" />
            <input type="hidden" name="tz" value={data.timeZone} />
            <SlotChoice data={data} slots={slots} failed={failed} chosen={chosen} selected={values.slotId} ids={ids} />

            <LearnerFields ids={ids} errors={errors} values={values} />

            <HoneypotField id={`booking-${HONEYPOT_FIELD}`} />
            <input type="hidden" name={STARTED_AT_FIELD} value={startToken} />
            {failed && failed.outcome !== "rejected" && failed.outcome !== "taken" && failed.message ? (
              <FieldError error={failed.message} />
            ) : null}

            <div className="flex flex-wrap items-center gap-4">
              <Button type="submit" size="lg" disabled={isSubmitting} aria-disabled={isSubmitting || undefined}>
                {isSubmitting ? "Booking..." : "Book session"}
              </Button>
              <a href="#request" className="font-medium text-aurora-800 underline">
                None of these times work?
              </a>
            </div>
          </Form>
        ) : null}
      </Card>
      <MentorsAside mentors={data.mentors} />
    </section>
  );
}

function BookingConfirmation({ result }: { result: Extract<BookingActionData, { outcome: "booked" }> }) {
  const text = {
    unconfirmed: `We've e-mailed a link to ${result.email}: open it and press "Confirm my session" to book this time.${result.confirmBy ? ` We hold the time for you until ${time(result.confirmBy, result.timeZone)}; after that it goes back to other learners.` : ""}`,
    confirmed: `We've sent the calendar invite with the video link to ${result.email}. Its links let you move or cancel the session.`,
    pending: `We keep this time for you and confirm by e-mail to ${result.email} once a mentor has looked at it.`,
  }[result.status];
  return (
    <section id="book" aria-labelledby="booked-title" className="container-page py-12 lg:py-16">
      <Card className="flex flex-col gap-4 p-6 sm:p-8" role="status">
        <h2 id="booked-title" className="text-2xl font-semibold" tabIndex={-1}>
          {
            { unconfirmed: "Check your e-mail to confirm", confirmed: "Your session is booked", pending: "Your request is in" }[
              result.status
            ]
          }
        </h2>
        <p className="text-lg text-ink-900">
          {longDate(result.start, result.timeZone)}, {time(result.start, result.timeZone)}–{time(result.end, result.timeZone)} (
          {result.timeZone}) with {result.mentorName}.
        </p>
        <p className="text-ink-700">{text}</p>
      </Card>
    </section>
  );
}

type Failed = Exclude<BookingActionData, { outcome: "booked" }> | undefined;
type FormValues = NonNullable<NonNullable<Failed>["values"]>;
type FormErrors = NonNullable<NonNullable<Failed>["errors"]>;

/** The zone and the session length the times are shown for: a GET form. */
function ZoneAndLengthForm({ data, ids, zones }: { data: BookingPageData; ids: string; zones: string[] }) {
  return (
    <>
      {/* Keyed by the choice: after the page switches to the browser's zone, the fields show it. */}
      <Form
        key={`${data.timeZone}|${data.minutes}`}
        method="get"
        action="/mentoring#book"
        className="flex flex-wrap items-end gap-4"
        preventScrollReset
      >
        <div className="flex flex-col gap-1.5">
          <label htmlFor={`${ids}-tz`} className="text-sm font-medium text-ink-900">
            Your time zone
          </label>
          <select
            id={`${ids}-tz`}
            name="tz"
            defaultValue={data.timeZone}
            className="h-11 rounded-md border border-ink-300 bg-white px-3 text-ink-900"
          >
            {zones.map((zone) => (
              <option key={zone} value={zone}>
                {zone.replaceAll("_", " ")}
              </option>
            ))}
          </select>
        </div>
        <fieldset className="flex flex-col gap-1.5">
          <legend className="mb-1.5 text-sm font-medium text-ink-900">Session length</legend>
          <div className="flex gap-4">
            {data.lengths.map((length) => (
              <label key={length} className="flex items-center gap-2 text-ink-900">
                <input
                  type="radio"
                  name="minutes"
                  value={length}
                  defaultChecked={length === data.minutes}
                  className="size-4 accent-aurora-700"
                />
                {length} minutes
              </label>
            ))}
          </div>
        </fieldset>
        <Button type="submit" variant="outline">
          Show times
        </Button>
      </Form>
    </>
  );
}

/** The days with free times, as links; or why there are none. */
function DayLinks({ data }: { data: BookingPageData }) {
  return (
    <>
      {data.unavailable ? (
        <p className="text-ink-700">The free times cannot be shown right now. Please try again in a moment.</p>
      ) : data.days.length === 0 ? (
        <p className="text-ink-700">
          No free times in the next weeks.{" "}
          <a href="#request" className="font-medium text-aurora-800 underline">
            Send us a request
          </a>{" "}
          and we will find one.
        </p>
      ) : (
        <nav aria-label="Days with free times">
          {/* One scrolling row on a phone, so the times stay near the top; wrapped rows from the small breakpoint up. */}
          {/* relative: the links' screen-reader text (absolutely placed) scrolls and clips with the row. */}
          <ul className="relative -mx-1 flex gap-2 overflow-x-auto px-1 pb-2 sm:flex-wrap sm:overflow-visible">
            {data.days.map((day) => (
              <li key={day.day}>
                <Link
                  to={pageLink(data, { day: day.day })}
                  preventScrollReset
                  aria-current={day.day === data.day ? "date" : undefined}
                  className="flex min-w-24 shrink-0 flex-col whitespace-nowrap rounded-md border border-ink-300 px-3 py-2 text-sm text-ink-900 hover:border-aurora-700 aria-[current=date]:border-aurora-700 aria-[current=date]:bg-aurora-50 aria-[current=date]:font-semibold"
                >
                  {/* The name is the text shown (WCAG 2.5.3), with the word a screen reader needs after "free". */}
                  <span>{dayLabel(day.day)}</span>
                  <span className="text-ink-600">
                    {day.count} free<span className="sr-only"> {day.count === 1 ? "time" : "times"}</span>
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      )}
    </>
  );
}

/**
 * The free times as radio buttons. After a refusal: the next free times when the chosen one was
 * taken, or the chosen time kept (listed first, with its date) when it is not among the day's.
 */
function SlotChoice(props: {
  data: BookingPageData;
  slots: SlotOption[];
  failed: Failed;
  chosen: SlotOption | null;
  selected?: string;
  ids: string;
}) {
  const { data, slots, failed, chosen, selected, ids } = props;
  const withDate = (slot: SlotOption) => failed?.outcome === "taken" || slot === chosen;
  const mentorsById = new Map(data.mentors.map((mentor) => [mentor.id, mentor]));
  return (
    <fieldset className="flex flex-col gap-3" aria-describedby={failed?.errors?.slotId ? `${ids}-slot-error` : undefined}>
      <legend className="mb-2 text-lg font-semibold">
        {failed?.outcome === "taken" ? "The next free times" : data.day ? `Times on ${dayLongLabel(data.day)}` : "Times"}
      </legend>
      <FieldError id={`${ids}-slot-error`} error={failed?.errors?.slotId} />
      <div className="grid gap-2 sm:grid-cols-2">
        {slots.map((slot) => {
          const mentor = mentorsById.get(slot.mentorId);
          return (
            <label
              key={slot.id}
              className="flex cursor-pointer items-start gap-3 rounded-md border border-ink-300 p-3 has-[:checked]:border-aurora-700 has-[:checked]:bg-aurora-50"
            >
              <input
                type="radio"
                name="slotId"
                value={slot.id}
                required
                defaultChecked={selected === slot.id}
                aria-label={slotName(slot, data.timeZone, mentor)}
                className="mt-1 size-4 accent-aurora-700"
              />
              <span className="flex flex-col" aria-hidden="true">
                <span className="font-semibold text-ink-900">
                  {withDate(slot) ? `${format(slot.start, data.timeZone, { weekday: "short", day: "numeric", month: "short" })} ` : ""}
                  {time(slot.start, data.timeZone)}–{time(slot.end, data.timeZone)}
                </span>
                {mentor ? (
                  <span className="text-sm text-ink-600">
                    {mentor.name}
                    {mentor.timeZone !== data.timeZone ? ` · ${time(slot.start, mentor.timeZone)} in ${zoneCity(mentor.timeZone)}` : ""}
                  </span>
                ) : null}
              </span>
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}

/** Name, e-mail, goals, the scholarship request and the disclaimer. */
function LearnerFields({ ids, errors, values }: { ids: string; errors: FormErrors; values: FormValues }) {
  return (
    <>
      <div className="grid gap-6 sm:grid-cols-2">
        <Field id={`${ids}-name`} name="name" label="Name" error={errors.name}>
          {(control) => (
            <Input {...control} type="text" autoComplete="name" required maxLength={FIELD_LIMITS.name} defaultValue={values.name} />
          )}
        </Field>
        <Field id={`${ids}-email`} name="email" label="Email" error={errors.email}>
          {(control) => (
            <Input {...control} type="email" autoComplete="email" required maxLength={FIELD_LIMITS.email} defaultValue={values.email} />
          )}
        </Field>
      </div>
      <Field id={`${ids}-goals`} name="goals" label="Your learning goals" error={errors.goals}>
        {(control) => (
          <Textarea
            {...control}
            rows={4}
            required
            maxLength={FIELD_LIMITS.longText}
            defaultValue={values.goals}
            placeholder="What do you want to learn or build? Where are you today?"
          />
        )}
      </Field>

      <div className="flex flex-col gap-3 rounded-md border border-ink-200 p-4">
        <div className="flex items-start gap-3">
          <Checkbox id={`${ids}-scholarship`} name="scholarship" defaultChecked={values.scholarship === "on"} />
          <label htmlFor={`${ids}-scholarship`} className="text-sm font-medium text-ink-900">
            I am a student and ask for a scholarship (a free session; a mentor confirms it first)
          </label>
        </div>
        <Field
          id={`${ids}-scholarship-reason`}
          name="scholarshipReason"
          label="Why a scholarship? (a sentence or two)"
          error={errors.scholarshipReason}
        >
          {(control) => <Textarea {...control} rows={2} maxLength={1000} defaultValue={values.scholarshipReason} />}
        </Field>
      </div>

      <DisclaimerNotice variant="light" id={`${ids}-disclaimer`} landmark={false} />
      <div className="flex flex-col gap-1.5">
        <div className="flex items-start gap-3">
          <Checkbox
            id={`${ids}-disclaimerAccepted`}
            name="disclaimerAccepted"
            required
            defaultChecked={values.disclaimerAccepted === "on"}
            aria-invalid={errors.disclaimerAccepted ? true : undefined}
            aria-describedby={errors.disclaimerAccepted ? `${ids}-disclaimerAccepted-error` : undefined}
          />
          <label htmlFor={`${ids}-disclaimerAccepted`} className="text-sm font-medium text-ink-900">
            {disclaimers.light.checkboxLabel}
          </label>
        </div>
        <FieldError id={`${ids}-disclaimerAccepted-error`} error={errors.disclaimerAccepted} />
      </div>
    </>
  );
}

function MentorsAside({ mentors }: { mentors: BookingPageData["mentors"] }) {
  return (
    <aside aria-labelledby="book-aside-title" className="flex flex-col gap-4">
      <h2 id="book-aside-title" className="text-xl font-semibold">
        Your mentor{mentors.length > 1 ? "s" : ""}
      </h2>
      <ul className="flex flex-col gap-4">
        {mentors.map((mentor) => (
          <li key={mentor.id} className="flex items-center gap-3">
            <img src={mentor.portrait} alt="" width={56} height={56} className="size-14 rounded-full bg-ink-100" />
            <span className="flex flex-col">
              <span className="font-semibold text-ink-900">{mentor.name}</span>
              <span className="text-sm text-ink-600">{mentor.role}</span>
            </span>
          </li>
        ))}
      </ul>
      <div className="flex flex-col gap-3 text-ink-700">
        <p>Sessions are 1-to-1 on a video call; the link is in your invite.</p>
        <p>
          <strong>Payment</strong> is arranged after the session, by invoice. Scholarship sessions for students are free.
        </p>
        <p>You can move or cancel a session with the links in your confirmation mail until it starts.</p>
      </div>
    </aside>
  );
}
