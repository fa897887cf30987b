import { useEffect, useRef, useState } from "react";
import { Link, useActionData, useFetcher } from "react-router";
import { Button } from "~/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogTitle } from "~/components/ui/dialog";
import { cn } from "~/lib/cn";
import type { InboxFormAnswer } from "../inbox-form-action.server";
import type { BoardCard, BoardColumn } from "../list-people.server";
import { formatValue, kindLabels, stageLabels, type Stage } from "../stages";
import { StageForm, ValueFields, errorFor } from "./enquiry-forms";

/**
 * The board (docs/inbox.md, "Board"): a column per stage. Three ways to move a card, one action:
 * drag it with the mouse onto a column (HTML5 drag and drop); with the keyboard, its "Move to"
 * select and Move button; without JavaScript, the same select posts as a plain form. Moving to
 * Won asks for the value and currency (a dialog after a drag; the card's folded value fields
 * otherwise). After a move, focus stays on the card, in its new column, and a live region says
 * where it went.
 */
type Move = { enquiryId: string; stage: Stage; value?: string; currency?: string; name: string };

const cardName = (card: BoardCard) => card.personName || card.personEmail;

/** A column's count as shown: exact, or "1,000+" past the cap. */
function countLabel(column: BoardColumn): string {
  return column.countIsCapped ? `${column.count.toLocaleString("en-US")}+` : String(column.count);
}

export function InboxBoard({ columns }: { columns: BoardColumn[] }) {
  const fetcher = useFetcher<InboxFormAnswer>();
  // A plain form post (no JavaScript) answers a refusal as the page's action data.
  const actionData = useActionData<InboxFormAnswer>();
  const [announcement, setAnnouncement] = useState("");
  const [dragging, setDragging] = useState<BoardCard | null>(null);
  const [dropTarget, setDropTarget] = useState<Stage | null>(null);
  const [wonFor, setWonFor] = useState<BoardCard | null>(null);
  const pending = useRef<Move | null>(null);

  const move = (next: Move) => {
    pending.current = next;
    const form: Record<string, string> = { intent: "stage", via: "fetcher", enquiryId: next.enquiryId, stage: next.stage };
    if (next.value) form.value = next.value;
    if (next.currency) form.currency = next.currency;
    setAnnouncement(`Moving ${next.name} to ${stageLabels[next.stage]}…`);
    fetcher.submit(form, { method: "post" });
  };

  // When the move is answered and the board reloaded: focus the card where it now is, and say so.
  useEffect(() => {
    if (fetcher.state !== "idle" || !fetcher.data || !pending.current) return;
    const moved = pending.current;
    pending.current = null;
    if (fetcher.data.ok) {
      setAnnouncement(`${moved.name} moved to ${stageLabels[moved.stage]}.`);
      document.getElementById(`move-${moved.enquiryId}`)?.focus();
    } else {
      setAnnouncement(`${moved.name} was not moved: ${fetcher.data.message}`);
    }
  }, [fetcher.state, fetcher.data]);

  const endDrag = () => {
    setDragging(null);
    setDropTarget(null);
  };

  const onDrop = (stage: Stage) => {
    const card = dragging;
    endDrag();
    if (!card || card.stage === stage) return;
    if (stage === "won" && card.valueMinor === null) setWonFor(card);
    else move({ enquiryId: card.id, stage, name: cardName(card) });
  };

  return (
    <div>
      <p aria-live="polite" role="status" className="sr-only" data-testid="board-announcement">
        {announcement}
      </p>
      <div className="-mx-4 overflow-x-auto px-4 pb-4 sm:mx-0 sm:px-0" data-testid="board-scroller">
        <ol className="flex gap-4" aria-label="Stages">
          {columns.map((column) => (
            <li
              key={column.stage}
              aria-labelledby={`column-${column.stage}`}
              data-stage={column.stage}
              onDragOver={(event) => {
                if (!dragging) return;
                event.preventDefault();
                event.dataTransfer.dropEffect = "move";
                setDropTarget(column.stage);
              }}
              onDragLeave={() => setDropTarget((current) => (current === column.stage ? null : current))}
              onDrop={(event) => {
                event.preventDefault();
                onDrop(column.stage);
              }}
              className={cn(
                "flex w-72 shrink-0 flex-col rounded-xl border border-ink-200 bg-ink-50 p-3",
                dropTarget === column.stage && "border-violet-500 bg-violet-50",
              )}
            >
              <h2 id={`column-${column.stage}`} className="flex items-baseline justify-between px-1 text-base font-semibold">
                <span>{stageLabels[column.stage]}</span>
                <span className="text-sm font-normal text-ink-600" aria-label={`${countLabel(column)} enquiries`}>
                  {countLabel(column)}
                </span>
              </h2>
              <ul className="mt-3 grid gap-3" aria-label={`${stageLabels[column.stage]} enquiries`}>
                {column.cards.map((card) => (
                  <li key={card.id}>
                    <BoardCardView
                      card={card}
                      error={errorFor(fetcher.data ?? actionData, card.id, "stage")}
                      isDragging={dragging?.id === card.id}
                      onDragStart={() => setDragging(card)}
                      onDragEnd={endDrag}
                      onMove={(stage, form) => {
                        const value = String(form.get("value") ?? "").trim();
                        const currency = String(form.get("currency") ?? "").trim();
                        if (stage === "won" && !value && card.valueMinor === null) setWonFor(card);
                        else move({ enquiryId: card.id, stage, value, currency, name: cardName(card) });
                      }}
                    />
                  </li>
                ))}
              </ul>
              {column.countIsCapped ? (
                <p className="mt-3 px-1 text-sm text-ink-600">More in the list view</p>
              ) : column.count > column.cards.length ? (
                <p className="mt-3 px-1 text-sm text-ink-600">{column.count - column.cards.length} more in the list view</p>
              ) : null}
            </li>
          ))}
        </ol>
      </div>
      <WonDialog
        card={wonFor}
        onClose={() => setWonFor(null)}
        onConfirm={(value, currency) => {
          const card = wonFor!;
          setWonFor(null);
          move({ enquiryId: card.id, stage: "won", value, currency, name: cardName(card) });
        }}
      />
    </div>
  );
}

