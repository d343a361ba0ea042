// MiniMax Code (seed 000, CFG-1): user `<dataDir>/mcp.json`, project `<workspace>/.mcp.json`
// (read-only for the agent). Every rule below is from seed 000 unless it says otherwise; where
// the published code is more exact or says otherwise it decides (README.md here lists the
// sources: the data folder in files.ts, names in naming.ts, the registry in registry.ts).
import { MinimaxEntrySchema, MinimaxFileSchema } from './dialect';
import { TYPE_THEN_TRANSPORT } from '../../schemas/dialects/common';
import { MINIMAX_RULES } from '../../permissions/syntax';
import { minimaxBaseName, minimaxBaseNamer } from './naming';
import { posInt } from '../fields';
import { PLAIN_SPELLING } from '../kit';
import type { ProfileFacts } from '../types';
import { minimaxLimits } from './limits';

export const MINIMAX: ProfileFacts = {
  id: 'minimax',
  label: 'MiniMax Code',
  shortLabel: 'MiniMax',
  format: 'json',
  fileLayers: ['user', 'project'],
  serversKey: 'mcpServers',
  entrySchema: MinimaxEntrySchema,
  fileSchema: MinimaxFileSchema,
  transportKeys: TYPE_THEN_TRANSPORT,
  transports: ['stdio', 'http', 'sse'],
  // CFG-3: "只在项目文件里展开", every string of a project-file entry.
  expansion: (layer) => (layer === 'project' ? 'entry' : 'none'),
  expansionWhere: { en: 'only in project files', zh: '仅在项目文件中' },
  form: { fields: [{ key: 'timeout', kind: 'number', id: 'ed-timeout', label: 'editor.timeout' }, { key: 'enabled', kind: 'enabled', id: 'ed-enabled', label: 'editor.enabled' }] },
  serverSwitch: true,
  // Seed 000 has only the whole-server `enabled: false`.
  toolFilter: { allow: null, deny: null },
  // NAME-1: `mcp__<server segment>__<tool segment>`, ≤ 80 (server ≤ 48), segments cleaned as
  // tool-name.ts does; `mcp-runtime-names.json` keeps every name its owner ever held (registry.ts).
  naming: {
    prefix: 'mcp__',
    sep: '__',
    namer: minimaxBaseNamer,
    untruncated: (server, tool) => minimaxBaseName(server, tool),
    collisions: 'registry',
    whyKey: 'tools.why.minimax', collisionEvent: false,
  },
  rules: MINIMAX_RULES,
  // BRIDGE-4 (seed 000 §权限与 OAuth): MiniMax has no OAuth of its own.
  oauth: false,
  invalidYields: false,
  missingVar: 'disable',
  trust: 'panel',
  budgetField: null,
  // CTX-1 / DISC-1: seed 000 plan.ts:49, configured tools past thresholdPct of the model's window,
  // for a whitelisted model; the disclosure view reads config.yaml too, this the environment only.
  limits: minimaxLimits,
  // Seed 000: "环境变量优先于 config.yaml 的 mcpToolSearch 段": the data folder's config.yaml (files.ts minimaxDataDir).
  disclosureConfig: ['config.yaml'],
  era: 'unknown',
  // Seed 000 (connection-pool.ts:578): "客户端能力只声明 roots"; the published code agrees
  // (shared/profiles/minimax/README.md).
  clientCapabilities: { roots: { listChanged: false } },
  spelling: { ...PLAIN_SPELLING },
  stdioEntry: (command, args) => ({ command, args: [...args] }),
  idField: null,
  deferral: () => ({ deferred: false, mechanism: null }),
  disclosureNote: () => null,
  deferredFields: ['deferred'],
  // CONN-2: `timeout` overrides the pool's 120 s call default.
  connection: (e) => ({ callTimeoutMs: posInt(e.timeout) }),
};
