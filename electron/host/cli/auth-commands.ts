import type { Command } from './command';

/** Commands of this area: login, logout, auth status. */
export const authCommands: Command[] = [];
