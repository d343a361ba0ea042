// CONN-11 / REG-4: the poisoning checks of a tool definition, run on first sight of a server's
// list and on every changed or added tool. Pure: text in, findings (codes and params) out.
// What keeps false positives low (the table in test/unit/trust/poisoning.test.ts holds both sides):
// - A sensitive file is flagged only in a sentence that orders the model to open or hand it over
//   (an imperative access verb), or in a text that already carries an instruction or a sensitive
//   action. "Connects over SSH with the key in ~/.ssh" is a description, not an order.
// - A field's first sentence says what the tool does: an imperative there ("Execute a shell
//   command", "Read ~/.ssh/config and list the hosts") is the tool's purpose, not an order.
// - "Before using this tool, call X" is tool chaining when X is one of the server's own tools.
// - Emphasis needs a run: two capitalised emphasis words close together with one of them a
//   banner word (IMPORTANT, CRITICAL…), or three of any kind; "Important:" or an RFC-style
//   "MUST … MUST NOT" alone is not flagged.
// - Characters: see characters.ts (emoji joiners, Persian/Indic joiners, RTL marks and
//   subdivision flags pass; Arabic or Hebrew text without override characters is just text).
import { showInvisible } from '../text/invisible';
import { escapePointer } from '../json-pointer';
import { characterRuns, readableText } from './characters';
import { EXCERPT_MAX, type Finding, type FindingCode, kindOf } from './finding';
import { ACCESS_VERB, BANNER_WORDS, BEFORE_USE, IMPERATIVE_LEAD, INSTRUCTION_PHRASES, MODAL_WORDS, SENSITIVE_ACTIONS, SENSITIVE_FILES, SHADOW_MODALS } from './patterns';
import { sameName, shadowedBy, type ShadowIndex } from './shadowing';

export { shadowIndex, type ServerTools, type ShadowIndex } from './shadowing';

/** A tool as the checks read it (a ToolDef, or a registry entry's texts). */
export interface CheckedTool {
  name: string;
  title?: string | undefined;
  description?: string | undefined;
  inputSchema?: unknown;
  annotations?: unknown;
}

export interface CheckContext {
  /** The same server's tool names ("before using this tool, call list_tables" is chaining). */
  ownTools?: readonly string[];
  /** Every server's tools (shadowIndex), and which of them is this tool's server. */
  shadow?: { index: ShadowIndex; self: string };
  /** This tool's qualified names under the agents' schemes, when the naming is known. */
  names?: readonly string[];
}

const MAX_FINDINGS_PER_TOOL = 24;
const MAX_SCHEMA_TEXTS = 500;
const MAX_DEPTH = 24;
/** A sentence ends at . ! ? before a space, or at a line break (a path's dots do not end one). */
const SENTENCE_BREAK = /(?<=[.!?])\s+|\s*\n\s*/g;

function sentencesOf(text: string): Array<{ s: string; at: number }> {
  const out: Array<{ s: string; at: number }> = [];
  let at = 0;
  for (const m of text.matchAll(SENTENCE_BREAK)) {
    if (m.index > at) out.push({ s: text.slice(at, m.index), at });
    at = m.index + m[0].length;
  }
  if (at < text.length) out.push({ s: text.slice(at), at });
  return out;
}

/** The strings of a definition the model reads, each with where it is. */
export function toolTexts(def: CheckedTool): Array<{ field: string; text: string }> {
  const out: Array<{ field: string; text: string }> = [{ field: 'name', text: def.name }];
  if (typeof def.title === 'string') out.push({ field: 'title', text: def.title });
  if (typeof def.description === 'string') out.push({ field: 'description', text: def.description });
  const annTitle = (def.annotations as { title?: unknown } | undefined)?.title;
  if (typeof annTitle === 'string') out.push({ field: 'annotations/title', text: annTitle });
  const walk = (node: unknown, path: string, depth: number): void => {
    if (depth > MAX_DEPTH || out.length > MAX_SCHEMA_TEXTS || !node || typeof node !== 'object') return;
    if (Array.isArray(node)) return node.forEach((x, i) => walk(x, `${path}/${i}`, depth + 1));
    for (const [k, v] of Object.entries(node)) {
      const at = `${path}/${escapePointer(k)}`;
      if (typeof v === 'string' && (k === 'description' || k === 'title' || k === 'default' || k === 'const')) out.push({ field: at, text: v });
      else if ((k === 'enum' || k === 'examples') && Array.isArray(v)) v.forEach((x, i) => typeof x === 'string' && out.push({ field: `${at}/${i}`, text: x }));
      else walk(v, at, depth + 1);
      // Property names are read by the model too (full-schema poisoning): hidden characters only.
      if (k === 'properties' && v && typeof v === 'object') for (const p of Object.keys(v)) if (/[\p{Cf}\p{Cc}]/u.test(p)) out.push({ field: `${at}/${escapePointer(p)}`, text: p });
    }
  };
  walk(def.inputSchema, 'inputSchema', 0);
  return out;
}

