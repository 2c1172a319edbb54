#!/bin/bash
# Runs `solve` and CMancala 12.2 on the same Kalah(6,n) boards, one after the other, cold
# (no endgame database kept from an earlier run), and prints each one's first-move values,
# wall and user CPU time, peak memory, and the ratio CMancala / solve.
#
# CMancala is another project: build its `Mancala` binary yourself, from its own sources and
# instructions; this script builds and fetches nothing of it. Then tell the script how to run
# it, in one of two ways:
#   CMANCALA_BIN=path/to/Mancala CMANCALA_COMMANDS=file
#       the binary, and a file of the commands that make your CMancala version solve
#       Kalah(6,n) from the start and print its first-move values (its `help` lists them);
#       every `{SEEDS}` in the file is replaced by n, and the result is its standard input.
#   CMANCALA_RUNNER=path/to/script
#       a program of your own that solves Kalah(6,n) with CMancala, given n as its argument.
#
# usage: scripts/compare-cmancala.sh [SEEDS...]        (default: 2 3 4)
#   SOLVE_ARGS="--threads 1" scripts/compare-cmancala.sh 3    extra arguments for solve
# Run it on a quiet machine: the times of either program grow with the load (printed).
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
if [ -n "${CMANCALA_RUNNER:-}" ]; then
  [ -x "$CMANCALA_RUNNER" ] || { echo "compare-cmancala: CMANCALA_RUNNER=$CMANCALA_RUNNER is not an executable file" >&2; exit 2; }
  cmancala() { "$CMANCALA_RUNNER" "$1"; }
elif [ -n "${CMANCALA_BIN:-}" ]; then
  [ -x "$CMANCALA_BIN" ] || { echo "compare-cmancala: CMANCALA_BIN=$CMANCALA_BIN is not an executable file" >&2; exit 2; }
  [ -r "${CMANCALA_COMMANDS:-}" ] || { echo "compare-cmancala: CMANCALA_BIN needs CMANCALA_COMMANDS, a readable file of the commands to give it (see the top of this script)" >&2; exit 2; }
  cmancala() { sed "s/{SEEDS}/$1/g" "$CMANCALA_COMMANDS" | "$CMANCALA_BIN"; }
else
  echo "compare-cmancala: no CMancala to compare with: build CMancala's Mancala binary yourself and set CMANCALA_BIN and CMANCALA_COMMANDS, or CMANCALA_RUNNER (see the top of this script)" >&2
  exit 2
fi
seeds=("$@"); [ ${#seeds[@]} -gt 0 ] || seeds=(2 3 4)
for n in "${seeds[@]}"; do
  case $n in ''|*[!0-9]*) echo "compare-cmancala: seeds must be numbers, not '$n'" >&2; exit 2;; esac
done

cd "$here"
cargo build --release --example solve -q
solve=$here/target/release/examples/solve

# "wall user peak_MB" from a /usr/bin/time -f '%e %U %M' line.
measure() { tail -1 "$1" | awk '{printf "%.2f %.2f %.0f", $1, $2, $3/1024}'; }

printf '%-11s | %-28s | %-28s | %-13s | %s\n' board "solve: wall / user / peak" \
  "CMancala: wall / user / peak" "ratio wall/user" "first-move values agree"
for n in "${seeds[@]}"; do
  load=$(uptime | sed 's/.*load average: //')
  /usr/bin/time -f '%e %U %M' -o "$tmp/s.time" "$solve" "kalah:seeds=$n" --tick 86400 \
    ${SOLVE_ARGS:-} > "$tmp/s.out"
  /usr/bin/time -f '%e %U %M' -o "$tmp/c.time" bash -c "$(declare -f cmancala); cmancala $n" > "$tmp/c.out"
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
