// One connection attempt of a server (CONN-2 lazy connect): a stdio start slot (CONN-3), the
// host's injected environment (CONN-4, keychain), the session within the startup timeout, then
// whatever the connection does with it (list the tools). Cancelled by abort() or by its
// connection stopping; a cancelled attempt reaps what it started.
import type { ConnectionSpec } from '../../../shared/schemas/server';
import type { ConnectionContext } from './connection';
import { startupTimeoutMs } from './options';
import { type Session, type SessionContext, openSession } from '../mcp/session';
import type { LineRing } from '../mcp/ring';
import type { ExitStatus, InputRequest, LostCode } from '../mcp/types';
import { ReasonError } from './errors';
import { diagnoseLaunch, isStartFailure } from '../doctor/diagnose';
import { recordGroup } from './group-records';
import { resolveHeaders, stdioEnv } from './expand';
import { homeDir } from '../paths';

/**
 * A start in progress. `started` resolves when the server's own start begins: after its stdio
 * start slot and the host's own preparation (keychain reads), so neither counts against its
 * discovery budget (CONN-3).
 */
export interface Attempt {
  readonly started: Promise<void>;
  readonly done: Promise<Session>;
  /** Hands the stdio start slot back early: discovery stopped waiting for this start. */
  releaseSlot(): void;
}

export interface OwnAttempt extends Attempt {
  abort(): void;
}

/** What the attempt needs from its connection. */
export interface AttemptOwner extends Pick<SessionContext, 'traffic'> {
  readonly stderr: LineRing;
  /** PROTO-2: the server said a list changed. */
  listChanged(list: 'tools' | 'prompts' | 'resources'): void;
  readonly spec: ConnectionSpec;
  isStopped(): boolean;
  /**
   * The session is open and still wanted: the connection takes it over. `connectMs` runs from
   * the moment this attempt held its start slot, so the panel's own preparation (keychain
   * variables, the era record) counts alike for every server started together (Kimi's
   * first-ready order, NAME-2, compares these times).
   */
  opened(s: Session, connectMs: number): Promise<void>;
  /** The session closed without being asked to. */
  lost(s: Session, why: LostCode): void;
  /** The attempt is over, whichever way. */
  ended(attempt: OwnAttempt): void;
  /** It failed without having been cancelled (CONN-6: failed, retried later). */
  failed(error: unknown): void;
}

export function startAttempt(owner: AttemptOwner, ctx: Pick<ConnectionContext, 'options' | 'stdioSlots' | 'verdicts'>): OwnAttempt {
  const { options: o, stdioSlots, verdicts } = ctx;
  const spec = owner.spec;
  const controller = new AbortController();
  const wanted = (): boolean => !owner.isStopped() && !controller.signal.aborted;
  let giveSlotBack: (() => void) | null = null;
  let slotReleased = false;
  let markStarted!: () => void;
  const started = new Promise<void>((r) => (markStarted = r));
  const releaseSlot = (): void => {
    slotReleased = true;
    giveSlotBack?.();
  };
  const run = async (): Promise<Session> => {
    if (spec.transport === 'stdio') {
      const release = await stdioSlots.acquire();
      if (slotReleased) release();
      else giveSlotBack = release;
    }
    const began = performance.now();
    if (!wanted()) throw cancelled();
    const [injected, eraMode] = await Promise.all([o.injectEnv ? o.injectEnv(spec) : {}, o.eraMode ? o.eraMode(spec) : 'auto']);
    if (!wanted()) throw cancelled();
    markStarted();
    const authProvider = spec.transport === 'stdio' ? undefined : o.authProvider?.(spec);
    let opened: Session | null = null;
    let exit: ExitStatus | null = null;
    // A variable the entry needs and the environment lacks rejects here, as a failed connect (CONN-4).
    const connect = async (): Promise<Session> =>
      openSession(
        spec,
        {
          clock: o.clock,
          ...reach(spec, o.env, injected, o.workspaceRoot),
          ...(authProvider ? { authProvider } : {}),
          ...(o.fetch ? { fetch: o.fetch } : {}),
          stderr: owner.stderr,
          traffic: owner.traffic,
          killGraceMs: o.killGraceMs,
          recordGroup: (pid, command, token) => recordGroup(o.dataDir, pid, command, token), // SEC-7: for the start-up sweep
          signal: controller.signal,
          onExit: (s) => (exit = s),
          onUnexpectedClose: (why) => {
            if (opened) owner.lost(opened, why);
          },
          eraMode,
          verdicts,
          ...(o.serverInput ? { onInput: (req: InputRequest, signal: AbortSignal) => o.serverInput!(spec, req, signal) } : {}),
          ...(o.declares ? { declares: o.declares(spec) } : {}),
          ...(o.authChallenge ? { onAuthChallenge: (c: Parameters<NonNullable<typeof o.authChallenge>>[1]) => o.authChallenge?.(spec, c) } : {}),
          onListChanged: (list) => owner.listChanged(list),
        },
        startupTimeoutMs(spec, o),
      );
    const session = await connect().catch(async (err: unknown) => {
      // A stdio start that failed says why, with the fix, instead of ENOENT.
      throw spec.transport === 'stdio' && wanted() && isStartFailure(err, exit) ? await explain(spec, err, exit, o, injected, () => owner.stderr.lines()) : err;
    });
    releaseSlot();
    if (!wanted()) {
      await session.close();
      throw cancelled();
    }
    opened = session;
    await owner.opened(session, Math.round(performance.now() - began));
    return session;
  };
  const settle = (): void => {
    releaseSlot();
    markStarted();
  };
  const done = run().then(
    (s) => {
      settle();
      owner.ended(attempt);
      return s;
    },
    (err: unknown) => {
      settle();
      owner.ended(attempt);
      if (wanted()) owner.failed(err);
      throw err;
    },
  );
  done.catch(() => undefined);
  const attempt: OwnAttempt = { started, done, releaseSlot, abort: () => controller.abort() };
  return attempt;
}

/**
 * CONN-4 / CONN-7: what the session starts with. stdio: the launch env, then the entry's env,
 * then host-injected values, in the entry's folder or home; remote: the entry's headers with
 * `${VAR}` expanded from the environment and the injected values.
 */
function reach(spec: ConnectionSpec, env: NodeJS.ProcessEnv, injected: Record<string, string>, workspaceRoot: string | undefined): Pick<SessionContext, 'launch' | 'root'> {
  const launch = spec.transport === 'stdio' ? { env: stdioEnv(spec, env, injected), cwd: spec.cwd ?? homeDir(env) } : { headers: resolveHeaders(spec, { ...env, ...injected }) };
  return { launch, root: workspaceRoot ?? homeDir(env) };
}

/** The launch doctor's diagnosis as the attempt's error; the original error when it has none. */
async function explain(spec: ConnectionSpec, err: unknown, exit: ExitStatus | null, o: Pick<ConnectionContext['options'], 'env' | 'loginPath'>, injected: Record<string, string>, stderr: () => string[]): Promise<unknown> {
  await new Promise((r) => setImmediate(r)); // the child's last stderr chunk is piped, not yet read
  const d = await diagnoseLaunch(spec, { env: o.env, injected, ...(o.loginPath ? { loginPath: o.loginPath } : {}) }, { error: err, exit, stderr: stderr() }).catch(() => null);
  return d ? new ReasonError(d.code, d.reason, d.params) : err;
}

function cancelled(): Error {
  return new Error('connection attempt cancelled');
}
