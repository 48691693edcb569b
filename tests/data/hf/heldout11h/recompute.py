# independent second computation from each file's own keys (heldout11h)
# convention: ONE sequence of T=8192 positions, f16 K and V (2 B), recurrent state f32 (4 B),
# a sliding layer holds min(window, T) positions, MTP layers not in the main cache,
# MLA: (kv_lora_rank + qk_rope_head_dim) per layer, f16, one "head".
# This folder keeps no file: FILES is empty; any JSON file without a computation is a difference.
import json, os, sys
T = 8192
HERE = os.path.dirname(os.path.abspath(__file__))
FILES = []   # (file, function, sub-config key) -- none kept
out = {}
for f, fn, key in FILES:
    t = json.load(open(os.path.join(HERE, f)))
    if key: t = t[key]
    out[f] = fn(t)
exp = {}
for line in open(os.path.join(HERE, 'EXPECTED.tsv')):
    if not line.strip() or line.startswith('#'): continue
    c = line.rstrip('\n').split('\t'); exp[c[0]] = (int(c[1]), int(c[2]), int(c[3]))
diff = 0
for k in sorted(set(out) | set(exp)):
    if out.get(k) != exp.get(k):
        diff += 1; print('DIFF', k, out.get(k), exp.get(k))
    else:
        print(k, *out[k], sep='\t')
jsons = sorted(f for f in os.listdir(HERE) if f.endswith('.json'))
missing = [f for f in jsons if f not in out]
if missing: print('NOT COMPUTED:', missing); diff += len(missing)
print(f'{len(out)} figures, {diff} differences')
sys.exit(1 if diff else 0)
