// REG-3: a bundle's user_config as the registry form, and its mcp_config with the MCPB
// variables resolved (mcpb/config.ts, mcpb/substitute.ts), a sensitive value kept as a
// reference for the keychain; the manifest checked with the MCPB package's own schemas.
import { describe, expect, it } from 'vitest';
import { bundleFields, bundleRuntime, renderBundle } from '../../../electron/services/registry/mcpb/config';
import { parseManifest, type BundleManifest } from '../../../electron/services/registry/mcpb/manifest';
import { Substituter, systemVariables } from '../../../electron/services/registry/mcpb/substitute';

const DIR = '/data/bundles/abc';
const HOME = '/home/ann';

function manifest(over: Partial<BundleManifest> & { user_config?: BundleManifest['user_config'] } = {}): Promise<BundleManifest> {
  return parseManifest(
    JSON.stringify({
      manifest_version: '0.3',
      name: 'files',
      version: '1.2.0',
      description: 'd',
      author: { name: 'a' },
      server: {
        type: 'node',
        entry_point: 'server/index.js',
        mcp_config: {
          command: 'node',
          args: ['${__dirname}/server/index.js', '--root', '${user_config.dirs}', '--max=${user_config.max}'],
          env: { API_KEY: '${user_config.api_key}', AUTH: 'Bearer ${user_config.api_key}', CONFIG: '${__dirname}${/}config.json', DEBUG: '${user_config.debug}' },
        },
      },
      user_config: {
        dirs: { type: 'directory', title: 'Folders', description: 'Folders it may read', multiple: true, required: true, default: ['${HOME}/Desktop', '${DOCUMENTS}'] },
        max: { type: 'number', title: 'Max', description: 'Largest file (MB)', default: 10, min: 1, max: 100 },
        api_key: { type: 'string', title: 'API key', description: 'The key', sensitive: true, required: true },
        debug: { type: 'boolean', title: 'Debug', description: 'Log more' },
      },
      ...over,
    }),
    'test bundle',
  );
}

describe('substitution', () => {
  it('resolves every MCPB variable in one pass; a value put in is never read again', () => {
    const s = new Substituter({ ...systemVariables(HOME, DIR), 'user_config.path': '/p/$&/${HOME}', 'user_config.list': ['a', 'b'], 'user_config.none': [] });
    expect(s.text('${__dirname}/x${/}y', 'args')).toBe(`${DIR}/x/y`);
    expect(s.text('${HOME}|${DESKTOP}|${DOCUMENTS}|${DOWNLOADS}|${pathSeparator}', 'args')).toBe(`${HOME}|${HOME}/Desktop|${HOME}/Documents|${HOME}/Downloads|/`);
    expect(s.text('${user_config.path}', 'args')).toBe('/p/$&/${HOME}');
    expect(s.args(['--dirs', '${user_config.list}', '${user_config.none}', 'x=${user_config.list}'], 'args')).toEqual(['--dirs', 'a', 'b', 'x=a b']);
    expect(s.problems).toEqual([]);
    expect(s.text('${ENV_SECRET} ${user_config.nope}', 'its env X')).toBe('${ENV_SECRET} ${user_config.nope}');
    expect(s.problems.map((p) => p.name)).toEqual(['ENV_SECRET', 'user_config.nope']);
    expect(s.problems[0]!.message).toMatch(/\$\{ENV_SECRET\} in its env X, which MCPB does not define/);
  });
});

