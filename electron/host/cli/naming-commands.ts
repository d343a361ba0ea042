import type { Command } from './command';

/** Commands of this area: names, collisions, simulate, disclosure, search. */
export const namingCommands: Command[] = [];
