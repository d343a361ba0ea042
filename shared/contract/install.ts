// AGENT-3 over the api: preview and install one server into several agents, undo, the installs
// kept for undo, and the "Servers across agents" rows. Codes cross; the page words them
// (shared/i18n/messages/install.ts).
import { z } from 'zod';
import { method, ACTION, READ, SERVED, SERVED_WRITE } from '../rpc';
import { AcrossViewSchema } from '../schemas/across';
import { InstallPreviewSchema, InstallResultSchema, InstallSummarySchema, UndoResultSchema } from '../schemas/install';
import { LayerKindSchema, ProfileSchema } from '../schemas/server';
import { RegistryChoiceSchema } from './registry';

/**
 * A server of an agent other than the selected one. The panel runs the selected agent's servers
 * only: `sharedWith` names the selected agent's server that runs the same thing (same command and
 * package, or URL origin), whose live state it shares; without one it is not checked.
 */
export const AgentServersSchema = z.object({
  /** What each of the selected agent's servers is (by server id), so a sum over agents counts a server once (issue 44). */
  selected: z.record(z.string(), z.string().nullable()),
  agents: z.array(
    z.object({
      profile: ProfileSchema,
      agent: z.string(),
      servers: z.array(z.object({ name: z.string(), enabled: z.boolean(), sharedWith: z.string().nullable(), identity: z.string().nullable() })),
    }),
  ),
});
export type AgentServers = z.infer<typeof AgentServersSchema>;

const Name = z.string().min(1).max(256);

/** The server to install: a row of the servers view, an agent's entry by name, or an editor draft in an agent's dialect. */
export const InstallFromSchema = z.union([
  z.object({ kind: z.literal('server'), id: z.string().min(1).max(512) }),
  z.object({ kind: z.literal('profile'), profile: ProfileSchema, name: Name, layer: LayerKindSchema.optional() }),
  z.object({ kind: z.literal('entry'), profile: ProfileSchema, name: Name, entry: z.record(z.string(), z.unknown()) }),
  // REG-2: one version of a registry entry through its form (registry.show's `ways`): values by
  // field key; a secret's value goes to the keychain on apply and into no file, preview or record.
  z.object({
    kind: z.literal('registry'),
    registry: Name,
    version: z.string().min(1).max(100).optional(),
    source: z.string().min(1).max(2048).optional(),
    choice: RegistryChoiceSchema.optional(),
    values: z.record(z.string().max(200), z.array(z.string().max(8192)).max(32)).default({}),
    /** The server's name in the agents' files (the last part of the registry name when absent). */
    name: Name.optional(),
  }),
]);
export type InstallFrom = z.infer<typeof InstallFromSchema>;

const InstallInput = z.object({
  from: InstallFromSchema,
  agents: z.array(ProfileSchema).min(1).max(32),
  layer: z.enum(['user', 'project']).default('user'),
  replace: z.boolean().default(false),
  bridge: z.enum(['auto', 'never', 'always']).default('auto'),
});

export const installMethods = {
  /** Reads only: per agent, what the install would write and why. */
  'install.preview': method(InstallInput, InstallPreviewSchema, READ, ['not-found', 'unavailable']),
  /** Writes the preview's plan; a file changed since the preview (baseHashes) is not written. */
  'install.apply': method(
    InstallInput.extend({ baseHashes: z.record(z.string(), z.string().nullable()).default({}) }),
    // REG-2: the secret variables kept in the keychain for each entry written (names, never values).
    InstallResultSchema.extend({ secretsKept: z.array(z.object({ profile: ProfileSchema, variables: z.array(z.string()) })).default([]) }),
    ACTION,
    ['not-found', 'unavailable'],
  ),
  // `uninstall`, `install --list` and `across` from the CLI call these too, over the panel's socket when one runs (issue 36 item 3).
  'install.undo': method(z.object({ id: z.string().min(1).max(64) }), UndoResultSchema, SERVED_WRITE, ['not-found', 'unavailable']),
  'install.list': method(z.object({}), z.object({ installs: z.array(InstallSummarySchema) }), SERVED, ['unavailable']),
  /** One row per server identity, one column per detected agent. */
  'install.across': method(z.object({}), AcrossViewSchema, SERVED, ['unavailable']),
  /** UI-8 / issue 24 item 4: the other detected agents' servers for the tray, `status` and the tab title. */
  'install.agentServers': method(z.object({}), AgentServersSchema, { ...READ, callers: [...READ.callers, 'tray'] }, ['unavailable']),
};

export const installEvents = {
  /** Another detected agent's files changed (a CLI install, a hand edit): its rows, Across agents and the tray's sum are stale. */
  'install.agentsChanged': z.object({ at: z.number() }),
};
