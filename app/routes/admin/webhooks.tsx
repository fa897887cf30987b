import { data, Form } from "react-router";
import { requireAdmin } from "~/.server/admin-guard";
import { requestInfoContext } from "~/.server/request-context";
import { AppError } from "~/.server/errors";
import { audited } from "~/features/admin/record-admin-audit.server";
import { redirectWithToast } from "~/.server/toast";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { AdminShell } from "~/features/admin/components/admin-shell";
import { ConfirmDelete, DeleteLink } from "~/features/admin/components/confirm-delete";
import { formatDateTime } from "~/features/admin/components/list-controls";
import { ADMIN_REQUEST_FAILED } from "~/features/admin/failed-request";
import { idSchema } from "~/features/admin/schema";
import { EndpointFields, emptyEndpoint, type EndpointValues } from "~/features/webhooks/components/endpoint-fields";
import { replayWebhookDelivery, sendWebhookTestEvent } from "~/features/webhooks/deliveries.server";
import {
  createWebhookEndpoint,
  deleteWebhookEndpoint,
  listWebhookEndpoints,
  rotateWebhookSecret,
  updateWebhookEndpoint,
  type DeliveryListItem,
  type EndpointListItem,
} from "~/features/webhooks/endpoints.server";
import { webhookFormatLabels } from "~/features/webhooks/event-types";
import { parseEndpointForm, type WebhookEndpointErrors } from "~/features/webhooks/schema";
import { keepPageOnFailedRequest } from "~/lib/keep-page-on-failed-request";
import { noindexMeta } from "~/lib/seo";
import type { Route } from "./+types/webhooks";
import { AdminSection } from "~/features/admin/components/admin-section";
import { ColumnHeadings } from "~/features/admin/components/admin-table";

export const meta: Route.MetaFunction = noindexMeta("Webhooks", "Outbound webhooks: endpoints and deliveries.", "/admin/webhooks");

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const url = new URL(request.url);
  return { endpoints: await listWebhookEndpoints(), confirmDelete: url.searchParams.get("delete") };
}

type Answer =
  | { intent: "create" | "update"; id?: string; errors: WebhookEndpointErrors; values: EndpointValues }
  | { intent: "create" | "rotate"; id: string; secret: string }
  | { intent: "other"; message: string };

function formValues(form: FormData): EndpointValues {
  return {
    url: String(form.get("url") ?? ""),
    description: String(form.get("description") ?? ""),
    eventTypes: form.getAll("eventTypes").map(String),
    format: String(form.get("format") ?? "standard"),
    enabled: form.get("enabled") === "on",
  };
}

const notFound = () => data<Answer>({ intent: "other", message: "That endpoint or delivery no longer exists." }, { status: 404 });

