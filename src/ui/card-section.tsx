/**
 * A card named by its heading: `<section class="card …" aria-labelledby>` with the `<h2 class="card-title">`
 * that labels it, then its content. For a card whose head holds more than the title (a badge, links),
 * write the section by hand.
 */
import type { ReactNode } from 'react';

export interface CardSectionProps {
  /** The heading's id (the section's `aria-labelledby`). */
  id: string;
  title: ReactNode;
  /** Classes after `card` (e.g. `team-balance`). */
  className?: string;
  children: ReactNode;
}

export function CardSection({ id, title, className, children }: CardSectionProps) {
  return (
    <section className={className ? `card ${className}` : 'card'} aria-labelledby={id}>
      <h2 id={id} className="card-title">
        {title}
      </h2>
      {children}
    </section>
  );
}
