// AGENT-5: the one way a server is turned off or on for its agent, for every front door (the
// page's toggle, `server enable|disable`): the agent's own switch where it keeps one outside the
// entry (shared/profiles/<id>/files.ts switchEdits: Claude Code's per-project list, Gemini's
// enablement file), else the entry's own flag through the server operations.
import { agentFiles } from '../../../shared/profiles';
import type { LayerKind } from '../../../shared/schemas/server';
import { homeDir } from '../paths';
import { agentIo } from './profiles/io';
import { type ConfigWriter, type WriteOutcome, type WriteTarget, type WriteError } from './writer';
import { ok, type Result } from '../../../shared/result';

export async function setServerEnabled(writer: ConfigWriter, env: NodeJS.ProcessEnv, target: WriteTarget & { layer: LayerKind }, name: string, on: boolean): Promise<Result<WriteOutcome[], WriteError>> {
  const where = { env, home: homeDir(env), workspace: target.workspace ?? null };
  const edits = (await agentFiles(target.profile).switchEdits?.({ name, layer: target.layer }, on, where, agentIo())) ?? null;
  if (!edits) {
    const r = await writer.apply(target, [{ op: on ? 'enable' : 'disable', name }]);
    return r.ok ? ok([r.value]) : r;
  }
  const done: WriteOutcome[] = [];
  for (const e of edits) {
    const file = { path: e.file, format: e.format, readOnly: null };
    const r = e.kind === 'list' ? await writer.editList(file, e.path, e.value, e.present) : await writer.editValue(file, e.path, e.value);
    if (!r.ok) return r;
    done.push(r.value);
  }
  return ok(done);
}
