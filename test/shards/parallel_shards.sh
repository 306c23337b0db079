#!/usr/bin/env bash
# GNU parallel runs a sweep and a check as 4 shards; `ftvlsi merge` must give the single run's
# files byte for byte (check: the measured seconds aside). Usage: parallel_shards.sh FTVLSI DIR
set -euo pipefail
ftvlsi=$1
work=$2
rm -rf "$work" && mkdir -p "$work" && cd "$work"
sweep=(simulate --sweep --sizes 16,64,256 --delays 'unit;linear' --seed 3)
"$ftvlsi" "${sweep[@]}" --report single --json single.json 2>/dev/null
# -q: the arguments reach ftvlsi as given (the ';' of --delays is not the shell's).
parallel -q --halt now,fail=1 "$ftvlsi" "${sweep[@]}" --shard {}/4 --report shard-{} \
  ::: 1 2 3 4 2>/dev/null
"$ftvlsi" merge shard-1 shard-2 shard-3 shard-4 --out merged --json merged.json 2>/dev/null
diff -r single merged
cmp single.json merged.json
checks=(check L-L3 GL-area G-1 D-compose G-4.1 L-L6)
"$ftvlsi" "${checks[@]}" --out check-single 2>/dev/null
parallel -q --halt now,fail=1 "$ftvlsi" "${checks[@]}" --shard {}/4 --out check-shard-{} \
  ::: 1 2 3 4 2>/dev/null
"$ftvlsi" merge check-shard-{1,2,3,4} --out check-merged 2>/dev/null
for f in check-single/* ; do
  name=$(basename "$f")
  # The measured seconds differ from run to run.
  diff <(sed -E 's/"seconds": [0-9.e+-]+/"seconds": T/; s/\| [0-9]+\.[0-9] \|$/| T |/' "$f") \
       <(sed -E 's/"seconds": [0-9.e+-]+/"seconds": T/; s/\| [0-9]+\.[0-9] \|$/| T |/' \
           "check-merged/$name")
done
[ "$(ls check-single | wc -l)" = "$(ls check-merged | wc -l)" ]
echo "4 shards merged == single run (sweep: $(ls single | wc -l) files, check: $(ls check-single | wc -l) files)"
