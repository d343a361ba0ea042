// What the eye would call broken, measured in the page (issue 22 item 6; issues 37 and 44: the
// views at fifteen agents). Used by layout.spec.ts at every width and language it checks.
import type { Page } from '@playwright/test';

export type Lang = 'en' | 'zh';

/**
 * What the eye would call broken, measured: the page or main wider than the window; a button,
 * a badge or a table cell whose content is cut off; an element reaching past main's right edge;
 * text elided without "…"; a line of text broken inside a word (a path or name split between
 * two letters: paths wrap at their separators); a short label (state, tool count, header word,
 * nav item) on more than one line in Chinese, or broken inside a word.
 */
export function layoutFaults(page: Page, language: Lang): Promise<string[]> {
  return page.evaluate((lang) => {
    const faults: string[] = [];
    const doc = document.documentElement;
    if (doc.scrollWidth > doc.clientWidth + 1) faults.push(`page scrolls sideways: ${doc.scrollWidth} > ${doc.clientWidth}`);
    const main = document.querySelector('main')!;
    if (main.scrollWidth > main.clientWidth + 1) faults.push(`main scrolls sideways: ${main.scrollWidth} > ${main.clientWidth}`);
    const visible = (el: Element) => (el as HTMLElement).offsetParent !== null && el.getClientRects().length > 0;
    const name = (el: Element) => `${el.tagName.toLowerCase()}${el.getAttribute('data-testid') ? `[${el.getAttribute('data-testid')}]` : ''} "${(el.textContent ?? '').trim().slice(0, 40)}"`;
    const clipped = (el: Element) => el.scrollWidth > el.clientWidth + 1;
    // Badges of every kind: "仅在 MINI…" hid which agent a server is only in.
    for (const el of document.querySelectorAll('main button, main .mantine-Badge-root, main .mantine-Badge-label, nav button')) {
      if (visible(el) && clipped(el)) faults.push(`clipped: ${name(el)} (${el.scrollWidth} > ${el.clientWidth})`);
    }
    for (const el of document.querySelectorAll('main td, main th')) {
      if (visible(el) && clipped(el)) faults.push(`cell cut off: ${name(el)} (${el.scrollWidth} > ${el.clientWidth})`);
    }
    // Long free text may elide, but then it ends in "…": a line of text cut by its box shows
    // that more follows (text-overflow draws nothing in a flex or grid container).
    for (const el of document.querySelectorAll<HTMLElement>('main *')) {
      if (!visible(el) || !clipped(el) || !(el.textContent ?? '').trim()) continue;
      if (el.getBoundingClientRect().width <= 1) continue; // visually hidden, for screen readers
      const s = getComputedStyle(el);
      if (s.overflowX !== 'hidden' && s.overflowX !== 'clip') continue;
      // Text alone (a box of boxes, like a path elided in its middle, is judged by its inner ones).
      const textLine = [...el.childNodes].every((n) => n.nodeType === Node.TEXT_NODE);
      if (textLine && (s.textOverflow !== 'ellipsis' || /flex|grid/.test(s.display))) faults.push(`text cut off without "…": ${name(el)} (${s.display}, text-overflow ${s.textOverflow})`);
    }
    // Nothing in main reaches past its right edge (a table wider than its box, cut by a scroller).
    const right = main.getBoundingClientRect().right;
    for (const el of document.querySelectorAll<HTMLElement>('main td, main th, main .mantine-Badge-root, main button')) {
      if (visible(el) && el.getBoundingClientRect().right > right + 1) faults.push(`past main's right edge: ${name(el)} (${Math.round(el.getBoundingClientRect().right)} > ${Math.round(right)})`);
    }
    // A line break between two letters or digits of one text: a word (a path segment, a name)
    // split in two. Paths break after a separator, text between words; a CJK line may break
    // between any two characters, so only Latin letters and digits are judged.
    const alnum = /[A-Za-z0-9]/;
    const walker = document.createTreeWalker(main, NodeFilter.SHOW_TEXT);
    const range = document.createRange();
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      const text = n.textContent ?? '';
      const parent = n.parentElement;
      if (text.trim().length < 2 || !parent || !visible(parent)) continue;
      range.selectNodeContents(n);
      const rects = [...range.getClientRects()].filter((x) => x.width > 0);
      if (rects.length < 2 || rects.every((x) => Math.abs(x.top - rects[0]!.top) < 2)) continue;
      let last: { top: number; height: number } | null = null;
      for (let i = 0; i < text.length; i++) {
        range.setStart(n, i);
        range.setEnd(n, i + 1);
        const r = [...range.getClientRects()].find((x) => x.width > 0);
        if (!r) continue;
        // The characters either side of the break as written (a space at a line's end has no box).
        if (last && r.top > last.top + last.height * 0.6 && alnum.test(text[i]!) && alnum.test(text[i - 1] ?? '')) {
          faults.push(`broken inside a word: ${name(parent)} at "${text.slice(Math.max(0, i - 12), i)}|${text.slice(i, i + 12)}"`);
          break;
        }
        last = { top: r.top, height: r.height };
      }
    }
    // Every server row shows its name: whole, or at least three characters of it before the "…"
    // (flags beside it once left the name no room at all).
    for (const el of document.querySelectorAll<HTMLElement>('main tr[data-server] [data-testid="server-name"]')) {
      if (!visible(el)) continue;
      const room = Math.min(el.scrollWidth, 3 * parseFloat(getComputedStyle(el).fontSize));
      if (el.getBoundingClientRect().width + 1 < room) faults.push(`server name squeezed out: ${name(el)} (${Math.round(el.getBoundingClientRect().width)} px)`);
      // A name cut short keeps the whole of it in its title.
      if (clipped(el) && el.title !== (el.textContent ?? '').trim()) faults.push(`server name cut without its title: ${name(el)}`);
    }
    // Short labels: one line each (a Chinese word broken over two lines is two lines).
    const lines = (el: Element) => {
      // The text's own line boxes: a new line starts where a text rect sits below the last one.
      const rects: DOMRect[] = [];
      const walk = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
      for (let n = walk.nextNode(); n; n = walk.nextNode()) {
        if (!(n.textContent ?? '').trim()) continue;
        const r = document.createRange();
        r.selectNodeContents(n);
        rects.push(...[...r.getClientRects()].filter((x) => x.width > 0));
      }
      rects.sort((a, b) => a.top - b.top);
      let count = rects.length ? 1 : 0;
      for (let i = 1; i < rects.length; i++) if (rects[i]!.top - rects[i - 1]!.top > rects[i - 1]!.height * 0.6) count++;
      return count;
    };
    // A CJK cell narrower than two characters breaks one character per line.
    for (const el of document.querySelectorAll<HTMLElement>('main td, main th, main li, main button, main label')) {
      if (el.offsetParent === null || !/[\u4e00-\u9fff]{2}/.test(el.innerText)) continue;
      if (el.getBoundingClientRect().width < 2 * parseFloat(getComputedStyle(el).fontSize)) faults.push(`Chinese squeezed to one character per line: ${name(el)}`);
    }
    const short = ['main [data-testid="state"]', 'main [data-testid="tools"] p', 'nav button', 'main thead th', 'main [role="tab"]', 'main [data-testid="layer"]'];
    for (const el of document.querySelectorAll(short.join(','))) {
      if (!visible(el) || !(el.textContent ?? '').trim()) continue;
      // English headers may wrap between words ("Connect / time"); Chinese ones never.
      if (el.tagName === 'TH' && lang === 'en') continue;
      if (lines(el) > 1) faults.push(`label on ${lines(el)} lines: ${name(el)}`);
    }
    return faults;
  }, language);
}

