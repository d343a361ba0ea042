import '@testing-library/jest-dom/vitest';
import { act, cleanup, configure } from '@testing-library/react';
import { notifications } from '@mantine/notifications';
import { afterEach, beforeAll } from 'vitest';
import { preloadViews } from '../../renderer/src/views';

// findBy*/waitFor wait on the DOM; their deadline (1 s by default) is only when to give up, and
// must hold on a machine at load 10 (a test never decides by how fast the machine is).
configure({ asyncUtilTimeout: 15_000 });

// Mantine asks for these; jsdom has neither (its own docs give the same shims).
if (typeof window !== 'undefined') {
  window.matchMedia ??= (query: string) =>
    ({ matches: false, media: query, onchange: null, addListener() {}, removeListener() {}, addEventListener() {}, removeEventListener() {}, dispatchEvent: () => false }) as MediaQueryList;
  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
  Element.prototype.scrollIntoView ??= () => undefined;
}

// The page loads each view's code when first shown (renderer/src/lazy-view.tsx, tested on its
// own in app/lazy-view.test.tsx); here every view is loaded before a test mounts one, so a
// view test is about the view, whichever section it opens.
beforeAll(() => preloadViews());

// Files share one jsdom and one module graph (vitest.config.ts), and Mantine's notification
// store is module-global: a toast one file left would be an extra `alert` in the next.
afterEach(() => {
  act(() => notifications.clean());
  cleanup();
});
