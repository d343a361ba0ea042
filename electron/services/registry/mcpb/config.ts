// REG-3: a bundle's `user_config` as the same form a server.json's inputs become
// (shared/registry/form.ts FormField, group `config`), and the stdio entry its
// `server.mcp_config` becomes once filled: the platform's override applied, every variable
// resolved (substitute.ts), a `sensitive` value kept as `${VARIABLE}` and handed back for the
// keychain exactly as an `isSecret` input is, never written. A relative command (a binary
// bundle's `server/my-server`) is the bundle's own file. The runtime it starts with (node,
// python, uv…) is named for the caller to check on PATH (runtime.ts).
import { isAbsolute, join, relative } from 'node:path';
import { checkValue, missingProblem, unknownKeyProblems, variableName, type FormField, type FormProblem, type FormValues, type RenderResult } from '../../../../shared/registry/form';
import type { BundleManifest, UserConfigOption } from './manifest';
import { Substituter, systemVariables, type VarValue } from './substitute';

const FORMAT: Record<UserConfigOption['type'], FormField['format']> = { string: 'string', number: 'number', boolean: 'boolean', directory: 'filepath', file: 'filepath' };

const defaultsOf = (o: UserConfigOption): string[] => (o.default === undefined ? [] : Array.isArray(o.default) ? o.default : [String(o.default)]);

/** The form a bundle asks the user to fill: one field per `user_config` key, in the manifest's order. */
export function bundleFields(manifest: BundleManifest): FormField[] {
  return Object.entries(manifest.user_config ?? {}).map(([key, o]) => {
    const defaults = defaultsOf(o);
    return {
      key,
      group: 'config',
      label: o.title,
      description: o.description,
      required: o.required ?? false,
      secret: o.sensitive ?? false,
      format: FORMAT[o.type],
      // Shown as the field's default: one value; a list of several is applied whole when nothing is given.
      default: defaults.length === 1 ? defaults[0]! : null,
      choices: null,
      placeholder: null,
      repeated: o.multiple ?? false,
      variable: variableName(key),
    };
  });
}

function rangeProblem(f: FormField, o: UserConfigOption, v: string): FormProblem | null {
  if (f.format !== 'number' || !/^-?\d+(\.\d+)?$/.test(v)) return null;
  const n = Number(v);
  if ((o.min !== undefined && n < o.min) || (o.max !== undefined && n > o.max)) {
    return { key: f.key, code: 'not_number', message: `${f.key} is a number${o.min !== undefined ? ` from ${o.min}` : ''}${o.max !== undefined ? ` up to ${o.max}` : ''}; got ${v}` };
  }
  return null;
}

/** The command a bundle starts with when that is found on PATH (node, python3, uv…); null when it is the bundle's own file. */
export function bundleRuntime(manifest: BundleManifest, platform: NodeJS.Platform = process.platform): string | null {
  const { command, platform_overrides: overrides } = manifest.server.mcp_config;
  const c = overrides?.[platform]?.command ?? command;
  return /^[A-Za-z0-9._+-]+$/.test(c) ? c : null;
}

/**
 * The stdio entry the bundle unpacked in `dir` becomes with `values` (by user_config key), and
 * the secrets for the keychain; every problem at once, each saying what to set. `home` is the
 * user's home folder (paths.ts homeDir), `platform` the one whose override applies.
 */
export function renderBundle(manifest: BundleManifest, dir: string, values: FormValues, home: string, platform: NodeJS.Platform = process.platform): RenderResult {
  const label = `${manifest.name}@${manifest.version}`;
  const platforms = manifest.compatibility?.platforms;
  if (platforms && !platforms.includes(platform)) return { ok: false, problems: [{ key: '', code: 'unsupported', message: `${label} runs on ${platforms.join(', ')}, not ${platform}` }] };
  const fields = bundleFields(manifest);
  const problems: FormProblem[] = unknownKeyProblems(label, fields, values);
  const secrets: Record<string, string> = {};
  const system = systemVariables(home, dir);
  const vars: Record<string, VarValue> = { ...system };
  // A default may name the system folders (`${HOME}/Desktop`): resolved with those alone.
  const defaults = new Substituter(systemVariables(home));
  for (const f of fields) {
    const o = manifest.user_config![f.key]!;
    const given = values[f.key] ?? [];
    if (given.length > 1 && !f.repeated) problems.push({ key: f.key, code: 'not_repeated', message: `${f.key} takes one value; got ${given.length}` });
    for (const v of given) {
      checkValue(f, v, problems);
      const range = rangeProblem(f, o, v);
      if (range) problems.push(range);
    }
    const vs = given.length ? given.slice(0, f.repeated ? undefined : 1) : defaultsOf(o).map((d) => defaults.text(d, `the default of ${f.key}`));
    if (vs.length === 0 && f.required) problems.push(missingProblem(f));
    if (f.secret && vs.length) {
      secrets[f.variable] = vs[0]!;
      vars[`user_config.${f.key}`] = `\${${f.variable}}`;
    } else {
      vars[`user_config.${f.key}`] = f.repeated || vs.length === 0 ? vs : vs[0]!;
    }
  }
  const { platform_overrides: overrides, ...base } = manifest.server.mcp_config;
  const cfg = { ...base, ...overrides?.[platform] };
  const sub = new Substituter(vars);
  let command = sub.text(cfg.command, 'its command');
  const args = sub.args(cfg.args ?? [], 'its args');
  const env: Record<string, string> = {};
  for (const [k, v] of Object.entries(cfg.env ?? {})) {
    // An optional value left out: its variable is left out too, not set to nothing.
    const whole = /^\$\{(user_config\.[^}]+)\}$/.exec(v)?.[1];
    const value = whole !== undefined ? vars[whole] : undefined;
    if (Array.isArray(value) && value.length === 0) continue;
    env[k] = sub.text(v, `its env ${k}`);
  }
  problems.push(...defaults.problems.map((p) => ({ key: '', code: 'reference' as const, message: p.message })), ...sub.problems.map((p) => ({ key: '', code: 'reference' as const, message: p.message })));
  if (command.includes('/') && !isAbsolute(command)) {
    const inside = join(dir, command);
    if (relative(dir, inside).startsWith('..')) problems.push({ key: '', code: 'unsupported', message: `${label}: its command ${command} leaves the bundle's folder` });
    command = inside;
  }
  if (command.trim() === '') problems.push({ key: '', code: 'unsupported', message: `${label}: its mcp_config names no command` });
  if (problems.length) return { ok: false, problems };
  return {
    ok: true,
    canonical: { transport: 'stdio', command, args, ...(Object.keys(env).length ? { env } : {}), enabled: true },
    secrets,
    runtime: bundleRuntime(manifest, platform),
  };
}
