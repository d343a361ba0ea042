// PROTO-3, the page side: the dialog a server's question opens, over a fake bridge (events and
// answers through the real contract client, so both are validated). A form built from the
// requested schema with its defaults in place, Send/Decline/Escape as accept/decline/cancel, a
// refused answer said in place; a URL opened only after the person agrees (by the page itself on
// the web host, never when it is not http(s)); sampling answered by the person; a question the
// server withdrew closes; several wait in order; Chinese text.
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PendingInput } from '../../../shared/contract';
import { InputRequestDialog } from '../../../renderer/src/features/inputs/InputRequestDialog';
import { called, mountView, ok, type Mounted } from '../mount';

let m: Mounted | undefined;
afterEach(() => {
  m?.off();
  cleanup();
  vi.restoreAllMocks();
});

const SERVER = 'configured:minimax:alpha';
const form = (requestId: string, over: Partial<PendingInput> = {}): PendingInput => ({
  requestId,
  serverId: SERVER,
  serverName: 'alpha',
  at: 1,
  request: {
    kind: 'form',
    message: 'Who is asking?',
    schema: {
      type: 'object',
      properties: {
        name: { type: 'string', title: 'Name', default: 'Ada' },
        age: { type: 'integer', title: 'Age' },
        color: { type: 'string', title: 'Colour', oneOf: [{ const: 'r', title: 'Red' }, { const: 'g', title: 'Green' }], default: 'g' },
        subscribe: { type: 'boolean', title: 'Subscribe', default: true },
      },
      required: ['name'],
    },
  },
  ...over,
});

async function open(answers: Record<string, unknown> = {}, locale: 'en' | 'zh' = 'en') {
  m = await mountView(() => <InputRequestDialog />, { 'inputs.answer': ok({ pending: 0 }), ...answers }, { locale });
  return m;
}

const push = (p: PendingInput) => act(() => m!.emit('inputs.requested', p));

