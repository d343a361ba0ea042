// DISC-1: the file an agent reads its disclosure options from (MiniMax Code: `config.yaml` in its
// data folder, section `mcpToolSearch`), read bounded and never written: the disclosure view says
// which file and key set each option and offers the lines to change, the person makes the edit.
import { parse } from 'yaml';
import { readBoundedFile } from '../config/bounded-read';

export interface ToolSearchConfig {
  /** The file the agent reads; null when the agent has none. */
  file: string | null;
  /** Its parsed content (a whole config holding `mcpToolSearch`), undefined when absent or unreadable. */
  config: unknown;
  /** Why a file that is there was not used (not YAML, too big): a warning, the defaults apply. */
  problem: string | null;
}

export async function readToolSearchConfig(file: string | null): Promise<ToolSearchConfig> {
  if (file === null) return { file, config: undefined, problem: null };
  const read = await readBoundedFile(file);
  if (read.state === 'missing') return { file, config: undefined, problem: null };
  if (read.state === 'void') return { file, config: undefined, problem: read.error };
  try {
    return { file, config: parse(read.bytes.toString('utf8')) ?? undefined, problem: null };
  } catch (err) {
    return { file, config: undefined, problem: `${file} is not valid YAML (${err instanceof Error ? err.message.split('\n')[0] : String(err)}); its mcpToolSearch section is ignored` };
  }
}
