import ICAL from "ical.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { resetEnvForTests } from "~/.server/env";
import type { MailAddress, MailMessage } from "~/.server/mail";
import {
  cancellationMails,
  confirmAddressMail,
  confirmationMails,
  followUpMail,
  formatSessionTime,
  pendingMails,
  reminderMail,
  rescheduleMails,
} from "./booking-mails.server";
import type { BookingForMail } from "./types";
import { sampleBooking } from "../../../tests/support/booking-for-mail";

const savedEnv = { ...process.env };

beforeAll(() => {
  process.env = { ...savedEnv, PUBLIC_URL: "https://nordlys.test", MAIL_FROM: "Nordlys Studio <studio@nordlys.test>" };
  resetEnvForTests();
});

afterAll(() => {
  process.env = { ...savedEnv };
  resetEnvForTests();
});

function booking(overrides: Partial<BookingForMail> = {}): BookingForMail {
  return sampleBooking({ goals: "Ship my first RAG prototype.\n<script>alert('goals')</script> & <b>evals</b>", ...overrides });
}

function address(to: MailMessage["to"]): string {
  const one = (Array.isArray(to) ? to[0] : to) as MailAddress;
  return typeof one === "string" ? one : one.address;
}

function inviteOf(mail: MailMessage | undefined) {
  if (!mail?.icalEvent) throw new Error("no invite");
  const calendar = new ICAL.Component(ICAL.parse(mail.icalEvent.content));
  const vevent = calendar.getFirstSubcomponent("vevent");
  return {
    method: calendar.getFirstPropertyValue("method"),
    uid: vevent?.getFirstPropertyValue("uid"),
    sequence: vevent?.getFirstPropertyValue("sequence"),
    status: vevent?.getFirstPropertyValue("status"),
    description: String(vevent?.getFirstPropertyValue("description")),
    organizer: String(vevent?.getFirstPropertyValue("organizer")),
  };
}

const learnerTime = "Sunday, 28 March 2027 at 05:00 (America/New_York)";
const mentorTime = "Sunday, 28 March 2027 at 11:00 (Europe/Oslo)";

describe("formatSessionTime", () => {
  it("formats the instant in the given zone, with the zone's name", () => {
    expect(formatSessionTime(new Date("2027-03-28T09:00:00Z"), "Europe/Oslo")).toBe(mentorTime);
    expect(formatSessionTime(new Date("2027-10-31T09:00:00Z"), "Europe/Oslo")).toBe("Sunday, 31 October 2027 at 10:00 (Europe/Oslo)");
  });
});

describe("confirmAddressMail", () => {
  it("asks only the learner to confirm, says until when the time is held, and carries no invite or video link", async () => {
    const mail = await confirmAddressMail(booking(), new Date("2027-03-20T14:30:00Z"));
    expect(address(mail.to)).toBe("ada@example.com");
    expect(mail.subject).toBe("Please confirm: your mentoring session with Ingrid Nordlys");
    expect(mail.tag).toBe("booking-confirm-address");
    expect(mail.icalEvent).toBeUndefined();
    for (const part of [mail.html, mail.text]) {
      expect(part).toContain("Saturday, 20 March 2027 at 10:30 (America/New_York)");
      expect(part).toContain(learnerTime);
      expect(part).toContain("https://nordlys.test/mentoring/booking?token=tok#confirm");
      expect(part).not.toContain("meet.jit.si");
      expect(part).not.toContain("<script>");
    }
  });
});

