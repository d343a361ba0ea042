// Qwen Code 0.24.4's tool names (DiscoveredMCPTool, normalizeToolNameForProvider): `mcp__<server>__<tool>`
// as it is when it is at most 63 characters of [A-Za-z0-9_-] starting with a letter; otherwise
// every other character becomes `_` (and `tool_` goes in front of a name not starting with a
// letter), the name is cut so that `_` and the 7-character base-36 FNV-1a hash of the original
// name fit in 63.

export const QWEN_NAME_LIMIT = 63;
const SAFE = /^[A-Za-z][A-Za-z0-9_-]*$/;

/** stableToolNameHash: 32-bit FNV-1a over UTF-16 code units, base 36, padded to 7. */
function fnv1a(name: string): string {
  let hash = 2166136261;
  for (let i = 0; i < name.length; i++) hash = Math.imul(hash ^ name.charCodeAt(i), 16777619);
  return (hash >>> 0).toString(36).padStart(7, '0');
}

export function qwenToolName(server: string, tool: string): string {
  const name = `mcp__${server}__${tool}`;
  if (name.length <= QWEN_NAME_LIMIT && SAFE.test(name)) return name;
  const sanitized = name.replace(/[^A-Za-z0-9_-]/g, '_');
  const normalized = /^[A-Za-z]/.test(sanitized) ? sanitized : `tool_${sanitized}`;
  const suffix = `_${fnv1a(name)}`;
  return normalized.slice(0, QWEN_NAME_LIMIT - suffix.length) + suffix;
}
