/**
 * Beside the editor: the characters of the draft that the site's own font files lack (docs/content.md,
 * "Characters and fonts"). They still show in the site's fonts (pages that show them load one more
 * font file), or, for scripts the fonts do not have, in the visitor's system font.
 */
export function FontNote({ fullFont, systemFont }: { fullFont: string[]; systemFont: string[] }) {
  if (fullFont.length === 0 && systemFont.length === 0) return null;
  return (
    <div
      role="note"
      className="rounded-[var(--radius-control)] border border-amber-300 bg-amber-50 p-3 text-sm text-ink-900"
      data-testid="font-note"
    >
      {fullFont.length > 0 ? (
        <p>
          Not in the site's own font files: <span>{fullFont.join(" ")}</span>. They show in the site's fonts; a page with them loads one
          more font file (about 30 KB).
        </p>
      ) : null}
      {systemFont.length > 0 ? (
        <p className={fullFont.length > 0 ? "mt-2" : undefined}>
          Not in the fonts of both the text and the headings: <span>{systemFont.join(" ")}</span>. Visitors may see them in their device's
          own font.
        </p>
      ) : null}
    </div>
  );
}
