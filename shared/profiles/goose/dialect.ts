// Goose's own extensions (issue 42 item 4): block/goose crates/goose/src/agents/extension.rs
// ExtensionConfig has, beside the stdio and streamable_http servers the panel can start,
// `builtin` (goose's own MCP servers, run by the goose binary: developer, memory…), `platform`
// (in-process: todo, skills, chatrecall…), `frontend` (tools the desktop app provides) and
// `inline_python` (code goose runs itself through uvx). They are Goose's, not broken servers.
const OWN_TYPES = new Set(['builtin', 'platform', 'frontend', 'inline_python']);

export const gooseOwnEntry = (e: Record<string, unknown>): boolean => typeof e.type === 'string' && OWN_TYPES.has(e.type);
