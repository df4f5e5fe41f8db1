/**
 * The gender marks of spec §3 / reference §4.6: male in the primary colour, female in the danger
 * colour, unknown (secret) in grey — each its own icon, drawn inline so the sprite stays shared.
 * A plain component: the profile page and the profile form island both draw it.
 */
import './account.css';

const PATHS: Record<0 | 1 | 2, string> = {
  // Mars: a circle with an arrow to the top right.
  1: 'M10 14m-5 0a5 5 0 1010 0a5 5 0 10-10 0 M13.5 10.5L20 4 M15 4h5v5',
  // Venus: a circle with a cross below.
  2: 'M12 9m-5 0a5 5 0 1010 0a5 5 0 10-10 0 M12 14v7 M9 18h6',
  // Secret: a circle with a question mark.
  0: 'M12 12m-9 0a9 9 0 1018 0a9 9 0 10-18 0 M9.5 9.5a2.5 2.5 0 114 2c-.9.6-1.5 1.1-1.5 2.2 M12 17h.01',
};

export function GenderIcon({ gender, label, size = 16 }: { gender: number; label?: string; size?: number }) {
  const g = (gender === 1 || gender === 2 ? gender : 0) as 0 | 1 | 2;
  return (
    <svg
      className={`account-gender account-gender-${g}`}
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      role={label ? 'img' : undefined}
      aria-label={label}
      aria-hidden={label ? undefined : true}
    >
      <path d={PATHS[g]} />
    </svg>
  );
}
