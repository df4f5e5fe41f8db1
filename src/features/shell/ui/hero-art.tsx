/** Decorative hero illustration: a policy card, a shield and a small team (pure SVG). */
export function HeroArt() {
  return (
    <svg className="hero-art" viewBox="0 0 420 340" aria-hidden="true" focusable="false">
      <defs>
        <linearGradient id="ha-card" x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="var(--hero-card-a)" />
          <stop offset="1" stopColor="var(--hero-card-b)" />
        </linearGradient>
        <linearGradient id="ha-shield" x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor="var(--accent-400)" />
          <stop offset="1" stopColor="var(--accent-600)" />
        </linearGradient>
      </defs>
      <rect x="64" y="70" width="250" height="190" rx="18" fill="var(--hero-card-back)" transform="rotate(-6 190 165)" />
      <rect x="80" y="60" width="260" height="200" rx="18" fill="url(#ha-card)" stroke="var(--hero-card-stroke)" />
      <rect x="104" y="88" width="90" height="12" rx="6" fill="var(--hero-line-strong)" />
      <rect x="104" y="114" width="170" height="8" rx="4" fill="var(--hero-line)" />
      <rect x="104" y="132" width="140" height="8" rx="4" fill="var(--hero-line)" />
      <g fill="var(--hero-line-strong)">
        <circle cx="116" cy="178" r="12" />
        <circle cx="148" cy="178" r="12" opacity="0.8" />
        <circle cx="180" cy="178" r="12" opacity="0.6" />
      </g>
      <rect x="104" y="210" width="110" height="26" rx="13" fill="var(--hero-pill)" />
      <rect x="118" y="220" width="60" height="6" rx="3" fill="var(--hero-pill-text)" />
      <path d="M318 120l52 20v38c0 32-21.5 58-52 68-30.5-10-52-36-52-68v-38l52-20z" fill="url(#ha-shield)" />
      <path d="M294 182l17 17 33-34" fill="none" stroke="#fff" strokeWidth="9" strokeLinecap="round" strokeLinejoin="round" />
      <circle cx="62" cy="290" r="6" fill="var(--hero-dot)" />
      <circle cx="380" cy="64" r="9" fill="var(--hero-dot)" />
      <circle cx="350" cy="292" r="4" fill="var(--hero-dot)" />
    </svg>
  );
}
