// REG-2: the form a registry entry asks the user to fill, and the entry it becomes. One
// package (npm, pypi, nuget, oci) or one remote (streamable-http, sse) is chosen; its
// `environmentVariables`, `runtimeArguments` and `packageArguments` (positional and named),
// remote `headers` and URL `variables` become fields (required or not, default, choices,
// format, valueHint, repeated); a field's value, or its default, fills the entry. An input
// with a fixed `value` is not asked: only the `{variables}` inside it are. A secret
// (`isSecret`) is never written: the entry says `${VARIABLE}` and the value is handed back for
// the keychain (bound to the written entry, as `secrets set` does). The version is pinned (npm
// `@1.2.3`, pypi `==1.2.3`, an image tag, nuget `@1.2.3`), and an identifier that does not
// fit its registry type is refused (identifiers.ts, REG-4). Registry text never becomes a
// reference: a value holding `${` is refused, so nothing from a registry reads the user's
// environment. The runners are the registry's own (docs: npx, uvx, docker, dnx).
import type { CanonicalEntry } from '../install/canonical';
import { ociReference, packageProblems } from './identifiers';
import type { KeyValueInput, RegistryArgument, RegistryInput, RegistryPackage, RemoteTransport, ServerJson } from './server-json';

export type RegistryChoice = { kind: 'package' | 'remote'; index: number };
/** What the form reads of a server.json (a person's own file may leave out its description and version). */
export type ServerDoc = Pick<ServerJson, 'name' | 'packages' | 'remotes'>;
/** `config`: an MCPB bundle's `user_config` (electron/services/registry/mcpb/config.ts, REG-3). */
export type FieldGroup = 'runtime' | 'package' | 'env' | 'headers' | 'url' | 'config';

export interface FormField {
  /** What `--set KEY=value` (and the page's form) names: the variable, flag (without dashes), valueHint or header. */
  key: string;
  group: FieldGroup;
  label: string;
  description: string | null;
  required: boolean;
  secret: boolean;
  format: 'string' | 'number' | 'boolean' | 'filepath';
  default: string | null;
  choices: string[] | null;
  placeholder: string | null;
  repeated: boolean;
  /** `${VARIABLE}` a secret is written as, and kept under in the keychain. */
  variable: string;
}

export interface ChoiceSummary {
  choice: RegistryChoice;
  /** `npm @scope/name@1.2.3`, `streamable-http https://…`. */
  label: string;
  /** The command it needs on this machine (npx, uvx, docker, dnx); null for a remote. */
  runtime: string | null;
  /** Why the panel cannot install it (an MCPB bundle, an identifier that does not fit); null when it can. */
  problem: string | null;
}

export interface FormProblem {
  key: string;
  code: 'missing' | 'not_choice' | 'not_number' | 'not_boolean' | 'reference' | 'not_repeated' | 'unknown' | 'bad_url' | 'unsupported';
  message: string;
}

export type RenderResult = { ok: true; canonical: CanonicalEntry; secrets: Record<string, string>; runtime: string | null } | { ok: false; problems: FormProblem[] };

/** A value from the user or the registry, and where a secret goes. */
export type FormValues = Record<string, readonly string[]>;

const RUNNERS: Record<string, string> = { npm: 'npx', pypi: 'uvx', oci: 'docker', nuget: 'dnx' };

/** The runtime a package needs: its hint when it names a known runner of its type, else the registry's default. */
function runnerOf(p: RegistryPackage): string | null {
  const known = RUNNERS[p.registryType];
  if (!known) return null;
  // A hint may pick another launcher of the same kind (`npx` vs `bunx`) but never a free command line.
  return p.runtimeHint && /^[a-z][a-z0-9-]*$/.test(p.runtimeHint) ? p.runtimeHint : known;
}

