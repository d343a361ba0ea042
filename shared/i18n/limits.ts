// CTX-1 in words, for every front door (tools view, `status`, tray): one agent's tools, their
// estimate and where they stand against each of its limits ("52 tools, ~5,200 tokens: over
// Cursor's 40 in total by 12; Cursor sends only the first 40").
import type { AgentStanding, LimitStanding } from '../context/limits';
import { isPast } from '../context/limits';
import { translator, type Locale, type Translator } from './index';

const compact = new Map<Locale, Intl.NumberFormat>();
/** A window as people say it: 200K, 1M (20万, 100万). */
function windowText(t: Translator, n: number): string {
  let f = compact.get(t.locale);
  if (!f) compact.set(t.locale, (f = new Intl.NumberFormat(t.locale === 'zh' ? 'zh-CN' : 'en', { notation: 'compact' })));
  return f.format(n);
}

function sentence(t: Translator, agent: string, l: LimitStanding): string {
  let text: string;
  const n = t.number(l.affected);
  switch (l.kind) {
    case 'cap': {
      const per = l.per ?? 'total';
      const max = t.number(l.limit);
      text = l.over > 0 ? t('limits.then', { a: t(`limits.cap.over.${per}`, { agent, max, over: t.number(l.over) }), b: t(`limits.past.${l.action}`, { agent, max }) }) : t(`limits.cap.within.${per}`, { agent, max });
      break;
    }
    case 'defer-share': {
      const vars = { agent, n, pct: t.percent(l.share ?? 0), window: windowText(t, l.window ?? 0), over: t.number(l.over) };
      text = t(l.over > 0 ? 'limits.share.over' : 'limits.share.under', vars);
      if (l.whitelist) text = t('limits.share.whitelist', { text });
      break;
    }
    case 'defer-count':
      text = t(l.over > 0 ? 'limits.deferCount.over' : 'limits.deferCount.under', { agent, n, max: t.number(l.limit) });
      break;
    case 'defer-all':
      text = t('limits.all', { agent, n });
      break;
    case 'defer-marked':
      text = t(l.affected > 0 ? 'limits.marked' : 'limits.markedNone', { agent, n, field: l.field ?? '' });
      break;
  }
  return l.setting ? t('limits.setting', { text, setting: l.setting }) : text;
}

/**
 * "N tools, ~T tokens: …" for one agent; `pastOnly`: only the limits the tools are past now
 * (null when there is none: the tray's line per agent over its limit).
 */
export function standingLine(locale: Locale, agent: string, s: AgentStanding, opts: { pastOnly?: boolean } = {}): string | null {
  const t = translator(locale);
  const shown = opts.pastOnly ? s.limits.filter(isPast) : s.limits;
  if (opts.pastOnly && shown.length === 0) return null;
  const summary = t('limits.summary', { count: t.plural('limits.count', s.tools), tokens: t.number(s.tokens) });
  const standing = shown.length ? shown.map((l) => sentence(t, agent, l)).reduce((a, b) => t('limits.then', { a, b })) : t('limits.none', { agent });
  return t('limits.line', { summary, standing });
}
