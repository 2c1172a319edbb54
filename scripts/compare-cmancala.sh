#!/bin/bash
# Runs `solve` and CMancala 12.2 on the same Kalah(6,n) boards, one after the other, cold
# (no endgame database kept from an earlier run), and prints each one's first-move values,
# wall and user CPU time, peak memory, and the ratio CMancala / solve.
#
# usage: scripts/compare-cmancala.sh [SEEDS...]        (default: 2 3 4)
#   SOLVE_ARGS="--threads 1" scripts/compare-cmancala.sh 3    extra arguments for solve
#   CMANCALA=path/to/cmancala.sh                              (default: ../shared/peers/cmancala.sh)
# Run it on a quiet machine: the times of either program grow with the load (printed).
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
cmancala=${CMANCALA:-$here/../shared/peers/cmancala.sh}
[ -x "$cmancala" ] || { echo "compare-cmancala: no CMancala runner at $cmancala" >&2; exit 2; }
seeds=("$@"); [ ${#seeds[@]} -gt 0 ] || seeds=(2 3 4)
for n in "${seeds[@]}"; do
  case $n in ''|*[!0-9]*) echo "compare-cmancala: seeds must be numbers, not '$n'" >&2; exit 2;; esac
done

cd "$here"
cargo build --release --example solve -q
solve=$here/target/release/examples/solve
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
# CMancala's runner builds it on first use: do that now, outside the timing.
"$cmancala" 1 >/dev/null 2>&1 || true

# "wall user peak_MB" from a /usr/bin/time -f '%e %U %M' line.
measure() { tail -1 "$1" | awk '{printf "%.2f %.2f %.0f", $1, $2, $3/1024}'; }

printf '%-11s | %-28s | %-28s | %-13s | %s\n' board "solve: wall / user / peak" \
  "CMancala: wall / user / peak" "ratio wall/user" "first-move values agree"
for n in "${seeds[@]}"; do
  load=$(uptime | sed 's/.*load average: //')
  /usr/bin/time -f '%e %U %M' -o "$tmp/s.time" "$solve" "kalah:seeds=$n" --tick 86400 \
    ${SOLVE_ARGS:-} > "$tmp/s.out"
  /usr/bin/time -f '%e %U %M' -o "$tmp/c.time" "$cmancala" "$n" > "$tmp/c.out"
  read -r sw su sm <<<"$(measure "$tmp/s.time")"
  read -r cw cu cm <<<"$(measure "$tmp/c.time")"
  # solve: "move P value V" (South minus North). CMancala: its board's bottom row, pits 1-6.
  ours=$(grep -E '^move [0-9]+ value' "$tmp/s.out" | awk '{printf "%s ", $4}')
  theirs=$(grep -F '└' "$tmp/c.out" | head -1 | sed 's/├.*//' | grep -oE -- '-?[0-9]+' | xargs)
  agree=no; [ "$(echo $ours)" = "$(echo $theirs)" ] && agree=yes
  printf '%-11s | %7s s / %7s s / %5s MB | %7s s / %7s s / %5s MB | %5.1fx / %5.1fx | %s (%s) [load %s]\n' \
    "kalah(6,$n)" "$sw" "$su" "$sm" "$cw" "$cu" "$cm" \
    "$(echo "$cw $sw" | awk '{print $1/($2>0.01?$2:0.01)}')" \
    "$(echo "$cu $su" | awk '{print $1/($2>0.01?$2:0.01)}')" "$agree" "$(echo $ours)" "$load"
  grep '^value' "$tmp/s.out" | tail -1 | sed "s/^/  solve kalah(6,$n): /"
done
