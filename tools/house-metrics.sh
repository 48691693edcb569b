#!/bin/sh
# tools/house-metrics.sh [-v] [ROOT] - two counts of how readable the house
# is (issue 34), for anyone to run from any checkout (ROOT: the tree to
# measure, holding src/ and include/; default the checkout of this script):
#
#   long functions  C functions in src/ over 80 lines, measured as ctags
#                   sees them (end line - start line + 1). Table literals
#                   are variables, not functions, so they never count.
#   include circles groups of src/ .c files that reach one another through
#                   headers: A.c includes H, H is implemented by B.c (B.c
#                   defines a function H declares, or, for a header without
#                   prototypes, is named like it), and B.c includes, at
#                   file level and transitively, a header that A.c
#                   implements. Each strongly connected group of two or
#                   more files is one circle.
#
# -v lists each long function and each circle's files.
# Needs universal-ctags (with JSON output) and python3.
set -e
verbose=0
[ "${1:-}" = "-v" ] && { verbose=1; shift; }
cd "${1:-$(dirname "$0")/..}"
command -v ctags >/dev/null || { echo "house-metrics: needs universal-ctags" >&2; exit 2; }
command -v python3 >/dev/null || { echo "house-metrics: needs python3" >&2; exit 2; }
tmp=$(mktemp)
trap 'rm -f "$tmp"' EXIT
find src include -name '*.[ch]' 2>/dev/null | sort |
	xargs ctags --output-format=json --fields=+ne --c-kinds=fp -f - > "$tmp"
python3 - "$tmp" "$verbose" <<'PY'
import json, os, re, sys
tags, verbose = sys.argv[1], sys.argv[2] == "1"
defs, protos, long_fns = {}, {}, []
for line in open(tags):
    t = json.loads(line)
    if t.get("_type") != "tag":
        continue
    path, kind = t["path"], t.get("kind")
    if kind == "function" and path.endswith(".c") and path.startswith("src/"):
        defs.setdefault(t["name"], set()).add(path)
        n = t.get("end", t["line"]) - t["line"] + 1
        if n > 80:
            long_fns.append((n, path, t["name"]))
    elif kind == "prototype" and path.endswith(".h"):
        protos.setdefault(path, set()).add(t["name"])

cfiles = sorted(p for p in (os.path.join(d, f) for d, _, fs in os.walk("src")
                            for f in fs) if p.endswith(".c"))
inc_re = re.compile(r'^\s*#\s*include\s*"([^"]+)"')

def resolve(name, here):
    for cand in (os.path.join(os.path.dirname(here), name),
                 os.path.join("src", name), os.path.join("include", name)):
        if os.path.isfile(cand):
            return os.path.normpath(cand)
    return None

def includes(path):
    out = []
    for l in open(path, errors="replace"):
        m = inc_re.match(l)
        if m:
            r = resolve(m.group(1), path)
            if r:
                out.append(r)
    return out

def closure(path):          # headers reached from a file, transitively
    seen, todo = set(), [h for h in includes(path) if h.endswith(".h")]
    while todo:
        h = todo.pop()
        if h in seen:
            continue
        seen.add(h)
        todo += [x for x in includes(h) if x.endswith(".h")]
    return seen

def implementers(h):
    impl = set()
    for name in protos.get(h, ()):
        impl |= defs.get(name, set())
    if not impl:
        base = os.path.basename(h)[:-2] + ".c"
        impl = {c for c in cfiles if os.path.basename(c) == base}
    return impl

edges = {c: set() for c in cfiles}
for c in cfiles:
    for h in closure(c):
        edges[c] |= implementers(h) - {c}

# Tarjan's strongly connected components, iterative.
index, low, stack, on, comps, n = {}, {}, [], set(), [], [0]
for root in cfiles:
    if root in index:
        continue
    work = [(root, iter(sorted(edges[root])))]
    index[root] = low[root] = n[0]; n[0] += 1; stack.append(root); on.add(root)
    while work:
        v, it = work[-1]
        w = next(it, None)
        if w is not None:
            if w not in index:
                index[w] = low[w] = n[0]; n[0] += 1; stack.append(w); on.add(w)
                work.append((w, iter(sorted(edges[w]))))
            elif w in on:
                low[v] = min(low[v], index[w])
            continue
        work.pop()
        if work:
            low[work[-1][0]] = min(low[work[-1][0]], low[v])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop(); on.discard(w); comp.append(w)
                if w == v:
                    break
            if len(comp) > 1:
                comps.append(sorted(comp))

print("functions over 80 lines: %d" % len(long_fns))
if verbose:
    for n_, p, f in sorted(long_fns, reverse=True):
        print("  %4d  %s  %s" % (n_, p, f))
print("include circles: %d (%d files in them)" % (len(comps), sum(map(len, comps))))
if verbose:
    for c in comps:
        print("  " + " ".join(c))
PY
