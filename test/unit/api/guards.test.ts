import { describe, expect, it } from 'vitest';
import {
  contentSecurityPolicy,
  isAllowedExternalUrl,
  isAllowedHost,
  isAllowedNavigation,
  isAllowedOrigin,
  isTrustedSender,
  cookieValues,
  tokensEqual,
} from '../../../electron/services/api/guards';
import { displayUrl, redactArgs, redactEntry } from '../../../electron/services/api/redact';
import { SECRET_MASK } from '../../../shared/contract';

describe('SEC-1 guards', () => {
  it('CSP forbids inline script, eval, remote code, framing and plugins', () => {
    const csp = contentSecurityPolicy({ connect: ['ws://127.0.0.1:5000'] });
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain("script-src 'self';");
    expect(csp).not.toMatch(/script-src[^;]*(unsafe-inline|unsafe-eval|\*)/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("connect-src 'self' ws://127.0.0.1:5000");
  });

  it('openExternal only for http(s) without credentials', () => {
    expect(isAllowedExternalUrl('https://example.com/docs')).toBe(true);
    expect(isAllowedExternalUrl('http://127.0.0.1:3000/cb')).toBe(true);
    for (const bad of ['file:///etc/passwd', 'javascript:alert(1)', 'smb://host/share', 'https://user:pw@example.com', 'not a url', 'vscode://x', 'data:text/html,hi']) {
      expect(isAllowedExternalUrl(bad)).toBe(false);
    }
  });

  it('IPC sender must be our own page', () => {
    const allowed = { fileIndex: 'file:///opt/app/out/renderer/index.html', devOrigin: null };
    expect(isTrustedSender('file:///opt/app/out/renderer/index.html', allowed)).toBe(true);
    expect(isTrustedSender('file:///tmp/evil.html', allowed)).toBe(false);
    expect(isTrustedSender('https://example.com/', allowed)).toBe(false);
    expect(isTrustedSender(undefined, allowed)).toBe(false);
    expect(isTrustedSender('http://localhost:5173/', { ...allowed, devOrigin: 'http://localhost:5173' })).toBe(true);
    expect(isTrustedSender('http://localhost:5174/', { ...allowed, devOrigin: 'http://localhost:5173' })).toBe(false);
  });

  it('navigation never leaves the page', () => {
    const here = 'file:///opt/app/out/renderer/index.html';
    expect(isAllowedNavigation('file:///opt/app/out/renderer/index.html#x', here)).toBe(true);
    expect(isAllowedNavigation('https://example.com/', here)).toBe(false);
    expect(isAllowedNavigation('file:///etc/passwd', here)).toBe(false);
  });
});

describe('SEC-2 guards', () => {
  it('Host must be our loopback name and port; Origin absent or ours', () => {
    expect(isAllowedHost('127.0.0.1:4000', 4000)).toBe(true);
    expect(isAllowedHost('localhost:4000', 4000)).toBe(true);
    expect(isAllowedHost('evil.example:4000', 4000)).toBe(false);
    expect(isAllowedHost('127.0.0.1:4001', 4000)).toBe(false);
    expect(isAllowedHost(undefined, 4000)).toBe(false);
    expect(isAllowedOrigin(undefined, 4000)).toBe(true);
    expect(isAllowedOrigin('http://127.0.0.1:4000', 4000)).toBe(true);
    expect(isAllowedOrigin('http://evil.example', 4000)).toBe(false);
    expect(isAllowedOrigin('null', 4000)).toBe(false);
  });

  it('every cookie of the name (a planted duplicate does not hide ours), compared in constant time', () => {
    expect(cookieValues('x=1; c=a%2Bb', 'c')).toEqual(['a+b']);
    expect(cookieValues('c=planted; x=1; c=ours', 'c')).toEqual(['planted', 'ours']);
    expect(cookieValues('c=%E0%A4%A', 'c')).toEqual([]);
    expect(cookieValues(undefined, 'c')).toEqual([]);
    expect(tokensEqual('abc', 'abc')).toBe(true);
    expect(tokensEqual('abd', 'abc')).toBe(false);
    expect(tokensEqual('ab', 'abc')).toBe(false);
    expect(tokensEqual(null, 'abc')).toBe(false);
  });

  it('no secret value reaches the page: env, headers, tokens and secret flags are masked', () => {
    const out = redactEntry({
      command: 'srv',
      args: ['--api-key', 'k1', '--token=t1', '--port', '80'],
      env: { GITHUB_TOKEN: 'ghp_x', REF: '${HOME_TOKEN}' },
      headers: { Authorization: 'Bearer abc', 'X-Ref': 'Bearer ${TOKEN}' },
      authToken: 'sk-1',
      authTokenEnv: 'MY_TOKEN',
      nested: { password: 'p' },
    });
    expect(JSON.stringify(out)).not.toMatch(/ghp_x|k1|t1|abc|sk-1|"p"/);
    expect(out).toMatchObject({
      args: ['--api-key', SECRET_MASK, `--token=${SECRET_MASK}`, '--port', '80'],
      env: { GITHUB_TOKEN: SECRET_MASK, REF: '${HOME_TOKEN}' },
      headers: { Authorization: SECRET_MASK, 'X-Ref': 'Bearer ${TOKEN}' },
      authTokenEnv: 'MY_TOKEN',
    });
    expect(redactArgs(['a', 'b'])).toEqual(['a', 'b']);
    expect(displayUrl('https://u:p@host.example/mcp?key=s3cret')).toBe('https://host.example/mcp?…');
  });
});