function excerpt(text: string, at: number, end: number): string {
  const from = Math.max(0, at - 40);
  const to = Math.min(text.length, end + 60);
  // One line: line breaks and runs of spaces read as one space; what hides is shown escaped.
  const s = `${from > 0 ? '…' : ''}${showInvisible(text.slice(from, to).replace(/[ \t\r\n]+/g, ' '))}${to < text.length ? '…' : ''}`;
  return s.length <= EXCERPT_MAX ? s : `${s.slice(0, EXCERPT_MAX - 1)}…`;
}

/** Capitalised emphasis words close together (gridctl's emphasis words; see the rule above). */
const EMPHASIS = new RegExp(`(?<![A-Za-z])(?:${[...BANNER_WORDS, ...MODAL_WORDS].map((w) => w.replace(/ /g, '\\s+')).join('|')})(?![A-Za-z])`, 'g');
const SENSITIVE_FILES_ALL = SENSITIVE_FILES.map((re) => new RegExp(re.source, `${re.flags}g`));

function emphasisRun(text: string): { at: number; end: number; phrase: string } | null {
  if (!/[A-Z]{4}/.test(text)) return null;
  const re = EMPHASIS;
  const hits = [...text.matchAll(re)].map((m) => ({ at: m.index, end: m.index + m[0].length, banner: (BANNER_WORDS as readonly string[]).includes(m[0]) }));
  for (let i = 0; i < hits.length; i++) {
    const near = hits.filter((h, j) => j >= i && h.at - hits[i]!.at <= 100);
    if ((near.length >= 2 && near.some((h) => h.banner)) || near.length >= 3) {
      const last = near.at(-1)!;
      return { at: hits[i]!.at, end: last.end, phrase: text.slice(hits[i]!.at, last.end) };
    }
  }
  return null;
}

type Add = (code: FindingCode, params: Finding['params'], src: string, at: number, end: number) => void;

/** One finding per code and field: the first match says it. */
function collector(tool: string, field: string, found: Finding[]): Add {
  return (code, params, src, at, end) => {
    if (!found.some((f) => f.code === code)) found.push({ kind: kindOf(code), code, tool, field, params, excerpt: excerpt(src, at, end) });
  };
}

/** Hidden, tag-block and bidi characters only (a tool's name: its own name is not an order). */
function characterFindings(text: string, field: string, tool: string): Finding[] {
  const found: Finding[] = [];
  const add = collector(tool, field, found);
  for (const r of characterRuns(text)) add(r.code, r.params, text, r.at, r.end);
  return found;
}

