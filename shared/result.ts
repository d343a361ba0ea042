// One Result for every layer (issue 36 item 1): the engine, the config writer, the bridge
// installer and the contract all answer `{ ok: true, value } | { ok: false, error }`; only the
// error differs (the writer's finer WriteError, the installer's BridgeError, the contract's
// RpcError), so a failure passes from one layer to the next without a throw in between.
import type { RpcError } from './errors';

export type Ok<T> = { ok: true; value: T };
export type Err<E> = { ok: false; error: E };
/** The contract's error by default: what crosses to the page, the tray and the CLI. */
export type Result<T, E = RpcError> = Ok<T> | Err<E>;

export function ok<T>(value: T): Ok<T> {
  return { ok: true, value };
}

export function err<E>(error: E): Err<E> {
  return { ok: false, error };
}
