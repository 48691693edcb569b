# independent second computation from each file's own keys (heldout11c)
# convention: ONE sequence of T=8192 positions, f16 K and V (2 B), recurrent state f32 (4 B),
# a sliding layer holds min(window, T) positions, MTP layers not in the main cache,
# MLA: (kv_lora_rank + qk_rope_head_dim) per layer, f16, one "head".
import json, os, sys
T = 8192
HERE = os.path.dirname(os.path.abspath(__file__))
def load(f): return json.load(open(os.path.join(HERE, f)))
def hd(t): return t.get('head_dim') or t['hidden_size'] // t['num_attention_heads']
def kv_layer(t): return t['num_key_value_heads'] * 2 * hd(t) * 2      # K+V, f16, one layer
out = {}

def dense_full(t):
    # every decoder layer full attention; MTP layers (num_nextn_predict_layers) are extra, not counted
    assert not t.get('use_sliding_window')
    if 'layer_types' in t: assert set(t['layer_types']) == {'full_attention'}
    if t.get('sliding_window') and t.get('use_sliding_window', True) is not False:
        raise SystemExit('unexpected sliding window in ' + str(t.get('model_type')))
    pp = t['num_hidden_layers'] * kv_layer(t)
    return (pp, 0, pp * T)

FILES = [
    ('zai-org-glm-ocr.json', dense_full, 'text_config'),
    ('internlm-intern-s1-pro.json', dense_full, 'text_config'),
    ('aidc-ai-ovis2-4b.json', dense_full, 'llm_config'),
]
for f, fn, key in FILES:
    if not os.path.exists(os.path.join(HERE, f)): continue
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
