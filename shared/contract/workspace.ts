// workspace.*: CFG-10 trust of a workspace's project layers, and choosing a folder.
import { z } from 'zod';
import { method, ACTION, TRAY_FIX } from '../rpc';

export const workspaceMethods = {
  /** Answers the trust written and the read model's version after the reload (`servers.changed` carries the view). */
  'workspace.trust': method(z.object({ workspace: z.string().min(1), trusted: z.boolean() }), z.object({ workspace: z.string(), trusted: z.boolean(), loadedAt: z.number() }), TRAY_FIX),
  /** The host's native folder chooser; `path: null` when the user cancelled. `unsupported` in a browser. */
  'workspace.pickFolder': method(z.object({}), z.object({ path: z.string().nullable() }), ACTION, ['unsupported']),
};
