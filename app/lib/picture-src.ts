/**
 * Where a founder's portrait or a partner's logo is fetched (docs/content.md, "Services, pages,
 * founders and partners"): one of the site's drawings as it is, or an upload's 640-pixel WebP.
 * Apart from the content schemas so that pages showing pictures do not download zod.
 */
export function pictureSrc(path: string): string {
  return path.startsWith("/media/") ? `${path}-640.webp` : path;
}
