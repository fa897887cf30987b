/**
 * `npm run inbox:person -- export --email a@b.c`  prints everything held about the person (JSON)
 * `npm run inbox:person -- erase --email a@b.c`   erases the person and everything of theirs
 *
 * For GDPR access and erasure requests (docs/inbox.md, "Personal data (export and erase)"). The
 * address is matched as the inbox matches people: trimmed, in any case. Works while the server
 * runs, when it does not, and with DATABASE_URL.
 */
import { erasePerson, exportPersonData, findPersonIdByEmail } from "../app/features/inbox/person-data.server.ts";
import { runPersonalDataCommand, unknownAddress } from "./personal-data-command.ts";

const nobody = (email: string) => unknownAddress(`Nobody with the address ${email}.`);

await runPersonalDataCommand("inbox:person", {
  async export(email) {
    const personId = await findPersonIdByEmail(email);
    if (!personId) return nobody(email);
    process.stdout.write(`${JSON.stringify(await exportPersonData(personId), null, 2)}\n`);
  },
  async erase(email) {
    const personId = await findPersonIdByEmail(email);
    const counts = personId ? await erasePerson(personId, { user: { id: null, email: "command line (npm run inbox:person)" } }) : null;
    if (!counts) return nobody(email);
    const removed = Object.entries(counts)
      .filter(([, n]) => n > 0)
      .map(([what, n]) => `${n} ${what}`)
      .join(", ");
    process.stdout.write(`Erased ${email} (${removed || "the person only"}).\n`);
  },
});
