// CONN-11: a definition's own texts are checked once. The pool hands back the same definition
// objects until a server's list changes, so a cache keyed by the object answers every later ask
// (the Servers row's count, the Tools view, the drift view) without checking again.
import type { Finding } from './finding';
import { checkOwnTexts, type CheckedTool } from './poisoning';

const ownCache = new WeakMap<CheckedTool, Finding[]>();

/** The checks of one definition's own texts; `ownTools`: its server's tool names (chaining). */
export function ownFindings(def: CheckedTool, ownTools: readonly string[]): Finding[] {
  let f = ownCache.get(def);
  if (!f) ownCache.set(def, (f = checkOwnTexts(def, { ownTools })));
  return f;
}

const countCache = new WeakMap<readonly CheckedTool[], number>();

/** How many findings the own-text checks make on a whole list (counted once per list object). */
export function ownFindingCount(tools: readonly CheckedTool[]): number {
  let n = countCache.get(tools);
  if (n === undefined) {
    const names = tools.map((t) => t.name);
    countCache.set(tools, (n = tools.reduce((sum, t) => sum + ownFindings(t, names).length, 0)));
  }
  return n;
}
