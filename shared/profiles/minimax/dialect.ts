// MiniMax Code dialect (seed 000): user <dataDir>/mcp.json, project <workspace>/.mcp.json.
import { z } from 'zod';
import { baseEntryShape, checkTransportFields, TYPE_THEN_TRANSPORT } from '../../schemas/dialects/common';

export const MinimaxEntrySchema = z.looseObject(baseEntryShape).superRefine(checkTransportFields(TYPE_THEN_TRANSPORT));

export const MinimaxFileSchema = z.looseObject({
  mcpServers: z.record(z.string(), MinimaxEntrySchema).optional(),
});

/** CFG-4: names a project file may not use (seed 000 project-config.ts:161). */
export const MINIMAX_RESERVED_NAMES: readonly string[] = ['matrix', 'nd', 'cu', '__proto__', 'constructor', 'prototype'];

/** CFG-4: a project file over 1 MiB is void as a whole. */
export const MINIMAX_PROJECT_FILE_MAX_BYTES = 1024 * 1024;

export const MINIMAX_DEFAULTS = {
  /** The data folder (config/src/data-dir.ts NEW_DATA_DIR_BASENAME; files.ts has the whole rule). */
  dataDir: '.minimax',
  /** LEGACY_DATA_DIR_BASENAME: moved to `.minimax` at MiniMax's next start. */
  legacyDataDir: '.mavis',
  /** The official installer's folder (releases, the `mcode` launcher): no data of MiniMax's. */
  installDir: '.minimax-code',
  /** CONN-2: per-call timeout when the entry has no `timeout`. */
  callTimeoutMs: 120_000,
} as const;