describe('what a server asks mid-request', () => {
  it('a form built from the schema, its defaults filled in; Send answers accept with the values', async () => {
    await open();
    push(form('q1'));
    const dialog = await screen.findByRole('dialog', { name: 'alpha asks for input' });
    expect(dialog).toHaveTextContent('Who is asking?');
    expect(within(dialog).getByLabelText(/^Name/)).toHaveValue('Ada');
    expect(within(dialog).getByLabelText(/^Colour/)).toHaveValue('g');
    expect(within(dialog).getByRole('option', { name: 'Green' })).toBeInTheDocument();
    expect(within(dialog).getByLabelText(/^Subscribe/)).toBeChecked();
    const user = userEvent.setup();
    await user.type(within(dialog).getByLabelText(/^Age/), 'x');
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));
    // A whole number wanted: said at the field, nothing sent.
    expect(within(dialog).getByRole('alert')).toHaveTextContent('whole number');
    expect(m!.calls.some((c) => c.method === 'inputs.answer')).toBe(false);
    await user.clear(within(dialog).getByLabelText(/^Age/));
    await user.type(within(dialog).getByLabelText(/^Age/), '36');
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));
    expect(await called(m!, 'inputs.answer')).toEqual({ requestId: 'q1', answer: { action: 'accept', content: { name: 'Ada', age: 36, color: 'g', subscribe: true } } });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('Decline and Escape are told apart: decline, cancel', async () => {
    await open();
    push(form('q1'));
    const user = userEvent.setup();
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Decline' }));
    expect(await called(m!, 'inputs.answer', (i) => (i as { requestId: string }).requestId === 'q1')).toEqual({ requestId: 'q1', answer: { action: 'decline' } });
    push(form('q2'));
    await screen.findByRole('dialog');
    await user.keyboard('{Escape}');
    expect(await called(m!, 'inputs.answer', (i) => (i as { requestId: string }).requestId === 'q2')).toEqual({ requestId: 'q2', answer: { action: 'cancel' } });
  });

  it('a refused answer is said in place and the question stays; one the server withdrew closes', async () => {
    await open({ 'inputs.answer': { ok: false, error: { code: 'invalid-input', message: 'no', data: { fields: { name: 'text' } } } } });
    push(form('q1'));
    const user = userEvent.setup();
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Send' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Some values do not fit the form');
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    act(() => m!.emit('inputs.settled', { requestId: 'q1', outcome: 'withdrawn' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('several questions wait in order; the page asks what waits when it loads', async () => {
    await open({ 'inputs.pending': ok({ requests: [form('late', { at: 5, serverName: 'beta' }), form('early', { at: 2 })] }) });
    await act(() => m!.store.getState().loadInputs());
    expect(await screen.findByRole('dialog', { name: 'alpha asks for input' })).toHaveTextContent('1 more waiting after this one.');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Decline' }));
    expect(await screen.findByRole('dialog', { name: 'beta asks for input' })).not.toHaveTextContent('more waiting');
  });

  it('a link: shown with where it goes, opened by the page only when the person agrees', async () => {
    const opened = vi.spyOn(window, 'open').mockReturnValue(null);
    await open();
    push({ requestId: 'u1', serverId: SERVER, serverName: 'alpha', at: 1, opener: 'page', request: { kind: 'url', message: 'Connect your account', url: 'https://example.com/connect?session=1' } });
    const dialog = await screen.findByRole('dialog', { name: 'alpha asks you to open a link' });
    expect(within(dialog).getByTestId('input-url')).toHaveTextContent('https://example.com/connect?session=1');
    expect(dialog).toHaveTextContent('The link goes to example.com.');
    expect(opened).not.toHaveBeenCalled();
    await userEvent.setup().click(within(dialog).getByRole('button', { name: 'Open link' }));
    expect(opened).toHaveBeenCalledWith('https://example.com/connect?session=1', '_blank', 'noopener');
    expect(await called(m!, 'inputs.answer')).toEqual({ requestId: 'u1', answer: { action: 'accept' } });
  });

  it('a link that is not http(s) is never offered to open', async () => {
    const opened = vi.spyOn(window, 'open').mockReturnValue(null);
    await open();
    push({ requestId: 'u2', serverId: SERVER, serverName: 'alpha', at: 1, opener: 'none', request: { kind: 'url', message: 'Open this', url: 'file:///etc/passwd' } });
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('alert')).toHaveTextContent('not an http(s) address');
    expect(within(dialog).getByRole('button', { name: 'Open link' })).toBeDisabled();
    await userEvent.setup().click(within(dialog).getByRole('button', { name: 'Decline' }));
    expect(await called(m!, 'inputs.answer')).toEqual({ requestId: 'u2', answer: { action: 'decline' } });
    expect(opened).not.toHaveBeenCalled();
  });

  it('sampling: the conversation shown, the person types the reply (Answer waits for text)', async () => {
    await open();
    push({
      requestId: 's1',
      serverId: SERVER,
      serverName: 'alpha',
      at: 1,
      request: { kind: 'sampling', systemPrompt: 'You are terse.', maxTokens: 50, messages: [{ role: 'user', content: { type: 'text', text: 'Name a colour.' } }, { role: 'user', content: { type: 'image', data: 'x', mimeType: 'image/png' } }] },
    });
    const dialog = await screen.findByRole('dialog', { name: 'alpha asks for a model reply' });
    expect(dialog).toHaveTextContent('The panel has no model of its own');
    expect(dialog).toHaveTextContent('You are terse.');
    expect(dialog).toHaveTextContent('Longest reply asked for: 50 tokens');
    expect(within(dialog).getByTestId('sampling-messages')).toHaveTextContent('UserName a colour.User[image content]');
    const answer = within(dialog).getByRole('button', { name: 'Answer' });
    expect(answer).toBeDisabled();
    const user = userEvent.setup();
    await user.type(within(dialog).getByLabelText('Your reply'), 'blue');
    await user.click(answer);
    expect(await called(m!, 'inputs.answer')).toEqual({ requestId: 's1', answer: { action: 'reply', text: 'blue' } });
  });

  it('in Chinese', async () => {
    await open({}, 'zh');
    push(form('q1'));
    const dialog = await screen.findByRole('dialog', { name: 'alpha 请求输入' });
    expect(within(dialog).getByRole('button', { name: '发送' })).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: '拒绝' })).toBeInTheDocument();
  });
});
