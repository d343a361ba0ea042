// UI-2: add / edit / remove / import servers (CFG-7), the keychain field (CFG-8), and session
// servers tried before anything is written.
import { agentReadsReference, expansionFor } from '../../../shared/schemas/expansion';
import type { AppContract } from '../../../shared/contract';
import { hostError } from './refusal';
import type { Handlers } from '../../../shared/rpc';
import { ownerTarget } from '../config/secret-owner';
import type { ApiCore } from '../api/core';
import type { EditorPort, SecretsPort, SessionPort, WriterPort } from '../api/ports';

type EditorHandlers = Pick<
  Handlers<AppContract>,
  'editor.layers' | 'editor.save' | 'editor.remove' | 'editor.rename' | 'editor.setEnabled' | 'editor.storeSecret' | 'editor.trySession' | 'editor.clearSession' | 'editor.importPreview' | 'editor.import'
>;

export interface EditorDeps {
  editor: EditorPort;
  session: SessionPort;
  secrets: SecretsPort;
  writer: WriterPort;
}

const VAR = /^[A-Za-z_][A-Za-z0-9_]*$/;

/** `my-server` + `Authorization` → `MY_SERVER_AUTHORIZATION`: a variable name the user can read. */
export function variableFor(server: string, slot: string): string {
  const v = `${server}_${slot}`.replace(/[^A-Za-z0-9]+/g, '_').replace(/^_+|_+$/g, '').toUpperCase();
  return /^[A-Z_]/.test(v) ? v : `MCP_${v}`;
}

export function editorHandlers(core: ApiCore, deps: EditorDeps): EditorHandlers {
  const { editor, session, secrets, writer } = deps;
  const changed = core.changed;

  return {
    'editor.layers': async () => {
      const view = await core.current();
      return { layers: await editor.layers(core.selection(), view) };
    },
    'editor.save': async (input) => {
      const view = await core.current();
      const was = input.originalName ?? null;
      const original = was === null ? null : (view.servers.find((s) => s.layer === input.layer && s.name === was) ?? null);
      const out = await editor.save(core.selection(), input, original);
      await changed(`${input.name} saved`);
      return out;
    },
    'editor.remove': async ({ layer, name, baseHash }) => {
      if (layer === 'session') {
        // A tried server was never written: forgetting it is the whole removal.
        const profile = core.selection().profile;
        const tried = session.getSessionServers(profile);
        if (!Object.hasOwn(tried, name)) return { path: '(session)', changed: false, created: false, hash: null };
        session.setSessionServers(profile, Object.fromEntries(Object.entries(tried).filter(([k]) => k !== name)));
        await changed(`${name} (session) removed`);
        return { path: '(session)', changed: true, created: false, hash: null };
      }
      const out = await editor.remove(core.selection(), layer, name, baseHash);
      await changed(`${name} removed`);
      return out;
    },
    'editor.rename': async ({ layer, name, to, baseHash }) => {
      const out = await editor.rename(core.selection(), layer, name, to, baseHash);
      await changed(`${name} renamed to ${to}`);
      return out;
    },
    'editor.setEnabled': async ({ layer, name, enabled }) => {
      const written = await writer.setEnabled(core.selection(), { layer, name }, enabled);
      if (!written.ok) return written;
      await changed(enabled ? `${name} enabled` : `${name} disabled`);
      return { written: written.value };
    },
    'editor.storeSecret': async ({ name, layer, entry, slot, secret, variable }) => {
      const key = slot.kind === 'authToken' ? 'TOKEN' : slot.key;
      const v = variable ?? (slot.kind === 'env' && VAR.test(slot.key) ? slot.key : variableFor(name, key));
      const view = await core.current();
      // CFG-3/CFG-8: `${VAR}` where the agent sends it as written would hand it the text, not the secret.
      if (!agentReadsReference(expansionFor(view.profile, layer), slot.kind)) {
        throw hostError('refused', 'host.agent_cannot_expand', { agent: view.profile, layer }, { data: { reason: 'agent_cannot_expand' } });
      }
      // SEC-6: bound to the file the draft is saved to and to what it runs or reaches.
      const path = layer === 'session' ? '(session)' : view.layers.find((l) => l.layer === layer)?.path;
      if (path === undefined) throw hostError('refused', 'host.no_layer_file', { layer });
      await secrets.storeEnvSecret({ profile: view.profile, layer, path, name, target: ownerTarget(entry) }, v, secret);
      // CFG-3/CFG-8: an entry that already says `${v}` may have been waiting for exactly this.
      await changed(`${v} kept in the keychain for ${name}`);
      const st = await secrets.status();
      const replacement = slot.kind === 'authToken' ? v : slot.kind === 'header' && /^(proxy-)?authorization$/i.test(slot.key) ? `Bearer \${${v}}` : `\${${v}}`;
      return {
        variable: v,
        replacement,
        backend: st.backend,
        keychain: st.available ? null : st,
      };
    },
    'editor.trySession': async ({ name, entry }) => {
      const profile = core.selection().profile;
      session.setSessionServers(profile, { ...session.getSessionServers(profile), [name]: entry });
      await changed(`${name} tried as a session server`);
      return { id: `session:${profile}:${name}` };
    },
    'editor.clearSession': async ({ name }) => {
      const profile = core.selection().profile;
      const before = Object.keys(session.getSessionServers(profile));
      const left = name === undefined ? [] : before.filter((k) => k !== name);
      session.setSessionServers(profile, Object.fromEntries(Object.entries(session.getSessionServers(profile)).filter(([k]) => left.includes(k))));
      await changed('session servers cleared');
      return { cleared: before.filter((k) => !left.includes(k)), left };
    },
    // Reads only: the page shows this plan and the user picks from it before anything is written.
    'editor.importPreview': async ({ from, layer, replace }) => editor.importPreview(core.selection(), from, layer, replace),
    'editor.import': async ({ from, layer, only, replace }) => {
      const report = await editor.importFrom(core.selection(), from, layer, only, replace);
      if (report.changed) await changed(`imported from ${from}`);
      return report;
    },
  };
}
