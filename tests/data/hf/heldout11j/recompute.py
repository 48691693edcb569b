#!/usr/bin/env python3
# heldout11j: re-check EXPECTED.tsv against the JSON files of this folder.
# Reads only this folder's *.json and EXPECTED.tsv. The folder holds no file
# (see SOURCES.md), so every check below runs over an empty set; any JSON
# file without a row, or a row without its file, is reported as a difference.
import os, sys, glob, json
here = os.path.dirname(os.path.abspath(__file__))
rows = {}
for line in open(os.path.join(here, 'EXPECTED.tsv'), encoding='utf-8'):
    line = line.rstrip('\n')
    if not line.strip() or line.startswith('#'):
        continue
    f = line.split('\t')
    rows[f[0]] = (int(f[1]), int(f[2]), int(f[3]))
files = sorted(os.path.basename(p) for p in glob.glob(os.path.join(here, '*.json')))
diff = 0
for name in files:
    if name not in rows:
        print('no EXPECTED.tsv row for', name); diff += 1
for name in rows:
    if name not in files:
        print('EXPECTED.tsv row without file:', name); diff += 1
# No per-model rule is implemented: no file was kept. A row here would be a
# difference until its hand work is added.
for name in rows:
    print('no recompute rule for', name); diff += 1
print('%d figures, %d differences' % (len(rows), diff))
sys.exit(1 if diff else 0)