describe("confirmationMails", () => {
  it("sends the learner a confirmation with both times and the mentor a notice, each with a REQUEST invite", async () => {
    const [learner, mentor, ...rest] = await confirmationMails(booking());
    expect(rest).toEqual([]);

    expect(address(learner!.to)).toBe("ada@example.com");
    expect(learner!.subject).toBe("Booked: your mentoring session with Ingrid Nordlys");
    expect(learner!.tag).toBe("booking-confirmation");
    for (const part of [learner!.html, learner!.text]) {
      expect(part).toContain(learnerTime);
      expect(part).toContain(mentorTime);
      expect(part).toContain("https://meet.jit.si/Nordlys-0123456789abcdef0123456789abcdef");
      expect(part).toContain("Payment is arranged after the session, by invoice; scholarship sessions are free");
      expect(part).toContain("https://nordlys.test/mentoring/booking?token=tok#cancel");
      expect(part).toContain("https://nordlys.test/mentoring/booking?token=tok#reschedule");
    }
    expect(learner!.icalEvent?.method).toBe("REQUEST");
    const learnerInvite = inviteOf(learner);
    expect(learnerInvite).toMatchObject({ method: "REQUEST", uid: "booking-b1@nordlys.test", sequence: 0, status: "CONFIRMED" });
    expect(learnerInvite.organizer.toLowerCase()).toBe("mailto:studio@nordlys.test");
    expect(learnerInvite.description).toContain("tok#cancel");

    expect(address(mentor!.to)).toBe("ingrid@nordlys.test");
    expect(mentor!.replyTo).toEqual({ name: "Ada Lovelace", address: "ada@example.com" });
    expect(mentor!.subject).toBe(`New mentoring session: Ada Lovelace, ${mentorTime}`);
    expect(mentor!.tag).toBe("booking-mentor-notification");
    expect(mentor!.text).toContain("Ship my first RAG prototype.");
    const mentorInvite = inviteOf(mentor);
    expect(mentorInvite).toMatchObject({ method: "REQUEST", uid: "booking-b1@nordlys.test", sequence: 0 });
    // The learner's signed links are theirs alone.
    expect(mentorInvite.description).not.toContain("tok#");
    expect(mentor!.html).not.toContain("tok#");
  });

  it("shows one time when learner and mentor share a zone, and says a scholarship session is free", async () => {
    const [learner, mentor] = await confirmationMails(
      booking({ learnerTimeZone: "Europe/Oslo", scholarship: { reason: "Student at NTNU" } }),
    );
    expect(learner!.text).toContain(mentorTime);
    expect(learner!.text).not.toContain("America/New_York");
    expect(learner!.text).toContain("scholarship session: it is free");
    expect(mentor!.text).toContain("Student at NTNU");
  });

  it("escapes what the learner typed: no HTML from the goals, name or scholarship reason gets through", async () => {
    const [learner, mentor] = await confirmationMails(
      booking({
        learner: { name: "Ada <img src=x onerror=alert(1)>", email: "ada@example.com" },
        scholarship: { reason: "<iframe src=evil>" },
      }),
    );
    for (const html of [learner!.html, mentor!.html]) {
      expect(html).not.toContain("<script>");
      expect(html).not.toContain("<b>evals</b>");
      expect(html).toContain("&lt;script&gt;alert(&#x27;goals&#x27;)&lt;/script&gt; &amp; &lt;b&gt;evals&lt;/b&gt;");
    }
    expect(mentor!.html).not.toContain("<img src=x");
    expect(mentor!.html).toContain("&lt;img src=x onerror=alert(1)&gt;");
    expect(mentor!.html).not.toContain("<iframe");
    expect(mentor!.html).toContain("&lt;iframe src=evil&gt;");
  });

  it("keeps line breaks typed into the name out of the subject", async () => {
    const [, mentor] = await confirmationMails(booking({ learner: { name: "Ada\r\nBcc: x@example.net", email: "ada@example.com" } }));
    expect(mentor!.subject).not.toMatch(/[\r\n]/);
  });
});

describe("pendingMails", () => {
  it("tells the learner the request waits (slot kept, no invite) and asks the mentor to approve in the admin", async () => {
    const [learner, mentor] = await pendingMails(booking({ scholarship: { reason: "Student" } }));
    expect(address(learner!.to)).toBe("ada@example.com");
    expect(learner!.subject).toBe("Waiting for approval: your scholarship session with Ingrid Nordlys");
    expect(learner!.tag).toBe("booking-pending");
    expect(learner!.text).toContain("the slot is kept for you");
    expect(learner!.text).toContain(learnerTime);
    expect(learner!.icalEvent).toBeUndefined();

    expect(address(mentor!.to)).toBe("ingrid@nordlys.test");
    expect(mentor!.subject).toBe("Approval needed: scholarship session for Ada Lovelace");
    expect(mentor!.tag).toBe("booking-approval-needed");
    expect(mentor!.html).toContain('href="https://nordlys.test/admin/mentoring"');
    expect(mentor!.text).toContain("Student");
    expect(mentor!.icalEvent).toBeUndefined();
  });
});

