// AGENT-8's comparison, per verdict: the panel's reading of an entry against what the agent's
// own listing says of it (states mapped to runs / off / pending; command lines and URLs compared
// as written or as the panel resolved them).
import { describe, expect, it } from 'vitest';
import { compareWithAgent } from '../../../shared/profiles/agent-answer';
import type { AgentServer } from '../../../shared/profiles/agent-cli';

type Entry = Parameters<typeof compareWithAgent>[0][number];
const entry = (name: string, over: Partial<Entry> = {}): Entry => ({ name, layer: 'user', enabled: true, trusted: true, error: null, spec: null, entry: { command: 'node', args: ['s.js'] }, ...over });
const listed = (name: string, over: Partial<AgentServer> = {}): AgentServer => ({ name, commandLine: 'node s.js', state: 'connected', detail: '✔ Connected', ...over });

describe('the agent beside the panel, per entry', () => {
  it('agrees when both say it runs the same command line, however the agent prints it', () => {
    expect(compareWithAgent([entry('a'), entry('b')], [listed('a'), listed('b', { commandLine: undefined, command: 'node', args: ['s.js'], state: 'enabled' })]).map((e) => e.verdict)).toEqual(['agrees', 'agrees']);
  });

  it('a different command or URL is a target difference, with both sides', () => {
    const [c] = compareWithAgent([entry('a')], [listed('a', { commandLine: 'node other.js' })]);
    expect(c).toMatchObject({ verdict: 'target', panel: { target: 'node s.js' }, agent: { target: 'node other.js' } });
    const [u] = compareWithAgent([entry('r', { entry: { url: 'https://x/mcp/' } })], [listed('r', { commandLine: undefined, url: 'https://x/mcp' })]);
    expect(u!.verdict).toBe('agrees'); // a trailing slash is the same URL
  });

  it('on against off, and pending approval against runs, are state differences', () => {
    expect(compareWithAgent([entry('a')], [listed('a', { state: 'disabled', detail: 'Disabled' })])[0]).toMatchObject({ verdict: 'state', panel: { state: 'runs' }, agent: { state: 'off', detail: 'Disabled' } });
    expect(compareWithAgent([entry('a', { enabled: false })], [listed('a', { state: 'blocked' })])[0]!.verdict).toBe('agrees');
    expect(compareWithAgent([entry('a', { trusted: false })], [listed('a', { state: 'pending' })])[0]!.verdict).toBe('agrees');
    expect(compareWithAgent([entry('a')], [listed('a', { state: 'pending' })])[0]!.verdict).toBe('state');
  });

  it('an entry only one side lists says which side; the panel\'s own session servers are not compared', () => {
    const out = compareWithAgent([entry('mine'), entry('tried', { layer: 'session' })], [listed('plugin:theirs')]);
    expect(out.map((e) => [e.name, e.verdict])).toEqual([
      ['mine', 'missing_in_agent'],
      ['plugin:theirs', 'only_in_agent'],
    ]);
  });
});
