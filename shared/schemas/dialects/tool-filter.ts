// CONN-8: the per-tool switch each agent reads in a server's entry, as its profile says
// (shared/profiles/: an allow-list field, a deny-list field, either or neither). kimi:
// `enabledTools` then `disabledTools` (seed 002); minara: `include` (seed 001); minimax: none
// (seed 000 has only the whole-server `enabled: false`), so the panel offers no per-tool toggle
// there. The engine applies the fields (connections/limits.ts); this module only says which
// fields exist and how to write a wanted set of enabled tools into them.
import { profileFacts } from '../../profiles';
import type { Dialect } from './index';

/** A field of the agent's entry, as its profile names it (kimi `enabledTools`, codex `disabled_tools`, gemini `excludeTools`…). */
export type ToolFilterField = string;

/** The fields this agent reads (allow-list first); empty = it has no per-tool switch. */
export function toolFilterFields(dialect: Dialect): readonly ToolFilterField[] {
  const { allow, deny } = profileFacts(dialect).toolFilter;
  return [allow, deny].filter((f): f is ToolFilterField => f !== null);
}

/** What to write: a field's new list, or null to remove the field. Only changed fields. */
export type ToolFilterPatch = Partial<Record<ToolFilterField, string[] | null>>;

const list = (v: unknown): string[] | undefined => (Array.isArray(v) && v.every((x) => typeof x === 'string') ? (v as string[]) : undefined);
const same = (a: readonly string[] | undefined, b: readonly string[] | undefined) => a?.length === b?.length && (a ?? []).every((x, i) => x === b![i]);

/**
 * An allow-list that lets exactly `enabled` of `offered` through: names it holds for tools the
 * server does not offer now are kept (they are the user's, for another day), existing order
 * is kept, newly enabled names are appended in the server's order.
 */
function allow(current: readonly string[], offered: readonly string[], enabled: ReadonlySet<string>): string[] {
  const offeredSet = new Set(offered);
  const kept = current.filter((n) => !offeredSet.has(n) || enabled.has(n));
  const have = new Set(kept);
  return [...kept, ...offered.filter((n) => enabled.has(n) && !have.has(n))];
}

/** A deny-list that holds back exactly the offered tools not in `enabled` (others kept). */
function deny(current: readonly string[], offered: readonly string[], enabled: ReadonlySet<string>): string[] {
  return allow(current, offered, new Set(offered.filter((n) => !enabled.has(n))));
}

/**
 * The smallest change to `entry` after which the agent lets exactly `enabled` of `offered`
 * through. With both lists (kimi): an entry that already has the allow-list keeps using it (and
 * drops the re-enabled names from the deny-list); otherwise the deny-list holds the disabled
 * ones. An allow-list alone (minara `include`) is written only when something is disabled or it
 * is already there.
 */
export function toolFilterPatch(dialect: Dialect, entry: Record<string, unknown>, offered: readonly string[], enabled: ReadonlySet<string>): ToolFilterPatch {
  const patch: ToolFilterPatch = {};
  const put = (field: ToolFilterField, next: string[] | null) => {
    const had = list(entry[field]);
    if (next === null ? had !== undefined : !same(had, next)) patch[field] = next;
  };
  const [allowField, denyField] = toolFilterFieldsOf(dialect);
  const everything = offered.every((n) => enabled.has(n));
  const every = profileFacts(dialect).toolFilter.every;
  const on = allowField ? list(entry[allowField]) : undefined;
  // An allow-list of "every tool" (Copilot CLI `["*"]`) stays as it is while nothing is held back,
  // and becomes the list of the enabled ones the moment something is.
  if (allowField && on && every !== undefined && on.includes(every)) {
    if (!everything) put(allowField, offered.filter((n) => enabled.has(n)));
    return patch;
  }
  if (allowField && (on || !denyField)) {
    put(allowField, on ? allow(on, offered, enabled) : everything ? null : offered.filter((n) => enabled.has(n)));
    const off = denyField ? list(entry[denyField]) : undefined;
    if (denyField && off) {
      const rest = off.filter((n) => !enabled.has(n));
      put(denyField, rest.length ? rest : null);
    }
  } else if (denyField) {
    const next = deny(list(entry[denyField]) ?? [], offered, enabled);
    put(denyField, next.length ? next : null);
  }
  return patch;
}

function toolFilterFieldsOf(dialect: Dialect): [ToolFilterField | null, ToolFilterField | null] {
  const { allow: a, deny: d } = profileFacts(dialect).toolFilter;
  return [a, d];
}

/** `entry` with the patch applied (null removes the field): what the writer validates. */
export function patchedEntry(entry: Record<string, unknown>, patch: Readonly<Record<string, unknown>>): Record<string, unknown> {
  const out = { ...entry };
  for (const [k, v] of Object.entries(patch)) {
    if (v === null) delete out[k];
    else out[k] = v;
  }
  return out;
}
