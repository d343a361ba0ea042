// A stand-in for the system browser (MCP_PANEL_BROWSER): a real executable that records its
// argv and its /proc cmdline to a file, and, when asked, follows an http(s) argument like a
// person clicking "approve" (fetch follows the redirects to the loopback callback).
import { chmodSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export interface StandInBrowser {
  /** The executable to put in MCP_PANEL_BROWSER. */
  bin: string;
  /** Where it writes `{ argv, cmdline }` once it ran. */
  record: string;
  ran(): boolean;
  read(): { argv: string[]; cmdline: string };
  /** The status the forged callback got (forgeFirst), or null. */
  forged(): number | null;
}

/**
 * `forgeFirst`: before following, it plays another local process that hits the login callback
 * (the authorization URL's redirect_uri) with a wrong `state`, and records that answer's status.
 */
export function makeStandInBrowser(dir: string, opts: { follow?: boolean; forgeFirst?: boolean } = {}): StandInBrowser {
  const bin = join(dir, 'stand-in-browser.mjs');
  const record = join(dir, 'browser-argv.json');
  const script = `#!${process.execPath}
import { readFileSync, renameSync, writeFileSync } from 'node:fs';
const argv = process.argv.slice(2);
let cmdline = '';
try { cmdline = readFileSync('/proc/self/cmdline', 'utf8'); } catch {}
writeFileSync(${JSON.stringify(record + '.tmp')}, JSON.stringify({ argv, cmdline }));
renameSync(${JSON.stringify(record + '.tmp')}, ${JSON.stringify(record)});
if (${opts.forgeFirst ? 'true' : 'false'} && /^https?:/.test(argv[0] ?? '')) {
  const cb = new URL(new URL(argv[0]).searchParams.get('redirect_uri'));
  cb.search = '?state=forged&code=attacker-code';
  const forged = await fetch(cb);
  writeFileSync(${JSON.stringify(record + '.forged')}, String(forged.status));
}
if (${opts.follow ? 'true' : 'false'} && /^https?:/.test(argv[0] ?? '')) await fetch(argv[0]).then((r) => r.text());
`;
  writeFileSync(bin, script);
  chmodSync(bin, 0o755);
  return {
    bin,
    record,
    ran: () => existsSync(record),
    read: () => JSON.parse(readFileSync(record, 'utf8')) as { argv: string[]; cmdline: string },
    forged: () => (existsSync(record + '.forged') ? Number(readFileSync(record + '.forged', 'utf8')) : null),
  };
}
