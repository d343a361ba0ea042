import type { Command } from './command';

/** Commands of this area: serve. */
export const hostCommands: Command[] = [];
