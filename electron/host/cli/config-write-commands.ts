import type { Command } from './command';

/** Commands of this area: server add|set|remove|enable|disable, import, secrets scan. */
export const configWriteCommands: Command[] = [];
