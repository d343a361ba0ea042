// Each area owns one file of commands; this list is the only place they meet.
import type { Command } from './command';
import { configCommands } from './config-commands';

export const commands: Command[] = [...configCommands];
