// Every view can be on screen before the first answers arrive (a slow host, a quick click): it
// renders, and renders again once the profiles and servers are in, without looping. A selector
// that returned a fresh `[]` while nothing was loaded made the editor and the logs view hit
// React's "Maximum update depth exceeded".
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { SECTIONS } from '../../../renderer/src/stores/ui-slice';
import { mountView } from '../mount';

let off: (() => void) | null = null;
afterEach(() => {
  off?.();
  cleanup();
});

describe('views before the first load', () => {
  it.each(SECTIONS)('%s renders before the servers are loaded and after', async (section) => {
    // mountView renders first and loads second, as a page that opens on this view would.
    const m = await mountView(section);
    off = m.off;
    expect(m.store.getState().view).not.toBeNull();
    expect(await screen.findByRole('heading', { level: 2 })).toBeInTheDocument();
  });
});
