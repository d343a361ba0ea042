// Issue 14 item 4, the page side: the server detail view over a fake bridge (answers through the
// real contract client, so every answer and event is validated): info and ping, resources with
// pagination, templates and blobs, prompts with arguments, a long call with progress, cancel,
// history and replay, the form/JSON toggle, and errors said with what to do.
import { act, cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { mountView, ok, settle, toolDetail, toolRow, toolsView } from '../mount';

const ID = 'configured:minimax:alpha';
const PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';
const info = { name: 'everything', version: '2.0.0', title: null, protocolVersion: '2025-06-18', era: 'legacy', capabilities: { tools: {}, resources: { subscribe: true }, prompts: {} }, instructions: 'Use the echo tool first.' };
const resources = Array.from({ length: 100 }, (_, i) => ({ uri: `demo://doc/${i}`, name: `doc-${i}`, mimeType: 'text/plain' }));
const fail = (code: string, reason: string, extra: Record<string, unknown> = {}) => ({ ok: false, error: { code, message: `host says ${reason}`, data: { reason, ...extra } } });

let off: (() => void) | undefined;
afterEach(() => {
  off?.();
  cleanup();
});

async function openDetail(answers: Record<string, unknown>, locale: 'en' | 'zh' = 'en') {
  const m = await mountView('detail', { 'inspect.server': ok(info), ...answers }, { locale });
  off = m.off;
  act(() => m.store.getState().openDetail(ID));
  await settle();
  return m;
}

describe('server detail view', () => {
  it('shows the server info and pings with the round trip', async () => {
    const m = await openDetail({ 'inspect.ping': ok({ ms: 3.5 }) });
    expect(m.store.getState().section).toBe('detail');
    const box = await screen.findByTestId('detail-info');
    expect(box).toHaveTextContent('everything');
    expect(box).toHaveTextContent('2.0.0');
    expect(within(box).getByTestId('protocol-version')).toHaveTextContent('2025-06-18');
    expect(box).toHaveTextContent('resources');
    expect(within(box).getByTestId('instructions')).toHaveTextContent('Use the echo tool first.');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Ping' }));
    expect(await screen.findByTestId('ping-ms')).toHaveTextContent('Round trip 3.5 ms');
  });

  it('lists resources page by page, reads one, and reads a filled template as a blob with preview and download', async () => {
    const m = await openDetail({
      'inspect.resources': (input: { cursor?: string }) => ok(input.cursor === 'p2' ? { resources: resources.slice(50), nextCursor: null } : { resources: resources.slice(0, 50), nextCursor: 'p2' }),
      'inspect.templates': ok({ templates: [{ uriTemplate: 'demo://blob/{id}', name: 'blob', params: ['id'] }], nextCursor: null }),
      'inspect.read': (input: { uri?: string; template?: string; values?: Record<string, string> }) =>
        ok(input.uri ? { uri: input.uri, contents: [{ kind: 'text', uri: input.uri, mimeType: 'text/plain', text: `text of ${input.uri}` }] } : { uri: `demo://blob/${input.values!.id}`, contents: [{ kind: 'blob', uri: 'demo://blob/7', mimeType: 'image/png', blob: PNG, size: 70 }] }),
    });
    const user = userEvent.setup();
    await user.click(screen.getByRole('tab', { name: 'Resources' }));
    const list = await screen.findByTestId('resource-list');
    expect(within(list).getAllByRole('row')).toHaveLength(51);
    expect(screen.getByText('50 resources')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    await settle();
    expect(within(screen.getByTestId('resource-list')).getAllByRole('row')).toHaveLength(101);
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Read doc-42' }));
    expect(await screen.findByTestId('resource-contents')).toHaveTextContent('text of demo://doc/42');

    const form = screen.getByRole('form', { name: 'blob' });
    await user.type(within(form).getByLabelText('id'), '7');
    await user.click(within(form).getByRole('button', { name: 'Read' }));
    expect(m.calls).toContainEqual({ method: 'inspect.read', input: { id: ID, template: 'demo://blob/{id}', values: { id: '7' } } });
    const contents = await screen.findByTestId('resource-contents');
    expect(within(contents).getByTestId('blob-size')).toHaveTextContent('Binary, 70 bytes');
    expect(within(contents).getByRole('img', { name: 'Preview of demo://blob/7' })).toHaveAttribute('src', `data:image/png;base64,${PNG}`);
    expect(within(contents).getByRole('link', { name: 'Download' })).toHaveAttribute('download', '7');
  });

  it('gets a prompt with its arguments, refusing a missing required one', async () => {
    const m = await openDetail({
      'inspect.prompts': ok({ prompts: [{ name: 'args-prompt', description: 'A prompt with arguments', arguments: [{ name: 'city', required: true }, { name: 'state', required: false }] }], nextCursor: null }),
      'inspect.getPrompt': ok({ description: null, messages: [{ role: 'user', content: { type: 'text', text: "What's the weather in Hangzhou?" } }] }),
    });
    const user = userEvent.setup();
    await user.click(screen.getByRole('tab', { name: 'Prompts' }));
    await user.selectOptions(await screen.findByLabelText('Prompt'), 'args-prompt');
    await user.click(screen.getByRole('button', { name: 'Get prompt' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Required.');
    expect(m.calls.some((c) => c.method === 'inspect.getPrompt')).toBe(false);
    await user.type(screen.getByLabelText(/^city/), 'Hangzhou');
    await user.click(screen.getByRole('button', { name: 'Get prompt' }));
    expect(m.calls.find((c) => c.method === 'inspect.getPrompt')?.input).toEqual({ id: ID, name: 'args-prompt', arguments: { city: 'Hangzhou' } });
    const msgs = await screen.findByTestId('prompt-messages');
    expect(msgs).toHaveTextContent('user');
    expect(msgs).toHaveTextContent("What's the weather in Hangzhou?");
  });

  it('a long call shows progress and Cancel; the history keeps it and Replay calls again', async () => {
    const row = toolRow({ tool: 'long' });
    const schema = { type: 'object', properties: { duration: { type: 'number', default: 6 }, steps: { type: 'number', default: 3 } } };
    let finish: (v: unknown) => void = () => {};
    const m = await openDetail({
      'tools.list': ok(toolsView([row])),
      'tools.describe': ok(toolDetail(row, { inputSchema: schema })),
      'tools.call': () => new Promise((r) => (finish = r)),
      'tools.cancel': ok({ cancelled: true }),
    });
    const user = userEvent.setup();
    await user.click(screen.getByRole('tab', { name: 'Tools' }));
    await user.selectOptions(await screen.findByLabelText('Tool'), 'long');
    // Schema defaults are in the form.
    expect(await screen.findByLabelText(/^duration/)).toHaveValue('6');
    await user.click(screen.getByRole('button', { name: 'Call tool' }));
    const sent = m.calls.find((c) => c.method === 'tools.call')!.input as { callId: string; arguments: unknown };
    expect(sent.arguments).toEqual({ duration: 6, steps: 3 });
    expect(await screen.findByTestId('call-running')).toHaveTextContent('Calling…');
    act(() => m.emit('tools.progress', { callId: sent.callId, progress: 1, total: 3 }));
    expect(screen.getByTestId('call-running')).toHaveTextContent('Calling… 1 of 3');
    expect(screen.getByRole('progressbar')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(m.calls).toContainEqual({ method: 'tools.cancel', input: { callId: sent.callId } });
    await act(async () => finish(ok({ isError: true, content: [{ type: 'text', text: 'cancelled' }], error: { code: 'cancelled', message: 'cancelled' }, ms: 2100 })));
    await settle();
    expect(screen.queryByTestId('call-running')).toBeNull();
    expect(screen.getByTestId('call-result')).toHaveTextContent('The call was cancelled.');
    const history = screen.getByTestId('call-history');
    expect(within(history).getByText('cancelled')).toBeInTheDocument();
    expect(history).toHaveTextContent('{"duration":6,"steps":3}');
    m.answers['tools.call'] = ok({ isError: false, content: [{ type: 'text', text: 'done' }], ms: 5 });
    await user.click(within(history).getByRole('button', { name: 'Replay long with the same arguments' }));
    await settle();
    const calls = m.calls.filter((c) => c.method === 'tools.call');
    expect(calls).toHaveLength(2);
    expect((calls[1]!.input as { arguments: unknown }).arguments).toEqual({ duration: 6, steps: 3 });
    // Newest first.
    const rows = within(screen.getByTestId('call-history')).getAllByRole('row').slice(1);
    expect(rows[0]).toHaveAttribute('data-status', 'ok');
    expect(rows[1]).toHaveAttribute('data-status', 'cancelled');
  });

  it('arguments as raw JSON are checked like the form, and switching keeps them', async () => {
    const row = toolRow({ tool: 'add' });
    const m = await openDetail({
      'tools.list': ok(toolsView([row])),
      'tools.describe': ok(toolDetail(row, { inputSchema: { type: 'object', properties: { a: { type: 'integer' }, note: { type: 'string' } }, required: ['a'] } })),
      'tools.call': ok({ isError: false, content: [{ type: 'text', text: 'ok' }], ms: 1 }),
    });
    const user = userEvent.setup();
    await user.click(screen.getByRole('tab', { name: 'Tools' }));
    await user.selectOptions(await screen.findByLabelText('Tool'), 'add');
    await user.type(await screen.findByLabelText(/^a/), '2');
    await user.click(screen.getByRole('radio', { name: 'JSON' }));
    const box = screen.getByLabelText('Arguments (JSON object)');
    expect(JSON.parse((box as HTMLTextAreaElement).value)).toEqual({ a: 2 });
    await user.clear(box);
    await user.type(box, '{{"a": 1.5}');
    await user.click(screen.getByRole('button', { name: 'Call tool' }));
    expect(screen.getByRole('alert')).toHaveTextContent('a: needs a whole number value.');
    await user.clear(box);
    await user.type(box, '{{"a": ');
    await user.click(screen.getByRole('button', { name: 'Call tool' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Not valid JSON');
    expect(m.calls.some((c) => c.method === 'tools.call')).toBe(false);
    await user.clear(box);
    await user.type(box, '{{"a": 4, "note": "hi"}');
    await user.click(screen.getByRole('radio', { name: 'Form' }));
    expect(screen.getByLabelText(/^note/)).toHaveValue('hi');
    await user.click(screen.getByRole('button', { name: 'Call tool' }));
    expect((m.calls.find((c) => c.method === 'tools.call')!.input as { arguments: unknown }).arguments).toEqual({ a: 4, note: 'hi' });
  });

  it('says plainly when a capability is absent, and offers Reconnect when the server is unreachable', async () => {
    const m = await openDetail({
      'inspect.server': fail('unavailable', 'disconnected'),
      'inspect.prompts': fail('unsupported', 'capability', { capability: 'prompts' }),
      'servers.reconnect': ok({}),
    });
    const user = userEvent.setup();
    const err = await screen.findByTestId('inspect-error');
    expect(err).toHaveTextContent('The server could not be reached. Reconnect it, then try again.');
    m.answers['inspect.server'] = ok(info);
    await user.click(within(err).getByRole('button', { name: 'Reconnect' }));
    await settle();
    expect(m.calls.some((c) => c.method === 'servers.reconnect')).toBe(true);
    expect(await screen.findByTestId('detail-info')).toHaveTextContent('everything');
    await user.click(screen.getByRole('tab', { name: 'Prompts' }));
    expect(await screen.findByTestId('inspect-error')).toHaveTextContent('This server does not offer prompts: it did not declare the capability');
  });

  it('speaks Chinese', async () => {
    await openDetail({}, 'zh');
    expect(screen.getByRole('tab', { name: '资源' })).toBeInTheDocument();
    expect(await screen.findByTestId('detail-info')).toHaveTextContent('协议版本');
  });
});
