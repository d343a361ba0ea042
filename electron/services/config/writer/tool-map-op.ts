// CONN-8 / CTX-2: writes into an agent's file-wide tool map (ProfileFacts.toolMap: OpenCode's
// top-level `tools`), one key at a time through applyValueEdit, so every other byte of the file
// stays (CFG-7). A key written with a value goes last in the map (removed first where it is
// there): the agent reads the last matching key, so it must come after the globs.
import type { ConfigFormat } from '../../../../shared/profiles/types';
import type { ToolMapPatch } from '../../../../shared/schemas/dialects/tool-map';
import { duplicateKeys, offsetToLineCol, pointerOf } from '../json-text';
import { refuse, type WriteError } from './errors';
import { applyValueEdit } from './list-ops';
import { parseConfigText } from './text-edit';
import { ok, type Result } from '../../../../shared/result';

export function applyToolMapPatch(text: string, format: ConfigFormat, mapKey: string, patch: ToolMapPatch): Result<string, WriteError> {
  // CFG-5: the agent keeps the last of two equal keys while an edit lands in the first.
  const parsed = format === 'json' || format === 'jsonc' ? parseConfigText(text, format === 'jsonc') : null;
  const touched = new Set(patch.map(([k]) => k));
  const twice = parsed?.ok && parsed.tree ? duplicateKeys(parsed.tree).find((d) => (d.container.length === 0 && d.key === mapKey) || (d.container.length === 1 && d.container[0] === mapKey && touched.has(d.key))) : undefined;
  if (twice) {
    const { line, column } = offsetToLineCol(text, twice.keyOffset);
    if (twice.container.length === 0) return refuse('write.duplicate_key', { key: twice.key, line, column }, { data: { line, column } });
    return refuse('write.duplicate_key.in', { key: twice.key, container: pointerOf(twice.container), line, column }, { data: { line, column } });
  }
  let out = text;
  for (const [key, value] of patch) {
    for (const v of value === null ? [undefined] : [undefined, value]) {
      const r = applyValueEdit(out, format, [mapKey, key], v);
      if (!r.ok) return r;
      out = r.value ?? out;
    }
  }
  return ok(out);
}
