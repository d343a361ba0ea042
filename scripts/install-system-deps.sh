#!/usr/bin/env bash
# System packages the panel and its tests need on Debian/Ubuntu: libsecret headers to build
# keytar, gnome-keyring + D-Bus for a real keychain, Chromium + Xvfb for the browser tests.
# Installs only what is missing; run as root or with sudo available.
set -euo pipefail
PACKAGES=(libsecret-1-dev gnome-keyring dbus dbus-x11 chromium fonts-dejavu-core fonts-noto-cjk xvfb xauth imagemagick)
missing=()
for p in "${PACKAGES[@]}"; do dpkg -s "$p" >/dev/null 2>&1 || missing+=("$p"); done
[ ${#missing[@]} -eq 0 ] && exit 0
SUDO=""; [ "$(id -u)" -ne 0 ] && SUDO="sudo"
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq
$SUDO apt-get install -y -qq "${missing[@]}"
