// Issue 21 F6: a permission rule is typed by whoever writes the agent's file (or a repository),
// and JavaScript's backtracking engine takes exponential time on globs such as
// `*a*a*a…*x` (picomatch compiles `*` to a lazy `[^/]*?`). This evaluates the regular
// expressions picomatch builds without backtracking: a Thompson NFA run as a set of states
// (Pike VM) over the name, so the work is bounded by states × characters. Lookaheads (picomatch
// uses them for dot files and `!(…)`) run their own NFA from the position they look at,
// memoised per position. Only what picomatch emits is parsed: groups, alternation, classes,
// `.`, anchors, escapes, `* + ? {n,m}` (lazy or not: a yes/no match does not care).

type Node =
  | { t: 'char'; test: (c: number) => boolean }
  | { t: 'seq'; items: Node[] }
  | { t: 'alt'; options: Node[] }
  | { t: 'rep'; node: Node; min: number; max: number }
  | { t: 'bol' }
  | { t: 'eol' }
  | { t: 'look'; node: Node; negate: boolean };

type Range = [number, number];
const LINE_END = new Set([0x0a, 0x0d, 0x2028, 0x2029]);
const DIGIT: Range[] = [[0x30, 0x39]];
const WORD: Range[] = [[0x30, 0x39], [0x41, 0x5a], [0x5f, 0x5f], [0x61, 0x7a]];
const SPACE: Range[] = [[0x09, 0x0d], [0x20, 0x20], [0xa0, 0xa0], [0x1680, 0x1680], [0x2000, 0x200a], [0x2028, 0x2029], [0x202f, 0x202f], [0x205f, 0x205f], [0x3000, 0x3000], [0xfeff, 0xfeff]];
const inRanges = (r: readonly Range[], c: number): boolean => r.some(([a, b]) => c >= a && c <= b);
const CLASS_ESCAPES: Record<string, { ranges: Range[]; negate: boolean }> = {
  d: { ranges: DIGIT, negate: false },
  D: { ranges: DIGIT, negate: true },
  w: { ranges: WORD, negate: false },
  W: { ranges: WORD, negate: true },
  s: { ranges: SPACE, negate: false },
  S: { ranges: SPACE, negate: true },
};
const CONTROL_ESCAPES: Record<string, number> = { n: 0x0a, r: 0x0d, t: 0x09, f: 0x0c, v: 0x0b, '0': 0 };

class Parser {
  private i = 0;
  constructor(private readonly src: string) {}

  parse(): Node {
    const n = this.alt();
    if (this.i !== this.src.length) throw new Error(`unexpected "${this.src[this.i]}" at ${this.i}`);
    return n;
  }

  private peek(): string | undefined {
    return this.src[this.i];
  }

  private alt(): Node {
    const options = [this.seq()];
    while (this.peek() === '|') {
      this.i++;
      options.push(this.seq());
    }
    return options.length === 1 ? options[0]! : { t: 'alt', options };
  }

  private seq(): Node {
    const items: Node[] = [];
    for (let c = this.peek(); c !== undefined && c !== '|' && c !== ')'; c = this.peek()) items.push(this.quantified(this.atom()));
    return { t: 'seq', items };
  }

  private quantified(node: Node): Node {
    const c = this.peek();
    let min: number;
    let max: number;
    if (c === '*') [min, max] = [0, Infinity];
    else if (c === '+') [min, max] = [1, Infinity];
    else if (c === '?') [min, max] = [0, 1];
    else if (c === '{' && /^\{\d+(?:,\d*)?\}/.test(this.src.slice(this.i))) {
      const m = /^\{(\d+)(,(\d*))?\}/.exec(this.src.slice(this.i))!;
      min = Number(m[1]);
      max = m[2] === undefined ? min : m[3] === '' ? Infinity : Number(m[3]);
      this.i += m[0].length - 1;
    } else return node;
    this.i++;
    if (this.peek() === '?') this.i++; // lazy: the same language
    return this.quantified({ t: 'rep', node, min, max });
  }

