// Issue 42 item 5 (AGENT-2, CFG-7): every file of the corpus (test/corpus/<dialect>/, each one's
// repository and commit in SOURCES.md) is read by the panel's loader for its dialect (every
// server name right, a file it cannot read refused with line and column, nothing thrown), each
// server is switched off and on (and on and off) and renamed and back through the real writer,
// and the file is compared byte for byte. The table (dialect × files) is printed for the record.
import { describe, expect, it } from 'vitest';
import { type FileResult, listCorpus, runFile, type Trip } from './corpus';

const count = (trips: Trip[], kind: Trip['kind']) => trips.filter((t) => t.kind === kind).length;
const sum = (rs: FileResult[], key: 'agentSkips' | 'unreadKeys' | 'agentOwn' | 'prompts') => rs.reduce((n, r) => n + r[key], 0);

function table(results: FileResult[]): string {
  const rows = [
    '| dialect | files | servers | read right | refused clearly | agent skips / unread keys / own / prompts | switch trips same / all (refused) | rename trips same / all | list trips same / all | thrown |',
    '| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |',
  ];
  for (const folder of [...new Set(results.map((r) => r.folder))]) {
    const rs = results.filter((r) => r.folder === folder);
    const all = (pick: (r: FileResult) => Trip[]) => rs.flatMap(pick);
    const sw = all((r) => r.switches);
    const rn = all((r) => r.renames);
    const ls = all((r) => r.lists);
    rows.push(
      `| ${folder} | ${rs.length} | ${rs.reduce((n, r) => n + r.servers, 0)} | ${rs.filter((r) => r.readRight).length}/${rs.length} | ${rs.filter((r) => r.refusedClearly).length} | ` +
        `${sum(rs, 'agentSkips')} / ${sum(rs, 'unreadKeys')} / ${sum(rs, 'agentOwn')} / ${sum(rs, 'prompts')} | ` +
        `${count(sw, 'same')} / ${sw.length} (${count(sw, 'refused')}) | ${count(rn, 'same')} / ${rn.length} | ${ls.length ? `${count(ls, 'same')} / ${ls.length}` : '-'} | ${rs.reduce((n, r) => n + r.thrown.length, 0) + count([...sw, ...rn, ...ls], 'thrown')} |`,
    );
  }
  return rows.join('\n');
}

describe('the corpus of real config files (issue 42 item 5)', () => {
  it('every file is read right, and every switch and rename round trip is byte-identical', async () => {
    const files = await listCorpus();
    expect(files.length).toBeGreaterThanOrEqual(100);
    const results: FileResult[] = [];
    for (const f of files) results.push(await runFile(f.folder, f.file));
    console.log(`\n${table(results)}\n`);
    const where = (r: FileResult, t: Trip) => `${r.folder}/${r.file}: ${JSON.stringify(t)}`;
    // Nothing thrown: problems are reported.
    expect(results.flatMap((r) => [...r.thrown, ...[...r.switches, ...r.renames, ...r.lists].filter((t) => t.kind === 'thrown').map((t) => where(r, t))])).toEqual([]);
    expect(results.filter((r) => !r.readRight).map((r) => `${r.folder}/${r.file}`)).toEqual([]);
    // A round trip either gives the file back byte for byte or is refused with a code; never other bytes.
    expect(results.flatMap((r) => [...r.switches, ...r.renames, ...r.lists].filter((t) => t.kind === 'diff').map((t) => where(r, t)))).toEqual([]);
    // Refusals are the expected ones: no per-server switch in the agent (it has a list instead), or a file it cannot read.
    const refusals = new Set(results.flatMap((r) => [...r.switches, ...r.renames, ...r.lists].flatMap((t) => (t.kind === 'refused' ? [t.code] : []))));
    expect([...refusals].filter((c) => c !== 'unsupported' && c !== 'parse_error')).toEqual([]);
    // Every file the panel cannot read is refused with its line and column.
    expect(results.filter((r) => !r.parsed && !r.refusedClearly).map((r) => `${r.folder}/${r.file}`)).toEqual([]);
  }, 600_000);
});
