// Issue 36 item 1: a method says who may call it. The tray's code calls through the validating
// client (electron/host/in-process-client.ts); every method it calls must be one the contract
// marks for the tray, found by reading the tray's own sources, not from a list kept here.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { contract } from '../../../shared/contract';

const ROOT = join(import.meta.dirname, '../../..');
const TRAY_SOURCES = ['electron/main/index.ts', 'electron/host/tray-fixes.ts'];

describe('the tray calls only methods marked for it', () => {
  it('each client.call in the tray’s sources names a method whose callers include the tray', () => {
    const called = TRAY_SOURCES.flatMap((f) => [...readFileSync(join(ROOT, f), 'utf8').matchAll(/client\.call\('([a-zA-Z]+\.[a-zA-Z]+)'/g)].map((m) => m[1]!));
    expect(called.length).toBeGreaterThan(3);
    const methods = contract.methods as Record<string, { meta: { callers: readonly string[] } }>;
    expect(called.filter((m) => !methods[m]?.meta.callers.includes('tray'))).toEqual([]);
  });
});
