#!/usr/bin/env bash
# The browser tests drive Debian's Chromium headless build (chromium-headless-shell), the benches Debian's chromium;
# never a downloaded browser build. Installed with apt when missing and root. Without the headless build the tests run
# in chromium (slower, and said here); CHROMIUM_PATH names one Chromium for both.
set -euo pipefail
if [ -n "${CHROMIUM_PATH:-}" ]; then
  if [ -x "$CHROMIUM_PATH" ]; then exit 0; fi
  echo "ensure-chromium: no Chromium at CHROMIUM_PATH=$CHROMIUM_PATH." >&2
  exit 1
fi
missing=()
[ -x /usr/bin/chromium ] || missing+=(chromium)
[ -x /usr/bin/chromium-headless-shell ] || missing+=(chromium-headless-shell)
if [ ${#missing[@]} != 0 ] && [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
  echo "ensure-chromium: installing Debian's ${missing[*]} for the browser tests"
  apt-get update -qq || true
  for package in "${missing[@]}"; do
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$package" >/dev/null || true
  done
fi
if [ ! -x /usr/bin/chromium ]; then
  echo "ensure-chromium: no Chromium at /usr/bin/chromium. Install it (sudo apt-get install -y chromium chromium-headless-shell) or set CHROMIUM_PATH." >&2
  exit 1
fi
if [ ! -x /usr/bin/chromium-headless-shell ]; then
  echo "ensure-chromium: no /usr/bin/chromium-headless-shell (sudo apt-get install -y chromium-headless-shell); the browser tests run in chromium, more slowly" >&2
fi
