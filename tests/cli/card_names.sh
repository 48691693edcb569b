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

# issue 35: every nvidia-smi / torch name a preset's source quotes leads
# to that preset, with the capacity the source prints (MiB x 2^20 worked
# by hand; rocm-smi's and gpud's figures are bytes already):
#   GB200     189,471 MiB = 198,674,743,296    H100 NVL 95,830 = 100,485,038,080
#   H20        97,871 MiB = 102,625,181,696    L20      46,068 =  48,305,799,168
#   H800       81,559 MiB =  85,520,809,984    A800     81,920 =  85,899,345,920
#   RTX 6000 Ada, RTX A6000 49,140 MiB = 51,527,024,640
#   RTX PRO 6000 Workstation and Max-Q 97,887 MiB = 102,641,958,912
#   V100-SXM2-16GB 16,160 MiB = 16,944,988,160; GB10: gpud's 128,501,256,192
while IFS='|' read -r smi want; do
	got=$(group "$smi")
	[ "$got" = "$want" ] && ok "$smi is $want" || no "$smi: '$got' vs '$want' $(cat "$tmp/e")"
done <<'EOF2'
NVIDIA GB200|GB200-186GB 198674743296 1 0
NVIDIA GB10|DGX-Spark-GB10-128GB 128501256192 1 0
NVIDIA H100 NVL|H100-NVL-94GB 100485038080 1 0
NVIDIA H20|H20-96GB 102625181696 1 0
NVIDIA L20|L20-48GB 48305799168 1 0
NVIDIA H800|H800-80GB 85520809984 1 0
NVIDIA A800-SXM4-80GB|A800-80GB 85899345920 1 0
NVIDIA RTX 6000 Ada Generation|RTX-6000-Ada-48GB 51527024640 1 0
NVIDIA RTX A6000|RTX-A6000-48GB 51527024640 1 0
NVIDIA RTX PRO 6000 Blackwell Workstation Edition|RTX-PRO-6000-96GB 102641958912 1 0
NVIDIA RTX PRO 6000 Blackwell Max-Q Workstation Edition|RTX-PRO-6000-MaxQ-96GB 102641958912 1 0
Tesla V100-SXM2-16GB|V100-SXM2-16GB 16944988160 1 0
AMD Instinct MI355X|MI355X-288GB 309220868096 1 0
AMD Instinct MI250X|MI250X-GCD-64GB 68702699520 1 0
AMD Instinct MI210|MI210-64GB 68702699520 1 0
EOF2
# boards whose other names a preset already has: the same group as it
for pair in "NVIDIA H100 PCIe|h100-80gb-pcie" "NVIDIA A100-SXM4-40GB|a100-40gb" \
            "NVIDIA A100-PCIE-40GB|a100-40gb"; do
	smi=${pair%|*} p=${pair#*|}
	want=$(group "$p") got=$(group "$smi")
	[ -n "$want" ] && [ "$got" = "$want" ] && ok "$smi is $p" || no "$smi: '$got' vs '$want'"
done

# public csv outputs (tests/data/smi/SOURCES.md), the name column after
# index: 8 x H20, 2 x H100 NVL, 4 x A800, each row's total as above
for f in "h20-8x.csv|H20-96GB 102625181696 8 0" "h100-nvl-2x.csv|H100-NVL-94GB 100485038080 2 0" \
         "a800-4x.csv|A800-80GB 85899345920 4 0"; do
	got=$(group "$here/tests/data/smi/${f%%|*}")
	[ "$got" = "${f#*|}" ] && ok "csv ${f%%|*}: ${f#*|}" || no "csv ${f%%|*}: '$got' $(cat "$tmp/e")"
done
# a DGX Spark: memory.total [N/A] (unified memory); the dgx-spark preset's
# capacity, said so; a board with [N/A] and no preset is refused
got=$(group "$here/tests/data/smi/dgx-spark-gb10.csv")
[ "$got" = "DGX-Spark-GB10-128GB 128501256192 1 0" ] && ok "csv GB10 [N/A]: the dgx-spark preset" ||
	no "csv gb10: '$got' $(cat "$tmp/e")"
"$KVPLAN" calc --card "$here/tests/data/smi/dgx-spark-gb10.csv" >"$tmp/o" 2>&1
grep -q '^note: 1 x NVIDIA GB10 (nvidia-smi): memory.total \[N/A\], unified memory: the DGX-Spark-GB10-128GB preset' "$tmp/o" &&
	ok "csv GB10 says where the capacity came from" || no "gb10 note: $(grep note "$tmp/o")"
printf 'index, name, memory.total [MiB]\n0, Acme U1, [N/A]\n' >"$tmp/u1.csv"
"$KVPLAN" calc --card "$tmp/u1.csv" >"$tmp/o" 2>"$tmp/e"
rc=$?
[ $rc -eq 2 ] && [ ! -s "$tmp/o" ] && [ "$(wc -l <"$tmp/e")" -eq 1 ] &&
	grep -q "memory.total \[N/A\] for Acme U1 and no card preset" "$tmp/e" &&
	ok "csv [N/A] without a preset refused naming the field" || no "u1: rc $rc $(cat "$tmp/e")"

# an Apple chip comes in memory sizes, each its own working-set limit:
# the chip's name alone lists them; m4-max-36gb is llama.cpp's
# 'recommendedMaxWorkingSetSize = 28991.03 MB' less 0.005 MB,
# 28,991,025,000 B
"$KVPLAN" calc --card "Apple M4 Max" >"$tmp/o" 2>"$tmp/e"
[ $? -eq 2 ] && grep -q "ambiguous card name - it could be apple-m4-max-128gb, apple-m4-max-36gb" "$tmp/e" &&
	ok "Apple M4 Max: the sizes listed" || no "apple m4 max: $(cat "$tmp/e")"
got=$(group m4-max-36gb)
[ "$got" = "Apple-M4-Max-36GB 28991025000 1 0" ] && ok "m4-max-36gb: the Metal working set" ||
	no "m4-max-36gb: '$got' $(cat "$tmp/e")"
# the M4 Pro 24 GB: '17179.89 MB' less 0.005 MB = 17,179,885,000 B
got=$(group m4-pro-24gb)
[ "$got" = "Apple-M4-Pro-24GB 17179885000 1 0" ] && ok "m4-pro-24gb: the Metal working set" ||
	no "m4-pro-24gb: '$got' $(cat "$tmp/e")"

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
