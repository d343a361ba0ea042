// DISC-2: the BM25 index behind tool_search. It reproduces, bit for bit and in the same
// order, what minisearch answers when configured as `createToolIndex()`
// (test/helpers/minisearch-reference.ts): fields name (boost 2) and description, our tokenizer, exact terms (no prefix/fuzzy), OR, BM25+
// with k 1.2, b 0.7, d 0.5, a score times the number of distinct query terms matched, ties
// in minisearch's first-seen order. test/unit/disclosure/search-bm25.test.ts holds it to that.
//
// Why not minisearch itself: its radix tree and per-hit objects cost 230-320 ms to index
// 10,000 tools and 4-6 ms a query at p95 once the CJK tokenizer (single characters plus
// pairs) multiplies the terms; DISC-2's budget is 150 ms and 2 ms (bench:names). Integer
// document ids, one posting array per term with each posting's score worked out at build
// time, and a top-k insertion instead of a sort of every hit fit it. minisearch stays the
// reference in the tests and the baseline in the benchmark.
import { tokenize } from './tokenize';

/** minisearch's defaults (defaultBM25params). */
const K = 1.2;
const B = 0.7;
const D = 0.5;
const NAME_BOOST = 2;

/**
 * minisearch's calcBM25Score in two halves (the idf once per term and field), each the
 * same expression, so the same double comes out.
 */
const idf = (matchingCount: number, totalCount: number): number => Math.log(1 + (totalCount - matchingCount + 0.5) / (matchingCount + 0.5));
function bm25(invDocFreq: number, termFreq: number, fieldLength: number, avgFieldLength: number): number {
  return invDocFreq * (D + (termFreq * (K + 1)) / (termFreq + K * (1 - B + (B * fieldLength) / avgFieldLength)));
}

export interface Bm25Document {
  name: string;
  description: string;
}

export interface Bm25Hit {
  id: number;
  score: number;
}

/** A growable Int32Array (build time only). */
class IntList {
  data = new Int32Array(1024);
  length = 0;
  push(x: number): void {
    if (this.length === this.data.length) {
      const next = new Int32Array(this.data.length * 2);
      next.set(this.data);
      this.data = next;
    }
    this.data[this.length++] = x;
  }
}

export class Bm25Index {
  private readonly termIds = new Map<string, number>();
  /** Term t's postings are [termStart[t], termStart[t + 1]) of postDoc / postScore. */
  private readonly termStart: Int32Array;
  /** Documents in minisearch's visiting order: name hits by id, then description-only hits by id. */
  private readonly postDoc: Int32Array;
  /** Each posting's score for its term (name + description part, boost applied). */
  private readonly postScore: Float64Array;
  // Per-query scratch, reused: `seen[d] === epoch` marks a document hit by this query.
  private readonly seen: Int32Array;
  private readonly acc: Float64Array;
  private readonly quality: Int32Array;
  private readonly order: Int32Array;
  private epoch = 0;

