/** Logo mark plus the site name, linking home. */
export function Brand({ siteName, className }: { siteName: string; className?: string }) {
  return (
    <a href="/" className={className ? `brand ${className}` : 'brand'}>
      <svg className="brand-mark" width="30" height="30" viewBox="0 0 32 32" aria-hidden="true" focusable="false">
        <path d="M16 2.5l11 4.2v8.1c0 6.9-4.6 12.4-11 14.7C9.6 27.2 5 21.7 5 14.8V6.7L16 2.5z" fill="var(--brand-mark-bg)" />
        <path
          d="M10.5 16.2l3.8 3.8 7.4-7.6"
          fill="none"
          stroke="var(--brand-mark-fg)"
          strokeWidth="2.6"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      </svg>
      <span className="brand-name">{siteName}</span>
    </a>
  );
}
