// PERM-3 globs in bounded time (issue 21 F6). A permission rule comes from a file anyone may
// have written; the host tests it against every tool name, synchronously, so a glob must never
// cost more than its length times the name's. Globs of literals, `*` and `?` (nearly every
// rule) are matched segment by segment, left to right, never going back; every other glob is
// compiled by picomatch (kimi's own matcher, seed 002: exactly its semantics) and that regular
// expression is run by the non-backtracking engine in linear-regex.ts.
import picomatch from 'picomatch';
import { compileLinear } from './linear-regex';

export type NameTest = (name: string) => boolean;

const SIMPLE_GLOB = /^[^[\]{}()!+@\\/]*$/;
const SLASH = 47;
const QMARK = 63;

/** Does `seg` (with `?` = any character but `/`) match `name` at `at`? */
function segmentAt(name: string, seg: string, at: number): boolean {
  for (let k = 0; k < seg.length; k++) {
    const p = seg.charCodeAt(k);
    const c = name.charCodeAt(at + k);
    if (p === QMARK ? c === SLASH : p !== c) return false;
  }
  return true;
}

/**
 * `*` is a run of characters other than `/` and `?` one such character, as picomatch compiles
 * them inside a glob; every other character stands for itself. The first segment sits at the
 * start, the last at the end, and each one between at its leftmost place after the previous one:
 * a later place only lengthens the runs the stars must cover, so if the leftmost fails (a `/` in
 * the way) every later one fails too. Exported for globs whose other characters are literal
 * (OpenCode's `tools` keys).
 */
export function segmentsTest(glob: string): NameTest {
  const segs = glob.split('*');
  if (segs.length === 1) return (name) => name.length === glob.length && segmentAt(name, glob, 0);
  const head = segs[0]!;
  const tail = segs[segs.length - 1]!;
  const middle = segs.slice(1, -1).filter((s) => s !== '');
  const plain = middle.map((s) => !s.includes('?'));
  const min = segs.reduce((n, s) => n + s.length, 0);
  return (name) => {
    if (name.length < min || !segmentAt(name, head, 0)) return false;
    const end = name.length - tail.length;
    if (!segmentAt(name, tail, end)) return false;
    let pos = head.length;
    for (let i = 0; i < middle.length; i++) {
      const seg = middle[i]!;
      let at = -1;
      if (plain[i]) at = name.indexOf(seg, pos);
      else for (let j = pos; j + seg.length <= end; j++) if (segmentAt(name, seg, j)) { at = j; break; }
      if (at < 0 || at + seg.length > end) return false;
      const slash = name.indexOf('/', pos);
      if (slash >= 0 && slash < at) return false;
      pos = at + seg.length;
    }
    // The run the last star covers: no `/` in it.
    const slash = name.indexOf('/', pos);
    return slash < 0 || slash >= end;
  };
}

/** The test for one glob: same answers as `picomatch.makeRe(glob).test`, in bounded time. */
export function compileGlob(glob: string): NameTest {
  // picomatch treats a leading wildcard or dot, and `**`, specially: leave those to its regex.
  if (SIMPLE_GLOB.test(glob) && !/^[*?.]/.test(glob) && !glob.includes('**')) return segmentsTest(glob);
  const m = compileLinear(picomatch.makeRe(glob).source);
  return (name) => m.test(name);
}