export async function action({ request, context }: Route.ActionArgs) {
  const admin = await requireAdmin(request);
  const clientIp = context.get(requestInfoContext).clientIp;
  /** Each change, in the audit log with it (the same transaction): which endpoint or delivery and what was done, never the secret. */
  const audit = <T,>(target: string, summary: string, change: () => Promise<T>) =>
    audited({ user: admin, action: "change-webhook", target, summary, clientIp }, change);
  // A body that is not a form (a script's JSON) is a request not understood, not a 500.
  const form = await request.formData().catch(() => new FormData());
  const intent = String(form.get("intent") ?? "");
  const id = idSchema.safeParse(form.get("id"));
  try {
    if (intent === "create") {
      const parsed = parseEndpointForm(form);
      if (!parsed.ok) return data<Answer>({ intent, errors: parsed.errors, values: formValues(form) }, { status: 400 });
      // Its address stays out of the log: a Slack address is itself a secret.
      const created = await audit("a new endpoint", `endpoint added: ${parsed.value.description || "no description"}`, () =>
        createWebhookEndpoint(parsed.value),
      );
      return data<Answer>({ intent, id: created.id, secret: created.secret });
    }
    if (!id.success) return data<Answer>({ intent: "other", message: "That request was not understood." }, { status: 400 });
    switch (intent) {
      case "update": {
        const parsed = parseEndpointForm(form);
        if (!parsed.ok) return data<Answer>({ intent, id: id.data, errors: parsed.errors, values: formValues(form) }, { status: 400 });
        await audit(id.data, "endpoint changed", () => updateWebhookEndpoint(id.data, parsed.value));
        return redirectWithToast("/admin/webhooks", { type: "success", title: "Endpoint saved" });
      }
      case "rotate":
        return data<Answer>({
          intent,
          id: id.data,
          secret: await audit(id.data, "signing secret rotated", () => rotateWebhookSecret(id.data)),
        });
      case "delete":
        await audit(id.data, "endpoint deleted", () => deleteWebhookEndpoint(id.data));
        return redirectWithToast("/admin/webhooks", { type: "success", title: "Endpoint deleted, with its delivery log" });
      case "test":
        await audit(id.data, "test event sent", () => sendWebhookTestEvent(id.data));
        return redirectWithToast("/admin/webhooks", { type: "success", title: "Test event queued: it appears in the delivery log" });
      case "replay":
        await audit(id.data, "delivery replayed", () => replayWebhookDelivery(id.data));
        return redirectWithToast("/admin/webhooks", { type: "success", title: "Replay queued, with the same webhook-id" });
      default:
        return data<Answer>({ intent: "other", message: "That request was not understood." }, { status: 400 });
    }
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    if (error.code === "not_found") return notFound();
    // An address that cannot receive webhooks: said by its field, with what was typed.
    if (error.code === "invalid" && (intent === "create" || intent === "update")) {
      const errors = (error.details.fields ?? {}) as WebhookEndpointErrors;
      return data<Answer>({ intent, id: id.success ? id.data : undefined, errors, values: formValues(form) }, { status: 400 });
    }
    throw error;
  }
}

/** A post that fails on the way keeps the page; the page says so (AdminShell, docs/decisions/0177). */
export const clientAction = (args: Route.ClientActionArgs) => keepPageOnFailedRequest(args, () => ({ message: ADMIN_REQUEST_FAILED }));

export default function AdminWebhooks({ loaderData, actionData }: Route.ComponentProps) {
  const { endpoints, confirmDelete } = loaderData;
  const answer = actionData as Answer | undefined;
  const createErrors = answer && "errors" in answer && answer.intent === "create" ? answer : null;
  return (
    <AdminShell
      title="Webhooks"
      description={
        <>
          Tell other tools what happens in the inbox. Each event is posted as signed JSON (Standard Webhooks) or as a Slack message, and
          retried for about a day when the endpoint does not answer 2xx. The payloads and how to check the signature are in docs/inbox.md.
        </>
      }
    >
      {answer && "secret" in answer ? <SecretPanel secret={answer.secret} rotated={answer.intent === "rotate"} /> : null}
      {answer && "message" in answer && answer.intent === "other" ? (
        <p role="alert" className="mb-6 rounded-lg border border-danger-700/40 bg-danger-100 p-4 font-semibold text-danger-700">
          {answer.message}
        </p>
      ) : null}
      <div className="flex flex-col gap-10">
        <AdminSection headingId="endpoints-heading" heading={<>Endpoints ({endpoints.length})</>} className="flex min-w-0 flex-col gap-6">
          {endpoints.length === 0 ? <p className="text-ink-600">No endpoint yet. Add one to start sending events.</p> : null}
          {endpoints.map((endpoint) => (
            <EndpointCard
              key={endpoint.id}
              endpoint={endpoint}
              confirmDelete={confirmDelete === endpoint.id}
              editAnswer={answer && "errors" in answer && answer.intent === "update" && answer.id === endpoint.id ? answer : null}
            />
          ))}
        </AdminSection>
        <Card className="flex max-w-3xl flex-col gap-4">
          <h2 className="text-xl font-semibold">Add an endpoint</h2>
          <Form method="post" className="flex flex-col gap-5" aria-label="Add an endpoint">
            <input type="hidden" name="intent" value="create" />
            <EndpointFields idPrefix="new" values={createErrors?.values ?? emptyEndpoint} errors={createErrors?.errors} />
            <Button type="submit">Add endpoint</Button>
          </Form>
        </Card>
      </div>
    </AdminShell>
  );
}

