// What has the keyboard's focus, and whether the eye can see it (UI-9): used by the keyboard
// tests of a11y.spec.ts and layout.spec.ts.
import type { Page } from '@playwright/test';

/** The focused element and whether it shows a ring (outline or box-shadow) the eye can see. */
export function focused(page: Page) {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body) return null;
    const s = getComputedStyle(el);
    const ring = (s.outlineStyle !== 'none' && parseFloat(s.outlineWidth) > 0) || (s.boxShadow !== 'none' && s.boxShadow !== '');
    const section = el.closest('nav') ? el.getAttribute('data-section') : null;
    const headerControl = !!el.closest('[data-testid="page-header"]');
    return { section, ring, headerControl, testid: el.getAttribute('data-testid'), id: el.id, name: `${el.tagName.toLowerCase()} "${(el.getAttribute('aria-label') ?? el.textContent ?? '').trim().slice(0, 40)}"` };
  });
}
