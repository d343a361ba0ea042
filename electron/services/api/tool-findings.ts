// CONN-11: the poisoning checks (shared/trust/) over the running servers' lists. A definition's
// own texts are checked once (the pool hands back the same definition objects until the
// server's list changes: first sight, then each changed or added tool); shadowing is checked
// against every other server's tools and redone only when some server's list changes.
import type { Finding } from '../../../shared/trust/finding';
import { checkShadowing, shadowIndex, type ShadowIndex } from '../../../shared/trust/poisoning';
import { ownFindings } from '../../../shared/trust/own';
import type { ToolDef } from '../../../shared/schemas/server';


export interface ServerList {
  id: string;
  name: string;
  tools: readonly ToolDef[];
}

interface Shadowing {
  lists: readonly ServerList[];
  index: ShadowIndex;
  byDef: WeakMap<ToolDef, Finding[]>;
}
let last: Shadowing | null = null;

const sameLists = (a: readonly ServerList[], b: readonly ServerList[]) => a.length === b.length && a.every((x, i) => x.id === b[i]!.id && x.name === b[i]!.name && x.tools === b[i]!.tools);

function shadowingFor(lists: readonly ServerList[]): Shadowing {
  if (last && sameLists(last.lists, lists)) return last;
  const index = shadowIndex(lists.map((l) => ({ key: l.id, server: l.name, tools: l.tools.map((t) => t.name) })));
  return (last = { lists, index, byDef: new WeakMap() });
}

/** Per server id: every finding on its current list, its own texts first, then shadowing. */
export function listFindings(lists: readonly ServerList[]): Map<string, Finding[]> {
  const sh = shadowingFor(lists);
  const out = new Map<string, Finding[]>();
  for (const l of lists) {
    const names = l.tools.map((t) => t.name);
    const found: Finding[] = [];
    for (const def of l.tools) {
      found.push(...ownFindings(def, names));
      let s = sh.byDef.get(def);
      if (!s) sh.byDef.set(def, (s = checkShadowing(def, { index: sh.index, self: l.id })));
      found.push(...s);
    }
    if (found.length) out.set(l.id, found);
  }
  return out;
}

/** The latest shadow index over every running server (the drift view checks new texts against it). */
export function lastShadowIndex(): ShadowIndex | null {
  return last?.index ?? null;
}
