import { data, Form, Link } from "react-router";
import { requireAdmin } from "~/.server/admin-guard";
import { requestInfoContext } from "~/.server/request-context";
import { audited } from "~/features/admin/record-admin-audit.server";
import { AppError } from "~/.server/errors";
import { redirectWithToast } from "~/.server/toast";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { Checkbox } from "~/components/ui/checkbox";
import { Field, FieldError } from "~/components/ui/field";
import { Input, Textarea } from "~/components/ui/input";
import { NativeSelect } from "~/components/ui/select";
import { publishedNow } from "~/features/content/live.server";
import { AdminShell } from "~/features/admin/components/admin-shell";
import { ADMIN_REQUEST_FAILED } from "~/features/admin/failed-request";
import {
  availabilityBodyFromForm,
  overridesToText,
  SESSION_LENGTH_CHOICES,
  WEEKDAYS,
  weeklyToText,
} from "~/features/mentoring/availability-form";
import { checkCalendar } from "~/features/mentoring/caldav.server";
import { refreshCalendars } from "~/features/mentoring/calendar-jobs.server";
import { COMMON_TIME_ZONES } from "~/features/mentoring/time-zones";
import { mentorSettings, saveAvailability, saveCalendarConnection, saveMentorProfile } from "~/features/mentoring/mentors.server";
import { keepPageOnFailedRequest } from "~/lib/keep-page-on-failed-request";
import { publicUrlFrom, seo } from "~/lib/seo";
import type { Route } from "./+types/mentoring-availability";

export const meta: Route.MetaFunction = ({ matches }) =>
  seo({
    title: "Your availability",
    description: "Your mentoring hours, session lengths and calendar.",
    path: "/admin/mentoring/availability",
    publicUrl: publicUrlFrom(matches),
    noindex: true,
  });

export async function loader({ request }: Route.LoaderArgs) {
  const admin = await requireAdmin(request);
  const founders = publishedNow().people.map(({ name, role }) => ({ name, role }));
  return { settings: await mentorSettings(admin.id), adminName: admin.name, founders };
}

type Answer = { intent: string; errors: Record<string, string>; values?: Record<string, string | string[]> };

export async function action({ request, context }: Route.ActionArgs) {
  const admin = await requireAdmin(request);
  const form = await request.formData().catch(() => new FormData());
  const intent = String(form.get("intent") ?? "");
  // Each change goes to the audit log in its own transaction (what was saved; never the calendar's password).
  const save = async (title: string, change: () => Promise<unknown>) => {
    const clientIp = context.get(requestInfoContext).clientIp;
    await audited({ user: admin, action: "change-hours", target: admin.email, summary: title, clientIp }, change);
    return redirectWithToast("/admin/mentoring/availability", { type: "success", title });
  };
  const values = Object.fromEntries(
    [...new Set(form.keys())].map((key) => [key, form.getAll(key).length > 1 ? form.getAll(key).map(String) : String(form.get(key) ?? "")]),
  );
  try {
    if (intent === "hours") {
      const parsed = availabilityBodyFromForm(form);
      if (!parsed.ok) return data<Answer>({ intent, errors: parsed.errors, values }, { status: 400 });
      return save("Availability saved", () =>
        saveAvailability(admin.id, parsed.body, { profileName: String(form.get("profileName") ?? "") }),
      );
    }
    if (intent === "profile") {
      const videoKind = form.get("videoKind") === "fixed" ? "fixed" : "jitsi";
      return save("Profile saved", () =>
        saveMentorProfile(admin.id, {
          profileName: String(form.get("profileName") ?? ""),
          video: videoKind === "fixed" ? { kind: "fixed", url: String(form.get("videoUrl") ?? "").trim() } : { kind: "jitsi" },
          active: form.get("active") === "on",
        }),
      );
    }
    if (intent === "calendar") {
      if (form.get("disconnect") === "yes") {
        return save("Calendar disconnected", () => saveCalendarConnection(admin.id, null));
      }
      const connection = {
        url: String(form.get("caldavUrl") ?? "").trim(),
        username: String(form.get("caldavUsername") ?? "").trim(),
        password: String(form.get("caldavPassword") ?? ""),
      };
      if (!/^https?:\/\//.test(connection.url) || !connection.username || !connection.password) {
        return data<Answer>(
          {
            intent,
            errors: { calendar: "Give the calendar's address (https://…), your user name and an app password" },
            values: { ...values, caldavPassword: "" },
          },
          { status: 400 },
        );
      }
      const checked = await checkCalendar(connection);
      if (!checked.ok)
        return data<Answer>({ intent, errors: { calendar: checked.message }, values: { ...values, caldavPassword: "" } }, { status: 400 });
      return save(`Calendar connected${checked.displayName ? `: ${checked.displayName}` : ""}`, async () => {
        await saveCalendarConnection(admin.id, { ...connection, url: checked.calendarUrl });
        await refreshCalendars();
      });
    }
  } catch (error) {
    if (error instanceof AppError && error.code === "invalid")
      return data<Answer>({ intent, errors: { [intent]: error.message }, values: { ...values, caldavPassword: "" } }, { status: 400 });
    throw error;
  }
  return data<Answer>({ intent: "other", errors: { other: "That request was not understood." } }, { status: 400 });
}

