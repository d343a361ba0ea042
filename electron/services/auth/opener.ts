// AUTH-2: opening the system browser is a port. Implementations: the CLI's platform opener
// (falls back to printing the URL), print-only (`--no-browser`), and in tests a headless
// "person" who follows the authorization URL's redirects until the loopback listener answers.
// The Electron app passes its own `{ open: (u) => shell.openExternal(u) }` from electron/main.
// SEC-1: every opener here refuses anything but http(s) with the same guard Electron and the
// web host use (an authorization server chooses the URL, so it is untrusted input).
import { spawn } from 'node:child_process';
import { isAllowedExternalUrl } from '../api/guards';

export interface BrowserOpener {
  open(url: string): Promise<void>;
}

/** SEC-1: throws (the login then fails with this reason) unless the URL may be opened. */
export function assertOpenableUrl(url: string): void {
  if (isAllowedExternalUrl(url)) return;
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(url)?.[1] ?? 'no scheme';
  throw new Error(`refused to open a ${scheme} link from the authorization server (only http(s) is allowed); check the server's OAuth metadata`);
}

/** Prints the URL for the user to open by hand. */
export class PrintOpener implements BrowserOpener {
  constructor(private readonly print: (line: string) => void) {}
  async open(url: string): Promise<void> {
    assertOpenableUrl(url);
    this.print(`Open this address in your browser to log in:\n  ${url}\n`);
  }
}

export interface LaunchOptions {
  platform?: NodeJS.Platform;
  env?: NodeJS.ProcessEnv;
  spawnFn?: typeof spawn;
}

/**
 * Starts the browser on one argument (an http(s) URL or a local file path) and resolves
 * whether it started. `MCP_PANEL_BROWSER` names the program to use instead of
 * xdg-open / open / start (an unusual desktop, or a test's stand-in that records its argv);
 * it is run directly, never through a shell.
 */
export function launchBrowser(target: string, o: LaunchOptions = {}): Promise<boolean> {
  const platform = o.platform ?? process.platform;
  const custom = (o.env ?? process.env).MCP_PANEL_BROWSER;
  const [cmd, args]: [string, string[]] = custom
    ? [custom, [target]]
    : platform === 'darwin'
      ? ['open', [target]]
      : platform === 'win32'
        ? ['cmd', ['/c', 'start', '""', target]]
        : ['xdg-open', [target]];
  return new Promise<boolean>((resolve) => {
    try {
      const child = (o.spawnFn ?? spawn)(cmd, args, { stdio: 'ignore', detached: true });
      child.once('error', () => resolve(false));
      child.once('spawn', () => {
        child.unref();
        resolve(true);
      });
    } catch {
      resolve(false);
    }
  });
}

/** xdg-open / open / start (or MCP_PANEL_BROWSER); if that cannot run, prints the URL instead. */
export class PlatformOpener implements BrowserOpener {
  constructor(
    private readonly print: (line: string) => void,
    private readonly launch: LaunchOptions = {},
  ) {}

  async open(url: string): Promise<void> {
    assertOpenableUrl(url); // before anything is spawned or printed
    const ok = await launchBrowser(url, this.launch);
    // Print either way: on a headless machine xdg-open "succeeds" without showing anything.
    await new PrintOpener(this.print).open(url);
    if (!ok) this.print('(could not start a browser; open the address above by hand)\n');
  }
}

/**
 * Test and conformance stand-in for the person clicking "approve": fetches the authorization
 * URL with `redirect: 'manual'`, following Location headers until a response comes from the
 * loopback listener (or a page without a redirect, which means the AS stopped the login).
 */
export class HeadlessPerson implements BrowserOpener {
  /** Every URL visited, in order (tests assert on the state/redirect round trip). */
  readonly visited: string[] = [];
  lastStatus: number | undefined;
  lastBody: string | undefined;
  private done: Promise<void> = Promise.resolve();

  constructor(private readonly fetchFn: typeof fetch = fetch, private readonly maxHops = 10) {}

  async open(url: string): Promise<void> {
    // Like a real browser: opening does not block the login waiting for the callback.
    this.done = this.walk(url).catch((e) => {
      this.lastBody = e instanceof Error ? e.message : String(e);
    });
  }

  /** Resolves when the walk has ended (the callback page was read or the walk failed). */
  finished(): Promise<void> {
    return this.done;
  }

  private async walk(start: string): Promise<void> {
    let url = start;
    for (let hop = 0; hop < this.maxHops; hop++) {
      this.visited.push(url);
      const res = await this.fetchFn(url, { redirect: 'manual' });
      this.lastStatus = res.status;
      const loc = res.headers.get('location');
      if (res.status >= 300 && res.status < 400 && loc) {
        await res.body?.cancel();
        url = new URL(loc, url).href;
        continue;
      }
      this.lastBody = await res.text();
      return;
    }
    throw new Error(`too many redirects from ${start}`);
  }
}
