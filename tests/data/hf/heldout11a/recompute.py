# independent second computation from each file's own keys (heldout11a)
# convention: ONE sequence of T=8192 positions, f16 K and V (2 B), recurrent state f32 (4 B),
# a sliding layer holds min(window, T) positions, MTP layers not in the main cache,
# KV-shared layers keep no cache.
import json, os, sys
T = 8192
HERE = os.path.dirname(os.path.abspath(__file__))
def load(f): return json.load(open(os.path.join(HERE, f)))
def hd(t): return t.get('head_dim') or t['hidden_size'] // t['num_attention_heads']
def kv_layer(t): return t['num_key_value_heads'] * 2 * hd(t) * 2      # K+V, f16, one layer
out = {}

def qwen2_family_full(t):
    # Qwen2 / Qwen2.5-VL text: sliding window only if use_sliding_window is true
    assert not t.get('use_sliding_window')
    if 'layer_types' in t: assert set(t['layer_types']) == {'full_attention'}
    pp = t['num_hidden_layers'] * kv_layer(t)
    return (pp, 0, pp * T)

def qwen3_full(t):
    assert not t.get('use_sliding_window')
    if 'layer_types' in t: assert set(t['layer_types']) == {'full_attention'}
    pp = t['num_hidden_layers'] * kv_layer(t)
    return (pp, 0, pp * T)

FILES = [
    ('qwen-qwen2.5-vl-7b-instruct-remodlai.json', qwen2_family_full, None),
    ('qwen-qwen3-4b-base-robojiang.json', qwen3_full, None),
    ('qwen-qwen3-8b-base-chen-oliver.json', qwen3_full, None),
]
for f, fn, key in FILES:
    t = load(f)
    if key: t = t[key]
    out[f] = fn(t)

exp = {}
for line in open(os.path.join(HERE, 'EXPECTED.tsv')):
    if not line.strip(): continue
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
