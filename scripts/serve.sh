#!/usr/bin/env bash
# Installs what is missing, builds the web game and serves it locally.
# Usage: scripts/serve.sh [port]
source "$(dirname "$0")/lib.sh"
port="${1:-8080}"
"$ROOT/scripts/build-web.sh"
say "serving dist/ at http://127.0.0.1:$port/ (Ctrl-C stops)"
cd "$ROOT/dist"
exec python3 -m http.server "$port" --bind 127.0.0.1
