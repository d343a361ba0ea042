// CTX-2 through the bridge: a local (stdio) server bridged only so that its tools can be filtered
// for an agent that has no filter field of its own. The bridge starts the server as the agent
// would have (the entry's command, arguments, folder and environment, keychain-held variables of
// exactly this entry: CFG-8/SEC-6), in its own process group (SEC-7), and forwards messages as
// they are; there is no login and no era to translate. When the server exits, the bridge does,
// so the agent sees what it would have seen without the bridge.
import { basename } from 'node:path';
import type { ConnectionSpec, Profile } from '../../../shared/schemas/server';
import { redactText } from '../../../shared/secrets/secret-text';
import type { McpTransport as Transport } from '../mcp';
import { homeDir } from '../paths';
import { bridgeCounters } from './counters';
import { startLiveRecord } from './live';
import { runProxy } from './proxy';
import type { BridgeTranslator } from './target';
import { filteredAgentSide } from './tool-filter';

export interface LocalBridgeOptions {
  spec: ConnectionSpec;
  profile: Profile | null;
  workspace: string | null;
  /** This entry's keychain-held variables (never logged: masked in every line). */
  injected: Record<string, string>;
  hidden: ReadonlySet<string>;
  dataDir: string;
  env: NodeJS.ProcessEnv;
  t: BridgeTranslator;
  log: (line: string) => void;
  interrupted: Promise<void>;
}

export async function runLocalBridge(o: LocalBridgeOptions): Promise<void> {
  const { spec, t } = o;
  const secrets = Object.values(o.injected);
  const redact = (text: string) => redactText(text, secrets);
  const log = (line: string) => o.log(redact(line));
  const [{ GroupStdioTransport }, { stdioEnv }, { agentStdioTransport }] = await Promise.all([import('../mcp/group-transport'), import('../connections/expand'), import('../mcp/agent-side')]);
  const connect = async (): Promise<Transport> => {
    const child = new GroupStdioTransport({ command: spec.command!, args: spec.args, env: stdioEnv(spec, o.env, o.injected), cwd: spec.cwd ?? homeDir(o.env) });
    // The server's own stderr is what the agent would have logged for it.
    child.stderr.on('data', (c: Buffer) => {
      for (const line of c.toString('utf8').split('\n')) if (line.trim()) log(`${spec.name}: ${line}`);
    });
    await child.start();
    return child;
  };
  const counters = bridgeCounters(startLiveRecord(o.dataDir, { server: spec.name, profile: o.profile, workspace: o.workspace, origin: basename(spec.command!) }), o.dataDir, { profile: o.profile, server: spec.name }, log);
  const local = filteredAgentSide(await agentStdioTransport(), o.hidden, (tool) => t('bridgeRun.hidden_tool', { tool }));
  try {
    await Promise.race([
      runProxy({
        local,
        connect,
        // A local server takes no credentials from the bridge: nothing to log in to.
        unauthorized: () => Promise.resolve({ retry: false, message: t('bridgeRun.refused_credentials', { server: spec.name }) }),
        log,
        unreachable: (detail) => t('bridgeRun.local_exited', { server: spec.name, detail: redact(detail) }),
        onRequest: (method) => counters.onRequest(method),
        onError: (m) => (counters.live.error(redact(m)), log(m)),
      }),
      o.interrupted.then(() => local.close()),
    ]);
  } finally {
    await counters.close();
  }
}
