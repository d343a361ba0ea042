// PROTO-5 (SEP-2350): step-up on `insufficient_scope` asks for the union of what was asked
// before and what the server now challenges with (the SDK's transport computes it). Another
// login is worth it only while that union grows: a server that refuses a scope it was just
// granted would otherwise loop the person through the browser forever. No count: the
// scopes decide.
export function scopeSet(scope: string | undefined): Set<string> {
  return new Set((scope ?? '').split(/\s+/).filter(Boolean));
}

/** The scope to log in with next, or null when it asks for nothing not asked for already. */
export function nextStepUp(asked: ReadonlySet<string>, wanted: string | undefined, loginsSoFar: number): string | null {
  const next = scopeSet(wanted);
  for (const s of asked) next.add(s);
  if (loginsSoFar > 0 && [...next].every((s) => asked.has(s))) return null;
  return [...next].join(' ');
}
