// PROTO-2 on the page: a list served from the panel's cache (the server's `ttlMs`) says so with
// when the server sent it, a fresh one says that, and Refresh drops the cache
// (servers.refreshLists) and asks for the list again. Over a fake bridge.
import { act, cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { called, mountView, ok, settle } from '../mount';

const ID = 'configured:minimax:alpha';
const info = { name: 'fixture', version: '1', title: null, protocolVersion: '2026-07-28', era: 'modern', capabilities: { prompts: {}, resources: {} }, instructions: null };
const AT = Date.UTC(2026, 11, 2, 9, 30, 0);
const prompts = { prompts: [{ name: 'greet', arguments: [] }], nextCursor: null };

let off: (() => void) | undefined;
afterEach(() => {
  off?.();
  cleanup();
});

async function open(locale: 'en' | 'zh' = 'en') {
  let asked = 0;
  const m = await mountView(
    'detail',
    {
      'inspect.server': ok(info),
      'servers.eraMode': ok({ mode: 'auto' }),
      // The first answer is the cache's; after Refresh the server answers.
      'inspect.prompts': () => ok(asked++ === 0 ? { ...prompts, cached: { at: AT, expiresAt: AT + 600_000 } } : prompts),
      'inspect.resources': ok({ resources: [], nextCursor: null, cached: { at: AT, expiresAt: AT + 60_000 } }),
      'inspect.templates': ok({ templates: [], nextCursor: null }),
    },
    { locale },
  );
  off = m.off;
  act(() => m.store.getState().openDetail(ID));
  await settle();
  return m;
}

describe('cached lists in Server details', () => {
  it('says a list came from the cache, and Refresh asks the server again', async () => {
    const m = await open();
    const user = userEvent.setup();
    await user.click(screen.getByRole('tab', { name: 'Prompts' }));
    const note = await screen.findByTestId('list-freshness');
    expect(note).toHaveAttribute('data-cached', 'yes');
    expect(note).toHaveTextContent(/From the panel’s cache: the server sent this list at .+ and lets it be kept until .+\./);
    await user.click(within(note).getByRole('button', { name: 'Refresh' }));
    expect(await called(m, 'servers.refreshLists')).toEqual({ id: ID });
    await called(m, 'inspect.prompts', () => m.calls.filter((c) => c.method === 'inspect.prompts').length === 2);
    expect(await screen.findByText('As the server answered just now.')).toBeInTheDocument();
    expect(screen.getByTestId('list-freshness')).toHaveAttribute('data-cached', 'no');
  });

  it('on the resources tab too, in Chinese', async () => {
    await open('zh');
    await userEvent.setup().click(screen.getByRole('tab', { name: '资源' }));
    const note = await screen.findByTestId('list-freshness');
    expect(note).toHaveTextContent(/来自面板的缓存/);
    expect(within(note).getByRole('button', { name: '刷新' })).toBeInTheDocument();
  });
});