  constructor(docs: readonly Bm25Document[]) {
    const n = docs.length;
    // Pass 1: tokenise once; raw postings (term, doc·2+field, tf) in document order.
    const rawTerm = new IntList();
    const rawSlot = new IntList();
    const rawTf = new IntList();
    const lastRaw: number[] = []; // term → its latest raw posting
    const fieldLength = new Int32Array(n * 2);
    const avg = [0, 0];
    for (let d = 0; d < n; d++) {
      const doc = docs[d]!;
      for (let f = 0; f < 2; f++) {
        const slot = d * 2 + f;
        let unique = 0;
        for (const token of tokenize(f === 0 ? doc.name : doc.description)) {
          let t = this.termIds.get(token);
          if (t === undefined) {
            t = this.termIds.size;
            this.termIds.set(token, t);
            lastRaw.push(-1);
          }
          const last = lastRaw[t]!;
          if (last >= 0 && rawSlot.data[last] === slot) rawTf.data[last]!++;
          else {
            lastRaw[t] = rawTerm.length;
            rawTerm.push(t);
            rawSlot.push(slot);
            rawTf.push(1);
            unique++;
          }
        }
        fieldLength[slot] = unique;
        // minisearch keeps a running average, updated per document: the same arithmetic.
        avg[f] = (avg[f]! * d + unique) / (d + 1);
      }
    }
    // Pass 2: group by term (counting sort keeps document order), then per term the
    // combined postings with their scores.
    const terms = this.termIds.size;
    const count = new Int32Array(terms + 1);
    for (let r = 0; r < rawTerm.length; r++) count[rawTerm.data[r]! + 1]!++;
    for (let t = 0; t < terms; t++) count[t + 1]! += count[t]!;
    const byTerm = new Int32Array(rawTerm.length);
    const fill = count.slice(0, terms);
    for (let r = 0; r < rawTerm.length; r++) byTerm[fill[rawTerm.data[r]!]!++] = r;

    const termStart = new Int32Array(terms + 1);
    const postDoc = new Int32Array(rawTerm.length);
    const postScore = new Float64Array(rawTerm.length);
    let out = 0;
    for (let t = 0; t < terms; t++) {
      termStart[t] = out;
      const from = count[t]!;
      const to = count[t + 1]!;
      let dfName = 0;
      for (let k = from; k < to; k++) if ((rawSlot.data[byTerm[k]!]! & 1) === 0) dfName++;
      const idfName = idf(dfName, n);
      const idfDesc = idf(to - from - dfName, n);
      // Within a term a document's name posting comes right before its description posting.
      for (let k = from; k < to; k++) {
        const r = byTerm[k]!;
        const slot = rawSlot.data[r]!;
        if ((slot & 1) !== 0) continue;
        let score = NAME_BOOST * bm25(idfName, rawTf.data[r]!, fieldLength[slot]!, avg[0]!);
        const next = k + 1 < to ? byTerm[k + 1]! : -1;
        if (next >= 0 && rawSlot.data[next] === slot + 1) score += bm25(idfDesc, rawTf.data[next]!, fieldLength[slot + 1]!, avg[1]!);
        postDoc[out] = slot >> 1;
        postScore[out++] = score;
      }
      for (let k = from; k < to; k++) {
        const r = byTerm[k]!;
        const slot = rawSlot.data[r]!;
        if ((slot & 1) === 0 || (k > from && rawSlot.data[byTerm[k - 1]!] === slot - 1)) continue;
        postDoc[out] = slot >> 1;
        postScore[out++] = bm25(idfDesc, rawTf.data[r]!, fieldLength[slot]!, avg[1]!);
      }
    }
    termStart[terms] = out;
    this.termStart = termStart;
    this.postDoc = postDoc;
    this.postScore = postScore;
    this.seen = new Int32Array(n);
    this.acc = new Float64Array(n);
    this.quality = new Int32Array(n);
    this.order = new Int32Array(n);
  }

  /** The best `topK` documents for the query, best first (ties: minisearch's order). */
  search(query: string, topK: number): Bm25Hit[] {
    const { termStart, postDoc, postScore, seen, acc, quality, order } = this;
    const epoch = ++this.epoch;
    let hit = 0;
    const tokens = tokenize(query);
    for (let q = 0; q < tokens.length; q++) {
      const token = tokens[q]!;
      const t = this.termIds.get(token);
      if (t === undefined) continue;
      // A repeated query term adds its score again but is one matched term (minisearch).
      const repeat = tokens.indexOf(token) < q;
      for (let k = termStart[t]!, end = termStart[t + 1]!; k < end; k++) {
        const d = postDoc[k]!;
        if (seen[d] !== epoch) {
          seen[d] = epoch;
          acc[d] = postScore[k]!;
          quality[d] = 1;
          order[hit++] = d;
        } else {
          acc[d] = acc[d]! + postScore[k]!;
          if (!repeat) quality[d]!++;
        }
      }
    }
    // Top k by insertion into a short sorted list: documents come in first-seen order, so a
    // later equal score ranks after (a stable sort of every hit, without sorting them all).
    const top: Bm25Hit[] = [];
    for (let h = 0; h < hit; h++) {
      const d = order[h]!;
      const score = acc[d]! * quality[d]!;
      if (top.length === topK && score <= top[topK - 1]!.score) continue;
      let at = top.length;
      while (at > 0 && top[at - 1]!.score < score) at--;
      top.splice(at, 0, { id: d, score });
      if (top.length > topK) top.pop();
    }
    return top;
  }
}
