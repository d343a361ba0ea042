// The three agent dialects (CFG-2): one entry schema and one file schema each.
import { KimiEntrySchema, KimiFileSchema } from './kimi';
import { MinaraEntrySchema, MinaraFileSchema } from './minara';
import { MinimaxEntrySchema, MinimaxFileSchema } from './minimax';

export * from './common';
export * from './minimax';
export * from './kimi';
export * from './minara';

export type Dialect = 'minimax' | 'kimi' | 'minara';

const entrySchemas = { minimax: MinimaxEntrySchema, kimi: KimiEntrySchema, minara: MinaraEntrySchema } as const;
const fileSchemas = { minimax: MinimaxFileSchema, kimi: KimiFileSchema, minara: MinaraFileSchema } as const;

export type EntrySchemaFor<D extends Dialect> = (typeof entrySchemas)[D];

export function entrySchemaFor<D extends Dialect>(dialect: D): EntrySchemaFor<D> {
  return entrySchemas[dialect];
}

export function fileSchemaFor<D extends Dialect>(dialect: D): (typeof fileSchemas)[D] {
  return fileSchemas[dialect];
}
