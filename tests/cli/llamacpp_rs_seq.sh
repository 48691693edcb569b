#!/bin/sh
# llamacpp_rs_seq.sh - llama.cpp's recurrent-state rollback snapshots
# (engine.llamacpp.rs_seq, llama_context's n_rs_seq; issue 14 item 3,
# issue 17): each recurrent layer keeps R and S rows for cells x (1 +
# n_rs_seq) (llama-memory-recurrent.cpp, PR #22673, build b9180).
#
# Qwen3.5 by hand (its presets; Gated DeltaNet layers, conv kernel 4,
# R and S in f32):
#   35B-A3B: 30 of 40 layers recurrent; 16 key heads and 32 value heads
#     of 128: R = (4 - 1) x (2 x 16 x 128 + 32 x 128) x 4 = 98,304 B and
#     S = 32 x 128 x 128 x 4 = 2,097,152 B a layer and row: 65,863,680 B
#     (62.8125 MiB) a row over the 30 layers.
#   27B: 48 of 64 layers recurrent; 16 key heads, 48 value heads of 128:
#     R = 3 x (4,096 + 6,144) x 4 = 122,880 B, S = 48 x 128 x 128 x 4 =
#     3,145,728 B: 156,893,184 B (149.625 MiB) a row over the 48 layers.
# Public lines reproduced (each names its source):
#   PR #23269 (tests/data/logs/llamacpp-23269.log): 35B-A3B, -c 65536,
#     unified, n_rs_seq 2: 3 rows = 197,591,040 B, "188.44 MiB ... R
#     (f32): 8.44 MiB, S (f32): 180.00 MiB"; KV 10 layers x 2 heads x 256
#     x 2 B x 65,536 x 2 = 1280.00 MiB.
#   PR #26499 (its description): 35B-A3B, 168192 cells, q8_0, n_rs_seq 7:
#     "RS buffer size = 502.50 MiB" = 8 x 62.8125; KV 1745.16 MiB.
#   PR #22673 (a comment, 2026-05-07): a Qwen3.6-27B with the 27B's
#     recurrent shape (its R 5.62 and S 144.00 MiB at 0 snapshots match)
#     at 64 snapshots: "9725.62 MiB ... R (f32): 365.62 MiB, S (f32):
#     9360.00 MiB" = 65 x 149.625.
set -u
: "${KVPLAN:?KVPLAN must name the kvplan binary}"
here=$(cd "$(dirname "$0")/../.." && pwd)
fail=0
ok() { echo "ok - $1"; }
no() { echo "not ok - $1"; fail=1; }

q35() { "$KVPLAN" calc --model qwen3.5-35b-a3b --engine llama.cpp "$@" 2>&1; }
q27() { "$KVPLAN" calc --model qwen3.5-27b --engine llama.cpp "$@" 2>&1; }

out=$(q35 --ctx-size 65536 --kv-unified --rs-seq 2)
case $out in *"llama_memory_recurrent: size =  188.44 MiB (     1 cells,  40 layers,  1 seqs  2 rs_seq), R (f32):    8.44 MiB, S (f32):  180.00 MiB"*)
	ok "PR #23269: 188.44 MiB at n_rs_seq 2";; *) no "PR #23269 line: $out";; esac
case $out in *"states        197,591,040 B"*"state split   8,847,360 conv + 188,743,680 SSM"*)
	ok "PR #23269: 197,591,040 B, by hand 3 x 65,863,680";; *) no "PR #23269 bytes: $out";; esac
case $out in *"llama_kv_cache: size = 1280.00 MiB ( 65536 cells,  10 layers,  1/1 seqs)"*)
	ok "PR #23269: the KV line unchanged by the snapshots";; *) no "PR #23269 KV: $out";; esac

# the compute buffer estimate does not model the snapshot graph: said
case $out in *"compute buf   not estimated with recurrent-state snapshots"*)
	ok "the compute buffer is 'not estimated' with snapshots";; *) no "compute buf: $out";; esac
case $(q35 --ctx-size 65536 --kv-unified) in *"compute buf   device 0 "*"estimate"*)
	ok "and estimated without them";; *) no "compute buf without snapshots";; esac

out=$(q35 --ctx-size 168192 --cache-type-k q8_0 --cache-type-v q8_0 --rs-seq 7)
case $out in *"size = 1745.16 MiB (168192 cells"*"llama_memory_recurrent: size =  502.50 MiB"*)
	ok "PR #26499: 502.50 MiB at n_rs_seq 7, KV 1745.16 MiB";; *) no "PR #26499: $out";; esac

