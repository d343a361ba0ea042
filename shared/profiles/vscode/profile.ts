// VS Code with Copilot (AGENT-1). Sources: code.visualstudio.com/docs/copilot/customization/mcp-servers
// and the "MCP configuration reference" (mcp.json: `servers` and `inputs`; `type` stdio | http |
// sse; `${input:id}`, `${env:NAME}`, `${workspaceFolder}`, `envFile`; trust on first start and
// after a change) and AGENTS.md Table 1a/1b. Files: the user profile's mcp.json and the
// workspace's .vscode/mcp.json, both JSONC.
import { z } from 'zod';
import { WHOLE_NAME_RULES } from '../../permissions/syntax';
import { PLAIN, commonShape, envColonToDollar, mapStrings, needsTransport, typedTransport, PLAIN_SPELLING } from '../kit';
import type { ProfileFacts } from '../types';
import { VSCODE_PROMPTS } from './dialect';

const transportOf = (e: Record<string, unknown>) => typedTransport(e);

export const VscodeEntrySchema = z
  .looseObject({ ...commonShape, url: z.string().min(1).optional(), type: z.string().optional(), envFile: z.string().optional(), dev: z.looseObject({}).optional() })
  .superRefine(needsTransport(transportOf, ['stdio', 'http', 'sse']));

/** Tool names are `<prefix><name>` with `.` → `_`, ≤ 64 (AGENTS.md Table 1b); the prefix is `mcp_<server>_`. */
const namer = (server: string) => (tool: string) => `mcp_${server}_${tool}`.replace(/[^a-zA-Z0-9_-]/g, '_').slice(0, 64);

export const VSCODE: ProfileFacts = {
  ...PLAIN,
  id: 'vscode',
  label: 'VS Code',
  shortLabel: 'VS Code',
  format: 'jsonc',
  fileLayers: ['user', 'project'],
  serversKey: 'servers',
  entrySchema: VscodeEntrySchema,
  fileSchema: z.looseObject({ inputs: z.array(z.unknown()).optional() }),
  transportKeys: ['type'],
  transports: ['stdio', 'http', 'sse'],
  transportOf,
  // `${env:NAME}` is the panel's `${NAME}`; `${input:id}` stays a prompt VS Code asks for (dialect.ts).
  normalize: (e) => mapStrings(e, envColonToDollar) as Record<string, unknown>,
  prompts: VSCODE_PROMPTS,
  expansion: () => 'entry',
  expansionWhere: { en: 'as ${env:NAME}', zh: '以 ${env:NAME} 的形式' },
  missingVar: 'disable',
  form: { fields: [] },
  naming: { prefix: 'mcp_', sep: '_', namer, untruncated: (s, t) => `mcp_${s}_${t}`.replace(/[^a-zA-Z0-9_-]/g, '_'), collisions: 'first-wins', whyKey: 'tools.why.firstWins', collisionEvent: false, limit: { max: 64, enforced: true } },
  rules: WHOLE_NAME_RULES,
  oauth: true,
  trust: 'workspace-trust',
  budgetField: null,
  // CTX-1: 128 tools per chat request; past them `github.copilot.chat.virtualTools.threshold`
  // (default 128) groups tools the model activates on demand (code.visualstudio.com FAQ; README).
  limits: () => [{ kind: 'cap', max: 128, per: 'request', past: 'deferred' }],
  era: 'unknown',
  clientCapabilities: null,
  // mcp.json names the `type` of every server ("MCP configuration reference").
  spelling: { ...PLAIN_SPELLING, typeWords: { stdio: 'stdio', http: 'http', sse: 'sse' }, variable: 'env-colon', predefined: ['workspaceFolder', 'userHome'] },
  stdioEntry: (command, args) => ({ type: 'stdio', command, args: [...args] }),
};
