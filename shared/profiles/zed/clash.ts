// NAME-1 as Zed names its tools (see README.md here): the `server-prefix` collision rule, over one
// agent's naming by position (shared/naming/naming.ts).
import { refNamed } from '../../naming/refs';
import type { Naming } from '../../naming/naming';
import type { ProfileFacts } from '../types';

/**
 * Zed (thread.rs `enabled_tools`): every holder of a name two tools share is shown as
 * `clash(server, tool)`; if those names meet again, the later tool replaces the earlier.
 */
export function zedNames(n: Naming, { namer, clashName }: ProfileFacts['naming']): void {
  const clash = clashName ?? ((server: string, tool: string) => `${server}_${tool}`);
  const { count, tool, server } = n.at;
  // The first holder of each name, in the order names were first taken; the others only where shared.
  const first = new Map<string, number>();
  const more = new Map<string, number[]>();
  let namedFor = -1;
  let nameOf: (tool: string) => string = (t) => t;
  for (let i = 0; i < n.size; i++) {
    if (n.names[i] === null) continue;
    if (i < count) {
      if (server[i] !== namedFor) [namedFor, nameOf] = [server[i]!, namer(n.servers[server[i]!]!.serverName)];
      n.names[i] = nameOf(tool[i]!);
    }
    const name = n.names[i]!;
    const holder = first.get(name);
    if (holder === undefined) {
      first.set(name, i);
      continue;
    }
    const list = more.get(name);
    if (list) list.push(i);
    else more.set(name, [holder, i]);
  }
  for (const name of more.size ? first.keys() : []) {
    const list = more.get(name);
    if (!list) continue;
    const f = list[0]!;
    for (const i of list) {
      n.names[i] = clash(n.servers[n.serverAt(i)]!.serverName, n.toolAt(i));
      const other = i === f ? list[1]! : f;
      n.note(i, { collidesWith: refNamed(n.refAt(other), n.kindOf(other, i), name) });
      if (i !== f) n.collisions.push({ name, kind: n.kindOf(f, i), winner: n.refAt(f), loser: n.refAt(i), resolution: 'suffixed', assigned: n.names[i]! });
    }
  }
  // Names that still meet: Zed's map keeps the last insert.
  const final = new Map<string, number>();
  for (let i = 0; i < n.size; i++) {
    const name = n.names[i];
    if (name === null || name === undefined) continue;
    const earlier = final.get(name);
    final.set(name, i);
    if (earlier === undefined) continue;
    const kind = n.kindOf(i, earlier);
    const winner = n.refAt(i);
    n.collisions.push({ name, kind, winner, loser: n.refAt(earlier), resolution: 'dropped', assigned: null });
    n.drop(earlier, refNamed(winner, kind, name));
  }
}
