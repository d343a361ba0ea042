// What OpenCode itself refuses of a file it reads (AGENT-2, issue 42). OpenCode substitutes every
// `{file:path}` in the config's text before it parses it (packages/core/src/config/variable.ts,
// substituteFiles): a reference whose line starts with `//` is left alone, `~/` is the home
// folder, a relative path is taken from the config file's folder, and a file that is not there
// makes the whole config invalid ("bad file reference: "{file:…}" <path> does not exist"): 1.18.33
// then starts none of its servers (`opencode mcp list` prints that error and nothing else).
import type { AgentIo, FileRefusal, LayerEnv, LayerLocation } from '../loading';

const FILE_REF = /\{file:[^}]+\}/g;

export async function opencodeRefusesFile(text: string, loc: LayerLocation, where: LayerEnv, io: AgentIo): Promise<FileRefusal | null> {
  if (!text.includes('{file:')) return null;
  const p = io.path;
  for (const m of text.matchAll(FILE_REF)) {
    const token = m[0];
    const lineStart = text.lastIndexOf('\n', m.index - 1) + 1;
    if (text.slice(lineStart, m.index).trimStart().startsWith('//')) continue;
    const written = token.slice('{file:'.length, -1);
    // OpenCode puts {env:…} in first; a path built from one is not guessed at here.
    if (written.includes('{env:')) continue;
    const expanded = written.startsWith('~/') ? p.join(where.home, written.slice(2)) : written;
    const resolved = p.isAbsolute(expanded) ? expanded : p.resolve(p.dirname(loc.path), expanded);
    if (!(await io.exists(resolved))) return { code: 'file-ref-missing', params: { ref: token, path: resolved }, offset: m.index };
  }
  return null;
}
