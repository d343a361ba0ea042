// A secret is never typed on a command line (it would sit in the shell's history and in `ps`):
// it comes on stdin, or from a hidden prompt on a terminal (`secrets set`, `install
// --from-registry`).
import { createInterface } from 'node:readline';

/** A hidden prompt on a terminal; otherwise all of stdin, without its final newline. */
export async function readSecretInput(prompt: string): Promise<string> {
  const all = await readAllStdin();
  if (all !== null) return all.replace(/\r?\n$/, '');
  process.stderr.write(prompt);
  const rl = createInterface({ input: process.stdin, terminal: true });
  // Swallow the echo: nothing typed reaches the screen or a scrollback.
  (rl as unknown as { _writeToOutput: (s: string) => void })._writeToOutput = () => {};
  const line = await new Promise<string>((r) => rl.question('', r));
  rl.close();
  process.stderr.write('\n');
  return line;
}

/** All of stdin when it is not a terminal (null on a terminal: ask with readSecretInput instead). */
export async function readAllStdin(): Promise<string | null> {
  if (process.stdin.isTTY) return null;
  const chunks: Buffer[] = [];
  for await (const c of process.stdin) chunks.push(c as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}
