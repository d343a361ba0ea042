// One agent's naming of the servers' tools, kept by position rather than as a row object per tool
// (issue 44: 10,000 tools × every agent was 170,000 objects, most of them saying nothing but a
// name). Row i is the same (server, tool) in every agent's naming of the same servers; a row is
// built when someone reads it.
import type { RegistryData } from '../profiles/minimax/registry';
import type { Profile } from '../schemas/server';
import { kindOf } from './refs';
import type { Collision, CollisionKind, NamedTool, NamingReport, NamingServerInput, ToolNameCollisionEvent, ToolRef } from './assign';

/** The servers' tools by position, shared by every agent named over the same servers. */
export interface Positions {
  /** Tools the servers list (the rows before any made-up tool). */
  count: number;
  /** Row i's server, as an index into the servers. */
  server: Int32Array;
  /** Row i's raw tool name. */
  tool: string[];
}

export function positionsOf(servers: readonly NamingServerInput[]): Positions {
  let count = 0;
  for (const s of servers) count += s.tools.length;
  const server = new Int32Array(count);
  const tool = new Array<string>(count);
  let i = 0;
  for (let k = 0; k < servers.length; k++) {
    for (const t of servers[k]!.tools) {
      server[i] = k;
      tool[i++] = t.name;
    }
  }
  return { count, server, tool };
}

export const DROPPED = 1;
export const DIFFERS = 2;
export const TOO_LONG = 4;
/** The row has a `collidesWith` or a `refused` in `notes`. */
const NOTED = 8;

type Note = { collidesWith: NamedTool['collidesWith']; refused: string | null };

export class Naming implements NamingReport {
  collisions: Collision[] = [];
  events: ToolNameCollisionEvent[] = [];
  registry: RegistryData | null = null;
  registryChanged = false;
  /** Row i's name: '' not named yet, null not shown. */
  readonly names: (string | null)[];
  readonly flags: Uint8Array;
  private readonly notes = new Map<number, Note>();
  /** Per server: the agent defers its tools; they miss this turn; the subagent tool that wraps them. */
  readonly deferred: boolean[];
  readonly late: boolean[];
  readonly wrappedBy: (string | null)[];
  private built: NamedTool[] | null = null;

  constructor(
    readonly profile: Profile,
    readonly servers: readonly NamingServerInput[],
    readonly at: Positions,
    /** The made-up tools (seed 002 authenticate, seed 001 query), after the servers' tools. */
    readonly made: readonly { server: number; tool: 'authenticate' | 'query'; name: string }[] = [],
  ) {
    this.names = new Array<string | null>(at.count + made.length).fill('');
    for (let j = 0; j < made.length; j++) this.names[at.count + j] = made[j]!.name;
    this.flags = new Uint8Array(this.names.length);
    this.deferred = new Array<boolean>(servers.length).fill(false);
    this.late = new Array<boolean>(servers.length).fill(false);
    this.wrappedBy = new Array<string | null>(servers.length).fill(null);
  }

  get size(): number {
    return this.names.length;
  }

  serverAt(i: number): number {
    return i < this.at.count ? this.at.server[i]! : this.made[i - this.at.count]!.server;
  }

  toolAt(i: number): string {
    return i < this.at.count ? this.at.tool[i]! : this.made[i - this.at.count]!.tool;
  }

  refAt(i: number): ToolRef {
    const s = this.servers[this.serverAt(i)]!;
    return { source: s.source ?? 'configured', serverId: s.serverId, serverName: s.serverName, tool: this.toolAt(i) };
  }

  /** Asked of colliding rows only: the references are built then. */
  kindOf(a: number, b: number): CollisionKind {
    return kindOf(this.refAt(a), this.refAt(b));
  }

  /** Nothing a warning would say: named as the scheme names it, not dropped, renamed, cut or refused. */
  quiet(i: number): boolean {
    return this.names[i] !== null && this.flags[i] === 0;
  }

  drop(i: number, collidesWith: NamedTool['collidesWith']): void {
    this.names[i] = null;
    this.flags[i]! |= DROPPED;
    this.note(i, { collidesWith });
  }

  note(i: number, note: Partial<Note>): void {
    const had = this.notes.get(i);
    this.notes.set(i, { collidesWith: note.collidesWith !== undefined ? note.collidesWith : (had?.collidesWith ?? null), refused: note.refused !== undefined ? note.refused : (had?.refused ?? null) });
    this.flags[i]! |= NOTED;
  }

  rowAt(i: number): NamedTool {
    const k = this.serverAt(i);
    const s = this.servers[k]!;
    const f = this.flags[i]!;
    const note = f & NOTED ? this.notes.get(i) : undefined;
    const made = i >= this.at.count ? this.made[i - this.at.count]!.tool : null;
    return {
      serverId: s.serverId,
      serverName: s.serverName,
      source: s.source ?? 'configured',
      tool: this.toolAt(i),
      name: this.names[i] ?? null,
      dropped: (f & DROPPED) !== 0,
      synthetic: made,
      wrappedBy: made ? null : this.wrappedBy[k]!,
      collidesWith: note?.collidesWith ?? null,
      deferred: this.deferred[k]!,
      differsFromRaw: (f & DIFFERS) !== 0,
      tooLong: (f & TOO_LONG) !== 0,
      late: made ? false : this.late[k]!,
      refused: note?.refused ?? null,
    };
  }

  madeRows(): NamedTool[] {
    return this.made.map((_, j) => this.rowAt(this.at.count + j));
  }

  /** Every row, built once when first read. */
  get tools(): NamedTool[] {
    return (this.built ??= Array.from({ length: this.size }, (_, i) => this.rowAt(i)));
  }

  /**
   * For a rule written over rows (MiniMax's registry, one agent): rows to change, then `absorb`
   * takes back what the rule decided.
   */
  rows(): NamedTool[] {
    return Array.from({ length: this.size }, (_, i) => this.rowAt(i));
  }

  absorb(rows: readonly NamedTool[]): void {
    for (let i = 0; i < rows.length; i++) {
      const r = rows[i]!;
      this.names[i] = r.name;
      if (r.dropped) this.flags[i]! |= DROPPED;
      if (r.collidesWith || r.refused !== null) this.note(i, { collidesWith: r.collidesWith, refused: r.refused });
    }
  }
}
