/** Share texts and links of the Try AI share menu (docs/product.md#try-ai-tools). */
export const SHARE_LIMITS = { facebook: 256, x: 280 } as const;

/** At most `max` characters, ending with an ellipsis when shortened. */
export function truncateForShare(text: string, max: number): string {
  const clean = text.trim();
  if (clean.length <= max) return clean;
  return `${clean.slice(0, max - 1).trimEnd()}…`;
}

export function shareLinks(text: string, pageUrl: string) {
  const encoded = encodeURIComponent(text.trim());
  return {
    linkedin: "https://www.linkedin.com/feed/?shareActive=true",
    whatsapp: `https://wa.me/?text=${encoded}`,
    facebook: `https://www.facebook.com/sharer/sharer.php?u=${encodeURIComponent(pageUrl)}&quote=${encodeURIComponent(truncateForShare(text, SHARE_LIMITS.facebook))}`,
    x: `https://x.com/intent/post?text=${encodeURIComponent(truncateForShare(text, SHARE_LIMITS.x))}`,
  };
}

/** Copies text; false when the browser refuses. */
export async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}