describe('a bundle through the registry form', () => {
  it('user_config becomes fields: types, required, defaults, multiple, sensitive', async () => {
    expect(bundleFields(await manifest())).toEqual([
      { key: 'dirs', group: 'config', label: 'Folders', description: 'Folders it may read', required: true, secret: false, format: 'filepath', default: null, choices: null, placeholder: null, repeated: true, variable: 'DIRS' },
      { key: 'max', group: 'config', label: 'Max', description: 'Largest file (MB)', required: false, secret: false, format: 'number', default: '10', choices: null, placeholder: null, repeated: false, variable: 'MAX' },
      { key: 'api_key', group: 'config', label: 'API key', description: 'The key', required: true, secret: true, format: 'string', default: null, choices: null, placeholder: null, repeated: false, variable: 'API_KEY' },
      { key: 'debug', group: 'config', label: 'Debug', description: 'Log more', required: false, secret: false, format: 'boolean', default: null, choices: null, placeholder: null, repeated: false, variable: 'DEBUG' },
    ]);
  });

  it('the entry: defaults with their folders resolved, lists expanded, the secret a reference handed back, an unset option left out', async () => {
    const r = renderBundle(await manifest(), DIR, { api_key: ['s3cr$&t'] }, HOME, 'linux');
    expect(r).toEqual({
      ok: true,
      canonical: {
        transport: 'stdio',
        command: 'node',
        args: [`${DIR}/server/index.js`, '--root', `${HOME}/Desktop`, `${HOME}/Documents`, '--max=10'],
        env: { API_KEY: '${API_KEY}', AUTH: 'Bearer ${API_KEY}', CONFIG: `${DIR}/config.json` },
        enabled: true,
      },
      secrets: { API_KEY: 's3cr$&t' },
      runtime: 'node',
    });
    const given = renderBundle(await manifest(), DIR, { api_key: ['k'], dirs: ['/srv/a', '/srv/b', '/srv/c'], max: ['50'], debug: ['true'] }, HOME, 'linux');
    expect(given.ok && given.canonical.args).toEqual([`${DIR}/server/index.js`, '--root', '/srv/a', '/srv/b', '/srv/c', '--max=50']);
    expect(given.ok && given.canonical.env?.DEBUG).toBe('true');
  });

  it('every problem at once, each saying what to give', async () => {
    const r = renderBundle(await manifest(), DIR, { max: ['500', '2'], debug: ['yes'], colour: ['red'], dirs: ['${HOME}/.ssh'] }, HOME, 'linux');
    expect(r.ok).toBe(false);
    const problems = r.ok ? [] : r.problems;
    expect(problems.map((p) => [p.key, p.code])).toEqual([
      ['colour', 'unknown'],
      ['dirs', 'reference'],
      ['max', 'not_repeated'],
      ['max', 'not_number'],
      ['api_key', 'missing'],
      ['debug', 'not_boolean'],
    ]);
    expect(problems.find((p) => p.key === 'max' && p.code === 'not_number')!.message).toBe('max is a number from 1 up to 100; got 500');
    expect(problems.find((p) => p.key === 'api_key')!.message).toMatch(/api_key is required \(The key\): a secret: pipe it on stdin/);
  });

  it('the platform override, a relative command from the bundle, an unknown variable and another platform', async () => {
    const m = await manifest({
      server: { type: 'binary', entry_point: 'bin/srv', mcp_config: { command: 'bin/srv', args: ['${user_config.max}'], platform_overrides: { linux: { command: 'bin/srv-linux' }, win32: { command: 'bin/srv.exe' } } } },
    });
    const r = renderBundle(m, DIR, { api_key: ['k'] }, HOME, 'linux');
    expect(r.ok && r.canonical).toMatchObject({ command: `${DIR}/bin/srv-linux`, args: ['10'] });
    expect(r.ok && r.runtime).toBeNull();
    expect(bundleRuntime(m, 'linux')).toBeNull();
    const leaving = renderBundle(await manifest({ server: { type: 'binary', entry_point: 'x', mcp_config: { command: '../../bin/sh' } } }), DIR, { api_key: ['k'] }, HOME, 'linux');
    expect(leaving.ok ? '' : leaving.problems[0]!.message).toMatch(/leaves the bundle's folder/);
    const unknown = renderBundle(await manifest({ server: { type: 'node', entry_point: 'x', mcp_config: { command: 'node', env: { T: '${AWS_SECRET_ACCESS_KEY}' } } } }), DIR, { api_key: ['k'] }, HOME, 'linux');
    expect(unknown.ok ? [] : unknown.problems.map((p) => p.code)).toEqual(['reference']);
    const mac = renderBundle(await manifest({ compatibility: { platforms: ['darwin'] } }), DIR, {}, HOME, 'linux');
    expect(mac.ok ? '' : mac.problems[0]!.message).toBe('files@1.2.0 runs on darwin, not linux');
  });

  it('the manifest is checked by the MCPB schema of its version', async () => {
    await expect(parseManifest('{', 'b')).rejects.toThrow(/not JSON/);
    await expect(parseManifest(JSON.stringify({ manifest_version: '9.9', name: 'x' }), 'b')).rejects.toThrow(/declares manifest_version "9.9"; the panel reads MCPB manifests 0.1, 0.2, 0.3, 0.4/);
    await expect(parseManifest(JSON.stringify({ manifest_version: '0.3', name: 'x', version: '1', description: 'd', author: { name: 'a' }, server: { type: 'node', entry_point: 'i.js', mcp_config: { command: 'node' } }, surprise: true }), 'b')).rejects.toThrow(/not a valid MCPB 0.3 manifest: .*surprise|Unrecognized key/);
    await expect(parseManifest(JSON.stringify({ manifest_version: '0.3', name: 'x', version: '1', description: 'd', author: { name: 'a' }, server: { type: 'node', entry_point: 'i.js' } }), 'b')).rejects.toThrow(/server.mcp_config: Required/);
    expect((await parseManifest(JSON.stringify({ dxt_version: '0.1', name: 'old', version: '1', description: 'd', author: { name: 'a' }, server: { type: 'python', entry_point: 'm.py', mcp_config: { command: 'python3' } } }), 'b')).name).toBe('old');
  });
});
