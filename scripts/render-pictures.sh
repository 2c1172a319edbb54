#!/usr/bin/env bash
# Renders board pictures (examples/picture.rs) in headless Chromium and saves PNG screenshots:
# the README's three under docs/, and every Tsoro heads layout and the smallest and largest
# boards under target/pictures/ for a look. Installs Debian's `chromium` package if missing.
#
#   bash scripts/render-pictures.sh
set -euo pipefail
cd "$(dirname "$0")/.."

if ! command -v chromium >/dev/null 2>&1; then
    echo "render-pictures: installing chromium" >&2
    if [ "$(id -u)" -eq 0 ]; then
        apt-get update -q && apt-get install -y -q --no-install-recommends chromium
    else
        sudo apt-get update -q && sudo apt-get install -y -q --no-install-recommends chromium
    fi
fi

cargo build --quiet --release --example picture
picture=target/release/examples/picture
work=target/pictures
mkdir -p "$work" docs

# render NAME OUT_DIR RULESET [ARGS...]: draws the position, screenshots it at its own size.
render() {
    local name=$1 dir=$2
    shift 2
    local svg="$work/$name.svg"
    "$picture" "$@" > "$svg"
    local width height
    width=$(grep -o -m1 'width="[0-9]*"' "$svg" | head -1 | tr -dc 0-9)
    height=$(grep -o -m1 'height="[0-9]*"' "$svg" | head -1 | tr -dc 0-9)
    chromium --headless --no-sandbox --disable-gpu --hide-scrollbars \
        --force-device-scale-factor=1 --window-size="$width,$height" \
        --screenshot="$dir/$name.png" "file://$PWD/$svg" >/dev/null 2>&1
    echo "$dir/$name.png (${width}x${height})"
}

# The README's pictures: each game mid-game, its last move marked.
render kalah docs kalah:pie 6 4 1 6 1 2 3 4 2 6 2 5 4 3 5 4 2 5 1 6 6 3
render toguz docs toguz 87 11 32 88x 34 45 67x 13 23 24 12 92 94 47 68 91 37 81 34 45 57 \
    14 12 35 56 91 26 89 23 91
render tsoro docs tsoro o19 relay o1 stop o3 relay o5 o16 relay o21 o9 o17 stop o13 o16 o14 \
    o13 o20 o7 stop i19 o17 stop o6 i21 o15 relay o9 o18 i20 i14 o10 o1 o2 i19 o14 relay

# Every Tsoro heads layout (South's o3 from the start: a relay, ending at a head if any).
for heads in none two-right single-left single-right both-ends; do
    render "tsoro-heads-$heads" "$work" "tsoro:holes=8,heads=$heads" o3
done
# The smallest and largest boards.
render kalah-3 "$work" kalah:pits=3,seeds=3 1
render toguz-3 "$work" toguz:holes=3,balls=3 1
render tsoro-6 "$work" tsoro:holes=6,heads=both-ends o2
render kalah-7 "$work" kalah:pits=7,seeds=12 7