export const clientAction = (args: Route.ClientActionArgs) => keepPageOnFailedRequest(args, () => ({ message: ADMIN_REQUEST_FAILED }));

export default function MentoringAvailability({ loaderData, actionData }: Route.ComponentProps) {
  const { settings } = loaderData;
  const answer = actionData && "intent" in actionData ? (actionData as Answer) : undefined;
  const errors = answer?.errors ?? {};
  const kept = (name: string, fallback: string) => {
    const value = answer?.values?.[name];
    return typeof value === "string" ? value : fallback;
  };
  const availability = settings.availability;
  const keptLengths = answer?.intent === "hours" ? [answer.values?.sessionMinutes ?? []].flat().map(Number) : availability.sessionMinutes;
  return (
    <AdminShell
      title="Your availability"
      description={
        <>
          When learners can book you on /mentoring, in your own time zone.{" "}
          <Link to="/admin/mentoring" className="font-medium text-aurora-800 underline">
            Back to the agenda
          </Link>
        </>
      }
    >
      <div className="flex max-w-3xl flex-col gap-8">
        {!settings.exists ? (
          <p role="status" className="rounded-lg border border-aurora-700/40 bg-aurora-100 p-4">
            You are not taking bookings yet. Save your weekly hours to appear on /mentoring.
          </p>
        ) : null}
        <HoursCard settings={settings} errors={errors} kept={kept} keptLengths={keptLengths} />

        {settings.exists ? <ProfileCard settings={settings} errors={errors} founders={loaderData.founders} /> : null}

        {settings.exists ? <CalendarCard settings={settings} errors={errors} kept={kept} /> : null}
      </div>
    </AdminShell>
  );
}

type Settings = Route.ComponentProps["loaderData"]["settings"];
type FormErrors = Record<string, string | undefined>;
/** The value the form was sent with (kept after a refusal), else `fallback`. */
type Kept = (name: string, fallback: string) => string;

