#!/usr/bin/env bash
# Renders the README's analysis graph: a federation game of Toguz Kumalak analysed by the
# `analyze` tool (`--graph`), screenshot in headless Chromium as docs/analysis.png. Installs
# Debian's `chromium` package if missing.
#
#   bash scripts/render-analysis.sh [GAME] [DEPTH]    (defaults: game 4, depth 8)
set -euo pipefail
cd "$(dirname "$0")/.."
game=${1:-4}
depth=${2:-8}

if ! command -v chromium >/dev/null 2>&1; then
    echo "render-analysis: installing chromium" >&2
    if [ "$(id -u)" -eq 0 ]; then
        apt-get update -q && apt-get install -y -q --no-install-recommends chromium
    else
        sudo apt-get update -q && sudo apt-get install -y -q --no-install-recommends chromium
    fi
fi

cargo build --quiet --release --example analyze
work=target/analysis
mkdir -p "$work" docs
# The game picked by its number in the book, so the graph's title keeps it (`#4`).
target/release/examples/analyze tests/data/toguz/federation-2016-2018.pgn --game "$game" \
    --depth "$depth" --jobs 1 --out "$work/annotated.pgn" --graph "$work"
svg=$(printf '%s/game-%04d.svg' "$work" "$game")
width=$(grep -o -m1 'width="[0-9]*"' "$svg" | head -1 | tr -dc 0-9)
height=$(grep -o -m1 'height="[0-9]*"' "$svg" | head -1 | tr -dc 0-9)
chromium --headless --no-sandbox --disable-gpu --hide-scrollbars \
    --force-device-scale-factor=1 --window-size="$width,$height" \
    --screenshot="docs/analysis.png" "file://$PWD/$svg" >/dev/null 2>&1
echo "docs/analysis.png (${width}x${height}); the annotated record: $work/annotated.pgn"