/** The findings of one text of a tool, shadowing aside (checkShadowing: it needs every server). */
export function checkText(text: string, field: string, tool: string, ctx: Pick<CheckContext, 'ownTools'> = {}): Finding[] {
  const found = characterFindings(text, field, tool);
  const add = collector(tool, field, found);
  const read = readableText(text);
  for (const p of INSTRUCTION_PHRASES) {
    const m = p.re.exec(read);
    if (m) add(p.code, { phrase: m[0].trim() }, read, m.index, m.index + m[0].length);
  }
  const emphasis = emphasisRun(read);
  if (emphasis) add('instruction.emphasis', { phrase: emphasis.phrase }, read, emphasis.at, emphasis.end);
  const before = BEFORE_USE.exec(read);
  const target = before?.[2]?.replace(/[`'"]/g, '');
  const chaining = before && /^(?:call|invoke|run)$/i.test(before[1]!) && target && ctx.ownTools?.includes(target);
  if (before && !chaining) add('instruction.before-use', { phrase: before[0].trim() }, read, before.index, before.index + before[0].length);
  const sentences = sentencesOf(read);
  for (const [i, { s, at }] of sentences.entries()) {
    for (const a of SENSITIVE_ACTIONS) {
      const m = a.re.exec(s);
      if (!m) continue;
      const ordered = i > 0 && IMPERATIVE_LEAD.test(s.slice(0, m.index));
      if (a.always || ordered) add(a.code, { phrase: m[0].trim() }, read, at + m.index, at + m.index + m[0].length);
    }
  }
  // A sensitive file needs an order about it, or company in a text already found giving orders.
  const orders = found.some((f) => f.kind === 'instruction' || f.kind === 'sensitive-action');
  const files: Array<{ file: string; at: number; end: number }> = [];
  for (const [i, { s, at }] of sentences.entries()) {
    if (!(orders || (i > 0 && ACCESS_VERB.test(s)))) continue;
    for (const re of SENSITIVE_FILES_ALL) {
      for (const m of s.matchAll(re)) {
        // The whole path the match sits in (`~/.cursor/mcp.json`, not `.cursor/`).
        const lead = m[0].length - m[0].trimStart().length;
        const start = m.index + lead - (/[^\s`'"()<>,;]*$/.exec(s.slice(0, m.index + lead))?.[0].length ?? 0);
        const end = m.index + m[0].length + (/^[^\s`'"()<>,;]*/.exec(s.slice(m.index + m[0].length))?.[0].length ?? 0);
        files.push({ file: s.slice(start, end).replace(/[.:]+$/, ''), at: at + start, end: at + end });
      }
    }
  }
  if (files.length) {
    files.sort((a, b) => a.at - b.at);
    const first = files[0]!;
    const names = [...new Set(files.map((f) => f.file))];
    // `mcp.json` said again after `~/.cursor/mcp.json` is the same file.
    const file = names.filter((n) => !names.some((o) => o !== n && o.endsWith(n))).join(', ');
    add('sensitive-file.access', { file }, read, first.at, first.end);
  }
  return found;
}

/** The checks of one tool's own texts (no other server involved: cacheable per definition). */
export function checkOwnTexts(def: CheckedTool, ctx: Pick<CheckContext, 'ownTools'> = {}): Finding[] {
  const found: Finding[] = [];
  for (const { field, text } of toolTexts(def)) {
    const fs = field === 'name' ? characterFindings(text, field, def.name) : checkText(text, field, def.name, ctx);
    found.push(...fs);
    if (found.length >= MAX_FINDINGS_PER_TOOL) break;
  }
  return found.slice(0, MAX_FINDINGS_PER_TOOL);
}

/** Does the tool name another server's tool, or take its name? */
export function checkShadowing(def: CheckedTool, shadow: NonNullable<CheckContext['shadow']>, names?: readonly string[]): Finding[] {
  const { index, self } = shadow;
  const found: Finding[] = [];
  for (const { field, text } of toolTexts(def)) {
    if (field === 'name') continue;
    const here: Finding[] = [];
    const add = collector(def.name, field, here);
    const read = readableText(text);
    for (const { s, at } of sentencesOf(read)) {
      const order = SHADOW_MODALS.test(s);
      for (const m of s.matchAll(/[A-Za-z0-9_][A-Za-z0-9_./-]*/g)) {
        const o = shadowedBy(index, self, m[0], order);
        if (o) add('shadowing.mentions', { server: o.server, otherTool: o.tool, name: m[0] }, read, at + m.index, at + m.index + m[0].length);
      }
    }
    found.push(...here);
  }
  const hit = names?.length ? sameName(index, self, names) : null;
  if (hit) found.push({ kind: 'shadowing', code: 'shadowing.same-name', tool: def.name, field: 'name', params: { server: hit.owner.server, otherTool: hit.owner.tool, name: hit.name }, excerpt: showInvisible(hit.name) });
  return found.slice(0, MAX_FINDINGS_PER_TOOL);
}

/** Every finding of one tool: each text the model reads, and against other servers' tools. */
export function checkTool(def: CheckedTool, ctx: CheckContext = {}): Finding[] {
  const own = checkOwnTexts(def, ctx);
  return ctx.shadow ? [...own, ...checkShadowing(def, ctx.shadow, ctx.names)].slice(0, MAX_FINDINGS_PER_TOOL) : own;
}

/** A server's whole list on first sight (each tool knows its siblings' names). */
export function checkTools(tools: readonly CheckedTool[], shadow?: CheckContext['shadow']): Finding[] {
  const ownTools = tools.map((t) => t.name);
  return tools.flatMap((t) => checkTool(t, { ownTools, ...(shadow ? { shadow } : {}) }));
}
