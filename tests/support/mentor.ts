import { getDb } from "../../app/.server/db/client.ts";
import { users } from "../../app/.server/db/tables/index.ts";
import { saveAvailability } from "../../app/features/mentoring/mentors.server.ts";

/** A mentor (a new user) taking 60-minute sessions from 08:00 to 20:00 Oslo time every day, for `horizonDays` ahead. */
export async function addEverydayMentor(mentor: { id: string; email: string; name: string }, horizonDays = 14): Promise<void> {
  await getDb().insert(users).values(mentor);
  await saveAvailability(
    mentor.id,
    {
      timeZone: "Europe/Oslo",
      weekly: [1, 2, 3, 4, 5, 6, 7].map((day) => ({ day, start: "08:00", end: "20:00" })),
      sessionMinutes: [60],
      bufferMinutes: 0,
      minNoticeHours: 2,
      horizonDays,
    },
    { profileName: mentor.name },
  );
}
