#!/bin/sh
# card_names.sh - a card as nvidia-smi names it: --card "NVIDIA H100 80GB
# HBM3" is the H100 SXM preset; --card FILE of nvidia-smi's csv
# (--query-gpu=name,memory.total --format=csv, more columns allowed)
# is one group of that board, as many as its rows, each holding
# memory.total MiB x 2^20 bytes; another board in a second row, or rows
# that are not nvidia-smi's, are refused naming the line.
here=$(cd "$(dirname "$0")/../.." && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail=0
ok() { echo "ok - $1"; }
no() { echo "not ok - $1"; fail=1; }

# group CARDSPEC: "NAME CAPACITY COUNT BANDWIDTH" of the plan's group 0
# (the JSON record's devices.groups[0], one key a line, tab-separated)
group() {
	"$KVPLAN" calc --card "$1" --format json 2>"$tmp/e" | awk -F'\t' '
		function v(s) { sub(/,$/, "", s); gsub(/"/, "", s); return s }
		/"groups":/ { g = 1 }
		g && /"card":/ { c = 1 }
		c && /"name":/ && name == "" { name = v($NF) }
		c && /"capacity_bytes":/ && cap == "" { cap = v($NF) }
		c && /"bandwidth":/ && bw == "" { bw = v($NF) }
		g && /"count":/ && cnt == "" { cnt = v($NF) }
		END { if (name != "") print name, cap, cnt, bw }'
}

# the name nvidia-smi prints leads to the preset its source quotes
want=$(group h100-80gb-sxm)
got=$(group "NVIDIA H100 80GB HBM3")
[ -n "$want" ] && [ "$got" = "$want" ] && ok "NVIDIA H100 80GB HBM3 is h100-80gb-sxm" ||
	no "nvidia-smi name: '$got' vs '$want'"

# 2026 boards as a public nvidia-smi output names them (wdwd720/BrainIR
# research/phase4/GPU_BENCHMARK.md): 275,040 MiB x 2^20 =
# 288,400,343,040 B; 97,887 MiB x 2^20 = 102,641,958,912 B
got=$(group "NVIDIA B300 SXM6 AC")
[ "$got" = "B300-288GB 288400343040 1 0" ] && ok "NVIDIA B300 SXM6 AC is b300" ||
	no "b300: '$got' $(cat "$tmp/e")"
printf 'name, memory.total [MiB]\nNVIDIA RTX PRO 6000 Blackwell Server Edition, 97887 MiB\n' >"$tmp/pro.csv"
got=$(group "$tmp/pro.csv")
[ "$got" = "RTX-PRO-6000-Server-96GB 102641958912 1 0" ] && ok "csv: RTX PRO 6000 Server Edition" ||
	no "csv pro 6000: '$got' $(cat "$tmp/e")"

# AMD's names (amd-smi market and product name) lead to the MI300X preset
want=$(group mi300x)
got=$(group "AMD Instinct MI300X OAM")
[ -n "$want" ] && [ "$got" = "$want" ] && ok "AMD Instinct MI300X OAM is mi300x" ||
	no "amd name: '$got' vs '$want'"

# csv: 81,559 MiB x 2^20 = 85,520,809,984 B each, 2 rows = 2 cards
printf 'name, memory.total [MiB]\nNVIDIA H100 80GB HBM3, 81559 MiB\nNVIDIA H100 80GB HBM3, 81559 MiB\n' >"$tmp/h100.csv"
got=$(group "$tmp/h100.csv")
[ "$got" = "H100-80GB-SXM 85520809984 2 3350000000000" ] && ok "csv: 2 x H100, nvidia-smi's total" ||
	no "csv h100: '$got' $(cat "$tmp/e")"

# a public output with more columns (akash-network/provider-configs#99):
# 46,068 MiB x 2^20 = 48,305,799,168 B, 2 x L40S
got=$(group "$here/tests/data/smi/akash-l40s.csv")
case $got in "L40S-48GB 48305799168 2 "*) ok "csv of a public node: 2 x L40S";;
	*) no "csv l40s: '$got' $(cat "$tmp/e")";; esac

# nounits, a board without a preset: its name and total, no speed
printf 'name, memory.total [MiB]\nAcme X1, 1000\n' >"$tmp/x1.csv"
got=$(group "$tmp/x1.csv")
[ "$got" = "Acme X1 1048576000 1 0" ] && ok "csv nounits, unknown board: 1,000 MiB, no speed" ||
	no "csv x1: '$got' $(cat "$tmp/e")"

# two boards: refused naming the line
printf 'name, memory.total [MiB]\nNVIDIA L40S, 46068 MiB\nNVIDIA L4, 23034 MiB\n' >"$tmp/mixed.csv"
"$KVPLAN" calc --card "$tmp/mixed.csv" >"$tmp/o" 2>"$tmp/e"
rc=$?
if [ $rc -eq 2 ] && [ ! -s "$tmp/o" ] && [ "$(wc -l <"$tmp/e")" -eq 1 ] &&
   grep -q "mixed.csv:3: NVIDIA L4, 23034 MiB" "$tmp/e"; then
	ok "csv of two boards refused naming line 3"
else
	no "mixed: rc $rc $(cat "$tmp/e")"
fi
printf 'name, memory.total [MiB]\n' >"$tmp/empty.csv"
"$KVPLAN" calc --card "$tmp/empty.csv" >"$tmp/o" 2>"$tmp/e"
[ $? -eq 2 ] && grep -q "no GPU rows" "$tmp/e" && ok "csv without rows refused" ||
	no "empty csv: $(cat "$tmp/e")"
exit $fail
