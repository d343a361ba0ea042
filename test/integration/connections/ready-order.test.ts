// NAME-2 (Kimi's first-ready claim order) compares the times the pool measured for servers it
// started together. The time runs from when a server's attempt held its start slot, so the
// panel's own preparation before the spawn (keychain variables, the era record) counts for
// every server alike: a server whose preparation is held until another has connected and
// listed is ready later than that one, and its time says so. Real fixture processes; the
// order is made by gates the test opens, never by how long anything took.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { stdioSpec, until } from './helpers';
import { usePoolBed } from './pool-bed';

const bed = usePoolBed('ready-order-');

it('a server whose preparation waits for another to be listed is measured ready after it', async () => {
  const gate = join(bed.dir, 'first.gate');
  let prepared!: () => void;
  const held = new Promise<void>((r) => (prepared = r));
  let asked = false;
  const pool = bed.newPool({
    injectEnv: async (spec) => {
      if (spec.id !== 'later') return {};
      asked = true;
      await held;
      return {};
    },
  });
  pool.setServers([stdioSpec('first', 'echo', ['--gate', gate]), stdioSpec('later', 'echo')]);
  const round = pool.discover();
  // Both attempts hold their slots; only then does the first server get past its gate.
  await until(() => asked, 30_000, "the later server's preparation");
  writeFileSync(gate, '');
  await until(() => pool.state('first')?.kind === 'connected', 30_000, 'the first server connected');
  prepared();
  await round;
  const ready = (id: string): number => {
    const s = pool.state(id);
    if (s?.kind !== 'connected') throw new Error(`${id} is ${s?.kind}`);
    return s.connectMs + (s.listMs ?? 0);
  };
  expect(ready('later')).toBeGreaterThan(ready('first'));
});