out=$(q27 --ctx-size 4096 --rs-seq 64)
case $out in *"size = 9725.62 MiB (     1 cells,  64 layers,  1 seqs 64 rs_seq), R (f32):  365.62 MiB, S (f32): 9360.00 MiB"*)
	ok "PR #22673: 9725.62 MiB at 64 snapshots";; *) no "PR #22673 64: $out";; esac
out=$(q27 --ctx-size 4096)
case $out in *"size =  149.62 MiB (     1 cells,  64 layers,  1 seqs  0 rs_seq), R (f32):    5.62 MiB, S (f32):  144.00 MiB"*)
	ok "PR #22673: 149.62 MiB without snapshots (the default)";; *) no "PR #22673 0: $out";; esac

# four sequences: 4 cells x (1 + 2) rows = 12 x 65,863,680 = 790,364,160 B
out=$(q35 --ctx-size 65536 --parallel 4 --rs-seq 2)
case $out in *"states        790,364,160 B"*"(     4 cells,  40 layers,  4 seqs  2 rs_seq)"*)
	ok "4 sequences: 790,364,160 B (12 rows)";; *) no "4 sequences: $out";; esac

# the era: n_rs_seq from b9180 (PR #22673); an older build refuses it
out=$(q35 --engine llama.cpp@b9179 --rs-seq 2); rc=$?
case $rc:$out in 2:*"engine.llamacpp.rs_seq: 2 - build b9179"*"PR #22673, b9180"*)
	ok "b9179 refuses rs_seq 2, naming the field and the build";; *) no "b9179: rc $rc: $out";; esac
q35 --engine llama.cpp@b9179 --rs-seq 0 >/dev/null && ok "b9179 with rs_seq 0 is sized" ||
	no "b9179 with rs_seq 0 refused"
out=$(q35 --engine llama.cpp@b9180 --ctx-size 65536 --kv-unified --rs-seq 2)
case $out in *"188.44 MiB"*) ok "b9180 keeps the snapshots";; *) no "b9180: $out";; esac
out=$(q35 --rs-seq x); rc=$?
case $rc:$out in 2:*"engine.llamacpp.rs_seq"*"'x'"*) ok "a malformed --rs-seq: exit 2 naming the field";;
	*) no "--rs-seq x: rc $rc: $out";; esac

# the draft's contexts keep none (server-context.cpp cparams_dft.n_rs_seq
# = 0): the 27B as a draft of one slot, 65,536 cells: 16 attention layers
# x 4 heads x 256 x 2 B x 2 x 65,536 = 4,294,967,296 B + one row of
# 156,893,184 B = 4,451,860,480 B, with the target's --rs-seq 2
out=$(q35 --ctx-size 65536 --rs-seq 2 --model-draft qwen3.5-27b)
case $out in *"KV 4,451,860,480 B (exact, llama.cpp server"*)
	ok "the draft context has no snapshots: 4,451,860,480 B";; *) no "draft: $out";; esac

# reconcile reads n_rs_seq from the log and lays it over the plan
log="$here/tests/data/logs/llamacpp-23269.log"
out=$("$KVPLAN" reconcile "$log" --model qwen3.5-35b-a3b --ctx-size 65536 2>&1); rc=$?
case $rc:$out in 0:*"settings from the log: "*"rs_seq"*"RS buffer Vulkan0 "*"197,591,040..197,606,340"*"arithmetic match"*"recurrent R (conv) state"*"8,847,360"*"arithmetic match"*"14 figures compared"*"0 arithmetic figures differ"*)
	ok "reconcile PR #23269's log: n_rs_seq 2 from the log, the RS buffer and 13 more figures match";;
	*) no "reconcile: rc $rc: $out";; esac
# a flag wins over the log: --rs-seq 0 makes the state figures differ
out=$("$KVPLAN" reconcile "$log" --model qwen3.5-35b-a3b --ctx-size 65536 --rs-seq 0 2>&1)
case $out in *"settings from the flags"*"rs_seq"*"recurrent state "*"65,863,680"*"DIFFERS"*)
	ok "reconcile: --rs-seq 0 wins over the log, and the state differs";;
	*) no "reconcile --rs-seq 0: $out";; esac
exit $fail
