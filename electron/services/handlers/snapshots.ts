// tools.snapshotDiff (CONN-11, issue 22): the accepted list and the latest one, read from the
// snapshot store, each changed tool's texts old and new. The pool already knows which tools
// changed (ToolDiff); this only puts the words beside the names, and beside each new or changed
// tool the poisoning checks' findings on its new text, marked fresh where the accepted text did
// not have them (CONN-11: every diff is checked).
import type { AppContract, DiffFinding, SnapshotDiffView, ToolText } from '../../../shared/contract';
import { checkShadowing } from '../../../shared/trust/poisoning';
import { lastShadowIndex } from '../api/tool-findings';
import { ownFindings } from '../../../shared/trust/own';
import type { Handlers } from '../../../shared/rpc';
import type { ToolDef } from '../../../shared/schemas/server';
import type { ApiCore } from '../api/core';

type SnapshotHandlers = Pick<Handlers<AppContract>, 'tools.snapshotDiff'>;

const json = (v: unknown) => (v === undefined || v === null ? null : JSON.stringify(v, null, 2));

export function toolText(def: ToolDef | undefined): ToolText {
  return { title: def?.title ?? null, description: def?.description ?? null, inputSchema: json(def?.inputSchema), outputSchema: json(def?.outputSchema), annotations: json(def?.annotations) };
}

/** The findings on a tool's new text; `fresh` unless the accepted text had the same code in the same field. */
export function diffFindings(serverId: string, after: ToolDef, afterList: readonly ToolDef[], before?: ToolDef, beforeList: readonly ToolDef[] = []): DiffFinding[] {
  const index = lastShadowIndex();
  const found = [...ownFindings(after, afterList.map((t) => t.name)), ...(index ? checkShadowing(after, { index, self: serverId }) : [])];
  const old = new Set(before ? ownFindings(before, beforeList.map((t) => t.name)).map((f) => `${f.code}\u0000${f.field}`) : []);
  return found.map((f) => ({ ...f, fresh: !old.has(`${f.code}\u0000${f.field}`) }));
}

export function snapshotHandlers(core: ApiCore): SnapshotHandlers {
  return {
    'tools.snapshotDiff': async ({ id }): Promise<SnapshotDiffView | null> => {
      const s = core.findServer(id);
      const pool = core.pool();
      const diff = pool.details(id)?.snapshotDiff;
      if (!diff || !pool.readSnapshot) return null;
      const [before, after] = await Promise.all([diff.acceptedSha ? pool.readSnapshot(diff.acceptedSha) : Promise.resolve([]), pool.readSnapshot(diff.currentSha)]);
      const old = new Map((before ?? []).map((t) => [t.name, t]));
      const cur = new Map((after ?? []).map((t) => [t.name, t]));
      const checked = (name: string) => {
        const def = cur.get(name);
        return def ? diffFindings(id, def, after ?? [], old.get(name), before ?? []) : [];
      };
      return {
        serverId: id,
        serverName: s.name,
        added: diff.added.map((name) => ({ name, after: toolText(cur.get(name)), findings: checked(name) })),
        removed: diff.removed.map((name) => ({ name, before: toolText(old.get(name)) })),
        changed: diff.changed.map((c) => ({ name: c.name, fields: c.fields, before: toolText(old.get(c.name)), after: toolText(cur.get(c.name)), findings: checked(c.name) })),
        appliesTo: ((await pool.snapshotSharing?.(id)) ?? []).map(({ profile, name }) => ({ profile, name })),
      };
    },
  };
}
