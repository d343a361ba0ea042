// REG-2 on the command line: `install --from-registry NAME[@VERSION]` takes one version of a
// registry entry through its form: `--set KEY=value` for what it asks (repeatable), `--use
// package:N|remote:N` for which way to install it, and each secret from stdin (all of it for
// one secret, `KEY=value` lines for several) or a hidden prompt, never from the command line.
// Refused before anything is written: a deleted entry, an identifier that does not fit its
// registry type, a form with what is missing, a runtime that is not on PATH, and secrets with
// no keychain to keep them (AUTH-5).
import type { FormField, FormValues } from '../../../shared/registry/form';
import { choiceFor, findRegistryEntry, requireRuntime, registrySource, wayOf } from '../../services/registry/install-source';
import { InstallSourceError, type ResolvedSource } from '../../services/install/source';
import { type CommandContext, optString, optStrings, UsageError, UserError } from './command';
import { choiceOption, nameAndVersion, policyOf, registryService } from './registry-commands';
import { readAllStdin, readSecretInput } from './secret-input';

/** `--set KEY=value …` by key; a key given twice is two values (a repeated argument). */
function setValues(ctx: CommandContext): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const item of optStrings(ctx, 'set')) {
    const at = item.indexOf('=');
    if (at <= 0) throw new UsageError(`--set takes KEY=value (the keys registry show lists), got "${item}"`);
    (out[item.slice(0, at)] ??= []).push(item.slice(at + 1));
  }
  return out;
}

/** The secrets the form asks for: one secret is all of stdin, several are `KEY=value` lines; a terminal asks for each. */
async function secretValues(fields: readonly FormField[]): Promise<Record<string, string[]>> {
  const secret = fields.filter((f) => f.secret);
  if (secret.length === 0) return {};
  const out: Record<string, string[]> = {};
  const stdin = await readAllStdin();
  if (stdin === null) {
    for (const f of secret) {
      const v = await readSecretInput(`${f.key}${f.required ? '' : ' (optional, Enter to leave out)'}${f.description ? ` — ${f.description}` : ''}: `);
      if (v !== '') out[f.key] = [v];
    }
    return out;
  }
  const text = stdin.replace(/\r?\n$/, '');
  if (secret.length === 1) {
    if (text !== '') out[secret[0]!.key] = [text];
    return out;
  }
  const keys = new Set(secret.map((f) => f.key));
  for (const line of text.split(/\r?\n/)) {
    if (line === '') continue;
    const at = line.indexOf('=');
    const key = at > 0 ? line.slice(0, at) : '';
    if (!keys.has(key)) throw new UserError(`stdin: each line is KEY=value for one of the secrets ${[...keys].join(', ')}; a line names "${key || line.slice(0, 20)}"`);
    out[key] = [line.slice(at + 1)];
  }
  return out;
}

export async function sourceFromRegistry(ctx: CommandContext, raw: string): Promise<ResolvedSource> {
  const { name, version } = nameAndVersion(raw);
  try {
    const svc = registryService(ctx);
    const found = await findRegistryEntry(svc, { name, version, source: optString(ctx, 'source'), policy: policyOf(ctx) === 'always' ? 'always' : 'auto' });
    const { record } = found;
    if (record.meta.status === 'deprecated') ctx.stderr(`note: ${record.server.name}@${record.server.version} is deprecated${record.meta.statusMessage ? `: ${record.meta.statusMessage}` : ''}\n`);
    const choice = choiceFor(found, choiceOption(ctx));
    const values: FormValues = setValues(ctx);
    // Which fields are secret is known before stdin is read: a secret given with --set is refused.
    // A deleted entry has no way to ask about: fromRegistry refuses it by name.
    const way = record.meta.status === 'deleted' ? { fields: [], runtime: null } : await wayOf(svc, found, choice);
    for (const f of way.fields) if (f.secret && values[f.key]) throw new UserError(`${f.key} is a secret: give it on stdin (or at the prompt), not with --set, where it would stay in the shell's history`);
    // The runtime first (registrySource checks it again, cheaply): nothing is asked for a server this machine cannot start.
    requireRuntime(way.runtime, ctx.env);
    return await registrySource(svc, found, ctx.env, { values: { ...values, ...(await secretValues(way.fields)) }, ...(choice ? { choice } : {}) }, ctx.args[0]);
  } catch (err) {
    if (err instanceof InstallSourceError) throw new UserError(err.message);
    throw err;
  }
}