describe("cancellationMails", () => {
  it("sends both sides a CANCEL with the same UID", async () => {
    const mails = await cancellationMails(booking({ sequence: 3 }), "mentor");
    expect(mails.map((mail) => address(mail.to))).toEqual(["ada@example.com", "ingrid@nordlys.test"]);
    expect(mails.map((mail) => mail.subject)).toEqual([
      "Cancelled: your mentoring session with Ingrid Nordlys",
      "Cancelled: mentoring session with Ada Lovelace",
    ]);
    expect(mails[0]!.text).toContain("Ingrid Nordlys had to cancel");
    expect(mails[0]!.text).toContain("https://nordlys.test/mentoring");
    for (const mail of mails) {
      expect(mail.tag).toBe("booking-cancelled");
      expect(mail.icalEvent?.method).toBe("CANCEL");
      expect(inviteOf(mail)).toMatchObject({ method: "CANCEL", uid: "booking-b1@nordlys.test", sequence: 3, status: "CANCELLED" });
    }
  });

  it("words the learner's own cancellation as a receipt", async () => {
    const [learner, mentor] = await cancellationMails(booking({ sequence: 1 }), "learner");
    expect(learner!.text).toContain("As you asked");
    expect(mentor!.text).toContain("Ada Lovelace cancelled");
  });
});

describe("rescheduleMails", () => {
  it("sends the updated REQUEST (same UID, the caller's new sequence) with the new and the old time", async () => {
    const mails = await rescheduleMails(booking({ sequence: 2 }), new Date("2027-03-27T09:00:00Z"));
    expect(mails.map((mail) => address(mail.to))).toEqual(["ada@example.com", "ingrid@nordlys.test"]);
    expect(mails[0]!.subject).toBe("New time: your mentoring session with Ingrid Nordlys");
    expect(mails[0]!.text).toContain(learnerTime);
    expect(mails[0]!.text).toContain("Saturday, 27 March 2027 at 05:00 (America/New_York)");
    expect(mails[0]!.text).toContain("tok#reschedule");
    expect(mails[1]!.text).toContain(mentorTime);
    expect(mails[1]!.text).not.toContain("tok#");
    for (const mail of mails) {
      expect(mail.tag).toBe("booking-rescheduled");
      expect(inviteOf(mail)).toMatchObject({ method: "REQUEST", uid: "booking-b1@nordlys.test", sequence: 2, status: "CONFIRMED" });
    }
  });
});

describe("reminderMail and followUpMail", () => {
  it("reminds the learner a day and an hour before, without an invite", async () => {
    const day = await reminderMail(booking(), 24);
    const hour = await reminderMail(booking(), 1);
    expect(address(day.to)).toBe("ada@example.com");
    expect(day.subject).toBe("Tomorrow: your mentoring session with Ingrid Nordlys");
    expect(hour.subject).toBe("In one hour: your mentoring session with Ingrid Nordlys");
    for (const mail of [day, hour]) {
      expect(mail.tag).toBe("booking-reminder");
      expect(mail.text).toContain(learnerTime);
      expect(mail.text).toContain("https://meet.jit.si/Nordlys-0123456789abcdef0123456789abcdef");
      expect(mail.icalEvent).toBeUndefined();
    }
  });

  it("thanks the learner after the session with a link to book again", async () => {
    const mail = await followUpMail(booking());
    expect(address(mail.to)).toBe("ada@example.com");
    expect(mail.subject).toBe("Thanks for your session with Ingrid Nordlys");
    expect(mail.tag).toBe("booking-follow-up");
    expect(mail.html).toContain('href="https://nordlys.test/mentoring"');
    expect(mail.text).toContain("https://nordlys.test/mentoring");
  });
});
