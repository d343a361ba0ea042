// Each area owns one file of commands; this list is the only place they meet. Areas load on
// demand: a run imports only the area of its command (and `help`, `--version` none), so a
// command that connects nothing never loads the connection engine, the OAuth code or the UI.
import type { Command } from './command';

export const areas = {
  config: async () => (await import('./config-commands')).configCommands,
  'config-write': async () => (await import('./config-write-commands')).configWriteCommands,
  secrets: async () => (await import('./secrets-commands')).secretsCommands,
  connection: async () => (await import('./connection-commands')).connectionCommands,
  lists: async () => (await import('./list-commands')).listCommands,
  naming: async () => (await import('./naming-commands')).namingCommands,
  'tool-filter': async () => (await import('./tool-filter-commands')).toolFilterCommands,
  plan: async () => (await import('./plan-commands')).planCommands,
  skills: async () => (await import('./skills-commands')).skillsCommands,
  auth: async () => (await import('./auth-commands')).authCommands,
  host: async () => (await import('./host-commands')).hostCommands,
  doctor: async () => (await import('./doctor-commands')).doctorCommands,
  install: async () => (await import('./install-commands')).installCommands,
  registry: async () => (await import('./registry-commands')).registryCommands,
  'bridge-install': async () => (await import('./bridge-install-commands')).bridgeInstallCommands,
  bridge: async () => (await import('./bridge-commands')).bridgeCommands,
} satisfies Record<string, () => Promise<Command[]>>;

export type Area = keyof typeof areas;

/** What `help` and the dispatcher need to know about a command without loading it. */
export interface CommandIndexEntry {
  name: string;
  summary: string;
  area: Area;
}

/**
 * Every command in listing order, read from the modules themselves. The built CLI gets this
 * list baked in at build time (scripts/build-node.mjs), so it imports no area to print help.
 */
export async function readCommandIndex(): Promise<CommandIndexEntry[]> {
  const out: CommandIndexEntry[] = [];
  for (const area of Object.keys(areas) as Area[]) {
    for (const c of await areas[area]()) out.push({ name: c.name, summary: c.summary, area });
  }
  return out;
}

export async function loadCommand(entry: CommandIndexEntry): Promise<Command> {
  const cmd = (await areas[entry.area]()).find((c) => c.name === entry.name);
  if (!cmd) throw new Error(`command "${entry.name}" is not in area ${entry.area} (stale build? run npm run build)`);
  return cmd;
}
