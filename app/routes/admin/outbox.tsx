import { Link, useLocation } from "react-router";
import { requireAdmin } from "~/.server/admin-guard";
import { Card } from "~/components/ui/card";
import { AdminShell } from "~/features/admin/components/admin-shell";
import { formatDateTime, Pagination, withParams } from "~/features/admin/components/list-controls";
import { listOutbox, readOutboxMessage } from "~/features/admin/outbox.server";
import { outboxQuerySchema, parseQuery } from "~/features/admin/schema";
import { noindexMeta } from "~/lib/seo";
import type { Route } from "./+types/outbox";

export const meta: Route.MetaFunction = noindexMeta("Outbox", "E-mail written to the outbox folder.", "/admin/outbox");

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const query = parseQuery(outboxQuerySchema, new URL(request.url));
  const [list, message] = await Promise.all([listOutbox(query.page), query.file ? readOutboxMessage(query.file) : null]);
  return { list, message, missing: Boolean(query.file && !message) };
}

export default function AdminOutbox({ loaderData }: Route.ComponentProps) {
  const { list, message, missing } = loaderData;
  const { search } = useLocation();
  return (
    <AdminShell
      title="Outbox"
      description="Without an SMTP server (SMTP_URL), e-mail is written to the outbox folder instead of being sent. Newest first."
    >
      <div className="grid gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
        <section aria-labelledby="outbox-list">
          <h2 id="outbox-list" className="sr-only">
            Messages
          </h2>
          {list.messages.length === 0 ? (
            <p className="text-ink-600">The outbox is empty.</p>
          ) : (
            <ul className="divide-y divide-ink-200 rounded-[var(--radius-card)] border border-ink-200 bg-white">
              {list.messages.map((item) => (
                <li key={item.file}>
                  <Link
                    to={withParams(search, { file: item.file })}
                    preventScrollReset
                    aria-current={message?.file === item.file ? "true" : undefined}
                    className="block p-4 hover:bg-ink-50 aria-[current=true]:bg-aurora-100"
                  >
                    <span className="block font-medium">{item.subject}</span>
                    <span className="block text-sm text-ink-600">To {item.to || "(nobody)"}</span>
                    <span className="block text-sm text-ink-600">
                      <time dateTime={item.date}>{formatDateTime(item.date)}</time>
                    </span>
                  </Link>
                </li>
              ))}
            </ul>
          )}
          <Pagination page={list.page} pageCount={list.pageCount} total={list.total} noun="message" />
        </section>
        <section aria-labelledby="outbox-message">
          {message ? (
            <Card>
              <h2 id="outbox-message" className="text-xl font-semibold">
                {message.subject}
              </h2>
              <dl className="mt-3 grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
                <dt className="font-medium text-ink-700">From</dt>
                <dd>{message.from}</dd>
                <dt className="font-medium text-ink-700">To</dt>
                <dd>{message.to}</dd>
                <dt className="font-medium text-ink-700">Date</dt>
                <dd>
                  <time dateTime={message.date}>{formatDateTime(message.date)}</time>
                </dd>
                {message.attachments.length > 0 ? (
                  <>
                    <dt className="font-medium text-ink-700">Attachments</dt>
                    <dd>{message.attachments.join(", ")}</dd>
                  </>
                ) : null}
              </dl>
              {/* Plain text only, rendered as text: mail HTML never reaches this page. */}
              <pre className="mt-4 max-h-[600px] overflow-auto whitespace-pre-wrap break-words rounded-lg bg-ink-50 p-4 font-sans text-sm">
                {message.text || "(This message has no text.)"}
              </pre>
            </Card>
          ) : (
            <p id="outbox-message" className="text-ink-600">
              {missing ? "That message is no longer in the outbox." : "Choose a message to read it."}
            </p>
          )}
        </section>
      </div>
    </AdminShell>
  );
}
