import '@testing-library/jest-dom/vitest';
import { act, cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { sizeToolScroller } from './scroller-size';
import { fieldsOf, toArguments } from '../../../shared/forms/schema-form';
import { describeFrom, mountApp, mountView, ok, settle, toolRow, toolsView } from '../mount';

let off: (() => void) | null = null;
afterEach(() => {
  off?.();
  cleanup();
});

sizeToolScroller();

describe('tools view (UI-3)', () => {
  it('10,000 tools: only a window of rows exists in the DOM (virtualised)', async () => {
    const tools = Array.from({ length: 10_000 }, (_, i) => toolRow({ tool: `tool_${i}` }));
    const m = await mountView('tools', { 'tools.list': ok(toolsView(tools)) });
    off = m.off;
    await settle();
    const rows = document.querySelectorAll('[data-tool]');
    expect(rows.length).toBeGreaterThan(5);
    expect(rows.length).toBeLessThan(60);
    expect(screen.getByRole('list', { name: '10,000 tools' })).toBeInTheDocument();
    expect(screen.getByText('10,000 tools from 1 connected server, named as minimax names them.')).toBeInTheDocument();
  });

  it('collisions say who won and why; the loser row is marked with the name it lost', async () => {
    const winner = toolRow({ tool: 'echo' });
    const loser = toolRow({
      tool: 'echo',
      serverId: 'configured:minimax:echo.a',
      serverName: 'echo.a',
      names: { minimax: 'mcp__echo_a__echo_2', kimi: null, minara: null },
      collidesWith: { serverId: winner.serverId, serverName: 'alpha', tool: 'echo', name: 'mcp__alpha__echo', kind: 'other_server' },
    });
    const collision = { name: 'mcp__alpha__echo', kind: 'other_server' as const, winner: { serverId: winner.serverId, serverName: 'alpha', tool: 'echo' }, loser: { serverId: loser.serverId, serverName: 'echo.a', tool: 'echo' }, resolution: 'suffixed' as 'suffixed' | 'dropped', assigned: 'mcp__echo_a__echo_2' as string | null, why: 'x', cause: 'sanitised' as const };
    const m = await mountView('tools', { 'tools.list': ok(toolsView([winner, loser], { collisions: [collision, { ...collision, profile: 'kimi' as const, resolution: 'dropped' as const, assigned: null }].map((c) => ({ profile: 'minimax' as const, ...c })) })) });
    off = m.off;
    await settle();
    const box = screen.getByTestId('collisions');
    expect(box).toHaveTextContent('alpha/echo keeps the name; echo.a/echo lost it, and is called mcp__echo_a__echo_2.');
    expect(box).toHaveTextContent(/name registry keeps a name for whoever first held it/);
    expect(screen.getByText('1 collision under the other agents')).toBeInTheDocument();
    const lost = document.querySelector('[data-role="loser"]') as HTMLElement;
    expect(lost).toHaveTextContent('lost mcp__alpha__echo');
    expect(within(lost).getByTestId('qualified')).toHaveTextContent('mcp__echo_a__echo_2');
  });

  it('the call form is built from the schema, sends typed arguments and shows every part', async () => {
    const tool = toolRow({ tool: 'add' });
    const m = await mountView('tools', {
      'tools.list': ok(toolsView([tool])),
      'tools.describe': describeFrom([tool], {
        add: { inputSchema: { type: 'object', properties: { a: { type: 'integer' }, label: { type: 'string' }, loud: { type: 'boolean' }, opts: { type: 'object' } }, required: ['a'] } },
      }),
      'tools.call': ok({
        isError: false,
        ms: 12,
        content: [
          { type: 'text', text: 'sum is 3' },
          { type: 'image', data: 'iVBORw0KGgo=', mimeType: 'image/png' },
          { type: 'audio', data: 'UklGRg==', mimeType: 'audio/wav' },
          { type: 'resource', resource: { uri: 'file:///a.txt', text: 'A' } },
        ],
      }),
    });
    off = m.off;
    await settle();
    const user = userEvent.setup();
    await user.click(document.querySelector('[data-tool="add"] button') as HTMLElement);
    await user.click(await screen.findByRole('button', { name: 'Call tool' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Needs a required value.');
    expect(m.calls.some((c) => c.method === 'tools.call')).toBe(false);
    await user.type(screen.getByLabelText(/^a/), '2');
    await user.type(screen.getByLabelText(/^opts/), '{{"x":1}');
    await user.click(screen.getByLabelText(/^loud/));
    await user.click(screen.getByRole('button', { name: 'Call tool' }));
    expect(m.calls.find((c) => c.method === 'tools.call')?.input).toEqual({ id: 'configured:minimax:alpha', tool: 'add', arguments: { a: 2, loud: true, opts: { x: 1 } }, callId: expect.any(String) });
    const result = await screen.findByTestId('call-result');
    expect(result).toHaveTextContent('sum is 3');
    expect(result.querySelector('img')).toHaveAttribute('src', 'data:image/png;base64,iVBORw0KGgo=');
    expect(result.querySelector('audio')).toHaveAttribute('src', 'data:audio/wav;base64,UklGRg==');
    expect(result).toHaveTextContent('file:///a.txt');
  });

  it('the list carries no schema: selecting a tool fetches its full definition once (tools.describe)', async () => {
    const rows = [toolRow({ tool: 'search' }), toolRow({ tool: 'fetch' })];
    const m = await mountView('tools', {
      'tools.list': ok(toolsView(rows)),
      'tools.describe': describeFrom(rows, { search: { description: 'Search the web.\nSecond line.', warnings: [{ code: 'renamed', params: { profile: 'kimi', name: 'mcp__alpha__search_1', taken: 'mcp__alpha__search' } }], inputSchema: { type: 'object', properties: { q: { type: 'string' } } } } }),
    });
    off = m.off;
    await settle();
    const describes = () => m.calls.filter((c) => c.method === 'tools.describe');
    expect(describes()).toEqual([]);
    const user = userEvent.setup();
    await user.click(document.querySelector('[data-tool="search"] button') as HTMLElement);
    expect(await screen.findByTestId('input-schema')).toHaveTextContent('"q"');
    expect(screen.getByText(/Second line\./)).toBeInTheDocument();
    expect(screen.getByText('kimi: renamed to mcp__alpha__search_1 because mcp__alpha__search is taken')).toBeInTheDocument();
    expect(screen.getByLabelText(/^q/)).toBeInTheDocument();
    expect(describes().map((c) => c.input)).toEqual([{ serverId: 'configured:minimax:alpha', tool: 'search' }]);
    // Another tool, then back: the first detail is cached, not fetched again.
    await user.click(document.querySelector('[data-tool="fetch"] button') as HTMLElement);
    expect(await screen.findByText('The fetch tool in full')).toBeInTheDocument();
    await user.click(document.querySelector('[data-tool="search"] button') as HTMLElement);
    expect(await screen.findByTestId('input-schema')).toHaveTextContent('"q"');
    expect(describes().map((c) => (c.input as { tool: string }).tool)).toEqual(['search', 'fetch']);
  });

  it('leaving Tools and coming back: the selected tool\'s definition is shown again, not "Loading…" for good', async () => {
    const rows = [toolRow({ tool: 'search' })];
    let lists = 0;
    let answerReload!: () => void;
    const reloadAnswered = new Promise<void>((r) => (answerReload = r));
    // The whole shell: leaving the section unmounts the view, coming back mounts it again.
    const m = await mountApp({
      // The reload on coming back answers only when the test says: after the pane has shown its cached definition.
      'tools.list': () => (lists++ === 0 ? ok(toolsView(rows)) : reloadAnswered.then(() => ok(toolsView(rows)))),
      'tools.describe': describeFrom(rows, { search: { description: 'Search the web.', inputSchema: { type: 'object', properties: { q: { type: 'string' } } } } }),
    });
    off = m.off;
    act(() => m.store.getState().setSection('tools'));
    await settle();
    const user = userEvent.setup();
    await user.click(document.querySelector('[data-tool="search"] button') as HTMLElement);
    expect(await screen.findByTestId('input-schema')).toHaveTextContent('"q"');
    act(() => m.store.getState().setSection('servers'));
    await settle();
    // Back: the pane shows the cached definition while the list reload is still out…
    act(() => m.store.getState().setSection('tools'));
    expect(await screen.findByTestId('input-schema')).toHaveTextContent('"q"');
    expect(lists).toBe(2);
    // …then the reload lands and clears the cache: the pane asks again and shows it.
    await act(async () => answerReload());
    await settle();
    expect(await screen.findByTestId('input-schema')).toHaveTextContent('"q"');
  });

  it('a describe failure shows what went wrong and retries', async () => {
    const rows = [toolRow({ tool: 'gone' })];
    let fail = true;
    const m = await mountView('tools', {
      'tools.list': ok(toolsView(rows)),
      'tools.describe': (input: unknown) => (fail ? { ok: false, error: { code: 'not-found', message: '"alpha" has no tool "gone" now; refresh the tool list' } } : describeFrom(rows)(input)),
    });
    off = m.off;
    await settle();
    const user = userEvent.setup();
    await user.click(document.querySelector('[data-tool="gone"] button') as HTMLElement);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('refresh the tool list');
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('The gone tool in full')).toBeInTheDocument();
  });

  it('a changed tool list (CONN-11) is shown and accepted through the bridge', async () => {
    const view = toolsView([toolRow({ tool: 'x' })]);
    view.servers[0]!.diff = { acceptedSha: 'a', currentSha: 'b', added: ['y'], removed: ['z'], changed: [{ name: 'x', fields: ['description'] }] };
    const m = await mountView('tools', { 'tools.list': ok(view), 'tools.acceptSnapshot': ok({ sha: 'b' }) });
    off = m.off;
    await settle();
    const diff = screen.getByTestId('snapshot-diff');
    expect(diff).toHaveTextContent('1 added, 1 removed, 1 changed');
    expect(diff).toHaveTextContent('~x (description)');
    await userEvent.setup().click(within(diff).getByRole('button', { name: 'Accept this tool list' }));
    expect(m.calls).toContainEqual({ method: 'tools.acceptSnapshot', input: { id: 'configured:minimax:alpha' } });
  });

  it('schema form: numbers, integers, enums and JSON are checked before calling', () => {
    const fields = fieldsOf({ properties: { n: { type: 'number' }, i: { type: 'integer' }, e: { enum: ['a', 'b'] }, j: { type: 'array' } }, required: ['e'] });
    expect(fields.map((f) => [f.name, f.kind, f.required])).toEqual([
      ['n', 'number', false],
      ['i', 'integer', false],
      ['e', 'enum', true],
      ['j', 'json', false],
    ]);
    expect(toArguments(fields, { n: 'x', i: '1.5', j: '[' }).errors).toEqual({ n: 'number', i: 'whole number', e: 'required', j: 'JSON' });
    expect(toArguments(fields, { n: '1.5', i: '2', e: 'b', j: '[1]' }).args).toEqual({ n: 1.5, i: 2, e: 'b', j: [1] });
  });
});

describe('tool list keyboard (UI-9)', () => {
  it('arrow keys move the selection through the virtualised rows', async () => {
    const tools = Array.from({ length: 50 }, (_, i) => toolRow({ tool: `t${i}` }));
    const m = await mountView('tools', { 'tools.list': ok(toolsView(tools)), 'tools.describe': describeFrom(tools) });
    off = m.off;
    await settle();
    const first = document.querySelector('[data-tool="t0"] button') as HTMLButtonElement;
    first.focus();
    const user = userEvent.setup();
    await user.keyboard('{Enter}');
    expect(first).toHaveAttribute('aria-pressed', 'true');
    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(m.store.getState().selectedTool).toBe('configured:minimax:alpha\u0000t2');
    expect(screen.getByRole('heading', { level: 3, name: /mcp__alpha__t2/ })).toBeInTheDocument();
    await user.keyboard('{ArrowUp}');
    expect(m.store.getState().selectedTool).toBe('configured:minimax:alpha\u0000t1');
  });
});