export function choicesOf(server: ServerDoc): ChoiceSummary[] {
  const out: ChoiceSummary[] = [];
  (server.packages ?? []).forEach((p, index) => {
    let problem: string | null = null;
    // REG-3: a bundle's form and command are in its manifest, read once the bundle is fetched and verified (mcpb/).
    if (p.registryType === 'mcpb') problem = p.fileSha256 ? packageProblems(p).map((x) => `${x.field}: ${x.reason}`).join('; ') || null : 'an MCPB bundle without fileSha256: the panel installs a bundle only when the registry gives its SHA-256';
    else if (p.transport.type !== 'stdio') problem = `a package reached over ${p.transport.type} after it starts: the panel installs packages over stdio`;
    else problem = packageProblems(p).map((x) => `${x.field}: ${x.reason}`).join('; ') || null;
    const version = p.registryType === 'oci' ? '' : p.version ? `@${p.version}` : '';
    out.push({ choice: { kind: 'package', index }, label: `${p.registryType} ${p.registryType === 'oci' ? ociReference(p) : p.identifier}${version}`, runtime: runnerOf(p), problem });
  });
  (server.remotes ?? []).forEach((r, index) => out.push({ choice: { kind: 'remote', index }, label: `${r.type} ${r.url}`, runtime: null, problem: null }));
  return out;
}

/** The first choice the panel can install (packages before remotes, as published); null when none. */
export function defaultChoice(server: ServerDoc): RegistryChoice | null {
  return choicesOf(server).find((c) => c.problem === null)?.choice ?? null;
}

export const variableName = (s: string) => {
  const v = s.toUpperCase().replace(/[^A-Z0-9_]+/g, '_').replace(/^_+|_+$/g, '');
  return /^[A-Z_]/.test(v) ? v : `_${v}`;
};

/** What one part of the entry is made of: literal text and `{variable}` fields, or one field for the whole value. */
type Slot = { kind: 'field'; field: FormField } | { kind: 'template'; template: string; fields: Map<string, FormField> };

class FieldSet {
  readonly fields: FormField[] = [];
  private readonly used = new Set<string>();

  add(input: RegistryInput, group: FieldGroup, label: string, opts: { repeated?: boolean; variable?: string; forceRequired?: boolean } = {}): FormField {
    const base = label.replace(/^-+/, '') || group;
    const key = this.used.has(base) ? `${group}.${base}` : base;
    this.used.add(key);
    const field: FormField = {
      key,
      group,
      label,
      description: input.description ?? null,
      required: (input.isRequired ?? false) || (opts.forceRequired ?? false),
      secret: input.isSecret ?? false,
      format: input.format ?? 'string',
      default: input.default ?? null,
      choices: input.choices?.length ? input.choices : null,
      placeholder: input.placeholder ?? null,
      repeated: opts.repeated ?? false,
      variable: opts.variable ?? variableName(base),
    };
    this.fields.push(field);
    return field;
  }

  /** A fixed value's `{variables}` become fields (one without a default must be given: the template needs it). */
  slot(input: RegistryInput & { variables?: Record<string, RegistryInput> | undefined }, group: FieldGroup, label: string, opts: { repeated?: boolean; variable?: string } = {}): Slot {
    if (input.value === undefined) return { kind: 'field', field: this.add(input, group, label, opts) };
    const fields = new Map<string, FormField>();
    for (const m of input.value.matchAll(/\{([A-Za-z_][A-Za-z0-9_]*)\}/g)) {
      const v = input.variables?.[m[1]!];
      if (v && !fields.has(m[1]!)) fields.set(m[1]!, this.add(v, group, m[1]!, { forceRequired: v.default === undefined }));
    }
    return { kind: 'template', template: input.value, fields };
  }
}

interface Plan {
  set: FieldSet;
  runtime: Array<{ arg: RegistryArgument; slot: Slot }>;
  pkg: Array<{ arg: RegistryArgument; slot: Slot }>;
  env: Array<{ kv: KeyValueInput; slot: Slot }>;
  headers: Array<{ kv: KeyValueInput; slot: Slot }>;
  url: Slot | null;
}

