// AUTH-2: opening the system browser is a port. Implementations: the CLI's platform opener
// (falls back to printing the URL), print-only (`--no-browser`), and in tests a headless
// "person" who follows the authorization URL's redirects until the loopback listener answers.
// The Electron app passes its own `{ open: (u) => shell.openExternal(u) }` from electron/main.
import { spawn } from 'node:child_process';

export interface BrowserOpener {
  open(url: string): Promise<void>;
}

/** Prints the URL for the user to open by hand. */
export class PrintOpener implements BrowserOpener {
  constructor(private readonly print: (line: string) => void) {}
  async open(url: string): Promise<void> {
    this.print(`Open this address in your browser to log in:\n  ${url}\n`);
  }
}

/** xdg-open / open / start; if that cannot run, prints the URL instead. */
export class PlatformOpener implements BrowserOpener {
  constructor(
    private readonly print: (line: string) => void,
    private readonly platform: NodeJS.Platform = process.platform,
    private readonly spawnFn: typeof spawn = spawn,
  ) {}

  async open(url: string): Promise<void> {
    const [cmd, args] =
      this.platform === 'darwin' ? ['open', [url]] : this.platform === 'win32' ? ['cmd', ['/c', 'start', '""', url]] : ['xdg-open', [url]];
    const ok = await new Promise<boolean>((resolve) => {
      try {
        const child = this.spawnFn(cmd as string, args as string[], { stdio: 'ignore', detached: true });
        child.once('error', () => resolve(false));
        child.once('spawn', () => {
          child.unref();
          resolve(true);
        });
      } catch {
        resolve(false);
      }
    });
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
