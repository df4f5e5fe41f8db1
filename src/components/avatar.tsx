/** Round avatar: the uploaded image, or the first letter of the nickname on a tinted disc. */
export function Avatar({ src, name, size = 40, className }: { src: string; name: string; size?: number; className?: string }) {
  const cls = className ? `avatar ${className}` : 'avatar';
  const style = { width: size, height: size, fontSize: Math.round(size * 0.42) };
  if (src && /^(https?:\/\/|\/(?!\/)|data:image\/)/.test(src)) {
    return <img className={cls} src={src} alt="" width={size} height={size} style={style} />;
  }
  const initial = Array.from(name.trim())[0]?.toUpperCase() ?? '?';
  return (
    <span className={cls} style={style} aria-hidden="true">
      {initial}
    </span>
  );
}
