// Zed's own entries (issue 42 item 4): crates/settings_content/src/project.rs
// `ContextServerSettingsContent::Extension { enabled, remote, settings }` is a server a Zed
// extension provides and Zed starts itself; the entry holds only its settings. It is Zed's, not a
// broken server.
export const zedOwnEntry = (e: Record<string, unknown>): boolean => e.command === undefined && e.url === undefined && e.settings !== undefined;
