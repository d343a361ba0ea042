// The agent dialects (CFG-2): one entry schema and one file schema each, named by the
// profile registry (shared/profiles/).
import { profileFacts } from '../../profiles';
import type { ProfileFacts } from '../../profiles/types';
import type { Profile } from '../server';

export * from './common';

/** A dialect is a profile's way of writing entries: the profile registry holds its schemas. */
export type Dialect = Profile;

export function entrySchemaFor(dialect: Dialect): ProfileFacts['entrySchema'] {
  return profileFacts(dialect).entrySchema;
}

export function fileSchemaFor(dialect: Dialect): ProfileFacts['fileSchema'] {
  return profileFacts(dialect).fileSchema;
}
