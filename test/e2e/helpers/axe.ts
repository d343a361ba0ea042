// Accessibility as a test (issue 14, UI-9): axe-core over the page as it stands, failing on
// serious and critical findings (colour contrast included) with a report a person can act on:
// rule, impact, help, and each offending element's selector and axe's own summary of why.
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

type Results = Awaited<ReturnType<AxeBuilder['analyze']>>;
type Violation = Results['violations'][number];

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

/** The serious and critical violations on the page as it stands. */
export async function seriousViolations(page: Page): Promise<Violation[]> {
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
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']).analyze();
  return results.violations.filter((v) => BLOCKING.has(v.impact ?? ''));
}

/** Fails on any serious or critical violation; `label` names the view, scheme and language. */
export async function expectNoSeriousViolations(page: Page, label: string): Promise<void> {
  const found = await seriousViolations(page);
  expect(found.map((v) => v.id), `${label}: axe found serious/critical violations\n\n${formatViolations(found)}\n`).toEqual([]);
}
