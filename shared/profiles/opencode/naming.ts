// The name OpenCode gives an MCP tool (packages/opencode/src/mcp/index.ts `tools()`): `<server>_<tool>`,
// both parts with [^a-zA-Z0-9_-] → `_`; its `tools` map (tool-map.ts) is keyed by the same names.
import { sanitizeApiName } from '../kit';

export const opencodeToolName = (server: string, tool: string) => `${sanitizeApiName(server)}_${sanitizeApiName(tool)}`;
