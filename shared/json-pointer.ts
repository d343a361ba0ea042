// RFC 6901: one pointer segment, escaped. Shared: the page names secrets by pointer too.
/** RFC 6901. */
export function escapePointer(segment: string | number): string {
  const s = String(segment);
  return s.includes('~') || s.includes('/') ? s.replace(/~/g, '~0').replace(/\//g, '~1') : s;
}
