// jsdom has no layout: give the tool list's scroller the size a window would (900 × 520 px) so
// the virtualiser computes a real window of rows, as it does in Chromium (see the e2e and bench).
import { afterAll, beforeAll } from 'vitest';

const sized = (dim: 'clientHeight' | 'clientWidth', px: number) =>
  Object.defineProperty(HTMLElement.prototype, dim, {
    configurable: true,
    get(this: HTMLElement) {
      return this.dataset.testid === 'tool-scroller' ? px : 0;
    },
  });

/** Call at the top of a suite that renders the tool list. */
export function sizeToolScroller(): void {
  beforeAll(() => {
    sized('clientHeight', 520);
    sized('clientWidth', 900);
  });
  afterAll(() => {
    delete (HTMLElement.prototype as Partial<Record<'clientHeight' | 'clientWidth', number>>).clientHeight;
    delete (HTMLElement.prototype as Partial<Record<'clientHeight' | 'clientWidth', number>>).clientWidth;
  });
}
