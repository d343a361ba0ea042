#!/usr/bin/env bash
# A screenshot of the panel under a real X display (Xvfb) in Chromium's app mode: the
# closest stand-in for the Electron window on machines without the Electron binary.
# Usage: bash scripts/screenshot.sh [out.png] [light|dark]   (default artifacts/panel-servers.png)
set -euo pipefail
cd "$(dirname "$0")/.."
for tool in xvfb-run import; do
  command -v "$tool" >/dev/null || { echo "$tool is missing: bash scripts/install-system-deps.sh screenshots" >&2; exit 1; }
done
OUT=${1:-artifacts/panel-servers.png}
SCHEME=${2:-light}
mkdir -p "$(dirname "$OUT")"
tmp=$(mktemp -d)
node node_modules/tsx/dist/cli.mjs test/helpers/demo-panel.ts >"$tmp/url" 2>"$tmp/err" &
PANEL=$!
cleanup() { kill -TERM "$PANEL" 2>/dev/null || true; wait "$PANEL" 2>/dev/null || true; rm -rf "$tmp"; }
trap cleanup EXIT
for _ in $(seq 1 240); do grep -q '^http' "$tmp/url" && break; kill -0 "$PANEL" 2>/dev/null || { cat "$tmp/err" >&2; exit 1; }; sleep 0.5; done
URL=$(head -1 "$tmp/url")
[ -n "$URL" ] || { echo "the panel did not start" >&2; cat "$tmp/err" >&2; exit 1; }
FORCE=""; [ "$SCHEME" = dark ] && FORCE="--force-dark-mode --blink-settings=preferredColorScheme=0"
xvfb-run -a -s "-screen 0 1280x800x24" bash -c '
  chromium --no-sandbox --disable-gpu --disable-quic --no-first-run --disable-background-networking \
    --disable-component-update --disable-sync --test-type --user-data-dir="$1/profile" '"$FORCE"' \
    --app="$2" --window-position=0,0 --window-size=1280,800 >/dev/null 2>&1 &
  C=$!
  sleep 8
  import -window root "$3"
  kill $C; wait $C 2>/dev/null || true
' _ "$tmp" "$URL" "$OUT"
echo "wrote $OUT"
