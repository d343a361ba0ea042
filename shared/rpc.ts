// Derivation machinery for shared/contract.ts: the handler map a host must fill (checked by
// the compiler AND at runtime), the dispatcher every host puts in front of it (inputs are
// validated here: the host is the security boundary, SEC-1/SEC-2), and the renderer client
// (outputs and events validated there). Channel names live in channels.ts, nowhere else.
import { z } from 'zod';
import { ERROR_DATA, type ErrorCode, ErrorCodeSchema, fail, ResultEnvelopeSchema, RpcErrorSchema, toRpcError, type RpcError } from './errors';
import { isRecord } from './is-record';
import { type Err, ok, type Result } from './result';

/**
 * Who may call a method besides the CLI in its own process (issue 36): the page (IPC or the web
 * host), the tray, the panel's local socket (the CLI, another process of the same user: its reads
 * and its config writes).
 */
export type Caller = 'page' | 'tray' | 'socket';
/**
 * SEC-2 at the contract boundary: a `config` answer loses every secret shape (shared/secrets);
 * a `server` answer is what servers say (tool schemas, results, resources, what a server asks of
 * the person): the patterns for config text would rewrite it, so it loses the user's known
 * secrets only.
 */
export type Redaction = 'config' | 'server';
/** A read changes no file, no selection and nothing the person sees (at most a cache); an action may. */
export type MethodKind = 'read' | 'action';
export interface MethodMeta {
  kind: MethodKind;
  callers: readonly Caller[];
  redaction: Redaction;
}
/** The codes a method may fail with, each with the schema of its `data` (shared/errors.ts ERROR_DATA). */
export type ErrorSchemas<E extends ErrorCode> = { readonly [K in E]: (typeof ERROR_DATA)[K] };
export interface MethodDef<I extends z.ZodType = z.ZodType, O extends z.ZodType = z.ZodType, E extends ErrorCode = never> {
  input: I;
  output: O;
  meta: MethodMeta;
  errors: ErrorSchemas<E>;
}
export interface ContractShape {
  methods: Record<string, MethodDef>;
  events: Record<string, z.ZodType>;
}

export { IPC_INVOKE_CHANNEL, IPC_EVENT_CHANNEL, HTTP_RPC_PREFIX, WS_EVENTS_PATH, SESSION_KEY_HEADER, SESSION_KEY_FRAGMENT, SESSION_KEY_ITEM, SESSION_RESUME_PATH, WS_PROTOCOL, WS_KEY_PROTOCOL_PREFIX } from './channels';

const NAME = /^[a-z][a-zA-Z]*\.[a-z][a-zA-Z]*$/;

/**
 * What every method may fail with whatever it does: its input refused by the dispatcher, or
 * something nobody foresaw (a thrown Error, an answer its schema refuses).
 */
export const ALWAYS = ['invalid-input', 'internal'] as const satisfies readonly ErrorCode[];
type Always = (typeof ALWAYS)[number];

/**
 * What a front door may answer for any method before dispatch, as the client's own `transport`
 * is: SEC-1's refusal of an unexpected IPC frame (electron/main/ipc.ts), the panel socket's
 * refusal of a method not served to the command line (host/local-socket/listen.ts).
 */
export const FRONT_DOOR = ['refused'] as const satisfies readonly ErrorCode[];

/** `errors`: the codes its handler can answer besides ALWAYS (derived from the handler, issue 36 item 1). */
export function method<I extends z.ZodType, O extends z.ZodType, E extends ErrorCode = never>(input: I, output: O, meta: MethodMeta, errors: readonly E[] = []): MethodDef<I, O, E | Always> {
  const codes: readonly (E | Always)[] = [...ALWAYS, ...errors];
  return { input, output, meta, errors: Object.fromEntries(codes.map((c) => [c, ERROR_DATA[c]])) as ErrorSchemas<E | Always> };
}

