// UI-1 filter box (like `/mcp [filter]`): every word must match name, layer, transport,
// state, target or file.
import type { LayerKind } from '../../../../shared/schemas/server';
import type { ServerRow } from '../../../../shared/contract';

export function matchesFilter(row: ServerRow, filter: string): boolean {
  const words = filter.toLowerCase().split(/\s+/).filter(Boolean);
  if (!words.length) return true;
  const hay = [row.name, row.layer, row.transport ?? '', row.state.kind, row.target ?? '', row.path].join(' ').toLowerCase();
  return words.every((w) => hay.includes(w));
}

/** Rows grouped by layer, in the order the config engine lists its layers. */
export function groupByLayer(rows: ServerRow[], layerOrder: LayerKind[]): { layer: LayerKind; rows: ServerRow[] }[] {
  const order = [...new Set([...layerOrder, ...rows.map((r) => r.layer)])];
  return order.map((layer) => ({ layer, rows: rows.filter((r) => r.layer === layer) })).filter((g) => g.rows.length);
}
