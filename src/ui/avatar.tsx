/**
 * Round avatar: the uploaded image, or the first letter of the nickname on a tinted disc.
 * Sizes are classes (no inline styles: the CSP has no 'unsafe-inline' for styles).
 */
export type AvatarSize = 28 | 40 | 60 | 64 | 72;

export function Avatar({ src, name, size = 40, className }: { src: string; name: string; size?: AvatarSize; className?: string }) {
  const cls = `avatar avatar-${size}${className ? ` ${className}` : ''}`;
  if (src && /^(https?:\/\/|\/(?!\/)|data:image\/)/.test(src)) {
    return <img className={cls} src={src} alt="" width={size} height={size} />;
  }
  const initial = Array.from(name.trim())[0]?.toUpperCase() ?? '?';
  return (
    <span className={cls} aria-hidden="true" translate="no">
      {initial}
    </span>
  );
}