/** The page's reads, also served on the panel's socket (the CLI's read commands when a panel runs). */
export const SERVED: MethodMeta = { kind: 'read', callers: ['page', 'socket'], redaction: 'config' };
/**
 * A config write the CLI makes, also served on the panel's socket (issue 36 item 3): the same
 * handlers answer whichever front door it comes from. Never a switch of the selection: the
 * panel's socket is for the CLI's reads and the file writes its commands make.
 */
export const SERVED_WRITE: MethodMeta = { kind: 'action', callers: ['page', 'socket'], redaction: 'config' };
/** The page's reads. */
export const READ: MethodMeta = { kind: 'read', callers: ['page'], redaction: 'config' };
/** The page's actions. */
export const ACTION: MethodMeta = { kind: 'action', callers: ['page'], redaction: 'config' };
/** UI-10: an action the tray runs as a problem's fix (electron/host/tray-fixes.ts) as well as the page. */
export const TRAY_FIX: MethodMeta = { ...ACTION, callers: ['page', 'tray'] };
/** The same, answering what servers say. */
export const serverContent = (meta: MethodMeta): MethodMeta => ({ ...meta, redaction: 'server' });

/** The methods marked for a caller (the socket's served set, issue 36: derived, not listed by hand). */
export function methodsFor(contract: ContractShape, caller: Caller): string[] {
  return Object.entries(contract.methods)
    .filter(([, def]) => def.meta.callers.includes(caller))
    .map(([name]) => name);
}

export function defineContract<C extends ContractShape>(contract: C): C {
  for (const name of [...Object.keys(contract.methods), ...Object.keys(contract.events)]) {
    if (!NAME.test(name)) throw new Error(`contract name "${name}" is not domain.verb / domain.event`);
  }
  return contract;
}

export type MethodName<C extends ContractShape> = keyof C['methods'] & string;
export type EventName<C extends ContractShape> = keyof C['events'] & string;
/** What a caller sends (before defaults are applied). */
export type MethodInput<C extends ContractShape, M extends MethodName<C>> = z.input<C['methods'][M]['input']>;
/** What a handler receives (validated, defaults applied). */
export type HandlerInput<C extends ContractShape, M extends MethodName<C>> = z.output<C['methods'][M]['input']>;
export type MethodOutput<C extends ContractShape, M extends MethodName<C>> = z.output<C['methods'][M]['output']>;
export type EventPayload<C extends ContractShape, E extends EventName<C>> = z.output<C['events'][E]>;
export type EventInput<C extends ContractShape, E extends EventName<C>> = z.input<C['events'][E]>;
/** The typed error union of one method: each code it lists with that code's `data`. */
export type MethodError<C extends ContractShape, M extends MethodName<C>> = {
  [K in keyof C['methods'][M]['errors'] & ErrorCode]: { code: K; message: string; data?: z.output<C['methods'][M]['errors'][K]> };
}[keyof C['methods'][M]['errors'] & ErrorCode];

export interface CallContext {
  host: 'electron' | 'web' | 'cli';
}

/**
 * What a handler answers: its output, or a failure (shared/result.ts) that the dispatcher sends
 * as it is, so a layer that answers a Result (the writer, the bridge installer) needs no throw
 * on the way out. A thrown AppError still works (services deep in a call throw one).
 */
export type HandlerAnswer<O> = O | Err<RpcError>;

/** Every method needs a handler: a missing key is a compile error where this type is used. */
export type Handlers<C extends ContractShape> = {
  [M in MethodName<C>]: (
    input: HandlerInput<C, M>,
    ctx: CallContext,
  ) => Promise<HandlerAnswer<z.input<C['methods'][M]['output']>>> | HandlerAnswer<z.input<C['methods'][M]['output']>>;
};

/**
 * A handler's failure answer: `ok: false` and an error with a contract code. No method's output
 * can take that shape (disclosure.search answers `ok: false` with its own codes; test/unit/contract
 * checks every output), so an output is never mistaken for a failure.
 */
export function isFailure(value: unknown): value is { ok: false; error: unknown } {
  return isRecord(value) && value.ok === false && isRecord(value.error) && ErrorCodeSchema.safeParse(value.error.code).success;
}

