#!/usr/bin/env bash
# System packages the panel and its tests need on Debian/Ubuntu: libsecret headers to build
# keytar, gnome-keyring + D-Bus for a real keychain, Chromium + Xvfb for the browser tests.
# Installs only what is missing; run as root or with sudo available.
#   install-system-deps.sh          everything
#   install-system-deps.sh build    what `npm ci` needs (keytar's headers)
#   install-system-deps.sh tests    the rest (.ci/run installs these while npm ci and the build run)
set -euo pipefail
BUILD=(libsecret-1-dev)
TESTS=(gnome-keyring dbus dbus-x11 chromium fonts-dejavu-core fonts-noto-cjk xvfb xauth imagemagick)
case "${1:-all}" in
  build) PACKAGES=("${BUILD[@]}") ;;
  tests) PACKAGES=("${TESTS[@]}") ;;
  all) PACKAGES=("${BUILD[@]}" "${TESTS[@]}") ;;
  *) echo "usage: $0 [build|tests]" >&2; exit 2 ;;
esac
missing=()
for p in "${PACKAGES[@]}"; do dpkg -s "$p" >/dev/null 2>&1 || missing+=("$p"); done
[ ${#missing[@]} -eq 0 ] && exit 0
SUDO=""; [ "$(id -u)" -ne 0 ] && SUDO="sudo"
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq
$SUDO apt-get install -y -qq "${missing[@]}"
