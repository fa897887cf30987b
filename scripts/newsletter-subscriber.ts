/**
 * `npm run newsletter:subscriber -- export --email a@b.c`  prints everything held about the address (JSON)
 * `npm run newsletter:subscriber -- erase --email a@b.c`   erases it (subscription, deliveries, queued mails)
 *
 * For GDPR access and erasure requests. Works while the server runs, when it
 * does not, and with DATABASE_URL.
 */
import { eraseSubscriber, exportSubscriberData } from "../app/features/newsletter/subscriber-data.server.ts";
import { runPersonalDataCommand, unknownAddress } from "./personal-data-command.ts";

await runPersonalDataCommand("newsletter:subscriber", {
  async export(email) {
    const data = await exportSubscriberData(email);
    if (!data) return unknownAddress(`No newsletter subscriber with the address ${email}.`);
    process.stdout.write(`${JSON.stringify(data, null, 2)}\n`);
  },
  async erase(email) {
    const result = await eraseSubscriber(email);
    process.stdout.write(
      result.erased
        ? `Erased ${email} (subscription and delivery history; ${result.queuedMailsRemoved} queued mail(s) removed${
            result.personErased
              ? "; nothing else was held, so the person is gone too"
              : "; they also wrote to the studio: npm run inbox:person -- erase erases the rest"
          }).\n`
        : `No newsletter subscriber with the address ${email}; ${result.queuedMailsRemoved} queued mail(s) removed.\n`,
    );
  },
});
