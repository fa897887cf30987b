import { ImageOffIcon } from "lucide-react";
import { type CSSProperties, startTransition, useCallback, useState } from "react";
import { preload } from "react-dom";
import { cn } from "~/lib/cn";
import { Skeleton } from "./ui/skeleton";

/** Widths `npm run images` generates for every project image (scripts/build-images.mjs). */
export const IMAGE_WIDTHS = [640, 960, 1280] as const;

type Status = "loading" | "loaded" | "error";

export type ResponsiveImageProps = {
  /** Path prefix of the generated variants: `/images/projects/lawsecai`. */
  base: string;
  alt: string;
  /** The `sizes` attribute: how wide the image is drawn at each breakpoint. */
  sizes: string;
  /** Intrinsic size of the artwork (16:10), so the box is reserved before it loads. */
  width?: number;
  height?: number;
  /** Above-the-fold images load at once with high priority; the rest load lazily. */
  priority?: boolean;
  className?: string;
};

/**
 * The box keeps the artwork's aspect ratio (no layout shift); the image fills it
 * absolutely, so a caller may also stretch the box (e.g. `h-full aspect-auto`).
 *
 * An AVIF/WebP picture with a skeleton underneath while it loads and an
 * "Image unavailable" panel if it fails. The skeleton is server-rendered, so it
 * also shows before JavaScript runs; the image simply paints over it.
 */
export function ResponsiveImage({ base, alt, sizes, width = 1280, height = 800, priority = false, className }: ResponsiveImageProps) {
  const [status, setStatus] = useState<Status>("loading");
  const srcSet = (format: "avif" | "webp") => IMAGE_WIDTHS.map((w) => `${base}-${w}.${format} ${w}w`).join(", ");
  // The page's largest image: ask for it from <head>, before the parser reaches the <img>
  // (browsers without AVIF skip a preload of that type and use the <picture> as usual).
  if (priority)
    preload(`${base}-960.avif`, { as: "image", type: "image/avif", imageSrcSet: srcSet("avif"), imageSizes: sizes, fetchPriority: "high" });

  // An image can finish (or fail) before React hydrates and attaches onLoad/onError. Seen
  // during the hydration commit, the update is a transition: it would otherwise re-render
  // every image of the page in one blocking task right after hydration.
  const imageRef = useCallback((image: HTMLImageElement | null) => {
    if (image?.complete) startTransition(() => setStatus(image.naturalWidth > 0 ? "loaded" : "error"));
  }, []);

  return (
    <div
      className={cn("relative aspect-(--image-ratio) overflow-hidden bg-ink-900", className)}
      style={{ "--image-ratio": `${width} / ${height}` } as CSSProperties}
      data-image-status={status}
    >
      {status === "loading" ? <Skeleton className="absolute inset-0 rounded-none bg-ink-800" data-testid="image-skeleton" /> : null}
      {status === "error" ? (
        <div className="absolute inset-0 flex flex-col items-center justify-center gap-2 bg-ink-100 text-ink-600">
          <ImageOffIcon aria-hidden="true" className="size-6" />
          <p className="text-sm font-medium">Image unavailable</p>
          <span className="sr-only">{alt}</span>
        </div>
      ) : (
        <picture>
          <source type="image/avif" srcSet={srcSet("avif")} sizes={sizes} />
          <source type="image/webp" srcSet={srcSet("webp")} sizes={sizes} />
          <img
            ref={imageRef}
            src={`${base}-960.webp`}
            alt={alt}
            width={width}
            height={height}
            loading={priority ? "eager" : "lazy"}
            fetchPriority={priority ? "high" : "auto"}
            decoding={priority ? "auto" : "async"}
            onLoad={() => setStatus("loaded")}
            onError={() => setStatus("error")}
            className="absolute inset-0 block size-full object-cover"
          />
        </picture>
      )}
    </div>
  );
}
