// Module-resolution hook (node:module register): 'electron' → the main-process stand-in.
const STAND_IN = new URL('./main-process.mjs', import.meta.url).href;

export async function resolve(specifier, context, nextResolve) {
  if (specifier === 'electron' || specifier === 'electron/main') return { url: STAND_IN, shortCircuit: true };
  return nextResolve(specifier, context);
}
