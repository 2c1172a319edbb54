#!/usr/bin/env bash
cd /work/wt-search
BIN=./target/release/examples/solve
STOP=$(date -d "15:17" +%s)
DB=/work/wt-search/target/kalah-endgame
one() {
  local name=$1; shift
  if [ $(date +%s) -ge $STOP ]; then echo "$name skipped (deadline)" >> logs/table.txt; return; fi
  /usr/bin/time -f "%e %U" -o logs/time-$name.txt timeout ${TMO:-400} $BIN "$@" > logs/solve-$name.log 2>&1
  local rc=$?
  echo "$name rc=$rc $(tail -1 logs/solve-$name.log) wall_user=$(tail -1 logs/time-$name.txt) $(grep -E '^[0-9]+ nodes' logs/solve-$name.log)" >> logs/table.txt
}
TMO=900 one k64-std-db20-build kalah --endgame-seeds 20 --endgame-dir $DB --no-move-values --tick 10
TMO=900 one k64-std-db20-cached kalah --endgame-seeds 20 --endgame-dir $DB --tick 10
for r in 6,1 6,2 6,3 4,4 4,5 4,6 5,3 5,4 5,5 5,6 3,4 3,5 3,6 2,6; do
  m=${r%,*}; n=${r#*,}
  for c in std empty; do
    if [ $c = std ]; then x="kalah:pits=$m,seeds=$n"; else x="kalah:pits=$m,seeds=$n,empty-capture"; fi
    TMO=300 one "k$m$n-$c" $x --no-move-values --endgame-dir $DB --tick 30
  done
done
echo ALLDONE >> logs/table.txt
