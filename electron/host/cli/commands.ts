// Each area owns one file of commands; this list is the only place they meet.
import type { Command } from './command';
import { configCommands } from './config-commands';
import { configWriteCommands } from './config-write-commands';
import { connectionCommands } from './connection-commands';
import { namingCommands } from './naming-commands';
import { authCommands } from './auth-commands';
import { hostCommands } from './host-commands';
import { secretsCommands } from './secrets-commands';

export const commands: Command[] = [
  ...configCommands,
  ...configWriteCommands,
  ...secretsCommands,
  ...connectionCommands,
  ...namingCommands,
  ...authCommands,
  ...hostCommands,
];