/** The weekly hours, date overrides, session lengths and booking limits. */
function HoursCard({ settings, errors, kept, keptLengths }: { settings: Settings; errors: FormErrors; kept: Kept; keptLengths: number[] }) {
  const availability = settings.availability;
  const zones = COMMON_TIME_ZONES.includes(availability.timeZone) ? COMMON_TIME_ZONES : [availability.timeZone, ...COMMON_TIME_ZONES];
  return (
    <Card className="flex flex-col gap-5">
      <h2 className="text-xl font-semibold">Hours</h2>
      <Form method="post" className="flex flex-col gap-5" aria-label="Hours">
        <input type="hidden" name="intent" value="hours" />
        <input type="hidden" name="profileName" value={settings.profileName} />
        <Field id="timeZone" name="timeZone" label="Your time zone" error={errors.timeZone}>
          {(control) => (
            <NativeSelect {...control} defaultValue={kept("timeZone", availability.timeZone)}>
              {zones.map((zone) => (
                <option key={zone} value={zone}>
                  {zone.replaceAll("_", " ")}
                </option>
              ))}
            </NativeSelect>
          )}
        </Field>
        <fieldset className="flex flex-col gap-3">
          <legend className="mb-2 font-semibold">Weekly hours (e.g. 09:00-12:00, 13:00-17:00; empty: not available)</legend>
          {WEEKDAYS.map((day, index) => (
            <Field
              key={day}
              id={`day${index + 1}`}
              name={`day${index + 1}`}
              label={day}
              error={errors[`day${index + 1}`]}
              className="sm:grid sm:grid-cols-[8rem_1fr] sm:items-center sm:gap-x-3"
            >
              {(control) => (
                <Input
                  {...control}
                  defaultValue={kept(`day${index + 1}`, weeklyToText(availability.weekly, index + 1))}
                  placeholder="Not available"
                />
              )}
            </Field>
          ))}
        </fieldset>
        <Field
          id="overrides"
          name="overrides"
          label="Date overrides"
          description="One date per line: 2026-12-24 off, or 2026-12-27 10:00-14:00 (replaces that day's weekly hours)."
          error={errors.overrides}
        >
          {(control) => <Textarea {...control} rows={4} defaultValue={kept("overrides", overridesToText(availability.overrides))} />}
        </Field>
        <fieldset className="flex flex-col gap-2">
          <legend className="mb-1 font-semibold">Session lengths</legend>
          <div className="flex flex-wrap gap-4">
            {SESSION_LENGTH_CHOICES.map((minutes) => (
              <div key={minutes} className="flex items-center gap-2">
                <Checkbox id={`length-${minutes}`} name="sessionMinutes" value={minutes} defaultChecked={keptLengths.includes(minutes)} />
                <label htmlFor={`length-${minutes}`}>{minutes} minutes</label>
              </div>
            ))}
          </div>
          <FieldError error={errors.sessionMinutes} />
        </fieldset>
        <div className="grid gap-4 sm:grid-cols-3">
          <Field id="bufferMinutes" name="bufferMinutes" label="Buffer after a session (minutes)" error={errors.bufferMinutes}>
            {(control) => (
              <Input {...control} inputMode="numeric" defaultValue={kept("bufferMinutes", String(availability.bufferMinutes))} />
            )}
          </Field>
          <Field id="minNoticeHours" name="minNoticeHours" label="Minimum notice (hours)" error={errors.minNoticeHours}>
            {(control) => (
              <Input {...control} inputMode="numeric" defaultValue={kept("minNoticeHours", String(availability.minNoticeHours))} />
            )}
          </Field>
          <Field id="horizonDays" name="horizonDays" label="Bookable ahead (days)" error={errors.horizonDays}>
            {(control) => <Input {...control} inputMode="numeric" defaultValue={kept("horizonDays", String(availability.horizonDays))} />}
          </Field>
        </div>
        <FieldError error={errors.hours} />
        <div>
          <Button type="submit">Save hours</Button>
        </div>
      </Form>
    </Card>
  );
}

/** The choices of the video link, as the profile form offers them. */
const videoKinds = [
  { kind: "jitsi", label: "A new Jitsi Meet room for each session (an unguessable name)" },
  { kind: "fixed", label: "My own meeting link (Zoom, Google Meet…)" },
] as const;