function BoardCardView({
  card,
  error,
  isDragging,
  onDragStart,
  onDragEnd,
  onMove,
}: {
  card: BoardCard;
  error: ReturnType<typeof errorFor>;
  isDragging: boolean;
  onDragStart: () => void;
  onDragEnd: () => void;
  onMove: (stage: Stage, form: FormData) => void;
}) {
  const name = cardName(card);
  return (
    <article
      id={`card-${card.id}`}
      draggable
      onDragStart={(event) => {
        event.dataTransfer.setData("text/plain", card.id);
        event.dataTransfer.effectAllowed = "move";
        onDragStart();
      }}
      onDragEnd={onDragEnd}
      data-testid="board-card"
      data-enquiry={card.id}
      className={cn("cursor-grab rounded-lg border border-ink-200 bg-white p-3 shadow-sm", isDragging && "opacity-50")}
    >
      <h3 className="text-base font-semibold">
        <Link to={`/admin/inbox/people/${card.personId}`} className="underline-offset-2 hover:underline">
          {name}
        </Link>
      </h3>
      <p className="text-sm text-ink-600">
        {kindLabels[card.kind]}
        {card.source ? ` · from ${card.source}` : ""}
      </p>
      {card.valueMinor !== null && card.currency ? (
        <p className="text-sm font-medium">{formatValue(card.valueMinor, card.currency)}</p>
      ) : null}
      {card.ownerName ? <p className="text-sm text-ink-600">Owner: {card.ownerName}</p> : null}
      <div className="mt-2">
        <StageForm
          enquiry={card}
          label={`Move ${name} to`}
          error={error}
          onSubmit={(event) => {
            event.preventDefault();
            const form = new FormData(event.currentTarget);
            onMove(String(form.get("stage")) as Stage, form);
          }}
        />
      </div>
    </article>
  );
}

function WonDialog({
  card,
  onClose,
  onConfirm,
}: {
  card: BoardCard | null;
  onClose: () => void;
  onConfirm: (value: string, currency: string) => void;
}) {
  return (
    <Dialog open={card !== null} onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent>
        <DialogTitle>Won: what is the deal worth?</DialogTitle>
        <DialogDescription>{card ? `${cardName(card)}'s enquiry moves to Won with its value.` : ""}</DialogDescription>
        <form
          className="mt-4 grid gap-4"
          onSubmit={(event) => {
            event.preventDefault();
            const form = new FormData(event.currentTarget);
            onConfirm(String(form.get("value") ?? ""), String(form.get("currency") ?? ""));
          }}
        >
          <ValueFields id="won-dialog" valueMinor={null} currency={null} />
          <div className="flex gap-2">
            <Button type="submit">Move to Won</Button>
            <Button type="button" variant="outline" onClick={onClose}>
              Cancel
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
