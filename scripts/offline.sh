#!/usr/bin/env bash
# Runs a command cut off from every network, loopback included (a network namespace of its own), where the machine
# allows it: the suite builds the site this way, so a build that asks the network fails the suite, and the browser
# tests then run on that same build. Where `unshare -rn` is refused (a container without user namespaces), the command
# runs as it is, and says so.
set -euo pipefail
if unshare -rn true 2>/dev/null; then exec unshare -rn "$@"; fi
echo "offline: this machine cannot cut a command off from the network (unshare -rn); running it with the network" >&2
exec "$@"
