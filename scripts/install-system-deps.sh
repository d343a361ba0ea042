#!/usr/bin/env bash
# System packages the panel and its tests need on Debian/Ubuntu: libsecret headers to build
# keytar, gnome-keyring + D-Bus for a real keychain, Chromium and fonts for the browser tests,
# Xvfb + ImageMagick for scripts/screenshot.sh. Installs only what is missing; run as root or
# with sudo available.
#   install-system-deps.sh              everything
#   install-system-deps.sh build        what building keytar needs
#   install-system-deps.sh tests        what the tests need (.ci/run installs it while npm ci runs)
#   install-system-deps.sh screenshots  Xvfb and ImageMagick (scripts/screenshot.sh only)
# Without recommended packages: the tests need none of them, and with them a new machine
# installed 180 packages (ghostscript, avahi, cups helpers, …) where 54 do.
set -euo pipefail
BUILD=(libsecret-1-dev)
TESTS=(gnome-keyring dbus dbus-x11 chromium fonts-dejavu-core fonts-noto-cjk)
SCREENSHOTS=(xvfb xauth imagemagick)
case "${1:-all}" in
  build) PACKAGES=("${BUILD[@]}") ;;
  tests) PACKAGES=("${TESTS[@]}") ;;
  screenshots) PACKAGES=("${SCREENSHOTS[@]}") ;;
  all) PACKAGES=("${BUILD[@]}" "${TESTS[@]}" "${SCREENSHOTS[@]}") ;;
  *) echo "usage: $0 [build|tests|screenshots]" >&2; exit 2 ;;
esac
missing=()
for p in "${PACKAGES[@]}"; do dpkg -s "$p" >/dev/null 2>&1 || missing+=("$p"); done
[ ${#missing[@]} -eq 0 ] && exit 0
SUDO=""; [ "$(id -u)" -ne 0 ] && SUDO="sudo"
export DEBIAN_FRONTEND=noninteractive
# .ci/run installs in two parts and sets APT_LISTS_FRESH for the second: its lists are seconds old.
[ -n "${APT_LISTS_FRESH:-}" ] || $SUDO apt-get update -qq
$SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}"
