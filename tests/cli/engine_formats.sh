#!/bin/sh
# engine_formats.sh - engines without ggml block formats refuse a q8_0
# cache with exit 2 and one line naming the field and value; element
# formats (fp8) are accepted.
fail=0
check() {
	if [ "$2" = "$3" ]; then echo "ok - $1"; else echo "not ok - $1 (want '$2', got '$3')"; fail=1; fi
}
for e in sglang trtllm; do
	out=$("$KVPLAN" calc --engine "$e" --kv-dtype q8_0 2>/tmp/kvp-ef.$$); rc=$?
	check "$e q8_0 exit" 2 "$rc"
	check "$e q8_0 stdout empty" "" "$out"
	check "$e q8_0 one line" 1 "$(wc -l < /tmp/kvp-ef.$$ | tr -d ' ')"
	grep -q 'k_dtype.*q8_0' /tmp/kvp-ef.$$; check "$e names field and value" 0 $?
	"$KVPLAN" calc --engine "$e" --kv-dtype fp8 >/dev/null 2>&1
	check "$e fp8 accepted" 0 $?
done
rm -f /tmp/kvp-ef.$$
exit $fail
