// What `bridge install` (the CLI, and the editor's "Use through the bridge") must refuse so that
// no write leaves an agent with an entry it cannot use (issue 22 item 3):
// - a stdio target: the bridge forwards to a remote (http/sse) server only (BRIDGE-1), so the
//   line would replace a working local server with one the bridge then refuses to run;
// - a new entry in a file other agents read too (kimi's git-root `.mcp.json` is MiniMax's
//   project file): those agents would start a server that was never theirs.
import type { LayerKind, Profile } from '../../../shared/schemas/server';
import { profileFacts } from '../../../shared/profiles';
import { inferTransport } from '../../../shared/schemas/dialects';
import type { BridgeErrorCode } from '../../../shared/contract/bridges';
import type { LayerEnv } from '../../../shared/profiles/loading';
import { otherReaders } from '../agent-view/shared-files';

export const PROJECT_LAYERS: readonly LayerKind[] = ['project', 'project-local'];

export interface TargetCheck {
  profile: Profile;
  server: string;
  layer: LayerKind;
  /** The entry the line would replace (or the effective one it would shadow). */
  entry: unknown;
  /** The entry is in the target file already (the line replaces it) rather than added. */
  inFile: boolean;
  file: string;
  where: LayerEnv;
}

export interface Refusal {
  code: BridgeErrorCode;
  message: string;
  params: Record<string, string>;
}

/** A local server the agent starts itself: nothing the bridge can forward to. */
export function isStdioEntry(entry: unknown, profile: Profile): boolean {
  // An agent without stdio entries (minara, seed 001: streamable-HTTP URLs only) has none to refuse.
  const facts = profileFacts(profile);
  if (!facts.transports.includes('stdio')) return false;
  return inferTransport(entry, facts.transportKeys) === 'stdio';
}

export async function checkTarget(c: TargetCheck): Promise<Refusal | null> {
  if (isStdioEntry(c.entry, c.profile)) {
    return {
      code: 'stdio_target',
      message: `${c.server} is a local (stdio) server that the agent starts itself; the bridge forwards to remote (http/sse) servers only, so the entry stays as it is`,
      params: { server: c.server },
    };
  }
  if (!c.inFile && PROJECT_LAYERS.includes(c.layer)) {
    const others = await otherReaders(c.profile, c.file, c.where);
    if (others.length > 0) {
      const agents = others.map((o) => o.agent).join(', ');
      return {
        code: 'shared_file_add',
        message: `${c.file} is also read by ${agents}, and ${c.server} is not in it: the panel does not add servers to a file other agents read; use the ${c.profile} project-local file, or add the entry to ${c.file} first`,
        params: { server: c.server, path: c.file, agents },
      };
    }
  }
  return null;
}
