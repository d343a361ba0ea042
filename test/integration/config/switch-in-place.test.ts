// Issue 42 item 1 (AGENT-2, CFG-7): `server disable` / `server enable` through the real writer on
// real files. A flag that exists changes only its value's characters; a flag the panel adds sits
// where the agent's own writer puts it and the way back removes exactly it, even from another
// process (a second ConfigWriter: the record of what the panel added is on disk); no line is
// joined or split. Every round trip gives the file back byte for byte.
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ConfigWriter, type LayerFile } from '../../../electron/services/config/writer';
import type { Profile } from '../../../shared/schemas/server';

let home: string;

beforeEach(async () => {
  home = await mkdtemp(join(tmpdir(), 'switch-home-'));
});

afterEach(async () => {
  await rm(home, { recursive: true, force: true });
});

interface Case {
  what: string;
  profile: Profile;
  server: string;
  text: string;
  /** The file after the first toggle (disable for an enabled server, enable for a disabled one). */
  toggled: string;
}

const ext = (p: Profile) => (p === 'codex' ? 'toml' : p === 'goose' ? 'yaml' : 'json');

/** Each toggle by a fresh writer, as two CLI runs would be. */
async function toggle(file: LayerFile, name: string, op: 'enable' | 'disable'): Promise<string> {
  const r = await new ConfigWriter({ env: { HOME: home } }).applyToFile(file, [{ op, name }]);
  if (!r.ok) throw new Error(`${r.error.code}: ${r.error.message}`);
  return readFile(file.path, 'utf8');
}

function layerFile(profile: Profile, path: string): LayerFile {
  return { profile, layer: 'user', path, dialect: profile, readOnly: null };
}

