// VS Code's `${input:ID}` (issue 42 item 3; code.visualstudio.com "MCP configuration reference",
// "Input variables for sensitive data"): a prompt VS Code shows when it starts the server, declared
// in the file's top-level `inputs` list (`{ "type": "promptString", "id": …, "password": true }`),
// never an environment variable. A use with no declaration is one VS Code cannot ask for.
import type { PromptFacts } from '../types';

const INPUT_USE = /\$\{input:([^}]+)\}/g;

function strings(v: unknown, out: string[]): string[] {
  if (typeof v === 'string') out.push(v);
  else if (Array.isArray(v)) for (const x of v) strings(x, out);
  else if (typeof v === 'object' && v !== null) for (const x of Object.values(v)) strings(x, out);
  return out;
}

export const VSCODE_PROMPTS: PromptFacts = {
  declared(root) {
    const list = Array.isArray(root.inputs) ? root.inputs : [];
    const ids = list.map((i: unknown) => (typeof i === 'object' && i !== null && !Array.isArray(i) ? (i as Record<string, unknown>).id : undefined));
    return new Set(ids.filter((id): id is string => typeof id === 'string'));
  },
  used(entry) {
    const ids = strings(entry, []).flatMap((s) => [...s.matchAll(INPUT_USE)].map((m) => m[1]!));
    return [...new Set(ids)];
  },
};
