// The keychain field on the command line (CFG-8, SEC-6): store a config secret for one entry
// without putting it on a command line (it is read from stdin or a hidden prompt), list what
// is kept (names and owners, never values), move secrets to an entry after the user confirms,
// and delete them.
import { createInterface } from 'node:readline';
import { readSecretInput } from './secret-input';
import { type Profile } from '../../../shared/schemas/server';
import { profileFacts } from '../../../shared/profiles';
import type { KeychainConfigSecrets } from '../../services/auth/config-secrets';
import { readConfigFile } from '../../services/config/read-file';
import { describeOwner, ownerTarget, secretOwnerKey, type SecretOwner } from '../../services/config/secret-owner';
import { type Command, type CommandContext, type OptionSpec, optString, printJson, UsageError, UserError, profileOption } from './command';
import { engineFor } from './engine';
import { target } from './config-write-commands';


const ownerOptions = { profile: { type: 'string' }, layer: { type: 'string' }, workspace: { type: 'string' } } satisfies OptionSpec;
const VAR = /^[A-Za-z_][A-Za-z0-9_]*$/;

/** The entry NAME as written in the file of one layer: the owner its secrets are bound to. */
async function ownerOf(ctx: CommandContext, name: string): Promise<SecretOwner> {
  const { profile, layer, workspace } = target(ctx);
  const { config } = await engineFor(ctx);
  const loc = (await config.layerPaths(profile, workspace)).find((l) => l.layer === layer);
  if (!loc) throw new UserError(`${profile} has no ${layer} layer file here; layers with files: ${profileFacts(profile).fileLayers.join(', ')}`);
  const read = await readConfigFile(loc.path);
  if (read.state !== 'ok') throw new UserError(`cannot read ${loc.path} (${read.state === 'missing' ? 'no such file' : read.error}); add the server first`);
  const entry = findEntry(read.doc.value, name, profile);
  if (!entry) throw new UserError(`no server "${name}" in ${loc.path}; add it first (\`server add\`), then store its secret`);
  return { profile, layer, path: loc.path, name, target: ownerTarget(entry) };
}

function findEntry(root: unknown, name: string, profile: Profile): Record<string, unknown> | null {
  const isObj = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
  const { serversKey, idField } = profileFacts(profile);
  const servers = isObj(root) && isObj(root[serversKey]) ? root[serversKey] : {};
  for (const [key, value] of Object.entries(servers)) {
    if (!isObj(value)) continue;
    // minara: an entry's `id` overrides its key (seed 001), as the loader does.
    const own = idField !== null ? value[idField] : undefined;
    const id = typeof own === 'string' && own !== '' ? own : key;
    if (id === name) return value;
  }
  return null;
}

async function confirm(ctx: CommandContext, question: string): Promise<boolean> {
  if (ctx.opts.yes) return true;
  if (!process.stdin.isTTY) throw new UserError(`${question} Add --yes to confirm.`);
  const rl = createInterface({ input: process.stdin, output: process.stderr });
  const answer = await new Promise<string>((r) => rl.question(`${question} [y/N] `, r));
  rl.close();
  return /^y(es)?$/i.test(answer.trim());
}

async function secretsOf(ctx: CommandContext): Promise<KeychainConfigSecrets> {
  return (await engineFor(ctx)).configSecrets;
}

const set: Command = {
  name: 'secrets set',
  summary: "Keep a server's secret in the keychain, bound to that entry (read from stdin or a hidden prompt)",
  usage: 'secrets set SERVER VARIABLE --profile P --layer L [--workspace DIR]   (echo -n "$TOKEN" | mcp-panel secrets set …)',
  takesArguments: true,
  options: ownerOptions,
  async run(ctx) {
    const [name, variable] = ctx.args;
    if (!name || !variable || ctx.args.length > 2) throw new UsageError('secrets set takes SERVER and VARIABLE');
    if (!VAR.test(variable)) throw new UsageError(`VARIABLE must be a variable name such as GITHUB_TOKEN, got "${variable}"`);
    const owner = await ownerOf(ctx, name);
    const secrets = await secretsOf(ctx);
    const st = await secrets.status();
    // AUTH-5: a memory store dies with this command, so storing would silently do nothing.
    if (!st.available) throw new UserError(`no keychain is available (${st.reason ?? 'unknown reason'}), so the secret cannot be kept. ${st.fix ?? ''}`.trim());
    const secret = await readSecretInput(`${variable} for ${name}: `);
    if (secret === '') throw new UserError('the secret is empty; pipe it on stdin or type it at the prompt');
    await secrets.storeEnvSecret(owner, variable, secret);
    if (ctx.opts.json) return printJson(ctx, { stored: true, server: name, variable, layer: owner.layer, path: owner.path });
    ctx.stdout(`kept ${variable} in the keychain for "${name}" in ${describeOwner(owner)}; it reaches this entry only\n`);
  },
};

