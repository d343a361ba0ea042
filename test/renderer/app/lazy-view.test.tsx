// Views other than the servers view load their code when first shown (renderer/src/lazy-view.tsx,
// issue 40 item 3): a placeholder until then, the view after, an error said with a retry.
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { lazyView } from '../../../renderer/src/lazy-view';
import { mountView, type Mounted } from '../mount';

let m: Mounted | null = null;
afterEach(() => {
  m?.off();
  m?.unmount();
  m = null;
});

/** A load the test settles by hand. */
function deferred() {
  let settle!: { ok: () => void; fail: (e: Error) => void };
  const promise = new Promise<() => React.JSX.Element>((ok, fail) => {
    settle = { ok: () => ok(() => <h2>the view</h2>), fail };
  });
  return { promise, settle };
}

describe('lazyView', () => {
  it('shows a busy placeholder until its code is loaded, then the view', async () => {
    const load = deferred();
    const View = lazyView(() => load.promise);
    m = await mountView(() => <View />);
    expect(document.querySelector('[aria-busy="true"]')).not.toBeNull();
    expect(screen.queryByText('the view')).toBeNull();
    await act(async () => load.settle.ok());
    expect(await screen.findByText('the view')).toBeInTheDocument();
    expect(document.querySelector('[aria-busy="true"]')).toBeNull();
  });

  it('once preloaded it renders at once', async () => {
    let loads = 0;
    const View = lazyView(async () => {
      loads++;
      return () => <h2>the view</h2>;
    });
    await View.preload();
    await View.preload();
    m = await mountView(() => <View />);
    expect(screen.getByText('the view')).toBeInTheDocument();
    expect(loads).toBe(1);
  });

  it('a failed load says so with its reason, and Try again loads it', async () => {
    const tries = [deferred(), deferred()];
    let n = 0;
    const View = lazyView(() => tries[n++]!.promise);
    m = await mountView(() => <View />);
    await act(async () => tries[0]!.settle.fail(new Error('Failed to fetch dynamically imported module')));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('This view could not be loaded');
    expect(alert).toHaveTextContent('Failed to fetch dynamically imported module');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
    expect(n).toBe(2);
    await act(async () => tries[1]!.settle.ok());
    expect(await screen.findByText('the view')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
