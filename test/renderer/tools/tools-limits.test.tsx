// CTX-1 on the tools view: the selected agent's tools against its own limits, and each other agent
// past one of its own; the standings are the host's function over the real profiles.
import '@testing-library/jest-dom/vitest';
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { limitStanding } from '../../../shared/context/limits';
import { profileFacts } from '../../../shared/profiles';
import { mountView, ok, settle, toolRow, toolsView } from '../mount';

let off: (() => void) | null = null;
afterEach(() => {
  off?.();
  cleanup();
});

const offered = (n: number) => Array.from({ length: n }, () => ({ tokens: 100 }));
const W = 200_000;

describe('tools view: CTX-1 limits', () => {
  it("says how far over Cursor's 40 the selected agent is, and names another agent past its own", async () => {
    const tools = Array.from({ length: 52 }, (_, i) => toolRow({ tool: `t${i}` }));
    const limits = [limitStanding(profileFacts('cursor'), offered(52), { contextWindow: W }), limitStanding(profileFacts('vscode'), offered(130), { contextWindow: W }), limitStanding(profileFacts('codex'), offered(52), { contextWindow: W })];
    const m = await mountView('tools', { 'tools.list': ok(toolsView(tools, { profile: 'cursor', agents: ['cursor', 'vscode', 'codex'], limits })) });
    off = m.off;
    await settle();
    expect(screen.getByTestId('tool-limits-selected')).toHaveTextContent("52 tools, ~5,200 tokens: over Cursor's 40 in total by 12; Cursor sends only the first 40");
    expect(screen.getByTestId('tool-limits-vscode')).toHaveTextContent("VS Code: 130 tools, ~13,000 tokens: over VS Code's 128 per request by 2; VS Code groups the rest to load on demand");
    // Codex states no limit: nothing past, no line for it.
    expect(screen.queryByTestId('tool-limits-codex')).toBeNull();
  });

  it('within its limit the selected agent still sees its count and estimate, in Chinese too', async () => {
    const limits = [limitStanding(profileFacts('cursor'), offered(3), { contextWindow: W })];
    const m = await mountView('tools', { 'tools.list': ok(toolsView([toolRow({ tool: 'a' })], { profile: 'cursor', agents: ['cursor'], limits })) }, { locale: 'zh' });
    off = m.off;
    await settle();
    expect(screen.getByTestId('tool-limits-selected')).toHaveTextContent('3 个工具，约 300 个 token：在 Cursor 总共 40 个的上限之内');
  });
});
