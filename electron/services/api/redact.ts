// SEC-2 / process model: the page gets "set / not set", never a secret value. Everything a
// server row carries is built here from the config engine's view.
import { SECRET_MASK } from '../../../shared/contract';

const SECRET_KEY = /token|secret|password|passwd|api[-_]?key|authorization|cookie|credential|bearer/i;
const REFERENCE = /^\s*\$\{[A-Za-z_][A-Za-z0-9_]*(:-[^}]*)?\}\s*$|^\s*Bearer\s+\$\{[A-Za-z_][A-Za-z0-9_]*\}\s*$/;

function maskValue(v: unknown): unknown {
  if (typeof v === 'string' && REFERENCE.test(v)) return v; // `${VAR}` names a variable, holds no secret
  if (typeof v === 'string' || typeof v === 'number') return SECRET_MASK;
  return v === null || v === undefined ? v : SECRET_MASK;
}

/**
 * Masks: every value under `env` and `headers` (values only, names stay), any key that
 * looks like a credential (`authToken`, `apiKey`…), and secret-looking flags in `args`.
 * Keys that *name* an env variable (`authTokenEnv`, `bearerTokenEnvVar`) are kept.
 */
export function redactEntry(entry: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(entry)) {
    if ((k === 'env' || k === 'headers') && v && typeof v === 'object' && !Array.isArray(v)) {
      out[k] = Object.fromEntries(Object.entries(v).map(([hk, hv]) => [hk, maskValue(hv)]));
    } else if (k === 'args' && Array.isArray(v)) {
      out[k] = redactArgs(v);
    } else if (SECRET_KEY.test(k) && !/env(var)?$/i.test(k)) {
      out[k] = maskValue(v);
    } else if (v && typeof v === 'object' && !Array.isArray(v)) {
      out[k] = redactEntry(v as Record<string, unknown>);
    } else {
      out[k] = v;
    }
  }
  return out;
}

/** `--api-key X`, `--token=X`: the value after a secret-looking flag is masked. */
export function redactArgs(args: readonly unknown[]): unknown[] {
  const out: unknown[] = [];
  for (let i = 0; i < args.length; i++) {
    const a = args[i];
    if (typeof a === 'string' && /^--?[\w-]+=/.test(a) && SECRET_KEY.test(a.split('=')[0]!)) {
      out.push(`${a.split('=')[0]}=${SECRET_MASK}`);
    } else if (typeof a === 'string' && /^--?[\w-]+$/.test(a) && SECRET_KEY.test(a) && i + 1 < args.length) {
      out.push(a, maskValue(args[i + 1]));
      i++;
    } else out.push(a);
  }
  return out;
}

/** A URL for display: no user info, no query (tokens hide there), no fragment. */
export function displayUrl(raw: string): string {
  try {
    const u = new URL(raw);
    return `${u.protocol}//${u.host}${u.pathname}${u.search ? '?…' : ''}`;
  } catch {
    return raw.replace(/\?.*$/, '?…');
  }
}
