#!/usr/bin/env bash
# Runs the solves for the report one at a time; stops starting new ones after $STOP (epoch s).
cd /work/wt-search
BIN=./target/release/examples/solve
STOP=$(date -d "15:18" +%s)
one() { # name args...
  local name=$1; shift
  if [ $(date +%s) -ge $STOP ]; then echo "$name skipped (deadline)" >> logs/table.txt; return; fi
  local t0=$(date +%s.%N)
  /usr/bin/time -f "%e %U" -o logs/time-$name.txt timeout ${TMO:-400} $BIN "$@" > logs/solve-$name.log 2>&1
  local rc=$?
  local v=$(tail -1 logs/solve-$name.log)
  echo "$name rc=$rc $v wall_user=$(cat logs/time-$name.txt | tail -1) $(grep -E '^[0-9]+ nodes' logs/solve-$name.log)" >> logs/table.txt
}
TMO=600 one k64-std kalah --tick 10
TMO=600 one k64-empty kalah:empty-capture --tick 10
for total in $(seq 2 2 72); do
  for m in 1 2 3 4 5 6; do for n in 1 2 3 4 5 6; do
    [ $((2*m*n)) -eq $total ] || continue
    [ $m -eq 6 ] && [ $n -ge 4 ] && continue
    for c in std empty; do
      if [ $c = std ]; then r="kalah:pits=$m,seeds=$n"; else r="kalah:pits=$m,seeds=$n,empty-capture"; fi
      TMO=400 one "k$m$n-$c" $r --no-move-values --tick 30
    done
  done; done
done
echo ALLDONE >> logs/table.txt
