// profiles.*: which agents are installed (CFG-12) and which profile and workspace the panel shows.
import { z } from 'zod';
import { ProfileSchema } from '../schemas/server';
import { method, ACTION, READ } from '../rpc';

export const SelectionSchema = z.object({
  profile: ProfileSchema,
  /** Absolute path of the workspace (project root), null for user layers only. */
  workspace: z.string().nullable(),
});
export type Selection = z.infer<typeof SelectionSchema>;

export const DetectedProfileSchema = z.object({
  profile: ProfileSchema,
  /** CFG-12: the agent's data folder exists. */
  detected: z.boolean(),
  /** The files/folders that made us think so (for the picker's tooltip). */
  evidence: z.array(z.string()),
});

export const ProfilesSchema = z.object({
  /** Detected agents first (CFG-12), then the rest. */
  profiles: z.array(DetectedProfileSchema),
  recentWorkspaces: z.array(z.string()),
  selection: SelectionSchema,
});
export type Profiles = z.infer<typeof ProfilesSchema>;

export const profilesMethods = {
  'profiles.detect': method(z.object({}), ProfilesSchema, READ),
  'profiles.select': method(SelectionSchema, SelectionSchema, ACTION, ['not-found', 'refused']),
};
