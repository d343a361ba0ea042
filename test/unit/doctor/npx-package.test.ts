// Which package an npx command line runs (the engines check reads that package's package.json).
import { describe, expect, it } from 'vitest';
import { npxPackage } from '../../../electron/services/doctor/engines';
import { parseEnvOutput } from '../../../electron/services/launch-env';

describe('npxPackage', () => {
  it('finds the package with or without flags and versions', () => {
    expect(npxPackage('npx', ['-y', '@modelcontextprotocol/server-filesystem@2025.1.1', '/tmp'])).toBe('@modelcontextprotocol/server-filesystem');
    expect(npxPackage('/opt/homebrew/bin/npx', ['--yes', 'mcp-remote@latest', 'https://x'])).toBe('mcp-remote');
    expect(npxPackage('npx', ['-p', 'some-pkg@1', 'some-bin'])).toBe('some-pkg');
    expect(npxPackage('npx', ['--package=@s/p', 'bin'])).toBe('@s/p');
    expect(npxPackage('npx', ['plain'])).toBe('plain');
    expect(npxPackage('node', ['server.js'])).toBeNull();
    expect(npxPackage('npx', ['-y'])).toBeNull();
  });
});

describe('parseEnvOutput', () => {
  it('reads NUL-separated pairs between the marks, values with newlines and = included', () => {
    const mark = '__MCP_PANEL_ENV_8f3a__';
    const out = `banner\n${mark}PATH=/a:/b\0MULTI=line1\nline2\0EQ=a=b\0${mark}bye`;
    expect(parseEnvOutput(out)).toEqual({ PATH: '/a:/b', MULTI: 'line1\nline2', EQ: 'a=b' });
    expect(parseEnvOutput('no marks here')).toBeNull();
  });
});
