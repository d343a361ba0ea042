// The one check for a JSON object (not an array, not null): every parser of an agent's file,
// the writer and the install planner read entries through it.
export const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