function planOf(server: ServerDoc, choice: RegistryChoice): Plan | null {
  const set = new FieldSet();
  const args = (list: readonly RegistryArgument[] | undefined, group: FieldGroup) =>
    (list ?? []).map((arg) => ({ arg, slot: set.slot(arg, group, arg.type === 'named' ? arg.name : (arg.valueHint ?? `${group}-argument`), { repeated: arg.isRepeated ?? false }) }));
  const kvs = (list: readonly KeyValueInput[] | undefined, group: FieldGroup, variable: (n: string) => string) =>
    (list ?? []).map((kv) => ({ kv, slot: set.slot(kv, group, kv.name, { variable: variable(kv.name) }) }));
  if (choice.kind === 'package') {
    const p = server.packages?.[choice.index];
    if (!p) return null;
    // A bundle's fields are its manifest's user_config (mcpb/config.ts): the server.json's are not used for it.
    if (p.registryType === 'mcpb') return { set, runtime: [], pkg: [], env: [], headers: [], url: null };
    return { set, runtime: args(p.runtimeArguments, 'runtime'), pkg: args(p.packageArguments, 'package'), env: kvs(p.environmentVariables, 'env', (n) => n), headers: [], url: null };
  }
  const r: RemoteTransport | undefined = server.remotes?.[choice.index];
  if (!r) return null;
  const url = set.slot({ value: r.url, variables: r.variables }, 'url', 'url');
  return { set, runtime: [], pkg: [], env: [], headers: kvs(r.headers, 'headers', variableName), url };
}

/** The fields the user may (or must) fill for `choice`; null when the entry has no such package or remote. */
export function formFields(server: ServerDoc, choice: RegistryChoice): FormField[] | null {
  return planOf(server, choice)?.set.fields ?? null;
}

export function checkValue(f: FormField, v: string, problems: FormProblem[]): void {
  if (v.includes('${')) problems.push({ key: f.key, code: 'reference', message: `${f.key}: "\${" would be read as a variable reference by the agent; it is not accepted in a value` });
  else if (f.choices && !f.choices.includes(v)) problems.push({ key: f.key, code: 'not_choice', message: `${f.key} must be one of ${f.choices.join(', ')}; got "${v}"` });
  else if (f.format === 'number' && !/^-?\d+(\.\d+)?$/.test(v)) problems.push({ key: f.key, code: 'not_number', message: `${f.key} is a number; got "${v}"` });
  else if (f.format === 'boolean' && v !== 'true' && v !== 'false') problems.push({ key: f.key, code: 'not_boolean', message: `${f.key} is true or false; got "${v}"` });
}

/** A required field with no value: what to give, and how (a secret never on the command line). */
export const missingProblem = (f: FormField): FormProblem => ({
  key: f.key,
  code: 'missing',
  message: `${f.key} is required${f.description ? ` (${f.description})` : ''}: ${f.secret ? `a secret: pipe it on stdin (KEY=value lines when there are several) or type it at the hidden prompt, never with --set` : `--set ${f.key}=…`}`,
});

/** Keys given that the form does not ask for. */
export const unknownKeyProblems = (server: string, fields: readonly FormField[], values: FormValues): FormProblem[] => {
  const known = new Set(fields.map((f) => f.key));
  return Object.keys(values)
    .filter((k) => !known.has(k))
    .map((k) => ({ key: k, code: 'unknown', message: `${server} asks for no "${k}"; it asks for: ${[...known].join(', ') || 'nothing'}` }));
};

/**
 * The entry `choice` becomes with `values` (by field key): the canonical entry to preview and
 * install, and the secrets for the keychain. Every problem at once, each saying what to set.
 */
