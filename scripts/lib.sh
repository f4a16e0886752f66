# Shared by the scripts: install what is missing (and only that), with the
# versions that are known to work on these machines (see README, "The two commands").
# shellcheck shell=bash

set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"

TRUNK_VERSION=0.21.14
CARGO_FUZZ_VERSION=0.13.1
# Must match the exact `wasm-bindgen` pin in crates/federa-wasm/Cargo.toml.
WASM_BINDGEN_VERSION=0.2.130

export PATH="$HOME/.cargo/bin:$ROOT/node_modules/.bin:$PATH"

# Each step is headed with the time since the first script began (the
# scripts call each other; the time is theirs together): where a run's
# minutes go, read off its log.
FEDERA_STARTED="${FEDERA_STARTED:-$(date +%s)}"
export FEDERA_STARTED
say() { printf '\033[1m==> [%ss] %s\033[0m\n' "$(($(date +%s) - FEDERA_STARTED))" "$*"; }

ensure_wasm_target() {
  if ! rustup target list --installed | grep -qx wasm32-unknown-unknown; then
    say "adding the wasm32-unknown-unknown target"
    rustup target add wasm32-unknown-unknown
  fi
}

ensure_wasm_bindgen() {
  if [ "$(wasm-bindgen --version 2>/dev/null)" != "wasm-bindgen $WASM_BINDGEN_VERSION" ]; then
    say "installing wasm-bindgen-cli $WASM_BINDGEN_VERSION (about 2 minutes)"
    # --locked fails here: its lock file wants a crate version the registry lacks.
    cargo install wasm-bindgen-cli --version "$WASM_BINDGEN_VERSION"
  fi
}

ensure_trunk() {
  if [ "$(trunk --version 2>/dev/null)" != "trunk $TRUNK_VERSION" ]; then
    say "installing trunk $TRUNK_VERSION (about 7 minutes)"
    cargo install --locked trunk --version "$TRUNK_VERSION"
  fi
}

ensure_cargo_fuzz() {
  if [ "$(cargo fuzz --version 2>/dev/null)" != "cargo-fuzz $CARGO_FUZZ_VERSION" ]; then
    say "installing cargo-fuzz $CARGO_FUZZ_VERSION (about a minute)"
    cargo install --locked cargo-fuzz --version "$CARGO_FUZZ_VERSION"
  fi
}

ensure_npm_packages() {
  if [ ! -x node_modules/.bin/wasm-opt ] || [ ! -d node_modules/playwright-core ] \
    || [ ! -x node_modules/.bin/tsc ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
    say "installing npm packages (binaryen's wasm-opt, playwright-core, typescript)"
    npm ci --no-audit --no-fund
  fi
}

# Installs Debian's packages $@ (as root, or through sudo).
apt_install() {
  say "installing Debian's $*"
  local sudo=""
  [ "$(id -u)" -eq 0 ] || sudo="sudo"
  $sudo apt-get update -q
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -q "$@"
}

ensure_chromium() {
  if ! command -v chromium >/dev/null || ! command -v chromedriver >/dev/null; then
    apt_install chromium chromium-driver
  fi
}

ensure_valgrind() {
  command -v valgrind >/dev/null || apt_install valgrind
}

ensure_web_tools() {
  ensure_wasm_target
  ensure_wasm_bindgen
  ensure_npm_packages
  ensure_trunk
}

# Where an older commit is built to compare with this tree (its own target
# directory, so that this tree's build stays as it is).
AGAINST_TARGET="$ROOT/target/against/target"

# A worktree of commit $1 under target/against/, made the first time;
# prints its path.
against_tree() {
  local tree="$ROOT/target/against/$1"
  if [ ! -d "$tree" ]; then
    say "checking out $1 in $tree" >&2
    git worktree add --detach "$tree" "$1" >&2
  fi
  echo "$tree"
}
