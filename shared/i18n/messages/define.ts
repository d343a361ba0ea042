// One catalogue per view, English and Chinese side by side so a new string is added to both
// at once; the type refuses a catalogue whose Chinese side misses (or adds) a key.
export function messages<const E extends Record<string, string>>(c: { en: E; zh: { [K in keyof E]: string } }): { en: E; zh: Record<keyof E, string> } {
  return c;
}
