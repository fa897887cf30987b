import ICAL from "ical.js";
import { describe, expect, it } from "vitest";
import { buildInvite } from "./invite.server";
import type { BookingForMail } from "./types";
import { sampleBooking } from "../../../tests/support/booking-for-mail";

const organizer = { name: "Nordlys Studio", email: "studio@nordlys.test" };

function booking(start: string, minutes = 60, overrides: Partial<BookingForMail> = {}): BookingForMail {
  const startDate = new Date(start);
  return sampleBooking({
    start: startDate,
    end: new Date(startDate.getTime() + minutes * 60_000),
    goals: "Ship my first RAG prototype.\nUnderstand evals.",
    ...overrides,
  });
}

/** Parses an invite the way a calendar client would, resolving TZIDs through its own VTIMEZONEs only. */
function parse(ics: string) {
  const calendar = new ICAL.Component(ICAL.parse(ics));
  const vtimezones = calendar.getAllSubcomponents("vtimezone");
  for (const vtimezone of vtimezones) ICAL.TimezoneService.register(vtimezone);
  try {
    const vevent = calendar.getFirstSubcomponent("vevent");
    if (!vevent) throw new Error("no VEVENT");
    const event = new ICAL.Event(vevent);
    const dtstart = vevent.getFirstProperty("dtstart");
    return {
      calendar,
      vevent,
      vtimezones,
      event,
      method: calendar.getFirstPropertyValue("method"),
      startTzid: dtstart?.getParameter("tzid"),
      start: event.startDate.toJSDate(),
      end: event.endDate.toJSDate(),
      status: vevent.getFirstPropertyValue("status"),
      attendees: vevent.getAllProperties("attendee").map((property) => ({
        // The URI scheme is case-insensitive (ical-generator writes MAILTO:).
        address: String(property.getFirstValue()).replace(/^mailto:/i, "mailto:"),
        cn: property.getParameter("cn"),
        partstat: property.getParameter("partstat"),
        rsvp: property.getParameter("rsvp"),
      })),
    };
  } finally {
    for (const vtimezone of vtimezones) ICAL.TimezoneService.remove(String(vtimezone.getFirstPropertyValue("tzid")));
  }
}

describe("buildInvite", () => {
  it("writes a REQUEST with the booking's UID, SEQUENCE, Oslo times and VTIMEZONE (after the spring change)", () => {
    // 28 March 2027: Oslo changed to CEST (UTC+2) at 02:00 that night; 11:00 local is 09:00 UTC.
    const spring = booking("2027-03-28T09:00:00Z", 60, { sequence: 2 });
    const invite = parse(buildInvite(spring, "REQUEST", organizer));
    expect(invite.method).toBe("REQUEST");
    expect(invite.event.uid).toBe("booking-b1@nordlys.test");
    expect(invite.event.sequence).toBe(2);
    expect(invite.vtimezones.map((vtimezone) => vtimezone.getFirstPropertyValue("tzid"))).toEqual(["Europe/Oslo"]);
    expect(invite.startTzid).toBe("Europe/Oslo");
    expect(invite.vevent.getFirstProperty("dtstart")?.toICALString()).toBe("DTSTART;TZID=Europe/Oslo:20270328T110000");
    expect(invite.start.getTime()).toBe(spring.start.getTime());
    expect(invite.end.getTime()).toBe(spring.end.getTime());
    expect(invite.status).toBe("CONFIRMED");
    expect(invite.event.location).toBe(spring.videoUrl);
    expect(invite.vevent.getFirstPropertyValue("url")).toBe(spring.videoUrl);
    expect(invite.event.summary).toBe("Mentoring: Ada Lovelace with Ingrid Nordlys");
  });

  it("gets the instant right on 31 October 2027, after Oslo's autumn change", () => {
    // CET (UTC+1) again since 03:00 that night: 10:00 local is 09:00 UTC.
    const autumn = booking("2027-10-31T09:00:00Z", 30);
    const invite = parse(buildInvite(autumn, "REQUEST", organizer));
    expect(invite.vevent.getFirstProperty("dtstart")?.toICALString()).toBe("DTSTART;TZID=Europe/Oslo:20271031T100000");
    expect(invite.start.getTime()).toBe(autumn.start.getTime());
    expect(invite.end.getTime()).toBe(autumn.end.getTime());
  });

  it("names the studio as organizer, the learner (RSVP, needs action) and the mentor as attendees", () => {
    const invite = parse(buildInvite(booking("2027-03-28T09:00:00Z"), "REQUEST", organizer));
    expect(invite.vevent.getFirstPropertyValue("organizer")).toBe("mailto:studio@nordlys.test");
    expect(invite.attendees).toEqual([
      { address: "mailto:ada@example.com", cn: "Ada Lovelace", partstat: "NEEDS-ACTION", rsvp: "TRUE" },
      { address: "mailto:ingrid@nordlys.test", cn: "Ingrid Nordlys", partstat: "ACCEPTED", rsvp: "FALSE" },
    ]);
  });

  it("describes the video link, the goals and the learner's links; the mentor's copy leaves the links out", () => {
    const request = booking("2027-03-28T09:00:00Z");
    const learner = parse(buildInvite(request, "REQUEST", organizer)).event.description;
    expect(learner).toContain(request.videoUrl);
    expect(learner).toContain("Ship my first RAG prototype.\nUnderstand evals.");
    expect(learner).toContain(request.cancelUrl);
    expect(learner).toContain(request.rescheduleUrl);
    const mentor = parse(buildInvite({ ...request, scholarship: { reason: "Student" } }, "REQUEST", organizer, "mentor")).event.description;
    expect(mentor).toContain(request.videoUrl);
    expect(mentor).toContain("Scholarship: Student");
    expect(mentor).not.toContain("/mentoring/booking?token=");
  });

  it("cancels with STATUS:CANCELLED, the same UID and a higher SEQUENCE", () => {
    const original = booking("2027-03-28T09:00:00Z", 60, { sequence: 1 });
    const request = parse(buildInvite(original, "REQUEST", organizer));
    const cancel = parse(buildInvite({ ...original, sequence: original.sequence + 1 }, "CANCEL", organizer));
    expect(cancel.method).toBe("CANCEL");
    expect(cancel.status).toBe("CANCELLED");
    expect(cancel.event.uid).toBe(request.event.uid);
    expect(cancel.event.sequence).toBeGreaterThan(request.event.sequence);
  });

  it("keeps names with quotes, commas and line breaks inside their fields", () => {
    const tricky = booking("2027-03-28T09:00:00Z", 60, {
      learner: { name: 'Ada "Countess", of\r\nLovelace', email: "ada@example.com" },
      goals: "END:VEVENT\nBEGIN:VEVENT",
    });
    const ics = buildInvite(tricky, "REQUEST", organizer);
    expect(ics.match(/^BEGIN:VEVENT/gm)).toHaveLength(1);
    const invite = parse(ics);
    expect(invite.attendees.map((attendee) => attendee.address)).toEqual(["mailto:ada@example.com", "mailto:ingrid@nordlys.test"]);
    expect(invite.attendees[0]?.partstat).toBe("NEEDS-ACTION");
    expect(invite.event.description).toContain("END:VEVENT\nBEGIN:VEVENT");
  });
});