export function renderChoice(server: ServerDoc, choice: RegistryChoice, values: FormValues): RenderResult {
  const summary = choicesOf(server).find((c) => c.choice.kind === choice.kind && c.choice.index === choice.index);
  const plan = planOf(server, choice);
  if (!summary || !plan) return { ok: false, problems: [{ key: '', code: 'unsupported', message: `${server.name} has no ${choice.kind} ${choice.index + 1}` }] };
  if (summary.problem) return { ok: false, problems: [{ key: '', code: 'unsupported', message: `${summary.label}: ${summary.problem}` }] };
  if (choice.kind === 'package' && server.packages?.[choice.index]?.registryType === 'mcpb') {
    return { ok: false, problems: [{ key: '', code: 'unsupported', message: `${summary.label}: an MCPB bundle is installed from its registry entry (install --from-registry NAME), where it is fetched and its SHA-256 checked; pick another way with --use` }] };
  }
  const problems: FormProblem[] = [];
  const secrets: Record<string, string> = {};
  problems.push(...unknownKeyProblems(server.name, plan.set.fields, values));

  /** The values one field gives the entry: what the user set, else its default; a secret as its `${VARIABLE}`. */
  const valuesOf = (f: FormField): string[] => {
    const given = values[f.key] ?? [];
    if (given.length > 1 && !f.repeated) problems.push({ key: f.key, code: 'not_repeated', message: `${f.key} takes one value; got ${given.length}` });
    const vs = given.length ? given.slice(0, f.repeated ? undefined : 1) : f.default !== null ? [f.default] : [];
    if (vs.length === 0 && f.required) problems.push(missingProblem(f));
    for (const v of vs) checkValue(f, v, problems);
    if (!f.secret || vs.length === 0) return vs;
    secrets[f.variable] = vs[0]!;
    return [`\${${f.variable}}`];
  };
  const fill = (slot: Slot): string[] => {
    if (slot.kind === 'field') return valuesOf(slot.field);
    if (slot.template.includes('${')) problems.push({ key: '', code: 'reference', message: `the registry's value "${slot.template}" holds "\${", which the agent would read as a variable reference; not installed` });
    const text = slot.template.replace(/\{([A-Za-z_][A-Za-z0-9_]*)\}/g, (whole, n: string) => {
      const f = slot.fields.get(n);
      return f ? (valuesOf(f)[0] ?? '') : whole;
    });
    return [text];
  };
  const argv = (list: Plan['runtime']): string[] =>
    list.flatMap(({ arg, slot }) => {
      const vs = fill(slot);
      if (arg.type === 'named') return vs.flatMap((v) => [arg.name, v]);
      return vs;
    });
  const runtimeArgs = argv(plan.runtime);
  const pkgArgs = argv(plan.pkg);
  const env: Record<string, string> = {};
  for (const { kv, slot } of plan.env) {
    const [v] = fill(slot);
    if (v !== undefined) env[kv.name] = v;
  }
  const headers: Record<string, string> = {};
  for (const { kv, slot } of plan.headers) {
    const [v] = fill(slot);
    if (v !== undefined) headers[kv.name] = v;
  }
  let canonical: CanonicalEntry;
  if (choice.kind === 'package') {
    const p = server.packages![choice.index]!;
    const runner = summary.runtime!;
    const version = p.version ?? '';
    const envNames = Object.keys(env);
    switch (p.registryType) {
      case 'npm':
        canonical = { transport: 'stdio', command: runner, args: [...(runtimeArgs.length ? runtimeArgs : ['-y']), `${p.identifier}@${version}`, ...pkgArgs], enabled: true };
        break;
      case 'pypi':
        canonical = { transport: 'stdio', command: runner, args: [...runtimeArgs, `${p.identifier}==${version}`, ...pkgArgs], enabled: true };
        break;
      case 'nuget':
        canonical = { transport: 'stdio', command: runner, args: [...runtimeArgs, `${p.identifier}@${version}`, '--yes', ...(pkgArgs.length ? ['--', ...pkgArgs] : [])], enabled: true };
        break;
      default:
        // oci: the container sees only what `-e NAME` passes in (its value from docker's own environment, never the command line).
        canonical = { transport: 'stdio', command: runner, args: ['run', '-i', '--rm', ...envNames.flatMap((n) => ['-e', n]), ...runtimeArgs, ociReference(p), ...pkgArgs], enabled: true };
    }
    if (envNames.length) canonical.env = env;
  } else {
    const r = server.remotes![choice.index]!;
    const [url = ''] = fill(plan.url!);
    let ok = false;
    try {
      const u = new URL(url.replace(/\$\{[A-Za-z_][A-Za-z0-9_]*\}/g, 'x'));
      ok = u.protocol === 'https:' || u.protocol === 'http:';
    } catch {
      ok = false;
    }
    if (!ok) problems.push({ key: 'url', code: 'bad_url', message: `the remote's URL "${url}" is not an http(s) URL once its variables are filled` });
    canonical = { transport: r.type === 'sse' ? 'sse' : 'http', url, enabled: true };
    if (Object.keys(headers).length) canonical.headers = headers;
  }
  if (problems.length) return { ok: false, problems };
  return { ok: true, canonical, secrets, runtime: summary.runtime };
}
