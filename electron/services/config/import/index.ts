// Import (read-only) from Claude Code, Claude Desktop, Cursor and VS Code (CFG-1).
export * from './sources';
export * from './convert';
export * from './read-source';
export * from './plan';
export * from './importer';