function SecretPanel({ secret, rotated }: { secret: string; rotated: boolean }) {
  return (
    <div role="status" className="mb-8 rounded-xl border border-aurora-700/40 bg-aurora-100 p-4">
      <p className="font-semibold">{rotated ? "New signing secret" : "Endpoint added. Its signing secret:"}</p>
      <p className="mt-2 break-all rounded-md bg-white p-3 font-mono text-sm" data-testid="webhook-secret">
        {secret}
      </p>
      <p className="mt-2 text-sm text-ink-700">
        Copy it now: it is shown only once. Your receiver verifies each request's <code>webhook-signature</code> with it.
        {rotated ? " The old secret no longer signs anything." : ""}
      </p>
    </div>
  );
}

function EndpointCard({
  endpoint,
  confirmDelete,
  editAnswer,
}: {
  endpoint: EndpointListItem;
  confirmDelete: boolean;
  editAnswer: { errors: WebhookEndpointErrors; values: EndpointValues } | null;
}) {
  const label = endpoint.description || endpoint.url;
  return (
    <Card className="flex min-w-0 flex-col gap-4" data-testid="webhook-endpoint">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h3 className="font-semibold">{endpoint.description || "Endpoint"}</h3>
          <p className="break-all text-sm text-ink-700">{endpoint.url}</p>
          <p className="mt-1 text-sm text-ink-600">
            {webhookFormatLabels[endpoint.format]} · {endpoint.eventTypes.join(", ")}
          </p>
        </div>
        <Badge variant={endpoint.enabled ? "accent" : "neutral"}>{endpoint.enabled ? "Enabled" : "Disabled"}</Badge>
      </div>
      <div className="flex flex-wrap gap-2">
        <Form method="post">
          <input type="hidden" name="intent" value="test" />
          <input type="hidden" name="id" value={endpoint.id} />
          <Button type="submit" variant="outline" size="sm" aria-label={`Send test event to ${label}`}>
            Send test event
          </Button>
        </Form>
        <Form method="post">
          <input type="hidden" name="intent" value="rotate" />
          <input type="hidden" name="id" value={endpoint.id} />
          <Button type="submit" variant="outline" size="sm" aria-label={`Rotate secret of ${label}`}>
            Rotate secret
          </Button>
        </Form>
        <DeleteLink id={endpoint.id} label={`Delete endpoint ${label}`} />
      </div>
      <ConfirmDelete
        open={confirmDelete}
        id={endpoint.id}
        title={`Delete ${label}?`}
        description="The endpoint gets no more events, and its delivery log is deleted with it."
      />
      <details open={editAnswer ? true : undefined} className="rounded-lg border border-ink-200 p-3">
        <summary className="cursor-pointer font-medium">Edit</summary>
        <Form method="post" className="mt-4 flex flex-col gap-5" aria-label={`Edit ${label}`}>
          <input type="hidden" name="intent" value="update" />
          <input type="hidden" name="id" value={endpoint.id} />
          <EndpointFields idPrefix={`edit-${endpoint.id}`} values={editAnswer?.values ?? endpoint} errors={editAnswer?.errors} />
          <Button type="submit" size="sm" className="self-start">
            Save changes
          </Button>
        </Form>
      </details>
      <DeliveryLog endpointId={endpoint.id} label={label} deliveries={endpoint.deliveries} />
    </Card>
  );
}

const statusLabels = { pending: "Pending", delivered: "Delivered", failed: "Failed" } as const;