/** The name learners see, the video link and whether bookings are taken. */
function ProfileCard({
  settings,
  errors,
  founders,
}: {
  settings: Settings;
  errors: FormErrors;
  founders: Array<{ name: string; role: string }>;
}) {
  return (
    <Card className="flex flex-col gap-5">
      <h2 className="text-xl font-semibold">Profile and video</h2>
      <Form method="post" className="flex flex-col gap-5" aria-label="Profile and video">
        <input type="hidden" name="intent" value="profile" />
        <Field id="profileName" name="profileName" label="Shown to learners as" error={undefined}>
          {(control) => (
            <NativeSelect {...control} defaultValue={settings.profileName}>
              {founders.map((founder) => (
                <option key={founder.name} value={founder.name}>
                  {founder.name} ({founder.role})
                </option>
              ))}
            </NativeSelect>
          )}
        </Field>
        <fieldset className="flex flex-col gap-2">
          <legend className="mb-1 font-semibold">Video link</legend>
          {videoKinds.map(({ kind, label }) => (
            <label key={kind} className="flex items-center gap-2">
              <input
                type="radio"
                name="videoKind"
                value={kind}
                defaultChecked={settings.video.kind === kind}
                className="size-4 accent-aurora-700"
              />
              {label}
            </label>
          ))}
          <Field id="videoUrl" name="videoUrl" label="Meeting link" error={errors.profile}>
            {(control) => (
              <Input
                {...control}
                type="url"
                placeholder="https://"
                defaultValue={settings.video.kind === "fixed" ? settings.video.url : ""}
              />
            )}
          </Field>
        </fieldset>
        <div className="flex items-center gap-2">
          <Checkbox id="active" name="active" defaultChecked={settings.active} />
          <label htmlFor="active">Taking bookings (off: your hours are kept, learners see no times of yours)</label>
        </div>
        <div>
          <Button type="submit">Save profile</Button>
        </div>
      </Form>
    </Card>
  );
}

/** The mentor's own calendar over CalDAV: its state, and connecting or disconnecting it. */
function CalendarCard({ settings, errors, kept }: { settings: Settings; errors: FormErrors; kept: Kept }) {
  return (
    <Card className="flex flex-col gap-5">
      <h2 className="text-xl font-semibold">Your calendar (CalDAV)</h2>
      <p className="text-ink-700">
        Optional. Busy times in your calendar are taken out of your free times (read every 5 minutes and again at each booking), and each
        booking is written into it. Use an app password, not your main one; docs/mentoring.md lists the addresses of common providers.
      </p>
      {settings.calendar ? (
        <p role="status" className="text-ink-900">
          Connected: <span className="break-all">{settings.calendar.url}</span> as {settings.calendar.username}.
          {settings.calendarError ? <strong className="block text-danger-700">Last read failed: {settings.calendarError}</strong> : null}
          {settings.calendarReadAt ? (
            <span className="block text-sm text-ink-600">
              Last read {new Date(settings.calendarReadAt).toISOString().slice(0, 16).replace("T", " ")} UTC
            </span>
          ) : null}
        </p>
      ) : null}
      <Form method="post" className="flex flex-col gap-4" aria-label="Calendar">
        <input type="hidden" name="intent" value="calendar" />
        <Field id="caldavUrl" name="caldavUrl" label="Calendar address" error={undefined}>
          {(control) => (
            <Input
              {...control}
              type="url"
              placeholder="https://caldav.example.com/…"
              defaultValue={kept("caldavUrl", settings.calendar?.url ?? "")}
            />
          )}
        </Field>
        <div className="grid gap-4 sm:grid-cols-2">
          <Field id="caldavUsername" name="caldavUsername" label="User name" error={undefined}>
            {(control) => (
              <Input {...control} autoComplete="off" defaultValue={kept("caldavUsername", settings.calendar?.username ?? "")} />
            )}
          </Field>
          <Field id="caldavPassword" name="caldavPassword" label="App password" error={undefined}>
            {(control) => <Input {...control} type="password" autoComplete="new-password" />}
          </Field>
        </div>
        <FieldError error={errors.calendar} />
        <div className="flex flex-wrap gap-3">
          <Button type="submit">{settings.calendar ? "Check and save" : "Check and connect"}</Button>
          {settings.calendar ? (
            <Button type="submit" name="disconnect" value="yes" variant="outline">
              Disconnect
            </Button>
          ) : null}
        </div>
      </Form>
    </Card>
  );
}
