// Every integration worker keeps its secrets under a keychain service of its own. The files run
// side by side against one keyring (scripts/with-keyring.sh), so a file that lists "the" secrets
// saw another file's: `secrets list` in test/integration/cli/answers.test.ts once printed the
// GH_TOKEN test/integration/auth/secret-binding.test.ts had just stored. The CLI and servers a
// test starts inherit the name with process.env; a test that names its own service keeps it.
process.env.MCP_PANEL_KEYCHAIN_SERVICE ||= `mcp-panel-test-${process.pid}`;
