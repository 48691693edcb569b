# ref_lines.awk - read the reference case files without jq (not installed).
# They are pretty-printed JSON, one key or array item per line.
#   awk -v mode=ids -f ref_lines.awk FILE        case ids, one per line
#   awk -v id=ID -f ref_lines.awk FILE           the case's printed lines
#   awk -v id=ID -v key=K -f ref_lines.awk FILE  scalar values of key K
#                                                 inside the case (any depth),
#                                                 or the items of array K
#   awk -v id=ID -v mode=dump -f ref_lines.awk FILE
#                                                 every key of the case as
#                                                 key=value (arrays: items
#                                                 joined by spaces), first
#                                                 occurrence of each key
# Strings are unquoted; the files hold no escapes (checked: no backslash).
function unq(s) {
	sub(/^[ \t]+/, "", s); sub(/,[ \t]*$/, "", s)
	if (s ~ /^".*"$/) s = substr(s, 2, length(s) - 2)
	return s
}
/^  {$/ { incase = 1; cur = ""; inarr = 0; next }
incase && /^   "id": / { cur = unq(substr($0, index($0, ":") + 1)); if (mode == "ids") print cur; next }
mode == "ids" { next }
cur != id { next }
mode == "dump" && dk != "" && /^ *\]/ { if (!(dk in seen)) { seen[dk] = 1; print dk "=" dv } dk = ""; next }
mode == "dump" && dk != "" { dv = dv (dv == "" ? "" : " ") unq($0); next }
mode == "dump" && /^ *"[A-Za-z_0-9]+": / {
	k = $0; sub(/^ *"/, "", k); sub(/".*/, "", k)
	v = substr($0, index($0, ":") + 1); sub(/^ +/, "", v)
	if (v ~ /^\[$/) { dk = k; dv = ""; next }
	if (v ~ /^[{[]/) next
	if (!(k in seen)) { seen[k] = 1; print k "=" unq(v) }
	next
}
mode == "dump" { next }
inarr && /^ *\]/ { inarr = 0; next }
inarr { print unq($0); next }
key == "" && /^ *"(printed|printed_lines)": \[/ { inarr = 1; next }
key != "" && $0 ~ "^ *\"" key "\": \\[" && $0 !~ /\]/ { inarr = 1; next }
key != "" && $0 ~ "^ *\"" key "\": " { v = substr($0, index($0, ":") + 1); print unq(v) }
