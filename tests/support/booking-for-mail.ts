import type { BookingForMail } from "~/features/mentoring/types.ts";

/** A booking as its mails and invites see it: Ada (New York) with Ingrid (Oslo), 28 March 2027 at 11:00 Oslo time, an hour. */
export function sampleBooking(overrides: Partial<BookingForMail> = {}): BookingForMail {
  return {
    id: "b1",
    uid: "booking-b1@nordlys.test",
    sequence: 0,
    // 11:00 in Oslo (CEST), 05:00 in New York (EDT).
    start: new Date("2027-03-28T09:00:00Z"),
    end: new Date("2027-03-28T10:00:00Z"),
    learnerTimeZone: "America/New_York",
    learner: { name: "Ada Lovelace", email: "ada@example.com" },
    goals: "Ship my first RAG prototype.",
    scholarship: null,
    mentor: {
      id: "m1",
      name: "Ingrid Nordlys",
      role: "Founder",
      portrait: "/ingrid.jpg",
      email: "ingrid@nordlys.test",
      timeZone: "Europe/Oslo",
    },
    videoUrl: "https://meet.jit.si/Nordlys-0123456789abcdef0123456789abcdef",
    cancelUrl: "https://nordlys.test/mentoring/booking?token=tok#cancel",
    rescheduleUrl: "https://nordlys.test/mentoring/booking?token=tok#reschedule",
    confirmUrl: "https://nordlys.test/mentoring/booking?token=tok#confirm",
    ...overrides,
  };
}
