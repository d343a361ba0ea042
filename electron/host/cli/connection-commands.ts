import type { Command } from './command';

/** Commands of this area: tools, call, logs, tools accept. */
export const connectionCommands: Command[] = [];