function deliveryStatus(delivery: DeliveryListItem): string {
  if (delivery.status === "pending" && delivery.attempts > 0) return "Retrying";
  return statusLabels[delivery.status];
}

function ReplayButton({ delivery }: { delivery: DeliveryListItem }) {
  return (
    <Form method="post">
      <input type="hidden" name="intent" value="replay" />
      <input type="hidden" name="id" value={delivery.id} />
      <Button
        type="submit"
        variant="outline"
        size="sm"
        aria-label={`Replay ${delivery.eventType} delivery of ${formatDateTime(delivery.createdAt)}`}
      >
        Replay
      </Button>
    </Form>
  );
}

/** The delivery log: a table from 640 px, a list below (the same facts, nothing to scroll sideways). */
function DeliveryLog({ endpointId, label, deliveries }: { endpointId: string; label: string; deliveries: DeliveryListItem[] }) {
  if (deliveries.length === 0) return <p className="text-sm text-ink-600">No deliveries yet.</p>;
  return (
    <>
      <ul
        className="divide-y divide-ink-100 rounded-lg border border-ink-200 sm:hidden"
        aria-label={`Deliveries to ${label}, newest first`}
      >
        {deliveries.map((delivery) => (
          <li key={delivery.id} className="flex flex-col gap-2 p-3 text-sm">
            <div className="flex flex-wrap items-center justify-between gap-2">
              <code className="font-mono text-xs">{delivery.eventType}</code>
              <Badge variant={delivery.status === "delivered" ? "accent" : "neutral"}>{deliveryStatus(delivery)}</Badge>
            </div>
            <p className="text-ink-700">
              Response {delivery.responseStatus ?? "–"} · {delivery.attempts} {delivery.attempts === 1 ? "attempt" : "attempts"} ·{" "}
              <time dateTime={delivery.lastAttemptAt ?? delivery.createdAt}>
                {formatDateTime(delivery.lastAttemptAt ?? delivery.createdAt)}
              </time>
            </p>
            {delivery.lastError ? <p className="text-xs text-ink-700">{delivery.lastError}</p> : null}
            <ReplayButton delivery={delivery} />
          </li>
        ))}
      </ul>
      <div className="hidden overflow-x-auto rounded-lg border border-ink-200 sm:block">
        <table className="w-full text-left text-sm" data-testid={`delivery-log-${endpointId}`}>
          <caption className="sr-only">Deliveries to {label}, newest first</caption>
          <ColumnHeadings
            padding="px-3 py-2"
            columns={[
              "Event",
              "Status",
              { heading: "Response", numeric: true },
              { heading: "Attempts", numeric: true },
              "Time",
              { heading: <span className="sr-only">Actions</span> },
            ]}
          />
          <tbody>
            {deliveries.map((delivery) => (
              <tr
                key={delivery.id}
                className="border-t border-ink-100 align-top"
                data-testid="webhook-delivery"
                data-webhook-id={delivery.id}
              >
                <th scope="row" className="px-3 py-2 font-mono text-xs font-normal">
                  {delivery.eventType}
                </th>
                <td className="px-3 py-2">
                  <Badge variant={delivery.status === "delivered" ? "accent" : "neutral"}>{deliveryStatus(delivery)}</Badge>
                  {delivery.lastError ? <span className="mt-1 block text-xs text-ink-700">{delivery.lastError}</span> : null}
                </td>
                <td className="px-3 py-2 text-right tabular-nums">{delivery.responseStatus ?? "–"}</td>
                <td className="px-3 py-2 text-right tabular-nums">{delivery.attempts}</td>
                <td className="px-3 py-2">
                  <time dateTime={delivery.lastAttemptAt ?? delivery.createdAt}>
                    {formatDateTime(delivery.lastAttemptAt ?? delivery.createdAt)}
                  </time>
                </td>
                <td className="px-3 py-2 text-right">
                  <ReplayButton delivery={delivery} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}
