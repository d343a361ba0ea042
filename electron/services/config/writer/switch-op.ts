// Issue 42 item 1 (AGENT-2, CFG-7): a server's on/off switch is written where it stands. A flag
// that exists has only its value's characters changed; a flag the entry lacks is added where the
// agent's own writer puts it (span-editor.ts addSwitch) and recorded (added-ledger.ts); the way
// back takes out exactly what was added. So disable+enable and enable+disable give back the file
// byte for byte.
import { entryEnabled } from '../../../../shared/profiles/kit';
import type { ProfileFacts } from '../../../../shared/profiles/types';
import type { AddedLedger } from './added-ledger';
import type { SpanEditor } from './span-editor';

type Path = readonly string[];

/**
 * The file without the flag when the flag is still exactly the panel's addition (the file without
 * it, given the flag back the panel's way, is the file byte for byte), else null.
 */
export function ownFlag(ed: SpanEditor, text: string, entry: Path, key: string, value: unknown): string | null {
  const without = ed.remove(text, [...entry, key]);
  return without !== text && ed.addSwitch(without, entry, key, value) === text ? without : null;
}

/**
 * The file's text and the entry after turning the server on or off (unchanged when it already
 * is). Whose flag is it: the panel's only when the ledger says the panel added it and it is still
 * byte for byte what the panel wrote; that one is removed on the way back. Every other flag (the
 * user's, or one edited since) is flipped where it stands, and a flip ends the panel's claim.
 * Without a ledger (a pure call) every flag is the user's.
 */
export function writeSwitch(ed: SpanEditor, text: string, facts: Pick<ProfileFacts, 'spelling'>, entryPath: Path, entry: Record<string, unknown>, on: boolean, ledger?: AddedLedger): { text: string; entry: Record<string, unknown> } {
  if (entryEnabled(facts, entry) === on) return { text, entry };
  // `enabled: false`, or (Cline) `disabled: true`: the value that turns the server off.
  const key = facts.spelling.switchKey;
  const off = key === 'enabled' ? false : true;
  const value = on ? !off : off;
  const flag = [...entryPath, key];
  // No flag: the server is on by default, so this turns it off.
  if (!Object.hasOwn(entry, key)) {
    ledger?.put(flag, flag);
    return { text: ed.addSwitch(text, entryPath, key, value), entry: { ...entry, [key]: value } };
  }
  const own = on && ledger?.created(flag) ? ownFlag(ed, text, entryPath, key, off) : null;
  ledger?.drop(flag);
  if (own !== null) {
    const { [key]: _flag, ...rest } = entry;
    return { text: own, entry: rest };
  }
  return { text: ed.set(text, flag, value), entry: { ...entry, [key]: value } };
}
