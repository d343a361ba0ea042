// Discover's logic in the page (issue 43 item 5), on the fake bridge: answers that come back out
// of order never put an older query's rows over a newer one's, and the last rows stay while a
// newer query is in flight; a form problem from install.preview is said beside its field, a
// secret is a password input whose value goes with the install call only; registry text with
// hidden characters is shown escaped. The deep link's parsing and its hash kept in step.
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import type { RegistryEntry, RegistryHit } from '../../../shared/contract';
import { discoverOfHash, followHash, hashOfDiscover } from '../../../renderer/src/route';
import { newestOnly } from '../../../renderer/src/features/discover/use-search';
import { createAppStore } from '../../../renderer/src/stores/app-store';
import { fakeBridge } from '../fake-bridge';
import { mountView, ok } from '../mount';

let off: (() => void) | null = null;
afterEach(() => {
  off?.();
  cleanup();
  window.location.hash = '';
});

const hit = (name: string, over: Partial<RegistryHit> = {}): RegistryHit => ({
  icon: null,
  source: 'test',
  registry: 'http://127.0.0.1:1',
  name,
  namespace: name.slice(0, name.indexOf('/')),
  title: null,
  description: `About ${name}`,
  version: '1.0.0',
  status: 'active',
  statusMessage: null,
  repository: null,
  invisible: [],
  ...over,
});
const sources = [{ source: { id: 'test', url: 'http://127.0.0.1:1', name: 'test', builtin: true }, fetchedAt: '2026-12-01T10:00:00Z', partial: false, entries: 3, error: null }];

/** registry.search answers the test resolves by hand, in any order. */
function pendingSearches() {
  const waiting: Array<{ query: string; resolve: (results: RegistryHit[]) => void }> = [];
  const answer = (input: unknown) =>
    new Promise((resolve) => waiting.push({ query: (input as { query: string }).query, resolve: (results) => resolve(ok({ results, sources })) }));
  const take = (query: string) => {
    const i = waiting.findIndex((w) => w.query === query);
    if (i < 0) throw new Error(`no search for "${query}" in flight (${waiting.map((w) => w.query).join(', ')})`);
    return waiting.splice(i, 1)[0]!;
  };
  return { answer, waiting, take };
}

const rowNames = () => screen.queryAllByTestId('discover-row').map((r) => r.getAttribute('data-name'));

describe('Discover search', () => {
  it('keeps the newest query’s rows: an older answer arriving late is dropped, the last rows stay meanwhile', async () => {
    const s = pendingSearches();
    const m = await mountView('discover', { 'registry.search': s.answer });
    off = m.off;
    const user = userEvent.setup();
    await waitFor(() => expect(s.waiting.map((w) => w.query)).toEqual(['']));
    await act(async () => s.take('').resolve([hit('a.b/first')]));
    await waitFor(() => expect(rowNames()).toEqual(['a.b/first']));

    await user.type(screen.getByTestId('discover-search'), 'mem');
    await waitFor(() => expect(s.waiting.map((w) => w.query)).toEqual(['mem']));
    await user.type(screen.getByTestId('discover-search'), 'ory');
    await waitFor(() => expect(s.waiting.map((w) => w.query)).toEqual(['mem', 'memory']));
    // Both in flight: the rows answered last stay.
    expect(rowNames()).toEqual(['a.b/first']);
    await act(async () => s.take('memory').resolve([hit('io.github.x/memory')]));
    await waitFor(() => expect(rowNames()).toEqual(['io.github.x/memory']));
    await act(async () => s.take('mem').resolve([hit('io.github.x/stale')]));
    expect(rowNames()).toEqual(['io.github.x/memory']);
    expect(screen.getByTestId('discover-count')).toHaveAttribute('data-query', 'memory');
    // Typing reads the cache only; the first search alone may refresh it.
    expect(m.calls.filter((c) => c.method === 'registry.search').map((c) => (c.input as { refresh: string }).refresh)).toEqual(['auto', 'never', 'never']);
  });

  it('shows registry text escaped: a bidi override as its escape, the entry flagged; deprecated said', async () => {
    const m = await mountView('discover', {
      'registry.search': ok({ results: [hit('io.github.evil/link', { title: 'Li\u202Enk', invisible: ['title'] }), hit('a.b/old', { status: 'deprecated', statusMessage: 'Use a.b/new' })], sources }),
    });
    off = m.off;
    const evil = await screen.findByRole('link', { name: 'Li\\u202enk: details of io.github.evil/link' });
    expect(evil.textContent).toBe('Li\\u202enk');
    expect(screen.getByTestId('discover-invisible')).toHaveTextContent('Hidden characters in the title');
    expect(screen.getByText('Deprecated: Use a.b/new')).toBeInTheDocument();
    expect(screen.getByTestId('discover-source')).toHaveTextContent('test: 3 entries, refreshed');
  });
});

