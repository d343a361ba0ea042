// server-everything (the registry's reference server) over streamable HTTP on a free port, for
// the detail view's tests (issue 14 item 4): it prints nothing on stdout, so wait for its line.
import { type ChildProcess, spawn } from 'node:child_process';
import { EVERYTHING, freePort, stopProcess } from '../integration/connections/helpers';

export { EVERYTHING };

export async function startEverythingHttp(): Promise<{ proc: ChildProcess; url: string; stop(): Promise<void> }> {
  const port = await freePort();
  const proc = spawn(process.execPath, [EVERYTHING, 'streamableHttp'], { env: { ...process.env, PORT: String(port) }, stdio: ['ignore', 'pipe', 'pipe'] });
  await new Promise<void>((res, rej) => {
    let out = '';
    const timer = setTimeout(() => rej(new Error(`server-everything did not start: ${out}`)), 60_000); // a margin for a busy machine
    const onData = (c: Buffer) => {
      out += c.toString();
      if (/listening on port/i.test(out)) {
        clearTimeout(timer);
        res();
      }
    };
    proc.stdout!.on('data', onData);
    proc.stderr!.on('data', onData);
    proc.once('exit', (code) => rej(new Error(`server-everything exited with ${code}: ${out}`)));
  });
  return { proc, url: `http://127.0.0.1:${port}/mcp`, stop: () => stopProcess(proc) };
}
