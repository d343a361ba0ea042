// CONN-10: structured log lines as one JSON object per line (seed 001's `action` lines).
import type { Logger } from './types';

export function jsonLineLogger(write: (line: string) => void, now: () => number = Date.now): Logger {
  return (entry) => write(JSON.stringify({ time: new Date(now()).toISOString(), ...entry }) + '\n');
}
