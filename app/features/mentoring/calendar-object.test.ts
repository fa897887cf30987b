import { describe, expect, it } from "vitest";
import { asCalendarObject } from "./calendar-jobs.server";

describe("the booking as an event in the mentor's calendar", () => {
  it("drops METHOD, ORGANIZER and ATTENDEE (folded lines included) and keeps the rest", () => {
    const invite = [
      "BEGIN:VCALENDAR",
      "METHOD:REQUEST",
      "BEGIN:VEVENT",
      "UID:booking-1@nordlys.test",
      "ORGANIZER;CN=Nordlys:mailto:studio@nordlys.test",
      "ATTENDEE;CN=Ada Lovelace;ROLE=REQ-PARTICIPANT;PARTSTAT=NEEDS-ACTION;RSVP=TRU",
      " E:mailto:ada@example.com",
      "SUMMARY:Mentoring: Ada with Maya",
      "DESCRIPTION:Video: https://meet.jit.si/Nordlys-abc and a long",
      "  folded line",
      "END:VEVENT",
      "END:VCALENDAR",
    ].join("\r\n");
    expect(asCalendarObject(invite).split("\r\n")).toEqual([
      "BEGIN:VCALENDAR",
      "BEGIN:VEVENT",
      "UID:booking-1@nordlys.test",
      "SUMMARY:Mentoring: Ada with Maya",
      "DESCRIPTION:Video: https://meet.jit.si/Nordlys-abc and a long",
      "  folded line",
      "END:VEVENT",
      "END:VCALENDAR",
    ]);
  });
});
