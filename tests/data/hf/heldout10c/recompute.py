# independent second computation from each file's own keys (heldout10c)
# convention: ONE sequence of T=8192 positions, f16 K and V (2 B), recurrent state f32 (4 B),
# a sliding layer holds min(window, T) positions, MTP layers not in the main cache,
# KV-shared layers keep no cache of their own.
import json, os, sys
T = 8192
HERE = os.path.dirname(os.path.abspath(__file__))
def load(f): return json.load(open(os.path.join(HERE, f)))
def hd(t): return t.get('head_dim') or t['hidden_size'] // t['num_attention_heads']
def per_layer(t): return t['num_key_value_heads'] * 2 * hd(t) * 2     # K+V, f16, one layer
out = {}

# every layer full, no sliding window (llama family)
for f in ['rekaai-reka-flash-3.json']:
    t = load(f)
    assert t.get('sliding_window') is None and 'layer_types' not in t, f
    pp = t['num_hidden_layers'] * per_layer(t); out[f] = (pp, 0, pp * T)

# gemma3_text without layer_types: layer i is full when (i+1) % sliding_window_pattern == 0
# (transformers Gemma3TextConfig / vLLM gemma3.py), sliding otherwise, window sliding_window
def gemma3_pattern(t):
    n = t['num_hidden_layers']; p = t['sliding_window_pattern']; W = min(t['sliding_window'], T)
    full = [i for i in range(n) if (i + 1) % p == 0]
    pl = per_layer(t)
    return (n * pl, 0, len(full) * pl * T + (n - len(full)) * pl * W)
for f in ['onnx-community-gemma-3-1b-it-onnx-gqa.json']:
    t = load(f); assert 'layer_types' not in t
    out[f] = gemma3_pattern(t)

# sliding + full by layer_types
def by_layer_types(t, layers):
    pl = per_layer(t); W = min(t['sliding_window'], T)
    nf = sum(1 for i in layers if t['layer_types'][i] == 'full_attention')
    ns = sum(1 for i in layers if t['layer_types'][i] == 'sliding_attention')
    assert nf + ns == len(layers)
    return (len(layers) * pl, 0, nf * pl * T + ns * pl * W)
for f in ['lanhp-vn-functiongemma-270m-merged-finetune.json']:      # gemma3_text, window 512
    t = load(f); out[f] = by_layer_types(t, range(t['num_hidden_layers']))

for f in ['google-medgemma-4b-it.json']:                           # gemma3 wrapper, text_config gemma3_text, window 1024
    t = load(f)['text_config']; out[f] = by_layer_types(t, range(t['num_hidden_layers']))

# gemma3 wrapper whose text_config leaves head_dim and sliding_window_pattern to the class defaults
# (transformers Gemma3TextConfig: head_dim=256, sliding_window_pattern=6)
for f in ['google-gemma-3-12b-it.json']:
    t = dict(load(f)['text_config'])
    assert 'head_dim' not in t and 'layer_types' not in t and 'sliding_window_pattern' not in t
    t['head_dim'] = 256; t['sliding_window_pattern'] = 6
    out[f] = gemma3_pattern(t)

# compare with EXPECTED.tsv
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