const TEAM: RegistryEntry = {
  icon: null,
  source: 'test',
  registry: 'http://127.0.0.1:1',
  namespace: 'io.github.example',
  server: { name: 'io.github.example/team-notes', description: 'Notes', version: '2.0.0', remotes: [{ type: 'streamable-http', url: 'http://127.0.0.1:{port}/mcp' }] },
  meta: { status: 'active', isLatest: true },
  repository: null,
  website: null,
  invisible: [],
  ways: [
    {
      choice: { kind: 'remote', index: 0 },
      label: 'streamable-http http://127.0.0.1:{port}/mcp',
      runtime: null,
      runtimeProblem: null,
      problem: null,
      fields: [
        { key: 'port', group: 'url', label: 'port', description: null, required: true, secret: false, format: 'number', default: null, choices: null, placeholder: null, repeated: false, variable: 'PORT' },
        { key: 'api_token', group: 'headers', label: 'api_token', description: 'Your token', required: true, secret: true, format: 'string', default: null, choices: null, placeholder: null, repeated: false, variable: 'API_TOKEN' },
      ],
    },
  ],
  versions: null,
  versionsError: null,
};

describe('Discover detail', () => {
  it('a secret is a password input; the preview’s form problems are said beside their fields; the values go with the install call', async () => {
    const m = await mountView('discover', {
      'registry.search': ok({ results: [], sources }),
      'registry.show': ok(TEAM),
      'profiles.detect': ok({ profiles: [{ profile: 'codex', detected: true, evidence: [] }], recentWorkspaces: [], selection: { profile: 'minimax', workspace: '/w' } }),
      'install.preview': { ok: false, error: { code: 'invalid-input', message: 'port is required: --set port=…', data: { reason: 'form', problems: [{ key: 'port', code: 'missing', message: 'x' }] } } },
    });
    off = m.off;
    act(() => m.store.getState().openDiscover(TEAM.server.name));
    const secret = await screen.findByTestId('discover-field-api_token');
    expect(secret).toHaveAttribute('type', 'password');
    const user = userEvent.setup();
    await user.type(secret, 's3cret');
    await user.click(screen.getByRole('button', { name: 'Preview' }));
    const port = screen.getByTestId('discover-field-port');
    await waitFor(() => expect(port).toHaveAccessibleDescription(/Required: fill this in\./));
    expect(screen.getByTestId('install-error')).toHaveTextContent('see the fields marked above');
    const preview = m.calls.find((c) => c.method === 'install.preview')!.input as { from: { kind: string; registry: string; version: string; choice: unknown; values: Record<string, string[]> } };
    expect(preview.from).toMatchObject({ kind: 'registry', registry: TEAM.server.name, version: '2.0.0', choice: { kind: 'remote', index: 0 }, values: { api_token: ['s3cret'] } });
    // Typing into the field clears its problem until the next preview.
    await user.type(port, '4100');
    expect(within(port.closest('.mantine-InputWrapper-root')!).queryByText('Required: fill this in.')).toBeNull();
  });
});

describe('the deep link', () => {
  it('names an entry, the search, or nothing', () => {
    expect(discoverOfHash('#/discover/io.github.x/memory')).toBe('io.github.x/memory');
    expect(discoverOfHash('#/discover/io.github.x%2Fmemory')).toBe('io.github.x/memory');
    expect(discoverOfHash('#/discover')).toBe('');
    expect(discoverOfHash('#/discover/%E0%A4')).toBe('');
    expect(discoverOfHash('#/discoverx')).toBeNull();
    expect(discoverOfHash('')).toBeNull();
    expect(hashOfDiscover('io.github.x/a b')).toBe('#/discover/io.github.x/a%20b');
    expect(discoverOfHash(hashOfDiscover('io.github.x/a b'))).toBe('io.github.x/a b');
  });

  it('opens what the hash names, follows hashchange, and keeps the hash in step with Discover', async () => {
    const store = createAppStore(fakeBridge({}).bridge);
    window.history.replaceState(null, '', '/#/discover/io.github.x/memory');
    const stop = followHash(store, window);
    expect(store.getState()).toMatchObject({ section: 'discover', discoverEntry: 'io.github.x/memory' });
    window.location.hash = '#/discover';
    await waitFor(() => expect(store.getState().discoverEntry).toBeNull());
    act(() => store.getState().openDiscover('a.b/c'));
    expect(window.location.hash).toBe('#/discover/a.b/c');
    act(() => store.getState().setSection('tools'));
    expect(window.location.hash).toBe('');
    stop();
  });
});

describe('newestOnly', () => {
  it('accepts an answer only when newer than the one shown', () => {
    const o = newestOnly();
    const [a, b, c] = [o.next(), o.next(), o.next()];
    expect([o.accept(b), o.accept(a), o.accept(c)]).toEqual([true, false, true]);
  });
});