  private atom(): Node {
    const c = this.src[this.i++]!;
    if (c === '(') {
      let look: boolean | null = null;
      if (this.src.startsWith('?:', this.i)) this.i += 2;
      else if (this.src.startsWith('?=', this.i) || this.src.startsWith('?!', this.i)) {
        look = this.src[this.i + 1] === '!';
        this.i += 2;
      } else if (this.peek() === '?') throw new Error(`unsupported group at ${this.i}`);
      const inner = this.alt();
      if (this.src[this.i++] !== ')') throw new Error('unclosed group');
      return look === null ? inner : { t: 'look', node: inner, negate: look };
    }
    if (c === '[') return this.charClass();
    if (c === '.') return { t: 'char', test: (x) => !LINE_END.has(x) };
    if (c === '^') return { t: 'bol' };
    if (c === '$') return { t: 'eol' };
    if (c === '\\') {
      const e = this.src[this.i++];
      if (e === undefined) throw new Error('trailing backslash');
      const cls = CLASS_ESCAPES[e];
      if (cls) return { t: 'char', test: (x) => inRanges(cls.ranges, x) !== cls.negate };
      if (/[bBkpPuxc1-9]/.test(e)) throw new Error(`unsupported escape \\${e}`);
      const code = CONTROL_ESCAPES[e] ?? e.charCodeAt(0);
      return { t: 'char', test: (x) => x === code };
    }
    if (c === ')' || c === '*' || c === '+' || c === '?') throw new Error(`unexpected "${c}"`);
    const code = c.charCodeAt(0);
    return { t: 'char', test: (x) => x === code };
  }

  private classChar(): { ranges: Range[]; negate: boolean } | number {
    const c = this.src[this.i++];
    if (c === undefined) throw new Error('unclosed class');
    if (c !== '\\') return c.charCodeAt(0);
    const e = this.src[this.i++];
    if (e === undefined) throw new Error('unclosed class');
    const cls = CLASS_ESCAPES[e];
    if (cls) return cls;
    if (/[bBkpPuxc1-9]/.test(e)) throw new Error(`unsupported escape \\${e} in a class`);
    return CONTROL_ESCAPES[e] ?? e.charCodeAt(0);
  }

  private charClass(): Node {
    const negate = this.peek() === '^';
    if (negate) this.i++;
    const ranges: Range[] = [];
    const sets: Array<{ ranges: Range[]; negate: boolean }> = [];
    while (this.peek() !== ']') {
      const a = this.classChar();
      if (typeof a !== 'number') {
        sets.push(a);
        continue;
      }
      if (this.peek() === '-' && this.src[this.i + 1] !== ']' && this.src[this.i + 1] !== undefined) {
        this.i++;
        const b = this.classChar();
        if (typeof b !== 'number' || b < a) throw new Error('bad range in a class');
        ranges.push([a, b]);
      } else ranges.push([a, a]);
    }
    this.i++; // ]
    const hit = (x: number) => inRanges(ranges, x) || sets.some((s) => inRanges(s.ranges, x) !== s.negate);
    return { t: 'char', test: (x) => hit(x) !== negate };
  }
}

// The NFA: states by index. `next` edges are epsilon unless the state consumes a character.
type State =
  | { k: 'char'; test: (c: number) => boolean; out: number }
  | { k: 'split'; a: number; b: number }
  | { k: 'bol' | 'eol'; out: number }
  | { k: 'look'; nfa: Nfa; negate: boolean; out: number }
  | { k: 'match' };

interface Nfa {
  states: State[];
  start: number;
}

const HOLE = -1;

