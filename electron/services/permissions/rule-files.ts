// The permission rules of a selection, layer by layer, from the agent's own files (where and
// why: shared/permissions/layers.ts), and saving one layer's lists back through the config
// writer: locked atomic write, conflict when the file changed since it was read (CFG-7),
// read-only layers (CFG-7) and untrusted workspaces (CFG-10) refused.
import type { RuleLayerView, Selection } from '../../../shared/contract';
import { AppError } from '../../../shared/errors';
import type { LayerRules } from '../../../shared/permissions/layers';
import type { RuleLists } from '../../../shared/permissions/rules';
import type { LayerKind } from '../../../shared/schemas/server';
import { toAppError } from '../api/editor-adapter';
import type { SaveOutcome } from '../api/ports';
import type { LayerLocation } from '../../../shared/profiles/loading';
import { engineProfile, resolveLayerPaths } from '../config/profiles';
import { type ConfigWriter, type FileSnapshot, type LayerFile, readSnapshot, refuse, type WriteError } from '../config/writer';
import { homeDir } from '../paths';
import { profileFacts } from '../../../shared/profiles';
import { readRules, writeRules } from './rule-text';
import { ok, type Result } from '../../../shared/result';

const MAX_SNAPSHOTS = 64;

export interface RuleFilesDeps {
  writer: ConfigWriter;
  env: NodeJS.ProcessEnv;
  /** CFG-10; absent = no workspace is trusted (fail closed). */
  isTrusted?: (workspace: string) => Promise<boolean>;
}

export class RuleFiles {
  private readonly snapshots = new Map<string, FileSnapshot>();

  constructor(private readonly deps: RuleFilesDeps) {}

  private async locations(sel: Selection): Promise<LayerLocation[]> {
    const where = { env: this.deps.env, home: homeDir(this.deps.env), workspace: sel.workspace };
    // An agent that keeps its rules apart from its servers (Claude Code's settings.json) says where.
    const own = engineProfile(sel.profile).ruleFiles;
    return own ? own(where) : resolveLayerPaths(sel.profile, where);
  }

  /** The file a layer's rules are written to: the agent's own rule file, else the layer's MCP file. */
  private async ruleFile(sel: Selection, layer: LayerKind): Promise<Result<LayerFile, WriteError>> {
    if (!engineProfile(sel.profile).ruleFiles) return this.deps.writer.resolve({ profile: sel.profile, layer, workspace: sel.workspace });
    const loc = (await this.locations(sel)).find((l) => l.layer === layer);
    if (!loc) return refuse('write.invalid_target', { profile: sel.profile, layer });
    return ok({ profile: sel.profile, layer, path: loc.path, dialect: sel.profile, readOnly: loc.writable ? null : `${loc.path} is read-only`, ...(loc.confineTo ? { confineTo: loc.confineTo } : {}) });
  }

  private async trusted(loc: LayerLocation, sel: Selection): Promise<boolean> {
    if (!loc.needsTrust) return true;
    return !!sel.workspace && !!(await this.deps.isTrusted?.(sel.workspace));
  }

  private remember(s: FileSnapshot): string | null {
    if (s.hash === null) return null;
    this.snapshots.set(s.hash, s);
    if (this.snapshots.size > MAX_SNAPSHOTS) this.snapshots.delete(this.snapshots.keys().next().value!);
    return s.hash;
  }

  /** Every layer file, lowest precedence first, with the rules it holds or why they cannot be read. */
  async read(sel: Selection): Promise<RuleLayerView[]> {
    const out: RuleLayerView[] = [];
    for (const loc of await this.locations(sel)) {
      const base = { layer: loc.layer, path: loc.path, trusted: await this.trusted(loc, sel), readOnly: !loc.writable || !!profileFacts(sel.profile).rules.readOnly };
      let snap: FileSnapshot;
      try {
        snap = await readSnapshot(loc.path, loc.confineTo);
      } catch (err) {
        out.push({ ...base, exists: true, hash: null, rules: { allow: [], ask: [], deny: [] }, problem: { code: 'unreadable', params: { error: (err as Error).message } } });
        continue;
      }
      const own = engineProfile(sel.profile).readRuleText;
      const { rules, problem } = snap.invalidUtf8At !== undefined ? { rules: { allow: [], ask: [], deny: [] }, problem: { code: 'encoding' } } : own ? own(snap.text, loc.path) : readRules(snap.text);
      out.push({ ...base, exists: snap.exists, hash: this.remember(snap), rules, problem });
    }
    return out;
  }

  /** The rules the agent would apply: trusted, readable layers only (CFG-10). */
  async effective(sel: Selection): Promise<LayerRules[]> {
    return (await this.read(sel)).filter((l) => l.trusted && !l.problem).map((l) => ({ layer: l.layer, path: l.path, rules: l.rules }));
  }

  async save(sel: Selection, layer: LayerKind, rules: RuleLists, baseHash: string | null, overwrite: boolean): Promise<SaveOutcome> {
    // Codex's and Gemini's rules are settings and policy files of their own format: read, never written here.
    if (profileFacts(sel.profile).rules.readOnly) throw new AppError('refused', `the panel does not write ${profileFacts(sel.profile).label}'s rules; edit its files by hand`, { reason: 'read-only' });
    const file = await this.ruleFile(sel, layer);
    if (!file.ok) throw toAppError(file.error);
    const loc = (await this.locations(sel)).find((l) => l.layer === layer);
    if (loc && !(await this.trusted(loc, sel))) {
      throw new AppError('refused', `${file.value.path}: the workspace is not trusted; trust it before the panel writes its project files`, { reason: 'untrusted' });
    }
    const base = overwrite ? undefined : await this.baseFor(file.value.path, baseHash);
    const r = await this.deps.writer.editFile(file.value, (text) => writeRules(text, rules), base ? { base } : {});
    if (!r.ok) throw toAppError(r.error);
    return { path: r.value.path, changed: r.value.changed, created: r.value.created, hash: this.remember(r.value.after) };
  }

  /**
   * The content the user's edit is based on (overwrite = none: onto the file as it is now, the
   * user saw the diff). `null` = the file did not exist, so a file created since conflicts too.
   * A hash this host never read (it restarted while a draft waited in the page) is the base
   * only if the file still has that content; otherwise the write must conflict, never land.
   */
  private async baseFor(path: string, baseHash: string | null): Promise<FileSnapshot> {
    const missing: FileSnapshot = { path, exists: false, text: null, hash: null, mode: null };
    if (baseHash === null) return missing;
    const known = this.snapshots.get(baseHash);
    if (known) return known;
    const now = await readSnapshot(path).catch(() => null);
    if (now?.hash === baseHash) return now;
    return { ...(now ?? missing), exists: true, hash: baseHash };
  }
}
