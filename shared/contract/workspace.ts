// workspace.*: CFG-10 trust of a workspace's project layers.
import { z } from 'zod';
import { method } from '../rpc';

export const workspaceMethods = {
  'workspace.trust': method(z.object({ workspace: z.string().min(1), trusted: z.boolean() }), z.object({})),
};
