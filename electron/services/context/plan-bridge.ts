// CTX-2 for an agent with no per-tool filter field (Claude Code, Cursor, VS Code, Windsurf…): the
// plan says the tools it drops on the bridge line (`mcp-panel bridge NAME --profile P
// --hide-tools a,b`), which takes the entry's place as `bridge install` would put it (its
// connection replaced, its other fields kept; the original kept in the install records first,
// so the bridge finds what to start and `bridge uninstall` can put it back). An entry that is a
// bridge line already keeps its line with the list changed. Tools hidden earlier stay hidden:
// the panel's own connection goes through the line, so it no longer sees them to drop again.
import type { Profile, EffectiveServer } from '../../../shared/schemas/server';
import { findInlineSecrets } from '../../../shared/secrets/secret-rules';
import { bridgedEntry, bridgeLine, differingSpan, isBridgeEntry, lineOf, serversOf, valueText } from '../bridge/install';
import type { BridgeCommand } from '../bridge/install-command';
import type { InstallRecord } from '../bridge/install-records';
import { hiddenIn, withHiddenTools } from '../bridge/tool-filter';
import { otherReaders } from '../agent-view/shared-files';
import { applyServerOps, type LayerFile, type ServerOp } from '../config/writer';
import type { LayerEnv } from '../../../shared/profiles/loading';

export type BridgeBlock = 'unsupported' | 'inline_secret' | 'shared_file';

export interface BridgedServer {
  op: ServerOp;
  /** The install record to put before the write (null: the entry was a bridge line already). */
  record: InstallRecord | null;
}

export interface BridgePlanInput {
  profile: Profile;
  server: EffectiveServer;
  file: LayerFile;
  /** The file's text as read for the preview (null: no file). */
  text: string | null;
  drop: ReadonlySet<string>;
  command: BridgeCommand;
  where: LayerEnv;
  now: number;
}

/** The op that bridges `server` with the dropped tools hidden, or why the plan cannot. */
export async function bridgeWithHidden(i: BridgePlanInput): Promise<BridgedServer | { blocked: BridgeBlock }> {
  const { profile, server, file } = i;
  const current = serversOf(i.text, file);
  const original = current && Object.hasOwn(current.servers, server.name) ? current.servers[server.name] : undefined;
  if (!current || original === undefined) return { blocked: 'unsupported' };
  if (isBridgeEntry(original, profile)) {
    const line = lineOf(original as Record<string, unknown>, profile);
    const hidden = [...new Set([...hiddenIn(line.args), ...i.drop])].sort();
    return { op: { op: 'set', name: server.name, entry: bridgedEntry(profile, original, { command: line.command, args: withHiddenTools(line.args, hidden) }) }, record: null };
  }
  // Every agent reading this file would start the line, with this agent's filter.
  if ((await otherReaders(profile, file.path, i.where)).length > 0) return { blocked: 'shared_file' };
  // CFG-8: the install record keeps the original in the panel's data folder; a literal secret must not go there.
  if (findInlineSecrets(original).length > 0) return { blocked: 'inline_secret' };
  const line = bridgeLine(i.command, profile, server.name, server.layer, i.where.workspace, file.path);
  const entry = bridgedEntry(profile, original, { command: line.command, args: withHiddenTools(line.args, [...i.drop].sort()) });
  const op: ServerOp = { op: 'set', name: server.name, entry };
  // This server's change alone: `bridge uninstall` puts it back by span while the file is as
  // this op left it, else by the entry's own text (other servers of the plan may share the file).
  const alone = applyServerOps(i.text ?? '', profile, [op], undefined, file.container);
  if (!alone.ok) return { blocked: 'unsupported' };
  const record: InstallRecord = {
    profile,
    server: server.name,
    layer: server.layer,
    workspace: i.where.workspace,
    file: file.path,
    installedAt: i.now,
    originalValue: original,
    originalText: i.text !== null ? valueText(i.text, current, server.name) : null,
    replaced: true,
    bridgeValue: entry,
    undo: differingSpan(i.text ?? '', alone.value),
  };
  return { op, record };
}
