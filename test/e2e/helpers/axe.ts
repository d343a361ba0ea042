// Accessibility as a test (issue 14, UI-9): axe-core over the page as it stands, failing on
// serious and critical findings (colour contrast included) with a report a person can act on:
// rule, impact, help, and each offending element's selector and axe's own summary of why.
//
// axe-core runs in the page itself, injected once per document: the panel is one page whose
// views swap in place, so a matrix that checks ten views pays for parsing axe once, not ten
// times, and only violations are collected (axe builds a selector and an HTML excerpt for
// every node it checks otherwise). @axe-core/playwright injected axe into every frame on every
// call and finished each run in a new blank page: measured on the tools and servers views,
// 3–4× the time of this runner for the same findings (the panel has no iframes).
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { expect, type Page } from '@playwright/test';
import type { AxeResults, Result, RunOptions } from 'axe-core';

type Violation = Result;

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'];
const BLOCKING = new Set(['serious', 'critical']);

/** One paragraph per rule, one line per element: what `expect` prints when the check fails. */
export function formatViolations(violations: Violation[]): string {
  return violations
    .map((v) => {
      const nodes = v.nodes
        .slice(0, 8)
        .map((n) => `    - ${n.target.join(' ')}\n      ${(n.failureSummary ?? '').replace(/\n\s*/g, ' | ')}`)
        .join('\n');
      const more = v.nodes.length > 8 ? `\n    … and ${v.nodes.length - 8} more` : '';
      return `[${v.impact}] ${v.id}: ${v.help} (${v.helpUrl})\n${nodes}${more}`;
    })
    .join('\n\n');
}

/** Runs axe on the page as it stands: the WCAG 2.1 A/AA and best-practice rules, or only `rules`. */
export async function axeViolations(page: Page, rules?: string[]): Promise<Violation[]> {
  // Mantine's transitions fade text in: wait for them to finish, or contrast is measured mid-fade.
  // Spinners run forever: only finite animations are waited for.
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => a.effect?.getTiming().iterations !== Infinity)
        .map((a) => a.finished.catch(() => undefined)),
    ),
  );
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  const options: RunOptions = { runOnly: rules ? { type: 'rule', values: rules } : { type: 'tag', values: TAGS }, resultTypes: ['violations'] };
  const results = await page.evaluate((o) => (window as unknown as { axe: { run(ctx: Document, o: RunOptions): Promise<AxeResults> } }).axe.run(document, o), options);
  return results.violations;
}

/** The serious and critical violations on the page as it stands. */
export async function seriousViolations(page: Page): Promise<Violation[]> {
  return (await axeViolations(page)).filter((v) => BLOCKING.has(v.impact ?? ''));
}

/** Fails on any serious or critical violation; `label` names the view, scheme and language. */
export async function expectNoSeriousViolations(page: Page, label: string): Promise<void> {
  const found = await seriousViolations(page);
  expect(found.map((v) => v.id), `${label}: axe found serious/critical violations\n\n${formatViolations(found)}\n`).toEqual([]);
}
