// bench:plan's figures per agent, out of the CLI's `plan --json` answers (PlanView).
import type { PlanView } from '../../shared/contract';
import { profileFacts } from '../../shared/profiles';
import type { Profile } from '../../shared/schemas/server';

export interface AgentFigures {
  agent: Profile;
  plan: PlanView;
  /** The same plan with --target-tokens (20 % of the tokens before). */
  target: PlanView;
  /** Median ms: the plan, status over its cached lists, status starting every server; the median of per-run plan ÷ refresh. */
  ms: { plan: number; status: number; refresh: number; ratio: number };
}

const int = (n: number) => n.toLocaleString('en-US');
const pct = (before: number, after: number) => (before > 0 ? (1 - after / before) * 100 : 0);
/** What the picked suggestions would save, written or not (an agent without a field can only be told). */
export const said = (v: PlanView) => v.suggestions.reduce((n, s) => n + (s.picked ? s.tokens : 0), 0);
/** Picked suggestions by kind, e.g. `8 denied, 15 duplicate`. */
export function kinds(v: PlanView): string {
  const by = new Map<string, number>();
  for (const s of v.suggestions) if (s.picked) by.set(s.kind, (by.get(s.kind) ?? 0) + 1);
  return [...by].map(([k, n]) => `${n} ${k}`).join(', ') || 'nothing';
}

/**
 * How much of the definitions the agent is offered is not in its context up front after the plan:
 * the tools it hides, and those the agent itself loads on demand (its own deferral, written by
 * the plan or already there). 0 where the plan writes nothing (no filter field).
 */
export const cut = (v: PlanView) => pct(v.before.tokens, v.upFront.after.tokens);

export function printTable(rows: readonly AgentFigures[], reference: number): void {
  const head = ['agent', 'filter field', 'tools', 'definition tokens', 'up front', 'cut', 'target T', 'up front T', 'cut T', `≥${reference * 100} %`, 'what the default plan picks'];
  const lines = rows.map(({ agent, plan: v, target: t }) => {
    const field = v.fields.length ? v.fields.join('/') : v.via === 'bridge' ? '(bridge line)' : '(none)';
    const noField = v.via === 'none';
    return [
      profileFacts(agent).label,
      field,
      `${v.before.tools} → ${v.after.tools}`,
      `${int(v.before.tokens)} → ${int(v.after.tokens)}${noField ? ` (says −${int(said(v))})` : ''}`,
      `${int(v.upFront.before.tokens)} → ${int(v.upFront.after.tokens)}`,
      `${cut(v).toFixed(1)} %`,
      int(t.targetTokens ?? 0),
      int(t.upFront.after.tokens),
      `${cut(t).toFixed(1)} %`,
      Math.max(cut(v), cut(t)) >= reference * 100 ? 'yes' : 'no',
      kinds(v),
    ];
  });
  const width = head.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i]!.length)));
  const fmt = (cells: readonly string[]) => `  ${cells.map((c, i) => (i >= 2 && i <= 8 ? c.padStart(width[i]!) : c.padEnd(width[i]!))).join('  ')}`.trimEnd();
  console.log(fmt(head));
  for (const l of lines) console.log(fmt(l));
}

export function printTimes(rows: readonly AgentFigures[], runs: number): void {
  console.log(`time per command, median of ${runs} run(s) (the plan starts every server, as status --refresh does; plain status answers from the cached lists):`);
  const w = Math.max(5, ...rows.map((r) => profileFacts(r.agent).label.length));
  console.log(`  ${'agent'.padEnd(w)} ${'status'.padStart(9)} ${'status --refresh'.padStart(17)} ${'plan --dry-run'.padStart(15)} ${'plan ÷ refresh'.padStart(15)}`);
  // NaN: not taken (a short run times the baselines for its first agent only).
  const fig = (x: number, digits: number, unit: string) => (Number.isNaN(x) ? '–' : `${x.toFixed(digits)}${unit}`);
  for (const { agent, ms } of rows) {
    console.log(`  ${profileFacts(agent).label.padEnd(w)} ${fig(ms.status, 0, ' ms').padStart(9)} ${fig(ms.refresh, 0, ' ms').padStart(17)} ${fig(ms.plan, 0, ' ms').padStart(15)} ${fig(ms.ratio, 2, '×').padStart(15)}`);
  }
}
