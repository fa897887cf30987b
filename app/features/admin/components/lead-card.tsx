import { MessagesSquareIcon } from "lucide-react";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { Dialog, DialogContent, DialogDescription, DialogTitle, DialogTrigger } from "~/components/ui/dialog";
import type { LeadRow } from "../leads.server";
import { ConfirmDelete, DeleteLink } from "./confirm-delete";
import { HoldNotice, ReleaseButton } from "./held-controls";
import { TranscriptText } from "./transcript-text";
import { EnquiryRecordHead } from "./enquiry-record";

/** One lead (docs/product.md#admin, "Leads"): name or 'Anonymous', source badge, date, contact, message, 'View Chat'. */
export function LeadCard({ lead, isConfirmingDelete }: { lead: LeadRow; isConfirmingDelete: boolean }) {
  const name = lead.name?.trim() || "Anonymous";
  const hasMessages = lead.messages.length > 0;
  return (
    <Card className="p-5">
      <article aria-labelledby={`lead-${lead.id}`}>
        <EnquiryRecordHead
          headingId={`lead-${lead.id}`}
          name={name}
          badge={<Badge variant="accent">{lead.source || "chatbot"}</Badge>}
          createdAt={lead.createdAt}
          email={lead.email}
        >
          {lead.company ? (
            <>
              <dt className="font-medium text-ink-700">Company</dt>
              <dd>{lead.company}</dd>
            </>
          ) : null}
          {lead.message ? (
            <>
              <dt className="font-medium text-ink-700">Message</dt>
              <dd className="whitespace-pre-wrap">{lead.message}</dd>
            </>
          ) : null}
        </EnquiryRecordHead>
        {lead.hold ? <HoldNotice hold={lead.hold} /> : null}
        <div className="mt-4 flex flex-wrap gap-2">
          {lead.hold ? <ReleaseButton id={lead.id} label={`Release lead ${name}`} /> : null}
          <Dialog>
            <DialogTrigger asChild>
              <Button variant="outline" size="sm" disabled={!hasMessages}>
                <MessagesSquareIcon aria-hidden="true" />
                View Chat
              </Button>
            </DialogTrigger>
            <DialogContent>
              <DialogTitle>Chat with {name}</DialogTitle>
              <DialogDescription>
                {lead.messages.length} message{lead.messages.length === 1 ? "" : "s"} from the chat assistant.
              </DialogDescription>
              {/* docs/product.md#admin: a 500 px scroll area with the conversation; focusable so keyboards can scroll it. */}
              <div
                className="mt-4 h-[500px] overflow-y-auto rounded-lg border border-ink-200 bg-ink-50 p-3"
                // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- scrollable region must take focus
                tabIndex={0}
                role="log"
                aria-label="Conversation"
              >
                <ol className="flex flex-col gap-3">
                  {lead.messages.map((message, index) => (
                    <li
                      key={index}
                      className={message.role === "user" ? "ml-8 rounded-lg bg-white p-3 shadow-sm" : "mr-8 rounded-lg bg-aurora-100 p-3"}
                    >
                      <p className="text-xs font-semibold uppercase tracking-wide text-ink-700">
                        {message.role === "user" ? "User" : "AI Assistant"}
                      </p>
                      {message.role === "user" ? (
                        <p className="mt-1 whitespace-pre-wrap text-sm text-ink-900">{message.content}</p>
                      ) : (
                        <div className="mt-1 text-sm text-ink-900">
                          <TranscriptText text={message.content} />
                        </div>
                      )}
                    </li>
                  ))}
                </ol>
              </div>
            </DialogContent>
          </Dialog>
          <DeleteLink id={lead.id} label={`Delete lead ${name}`} />
        </div>
        <ConfirmDelete
          open={isConfirmingDelete}
          id={lead.id}
          title={`Delete the lead of ${name}?`}
          description="This erases the lead and its conversation for good (GDPR erasure). It cannot be undone."
        />
      </article>
    </Card>
  );
}
