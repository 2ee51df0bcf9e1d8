#!/usr/bin/env bash
# The browser tests drive Debian's Chromium; never a downloaded browser build.
set -euo pipefail
chromium="${CHROMIUM_PATH:-/usr/bin/chromium}"
if [ -x "$chromium" ]; then exit 0; fi
if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
  echo "ensure-chromium: installing Debian's chromium for the browser tests"
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
  exit 0
fi
echo "ensure-chromium: no Chromium at $chromium. Install it (sudo apt-get install -y chromium) or set CHROMIUM_PATH." >&2
exit 1
