#!/usr/bin/env bash
# Runs a command inside a private D-Bus session with a fresh, unlocked gnome-keyring: the real
# keychain keytar talks to (TOOLCHAIN.md). Used by .ci/run for the tests and by test:stress.
set -uo pipefail
if [ -z "${MCP_PANEL_KEYRING_SESSION:-}" ]; then
  export MCP_PANEL_KEYRING_SESSION=1
  XDG_DATA_HOME=$(mktemp -d) # a fresh keyring every time (else "collection/login" errors)
  export XDG_DATA_HOME
  exec dbus-run-session -- bash "$0" "$@"
fi
echo -n ci-keyring-pw | gnome-keyring-daemon --unlock --components=secrets >/dev/null 2>&1
exec "$@"