const list: Command = {
  name: 'secrets list',
  summary: 'The config secrets kept in the keychain: server, variable and owning entry (never values)',
  usage: 'secrets list [--profile P] [--json]',
  options: { profile: { type: 'string' } },
  async run(ctx) {
    const profile = optString(ctx, 'profile') === undefined ? undefined : profileOption(ctx);
    const rows = (await (await secretsOf(ctx)).list(profile)).map((s) => ({
      profile: s.profile,
      server: s.name,
      variable: s.variable,
      layer: s.owner?.layer ?? null,
      path: s.owner?.path ?? null,
      bound: s.owner !== null,
    }));
    if (ctx.opts.json) return printJson(ctx, { secrets: rows });
    if (rows.length === 0) {
      ctx.stdout('no config secrets in the keychain\n');
      return;
    }
    for (const r of rows) {
      ctx.stdout(`  ${r.profile}  ${r.server}  ${r.variable}  ${r.bound ? `${r.layer} ${r.path}` : 'not bound to an entry (stored by an older version): run `secrets rebind`'}\n`);
    }
  },
};

const rebind: Command = {
  name: 'secrets rebind',
  summary: "Move a server's secrets from another layer, file, command line or origin to this entry (asks first)",
  usage: 'secrets rebind SERVER --profile P --layer L [--workspace DIR] [--yes]',
  takesArguments: true,
  options: { ...ownerOptions, yes: { type: 'boolean' } },
  async run(ctx) {
    const [name] = ctx.args;
    if (!name || ctx.args.length > 1) throw new UsageError('secrets rebind takes exactly one SERVER');
    const owner = await ownerOf(ctx, name);
    const secrets = await secretsOf(ctx);
    const key = secretOwnerKey(owner);
    const others = (await secrets.list(owner.profile)).filter((s) => s.name === name && s.ownerKey !== key);
    if (others.length === 0) throw new UserError(`no secret of "${name}" is kept for another entry; nothing to move`);
    const from = others.map((s) => `${s.variable} (${s.owner ? describeOwner(s.owner) : 'unbound'})`).join(', ');
    if (!(await confirm(ctx, `Move ${from} to "${name}" in ${describeOwner(owner)}? The old entry will no longer get them.`))) {
      throw new UserError('nothing moved');
    }
    const moved = await secrets.rebind(owner);
    if (ctx.opts.json) return printJson(ctx, { moved, server: name, layer: owner.layer, path: owner.path });
    ctx.stdout(`moved ${moved.join(', ')} to "${name}" in ${describeOwner(owner)}\n`);
  },
};

const remove: Command = {
  name: 'secrets delete',
  summary: "Delete an entry's secrets from the keychain (all, or the VARIABLEs named)",
  usage: 'secrets delete SERVER [VARIABLE…] --profile P --layer L [--workspace DIR]',
  takesArguments: true,
  options: ownerOptions,
  async run(ctx) {
    const [name, ...variables] = ctx.args;
    if (!name) throw new UsageError('secrets delete takes SERVER and optional VARIABLEs');
    const owner = await ownerOf(ctx, name);
    const removed = await (await secretsOf(ctx)).remove(owner.profile, name, secretOwnerKey(owner), variables.length ? variables : undefined);
    if (ctx.opts.json) return printJson(ctx, { removed, server: name });
    ctx.stdout(removed.length ? `deleted ${removed.join(', ')} of "${name}"\n` : `no secret of "${name}" was kept for this entry\n`);
  },
};

export const secretsCommands: Command[] = [set, list, rebind, remove];
