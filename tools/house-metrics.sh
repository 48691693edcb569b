#!/bin/sh
# tools/house-metrics.sh [-v] [ROOT] - two counts of how readable the house
# is (issue 34), for anyone to run from any checkout (ROOT: the tree to
# measure, holding src/ and include/; default the checkout of this script):
#
#   long functions  C functions in src/ over 80 lines, measured as ctags
#                   sees them (end line - start line + 1). Table literals
#                   are variables, not functions, so they never count.
#   call circles    groups of src/ files that call one another: file A
#                   uses file B when A's object refers to a function or
#                   variable B's object defines (nm, from the objects of
#                   a build: BUILD, default build/, so run `make` first).
#                   Each strongly connected group of two or more files is
#                   one circle: a stage that calls back up into its caller.
#                   (Counting through headers instead would make a circle
#                   of every shared declaration header, such as
#                   src/core/internal.h, with no call behind it.)
#
# -v lists each long function and each circle's files.
# Needs universal-ctags (with JSON output), nm (binutils) and python3.
set -e
verbose=0
[ "${1:-}" = "-v" ] && { verbose=1; shift; }
cd "${1:-$(dirname "$0")/..}"
objdir="${BUILD:-build}/obj"
[ -d "$objdir" ] || { echo "house-metrics: no $objdir: run make first" >&2; exit 2; }
command -v ctags >/dev/null || { echo "house-metrics: needs universal-ctags" >&2; exit 2; }
command -v python3 >/dev/null || { echo "house-metrics: needs python3" >&2; exit 2; }
tmp=$(mktemp)
trap 'rm -f "$tmp"' EXIT
find src include -name '*.[ch]' 2>/dev/null | sort |
	xargs ctags --output-format=json --fields=+ne --c-kinds=f -f - > "$tmp"
python3 - "$tmp" "$verbose" "$objdir" <<'PY'
import json, os, subprocess, sys
tags, verbose, objdir = sys.argv[1], sys.argv[2] == "1", sys.argv[3]
long_fns = []
for line in open(tags):
    t = json.loads(line)
    if t.get("_type") != "tag":
        continue
    path, kind = t["path"], t.get("kind")
    if kind == "function" and path.endswith(".c") and path.startswith("src/"):
        n = t.get("end", t["line"]) - t["line"] + 1
        if n > 80:
            long_fns.append((n, path, t["name"]))

objs = sorted(os.path.join(d, f) for d, _, fs in os.walk(objdir)
              for f in fs if f.endswith(".o"))
defined, undefined = {}, {}
for o in objs:
    src = "src/" + os.path.relpath(o, objdir)[:-2] + ".c"
    out = subprocess.run(["nm", "-P", o], capture_output=True, text=True,
                         check=True).stdout
    for l in out.splitlines():
        f = l.split()
        if len(f) < 2:
            continue
        if f[1] in "TDRBCV":
            defined.setdefault(f[0], src)
        elif f[1] == "U":
            undefined.setdefault(src, set()).add(f[0])
cfiles = sorted({"src/" + os.path.relpath(o, objdir)[:-2] + ".c" for o in objs})
edges = {c: set() for c in cfiles}
for c, names in undefined.items():
    for name in names:
        d = defined.get(name)
        if d and d != c:
            edges[c].add(d)

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
print("call circles: %d (%d files in them)" % (len(comps), sum(map(len, comps))))
if verbose:
    for c in comps:
        print("  " + " ".join(c))
        for a in c:
            for b in sorted(edges[a] & set(c)):
                used = sorted(n for n in undefined[a] if defined.get(n) == b)
                print("      %s -> %s (%s)" % (a, b, ", ".join(used[:3])))
PY
