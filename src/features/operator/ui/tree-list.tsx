/** A tree as nested lists (the groups page's rule checkboxes, the rules page's sidebar preview). */
import type { ReactNode } from 'react';

/** One `<li>` per node with `item(node)`, its children in a nested list of the same class. */
export function TreeList<N extends { id: number; children: N[] }>({
  nodes,
  className,
  item,
}: {
  nodes: N[];
  className: string;
  item: (node: N) => ReactNode;
}) {
  return (
    <ul className={className}>
      {nodes.map((n) => (
        <li key={n.id}>
          {item(n)}
          {n.children.length ? <TreeList nodes={n.children} className={className} item={item} /> : null}
        </li>
      ))}
    </ul>
  );
}
