import type { Command } from './command';

/** Filled by the configuration engine: status, check, server …, import, trust, secrets scan, profiles. */
export const configCommands: Command[] = [];