export function missingHandlers(contract: ContractShape, handlers: object): string[] {
  return Object.keys(contract.methods).filter((m) => typeof (handlers as Record<string, unknown>)[m] !== 'function');
}

export type Dispatch = (method: unknown, input: unknown, ctx: CallContext) => Promise<Result<unknown>>;

export interface DispatchOptions {
  /**
   * A handler answered a code its method does not list. The caller switches on the listed codes
   * (the page, the tray, the CLI), so at run time the error is still sent, with its message (the
   * person still reads what to do), as `internal` (the one code every method lists), its own code
   * in `data.undeclared`, and reported here for the log. `throw`: the call rejects instead, so a
   * test that reaches an undeclared code fails (vitest.config.ts sets MCP_PANEL_STRICT_CONTRACT).
   */
  undeclared?: 'throw' | ((method: string, error: RpcError) => void);
}

/** The error as its method lists it (DispatchOptions.undeclared says what happens otherwise). */
function declared(def: MethodDef, name: string, error: RpcError, opts: DispatchOptions): RpcError {
  if (Object.hasOwn(def.errors, error.code)) return error;
  if (opts.undeclared === 'throw') throw new Error(`${name} answered error code "${error.code}", which its contract entry does not list: ${error.message}`);
  opts.undeclared?.(name, error);
  return { code: 'internal', message: error.message, data: { ...error.data, undeclared: error.code } };
}

/** The host side of every bridge. Throws at construction if any method lacks a handler. */
export function createDispatcher<C extends ContractShape>(contract: C, handlers: Handlers<C>, opts: DispatchOptions = {}): Dispatch {
  const missing = missingHandlers(contract, handlers);
  if (missing.length) throw new Error(`no handler for: ${missing.join(', ')}`);
  const table = handlers as unknown as Record<string, (input: unknown, ctx: CallContext) => unknown>;
  return async (name, input, ctx) => {
    if (typeof name !== 'string' || !Object.hasOwn(contract.methods, name)) {
      return fail('unknown-method', `unknown method ${JSON.stringify(name)}`);
    }
    const def = contract.methods[name]!;
    const parsed = def.input.safeParse(input ?? {});
    if (!parsed.success) return fail('invalid-input', `${name}: ${z.prettifyError(parsed.error)}`);
    let value: unknown;
    try {
      value = await table[name]!(parsed.data, ctx);
    } catch (err) {
      return { ok: false, error: declared(def, name, toRpcError(err), opts) };
    }
    if (isFailure(value)) {
      const error = RpcErrorSchema.safeParse(value.error);
      if (!error.success) return fail('internal', `${name} failed with a malformed error: ${z.prettifyError(error.error)}`);
      return { ok: false, error: declared(def, name, error.data, opts) };
    }
    // Parse on the way out too: strips anything the schema does not name, so a field a
    // service adds by accident never reaches the page (SEC-2).
    const out = def.output.safeParse(value);
    if (!out.success) return fail('internal', `${name} produced an invalid answer: ${z.prettifyError(out.error)}`);
    return ok(out.data);
  };
}

/** Is this error one the method lists (so its code is the method's)? */
function listed<C extends ContractShape, M extends MethodName<C>>(contract: C, name: M, error: RpcError): error is CallError<C, M> & RpcError {
  return Object.hasOwn(contract.methods[name]!.errors, error.code) || (FRONT_DOOR as readonly string[]).includes(error.code);
}

function clientFail(code: 'transport' | 'invalid-output', message: string): Err<{ code: 'transport' | 'invalid-output'; message: string }> {
  return { ok: false, error: { code, message } };
}

/** How a client reaches a host: IPC (preload) or HTTP + WebSocket (web host). */
export interface RpcTransport {
  invoke(method: string, input: unknown): Promise<unknown>;
  subscribe(listener: (event: string, payload: unknown) => void): () => void;
}

