// Claude Desktop (AGENT-1). Sources: modelcontextprotocol.io/quickstart/user ("the configuration
// file … claude_desktop_config.json", macOS and Windows paths) and AGENTS.md Table 1a/1b. The
// file holds stdio servers only: remote servers are Connectors added in the app, so a remote
// entry is offered as the bridge line (BRIDGE-4). No variable expansion in the file.
import { z } from 'zod';
import { WHOLE_NAME_RULES } from '../../permissions/syntax';
import { PLAIN, commonShape, needsTransport, typedTransport, PLAIN_SPELLING } from '../kit';
import type { ProfileFacts } from '../types';

const transportOf = (e: Record<string, unknown>) => (typeof e.command === 'string' ? 'stdio' : typedTransport(e));

export const ClaudeDesktopEntrySchema = z.looseObject({ ...commonShape }).superRefine(needsTransport(transportOf, ['stdio']));

export const CLAUDE_DESKTOP: ProfileFacts = {
  ...PLAIN,
  id: 'claude-desktop',
  label: 'Claude Desktop',
  shortLabel: 'Claude Desktop',
  format: 'json',
  fileLayers: ['user'],
  serversKey: 'mcpServers',
  entrySchema: ClaudeDesktopEntrySchema,
  fileSchema: z.looseObject({}),
  transportKeys: ['type'],
  transports: ['stdio'],
  transportOf,
  expansion: () => 'none',
  expansionWhere: { en: 'nowhere in claude_desktop_config.json', zh: '在 claude_desktop_config.json 中一律不展开' },
  missingVar: 'disable',
  form: { fields: [] },
  // Not documented: the panel shows the raw tool name, kept to what the API accepts (64).
  naming: {
    prefix: '',
    sep: '',
    namer: () => (tool) => tool,
    untruncated: (_s, t) => t,
    collisions: 'first-wins',
    whyKey: 'tools.why.firstWins', collisionEvent: false,
    limit: { max: 64, enforced: false },
  },
  rules: WHOLE_NAME_RULES,
  // OAuth is for Connectors, not for entries of this file.
  oauth: false,
  trust: 'panel',
  budgetField: null,
  // CTX-1: no tool or context limit stated: not documented; one forum report of 100 of 206 tools listed is not counted (README).
  limits: () => [],
  era: 'unknown',
  clientCapabilities: null,
  spelling: { ...PLAIN_SPELLING, typeKey: null, typeWords: {} },
  stdioEntry: (command, args) => ({ command, args: [...args] }),
};
