# ref_lines.awk - read the reference case files without jq (not installed).
# They are pretty-printed JSON, one key or array item per line.
#   awk -v mode=ids -f ref_lines.awk FILE        case ids, one per line
#   awk -v id=ID -f ref_lines.awk FILE           the case's printed lines
#   awk -v id=ID -v key=K -f ref_lines.awk FILE  scalar values of key K
#                                                 inside the case (any depth),
#                                                 or the items of array K
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
inarr && /^ *\]/ { inarr = 0; next }
inarr { print unq($0); next }
key == "" && /^ *"(printed|printed_lines)": \[/ { inarr = 1; next }
key != "" && $0 ~ "^ *\"" key "\": \\[" && $0 !~ /\]/ { inarr = 1; next }
key != "" && $0 ~ "^ *\"" key "\": " { v = substr($0, index($0, ":") + 1); print unq(v) }
