// BRIDGE-4: the record each running bridge keeps under `<panelDataDir>/bridges/<pid>.json`
// (written by electron/services/bridge/live.ts, read by status, the tray and the servers view).
// Never a secret: the origin carries no path or query, the error is the bridge's own words.
import { z } from 'zod';

export const LiveBridgeSchema = z.object({
  pid: z.number().int().positive(),
  /** The process that started the bridge (the agent), when the platform says. */
  agentPid: z.number().int().nonnegative(),
  /** `/proc/<agentPid>/comm` where available. */
  agentName: z.string().nullable(),
  /** The panel itself started this bridge (checking an agent's entry that is a bridge line): not an agent's. */
  byPanel: z.boolean().optional(),
  server: z.string(),
  profile: z.string().nullable(),
  workspace: z.string().nullable(),
  /** scheme://host[:port] of the remote server, nothing more. */
  origin: z.string(),
  since: z.number(),
  calls: z.number().int().nonnegative(),
  lastError: z.string().nullable(),
  updatedAt: z.number(),
});
export type LiveBridge = z.infer<typeof LiveBridgeSchema>;