const CASES: Case[] = [
  {
    what: 'OpenCode: `"enabled": true` as the first member flips in place, both ways (the issue’s figma entry)',
    profile: 'opencode',
    server: 'figma',
    text: '{\n  "mcp": {\n    "figma": {\n      "enabled": true,\n      "type": "remote",\n      "url": "https://mcp.figma.com/mcp"\n    }\n  }\n}\n',
    toggled: '{\n  "mcp": {\n    "figma": {\n      "enabled": false,\n      "type": "remote",\n      "url": "https://mcp.figma.com/mcp"\n    }\n  }\n}\n',
  },
  {
    what: 'Kimi: an entry that starts disabled keeps its flag where it stands',
    profile: 'kimi',
    server: 'a',
    text: '{\n  "mcpServers": {\n    "a": {\n      "enabled": false,\n      "command": "x"\n    },\n    "b": { "command": "y" }\n  }\n}\n',
    toggled: '{\n  "mcpServers": {\n    "a": {\n      "enabled": true,\n      "command": "x"\n    },\n    "b": { "command": "y" }\n  }\n}\n',
  },
  {
    what: 'Kimi: a one-line entry stays on its line',
    profile: 'kimi',
    server: 'b',
    text: '{\n  "mcpServers": {\n    "b": { "command": "y" }\n  }\n}\n',
    toggled: '{\n  "mcpServers": {\n    "b": { "command": "y", "enabled": false }\n  }\n}\n',
  },
  {
    what: 'Kimi: CRLF, tabs, a CJK note after the last member (the note stays with its member)',
    profile: 'kimi',
    server: 'c',
    text: '{\r\n\t"mcpServers": {\r\n\t\t"c": {\r\n\t\t\t"command": "x" // 注释\r\n\t\t}\r\n\t}\r\n}\r\n',
    toggled: '{\r\n\t"mcpServers": {\r\n\t\t"c": {\r\n\t\t\t"command": "x", // 注释\r\n\t\t\t"enabled": false\r\n\t\t}\r\n\t}\r\n}\r\n',
  },
  {
    what: 'Cline: `disabled` is the switch; added at the end of the entry as Cline writes it',
    profile: 'cline',
    server: 'c',
    text: '{\n  "mcpServers": {\n    "c": {\n      "command": "x",\n      "args": []\n    }\n  }\n}\n',
    toggled: '{\n  "mcpServers": {\n    "c": {\n      "command": "x",\n      "args": [],\n      "disabled": true\n    }\n  }\n}\n',
  },
  {
    what: 'Cline: `"disabled": false` flips in place',
    profile: 'cline',
    server: 'c',
    text: '{\n  "mcpServers": {\n    "c": {\n      "disabled": false,\n      "command": "x"\n    }\n  }\n}\n',
    toggled: '{\n  "mcpServers": {\n    "c": {\n      "disabled": true,\n      "command": "x"\n    }\n  }\n}\n',
  },
  {
    what: 'Zed (JSONC, comments, trailing comma): added after the last member, before its comma',
    profile: 'zed',
    server: 'ctx',
    text: '// Zed settings\n{\n  "context_servers": {\n    "ctx": {\n      "command": "ctx-mcp", // 中文\n      "args": [],\n    },\n  },\n}\n',
    toggled: '// Zed settings\n{\n  "context_servers": {\n    "ctx": {\n      "command": "ctx-mcp", // 中文\n      "args": [],\n      "enabled": false,\n    },\n  },\n}\n',
  },
  {
    what: 'Goose: `enabled: true` as Goose writes it (sorted keys) flips in place',
    profile: 'goose',
    server: 'github',
    text: 'extensions:\n  github:\n    args: []\n    cmd: github-mcp-server\n    enabled: true\n    name: github\n    timeout: 300\n    type: stdio\n',
    toggled: 'extensions:\n  github:\n    args: []\n    cmd: github-mcp-server\n    enabled: false\n    name: github\n    timeout: 300\n    type: stdio\n',
  },
  {
    what: 'Goose: an entry without the flag gets it first, as Goose writes every entry (CRLF kept)',
    profile: 'goose',
    server: 'h',
    text: 'extensions:\r\n  h: # 中文\r\n    # the kind\r\n    type: stdio # mine\r\n    cmd: x\r\n    name: h\r\n',
    toggled: 'extensions:\r\n  h: # 中文\r\n    enabled: false\r\n    # the kind\r\n    type: stdio # mine\r\n    cmd: x\r\n    name: h\r\n',
  },
  {
    what: 'Goose: a flow map gets `enabled: false, ` after its brace',
    profile: 'goose',
    server: 'f',
    text: 'extensions:\n  f: {cmd: x, name: f, type: stdio}\n',
    toggled: 'extensions:\n  f: {enabled: false, cmd: x, name: f, type: stdio}\n',
  },
  {
    what: 'Codex: `enabled = true` flips in place',
    profile: 'codex',
    server: 'c',
    text: '[mcp_servers.c]\ncommand = "x"\nenabled = true # mine\nstartup_timeout_sec = 20\n',
    toggled: '[mcp_servers.c]\ncommand = "x"\nenabled = false # mine\nstartup_timeout_sec = 20\n',
  },
  {
    what: 'Codex: added after the keys Codex writes before it (transport, then enabled, then timeouts)',
    profile: 'codex',
    server: 'd',
    text: '[mcp_servers.d]\ncommand = "x"\nargs = ["a"]  # runner\nstartup_timeout_sec = 20\n\n[mcp_servers.d.env]\nA = "1"\n',
    toggled: '[mcp_servers.d]\ncommand = "x"\nargs = ["a"]  # runner\nenabled = false\nstartup_timeout_sec = 20\n\n[mcp_servers.d.env]\nA = "1"\n',
  },
  {
    what: 'Codex: an inline table gets `, enabled = false` at its end, as Codex merges one',
    profile: 'codex',
    server: 'e',
    text: '[mcp_servers]\ne = { command = "x", args = [] }\n',
    toggled: '[mcp_servers]\ne = { command = "x", args = [], enabled = false }\n',
  },
];

describe('switches write in place (issue 42 item 1)', () => {
  for (const c of CASES) {
    it(c.what, async () => {
      const path = join(home, `config.${ext(c.profile)}`);
      await writeFile(path, c.text);
      const file = layerFile(c.profile, path);
      const startsOn = !/"enabled": false|enabled: false|enabled = false|"disabled": true/.test(c.text);
      const [there, back] = startsOn ? (['disable', 'enable'] as const) : (['enable', 'disable'] as const);
      expect(await toggle(file, c.server, there)).toBe(c.toggled);
      expect(await toggle(file, c.server, back)).toBe(c.text);
      // Twice more: the record of what the panel added holds across runs.
      expect(await toggle(file, c.server, there)).toBe(c.toggled);
      expect(await toggle(file, c.server, back)).toBe(c.text);
    });
  }

  it('a flag the user edits after the panel added it is the user’s: enable flips it, nothing else moves', async () => {
    const path = join(home, 'mcp.json');
    const text = '{\n  "mcpServers": {\n    "b": {\n      "command": "y"\n    }\n  }\n}\n';
    await writeFile(path, text);
    const file = layerFile('kimi', path);
    const off = await toggle(file, 'b', 'disable');
    expect(off).toBe(text.replace('"y"\n', '"y",\n      "enabled": false\n'));
    const edited = off.replace('"enabled": false', '"enabled":false');
    await writeFile(path, edited);
    expect(await toggle(file, 'b', 'enable')).toBe(edited.replace('"enabled":false', '"enabled":true'));
  });
});
