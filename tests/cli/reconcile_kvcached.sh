#!/bin/sh
# reconcile_kvcached.sh - SGLang with kvcached (a virtual-memory KV
# plugin): the lines are built from kvcached's format strings
# (ovg-project/kvcached@e8e64063 kvcached/integration/sglang/patches.py;
# no public log with them was found). A pool of 131,072 tokens, 32
# layers of 8 KV heads x 128 in bf16: the physical K is 32 x 131,073 x
# 1,024 x 2 B = 8,590,000,128 B ("8.00 GB", GiB); the virtual reservation
# of an 80 GiB card is 40 GiB a side. Reconcile must compare the
# physical K and V, set the virtual ones aside, and say so.
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail=0
cat > "$tmp/log" <<'L'
[2026-08-21 10:00:00 TP0] KV Cache is allocated. #tokens: 131072, K size: 40.00 GB, V size: 40.00 GB
[kvcached][INFO][2026-08-21 10:00:00][patches.py:561] VirtualKV Cache is allocated (group_id=0). #tokens: 131072, #layers: 32, K size: 40.00 GB, V size: 40.00 GB
[kvcached][INFO][2026-08-21 10:00:00][patches.py:566] Physical KV Cache limits by --mem-fraction-static: #tokens: 131072, K size: 8.00 GB, V size: 8.00 GB
L
out=$("$KVPLAN" reconcile --engine sglang --layers 32 --kv-heads 8 --head-dim 128 "$tmp/log" 2>&1)
st=$?
# exit 1: the plan's own pool (its default card) is not the log's 131,072
# tokens, a finding since issue 31; the K and V arithmetic matches
if [ $st -eq 1 ] && echo "$out" | grep -q '^tokens in pool .*PLAN DIFFERS$'; then
	echo "ok - exit 1, the plan's pool differs"
else echo "not ok - exit $st"; fail=1; fi
if echo "$out" | grep -q "virtual-memory KV plugin (kvcached, line 2)"; then
	echo "ok - the plugin is named"
else
	echo "not ok - no kvcached note"; fail=1
fi
if echo "$out" | grep -q "^K .*8,589,934,592 +-.*arithmetic match"; then
	echo "ok - K is the physical 8.00 GiB"
else
	echo "not ok - K is not the physical figure"; fail=1
fi
if echo "$out" | grep -q "42,949,672,960"; then
	echo "not ok - a virtual 40 GiB figure was compared"; fail=1
else
	echo "ok - no virtual figure compared"
fi
exit $fail
