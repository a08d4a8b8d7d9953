'use client';

import { useEffect, useRef, useState } from 'react';
import { avatarSrc } from './format';

/**
 * A publication's logo, or its generated avatar when it has none or the logo cannot be loaded (a feed's image host
 * that is gone, or unreachable). A plain <img>: the images are tiny SVGs or remote logos, which next/image would
 * refuse (SVG) or need a host allow-list for.
 */
export function PublicationAvatar({
  slug,
  title,
  imageUrl,
  size = 56,
}: {
  slug: string;
  title: string | null;
  imageUrl: string | null;
  size?: number;
}) {
  const generated = `/avatars/${encodeURIComponent(slug)}.svg`;
  const [src, setSrc] = useState(() => avatarSrc(slug, imageUrl));
  const image = useRef<HTMLImageElement>(null);
  // A logo that failed before the page was hydrated fired its error event with nobody listening: look once mounted.
  useEffect(() => {
    const img = image.current;
    if (img?.complete && img.naturalWidth === 0 && src !== generated) setSrc(generated);
  }, [src, generated]);

  return (
    // biome-ignore lint/performance/noImgElement: avatars are small same-origin SVG/PNG routes; next/image would add a resize round trip for nothing
    <img
      ref={image}
      src={src}
      alt={`${title ?? slug} logo`}
      width={size}
      height={size}
      loading="lazy"
      decoding="async"
      onError={() => {
        if (src !== generated) setSrc(generated);
      }}
      className="shrink-0 overflow-hidden rounded-xl bg-slate-200 object-cover text-[0px]"
      style={{ width: size, height: size }}
    />
  );
}
