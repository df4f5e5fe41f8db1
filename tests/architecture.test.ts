/**
 * Decision 0014's rules over the import graph of src/: layers (lib ← server ← ui ← features ←
 * pages), areas reached only through their public surface, no import cycles.
 */
import { describe, expect, test } from 'bun:test';
import { type Edge, checkArchitecture, importCycles, importGraph, layerViolations } from '../scripts/check-architecture';

describe('architecture', () => {
  test('src/ keeps its layers, surfaces and has no import cycle', () => {
    expect(checkArchitecture()).toEqual([]);
  });

  test('the checker finds a cycle, a layer break and a reach into an area', () => {
    const e = (from: string, to: string, typeOnly = false): Edge => ({ from, to, typeOnly });
    expect(importCycles([e('a.ts', 'b.ts'), e('b.ts', 'c.ts'), e('c.ts', 'a.ts'), e('c.ts', 'd.ts')])).toEqual([['a.ts', 'b.ts', 'c.ts']]);
    expect(importCycles([e('a.ts', 'b.ts'), e('b.ts', 'a.ts', true)])).toEqual([]);
    const { problems } = layerViolations([
      e('src/lib/x.ts', 'src/server/y.ts'),
      e('src/pages/p.tsx', 'src/features/claims/queries.ts'),
      e('src/pages/p.tsx', 'src/features/claims/ui/index.ts'),
      e('src/features/orders/a.ts', 'src/features/claims/schemas.ts'),
    ]);
    expect(problems).toEqual([
      'layer: src/lib/x.ts (lib) imports src/server/y.ts (server)',
      "surface: src/pages/p.tsx reaches into src/features/claims/queries.ts (use the area's index.ts, schemas.ts, texts or ui)",
    ]);
  });

  test('the graph is read: the claims route file imports the claims screens', () => {
    const edges = importGraph();
    expect(edges).toContainEqual({
      from: 'src/pages/user/(centre)/claim/list.tsx',
      to: 'src/features/claims/ui/index.ts',
      typeOnly: false,
    });
  });
});
