// workspace.*: CFG-10 trust of a workspace's project layers, and choosing a folder.
import { z } from 'zod';
import { method, ACTION, TRAY_FIX } from '../rpc';

export const workspaceMethods = {
  /**
   * Answers the trust written (the workspace by its real path, when it was trusted, whether the
   * record changed, the file that keeps it) and the read model's version after the reload
   * (`servers.changed` carries the view). The CLI's `trust` calls it too, over the panel's socket
   * when one runs (issue 36 item 3), so the panel starts the project servers at once.
   */
  'workspace.trust': method(
    z.object({ workspace: z.string().min(1), trusted: z.boolean() }),
    z.object({ workspace: z.string(), trusted: z.boolean(), trustedAt: z.string().nullable(), changed: z.boolean(), file: z.string(), loadedAt: z.number() }),
    { ...TRAY_FIX, callers: [...TRAY_FIX.callers, 'socket'] },
  ),
  /** The host's native folder chooser; `path: null` when the user cancelled. `unsupported` in a browser. */
  'workspace.pickFolder': method(z.object({}), z.object({ path: z.string().nullable() }), ACTION, ['unsupported']),
};
