import { avatarSrc } from './format';

/**
 * A publication's logo or generated avatar. A plain <img>: the images are tiny SVGs or remote logos, which
 * next/image would refuse (SVG) or need a host allow-list for.
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
  return (
    // biome-ignore lint/performance/noImgElement: avatars are small same-origin SVG/PNG routes; next/image would add a resize round trip for nothing
    <img
      src={avatarSrc(slug, imageUrl)}
      alt={`${title ?? slug} logo`}
      width={size}
      height={size}
      loading="lazy"
      decoding="async"
      className="shrink-0 rounded-xl bg-slate-200 object-cover"
      style={{ width: size, height: size }}
    />
  );
}