/** Thompson construction; `out` holes are patched as fragments are joined. */
function build(root: Node): Nfa {
  const states: State[] = [];
  type Frag = { start: number; holes: Array<(to: number) => void> };
  const add = (s: State): number => states.push(s) - 1;
  const patch = (f: Frag, to: number) => f.holes.forEach((h) => h(to));
  const outHole = (i: number) => (to: number) => void ((states[i] as { out: number }).out = to);
  const empty = (): Frag => {
    const i = add({ k: 'split', a: HOLE, b: HOLE });
    // A split whose both edges go to the same place: an epsilon step.
    return { start: i, holes: [(to) => void Object.assign(states[i]!, { a: to, b: to })] };
  };
  const frag = (n: Node): Frag => {
    switch (n.t) {
      case 'char': {
        const i = add({ k: 'char', test: n.test, out: HOLE });
        return { start: i, holes: [outHole(i)] };
      }
      case 'bol':
      case 'eol': {
        const i = add({ k: n.t, out: HOLE });
        return { start: i, holes: [outHole(i)] };
      }
      case 'look': {
        const i = add({ k: 'look', nfa: build(n.node), negate: n.negate, out: HOLE });
        return { start: i, holes: [outHole(i)] };
      }
      case 'seq': {
        if (n.items.length === 0) return empty();
        const parts = n.items.map(frag);
        for (let j = 0; j + 1 < parts.length; j++) patch(parts[j]!, parts[j + 1]!.start);
        return { start: parts[0]!.start, holes: parts[parts.length - 1]!.holes };
      }
      case 'alt': {
        const parts = n.options.map(frag);
        let start = parts[parts.length - 1]!.start;
        for (let j = parts.length - 2; j >= 0; j--) start = add({ k: 'split', a: parts[j]!.start, b: start });
        return { start, holes: parts.flatMap((p) => p.holes) };
      }
      case 'rep': {
        // Mandatory copies, then optional ones (bounded) or a loop (unbounded).
        const pieces: Frag[] = [];
        for (let j = 0; j < n.min; j++) pieces.push(frag(n.node));
        if (n.max === Infinity) {
          const body = frag(n.node);
          const s = add({ k: 'split', a: body.start, b: HOLE });
          patch(body, s);
          pieces.push({ start: s, holes: [(to) => void ((states[s] as { b: number }).b = to)] });
        } else {
          for (let j = n.min; j < n.max; j++) {
            const body = frag(n.node);
            const s = add({ k: 'split', a: body.start, b: HOLE });
            pieces.push({ start: s, holes: [...body.holes, (to) => void ((states[s] as { b: number }).b = to)] });
          }
        }
        if (pieces.length === 0) return empty();
        for (let j = 0; j + 1 < pieces.length; j++) patch(pieces[j]!, pieces[j + 1]!.start);
        return { start: pieces[0]!.start, holes: pieces[pieces.length - 1]!.holes };
      }
    }
  };
  const f = frag(root);
  patch(f, add({ k: 'match' }));
  return { states, start: f.start };
}

export interface LinearMatcher {
  test(text: string): boolean;
  /** States visited by the last test (the work done): at most states × (length + 1), plus lookaheads. */
  readonly steps: number;
}

/** Runs `nfa` on `text` from `from`; true when the match state is reached (anywhere, or only at the end when `whole`). */
function run(nfa: Nfa, text: string, from: number, searchEveryStart: boolean, count: { steps: number }, looks: Map<Nfa, Map<number, boolean>>): boolean {
  const n = text.length;
  const seen = new Int32Array(nfa.states.length).fill(-1);
  let current: number[] = [];
  let next: number[] = [];
  let matched = false;
  const holds = (s: State & { k: 'look' }, pos: number): boolean => {
    let memo = looks.get(s.nfa);
    if (!memo) looks.set(s.nfa, (memo = new Map()));
    let r = memo.get(pos);
    if (r === undefined) memo.set(pos, (r = run(s.nfa, text, pos, false, count, looks)));
    return r !== s.negate;
  };
  // Epsilon closure of `i` at `pos` into `into`; `seen` marks states already added for this pos.
  const close = (i: number, pos: number, into: number[]): void => {
    const stack = [i];
    while (stack.length) {
      const j = stack.pop()!;
      if (seen[j] === pos) continue;
      seen[j] = pos;
      count.steps++;
      const s = nfa.states[j]!;
      switch (s.k) {
        case 'char':
          into.push(j);
          break;
        case 'match':
          matched = true;
          break;
        case 'split':
          stack.push(s.b, s.a);
          break;
        case 'bol':
          if (pos === 0) stack.push(s.out);
          break;
        case 'eol':
          if (pos === n) stack.push(s.out);
          break;
        case 'look':
          if (holds(s, pos)) stack.push(s.out);
          break;
      }
    }
  };
  close(nfa.start, from, current);
  for (let pos = from; pos < n && !matched; pos++) {
    const c = text.charCodeAt(pos);
    next.length = 0;
    for (const j of current) {
      count.steps++;
      const s = nfa.states[j] as State & { k: 'char' };
      if (s.test(c)) close(s.out, pos + 1, next);
    }
    if (searchEveryStart) close(nfa.start, pos + 1, next);
    [current, next] = [next, current];
    if (current.length === 0 && !searchEveryStart) break;
  }
  return matched;
}

/** Compiles a regular expression source (as picomatch writes it); throws on syntax it does not know. */
export function compileLinear(source: string): LinearMatcher {
  const nfa = build(new Parser(source).parse());
  const count = { steps: 0 };
  return {
    test(text) {
      count.steps = 0;
      return run(nfa, text, 0, true, count, new Map());
    },
    get steps() {
      return count.steps;
    },
  };
}
