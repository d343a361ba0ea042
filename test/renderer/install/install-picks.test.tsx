// The install panel ticks the detected agents once `profiles.detect` answers; a person who ticked
// agents before that answer keeps their own picks (seen in the Discover browser test: the answer
// replaced a pick made just before it).
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { InstallPanel } from '../../../renderer/src/features/install/InstallPanel';
import { mountView, ok } from '../mount-view';

const detected = ok({
  profiles: [
    { profile: 'cursor', detected: true, evidence: ['~/.cursor'] },
    { profile: 'codex', detected: false, evidence: [] },
  ],
  recentWorkspaces: [],
  selection: { profile: 'minimax', workspace: null },
});

async function mountHeld() {
  let answer!: (v: unknown) => void;
  const held = new Promise((r) => (answer = r));
  await mountView(<InstallPanel from={{ kind: 'server', id: 'configured:minimax:echo' }} server="echo" sourceProfile="minimax" />, { 'profiles.detect': () => held }, { servers: false });
  return { release: () => act(async () => answer(detected)) };
}

describe('install panel picks', () => {
  it('without a pick of their own, the detected agents are ticked', async () => {
    const { release } = await mountHeld();
    await release();
    expect(screen.getByRole('checkbox', { name: 'Cursor' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Codex CLI' })).not.toBeChecked();
  });

  it('a pick made before detection answers stays as the person left it', async () => {
    const { release } = await mountHeld();
    const user = userEvent.setup();
    await user.click(screen.getByRole('checkbox', { name: 'Codex CLI' }));
    await release();
    expect(screen.getByRole('checkbox', { name: 'Codex CLI' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Cursor' })).not.toBeChecked();
  });
});