/** The codes a call may fail with: its method's (contract) and the client's own (the host not reached, an answer the contract refuses). */
export type CallCode<C extends ContractShape, M extends MethodName<C>> = (keyof C['methods'][M]['errors'] & ErrorCode) | (typeof FRONT_DOOR)[number] | 'transport' | 'invalid-output';
/** What a call's failure carries: an RpcError whose code is one its method lists (or the client's own). */
export type CallError<C extends ContractShape, M extends MethodName<C>> = Omit<RpcError, 'code'> & { code: CallCode<C, M> };

export interface Bridge<C extends ContractShape> {
  call<M extends MethodName<C>>(method: M, input: MethodInput<C, M>): Promise<Result<MethodOutput<C, M>, CallError<C, M>>>;
  on<E extends EventName<C>>(event: E, listener: (payload: EventPayload<C, E>) => void): () => void;
}

/** The renderer side: validates what the host answers and every event it pushes. */
export function createClient<C extends ContractShape>(
  contract: C,
  transport: RpcTransport,
  onInvalid: (what: string, detail: string) => void = () => {},
): Bridge<C> {
  const listeners = new Map<string, Set<(payload: never) => void>>();
  let unsubscribe: (() => void) | null = null;
  const route = (event: string, payload: unknown): void => {
    const schema = Object.hasOwn(contract.events, event) ? contract.events[event] : undefined;
    if (!schema) return onInvalid(event, 'unknown event');
    const parsed = schema.safeParse(payload);
    if (!parsed.success) return onInvalid(event, z.prettifyError(parsed.error));
    for (const l of listeners.get(event) ?? []) (l as (p: unknown) => void)(parsed.data);
  };
  return {
    async call(name, input) {
      let raw: unknown;
      try {
        raw = await transport.invoke(name, input);
      } catch (err) {
        return clientFail('transport', `could not reach the panel host: ${err instanceof Error ? err.message : String(err)}`);
      }
      const envelope = ResultEnvelopeSchema.safeParse(raw);
      if (!envelope.success) return clientFail('invalid-output', `${name}: malformed answer`);
      if (!envelope.data.ok) {
        const error = envelope.data.error;
        // A transport's own failure answered as a Result (the local socket's connection lost, or the
        // socket refusing the call before any method ran): the client's code, in the transport's words.
        if (error.code === 'transport') return { ok: false, error: { ...error, code: 'transport' } };
        // The host sends an unlisted code as internal (createDispatcher): one that arrives anyway comes from a host this contract does not describe.
        return listed(contract, name, error) ? { ok: false, error } : clientFail('invalid-output', `${name}: error code "${error.code}" is not one this method lists: ${error.message}`);
      }
      const out = contract.methods[name]!.output.safeParse(envelope.data.value);
      if (!out.success) return clientFail('invalid-output', `${name}: ${z.prettifyError(out.error)}`);
      return ok(out.data as MethodOutput<C, typeof name>);
    },
    on(event, listener) {
      let set = listeners.get(event);
      if (!set) listeners.set(event, (set = new Set()));
      set.add(listener as (payload: never) => void);
      unsubscribe ??= transport.subscribe(route);
      return () => {
        set.delete(listener as (payload: never) => void);
        if ([...listeners.values()].every((s) => s.size === 0)) {
          unsubscribe?.();
          unsubscribe = null;
        }
      };
    },
  };
}

/** Host-side event fan-out, typed by the contract; hosts subscribe and forward. */
export interface EventHub<C extends ContractShape> {
  emit<E extends EventName<C>>(event: E, payload: EventInput<C, E>): void;
  subscribe(listener: (event: EventName<C>, payload: unknown) => void): () => void;
}

export function createEventHub<C extends ContractShape>(): EventHub<C> {
  const subs = new Set<(event: EventName<C>, payload: unknown) => void>();
  return {
    emit(event, payload) {
      for (const s of [...subs]) s(event, payload);
    },
    subscribe(listener) {
      subs.add(listener);
      return () => void subs.delete(listener);
    },
  };
}
