// BRIDGE-4: the bridge line in an agent's file (offer, install, uninstall) and the bridges
// running now. Codes cross the boundary; the page and the CLI word them (bridges catalogue).
import { z } from 'zod';
import { method } from '../rpc';
import { LiveBridgeSchema } from '../schemas/bridge';
import { LayerKindSchema, ProfileSchema } from '../schemas/server';

const Id = z.string().min(1).max(512);

/** Why the agent cannot use the entry as written, so the bridge is offered. */
export const BridgeAdviceCodeSchema = z.enum([
  'minimax_oauth', // MiniMax has no OAuth: a remote server without static credentials is out of its reach
  'minimax_user_var', // MiniMax expands `${VAR}` only in project files (seed 000)
  'keychain_header', // the header's variable is held in the panel's keychain, which no agent reads
]);
export type BridgeAdviceCode = z.infer<typeof BridgeAdviceCodeSchema>;

/** Why install or uninstall said no (`write`: the config writer's refusal, in data). */
export const BridgeErrorCodeSchema = z.enum(['unknown_server', 'untrusted_workspace', 'inline_secret', 'stdio_unsupported', 'no_command', 'not_installed', 'edited', 'write']);
export type BridgeErrorCode = z.infer<typeof BridgeErrorCodeSchema>;

export const BridgeLineSchema = z.object({ command: z.string(), args: z.array(z.string()) });

export const BridgeOfferSchema = z.object({
  server: z.string(),
  profile: ProfileSchema,
  layer: LayerKindSchema,
  advice: z.array(z.object({ code: BridgeAdviceCodeSchema, variables: z.array(z.string()) })),
  /** The panel's install of this entry, when there is one. */
  installed: z.object({ layer: LayerKindSchema, path: z.string(), installedAt: z.number() }).nullable(),
  /** What install would write now; null with `unavailable` when it cannot. */
  line: BridgeLineSchema.nullable(),
  unavailable: BridgeErrorCodeSchema.nullable(),
});
export type BridgeOffer = z.infer<typeof BridgeOfferSchema>;

export const BridgeInstallResultSchema = z.object({ path: z.string(), layer: LayerKindSchema, changed: z.boolean(), replaced: z.boolean(), line: BridgeLineSchema });
export const BridgeUninstallResultSchema = z.object({
  path: z.string(),
  layer: LayerKindSchema,
  restored: z.enum(['exact', 'entry', 'removed']),
  /** Fields changed on the bridge line since install (disable, tool filters) that the restored entry keeps. */
  carried: z.array(z.string()).optional(),
});

export const LiveBridgesSchema = z.object({ bridges: z.array(LiveBridgeSchema) });

export const bridgesMethods = {
  /** The offer for one server row: why the agent needs the bridge, and the line install writes. */
  'bridges.advice': method(z.object({ id: Id }), BridgeOfferSchema),
  'bridges.install': method(z.object({ id: Id, layer: LayerKindSchema.optional() }), BridgeInstallResultSchema),
  'bridges.uninstall': method(z.object({ id: Id }), BridgeUninstallResultSchema),
  /** The bridges running now on this machine (every agent, every profile). */
  'bridges.list': method(z.object({}), LiveBridgesSchema),
};

export const bridgesEvents = {
  /** The running bridges changed (one started, ended, or counted calls). */
  'bridges.changed': LiveBridgesSchema,
};
