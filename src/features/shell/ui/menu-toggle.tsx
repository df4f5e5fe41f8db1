/**
 * The hidden checkbox that opens a menu or drawer without JS (`data-collapse`: the runtime
 * closes it on navigation); its label elsewhere is the visible button.
 */
export function MenuToggle({ id, className, controls, label }: { id: string; className: string; controls: string; label: string }) {
  return <input type="checkbox" id={id} className={`${className} sr-only`} data-collapse aria-label={label} aria-controls={controls} />;
}
