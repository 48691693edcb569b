# independent second computation from each file's own keys (heldout11l)
# convention: ONE sequence of T=8192 positions, f16 K and V (2 B), recurrent state f32 (4 B),
# a sliding layer holds min(window, T) positions, MTP layers not in the main cache,
# KV-shared layers keep no cache; MLA: (kv_lora_rank + qk_rope_head_dim) per layer, f16, one "head".
import json, os, sys
T = 8192
HERE = os.path.dirname(os.path.abspath(__file__))
def load(f): return json.load(open(os.path.join(HERE, f), encoding='utf-8'))
out = {}

def gemma4(d):
    t = d['text_config']
    assert t['model_type'] == 'gemma4_text'
    n = t['num_hidden_layers']; lt = t['layer_types']; assert len(lt) == n
    shared = t.get('num_kv_shared_layers') or 0
    own = lt[:n - shared]                      # the last `shared` layers reuse earlier K/V
    w = min(t['sliding_window'], T)
    slide = t['num_key_value_heads'] * 2 * t['head_dim'] * 2
    gkv = t['num_global_key_value_heads'] if t.get('attention_k_eq_v') and t.get('num_global_key_value_heads') else t['num_key_value_heads']
    full = gkv * 2 * t['global_head_dim'] * 2  # K and V both counted (heldout5 / heldout8c rule)
    nf = sum(1 for x in own if x == 'full_attention'); ns = sum(1 for x in own if x == 'sliding_attention')
    assert nf + ns == len(own)
    return (nf * full + ns * slide, 0, nf * full * T + ns * slide * w)

def moondream3(d):
    # the file carries no text dimensions: the remote code's config.py TextConfig defaults
    assert d['model_type'] == 'moondream3' and 'text' not in d.get('config', {})
    dim, n_layers, n_heads, n_kv = 2048, 24, 32, 32
    pp = n_layers * n_kv * 2 * (dim // n_heads) * 2
    return (pp, 0, pp * T)

def dense_full(t):
    # every layer full attention: Qwen2's sliding_window is ignored when use_sliding_window is false
    assert t.get('use_sliding_window') is False
    hd = t.get('head_dim') or t['hidden_size'] // t['num_attention_heads']
    pp = t['num_hidden_layers'] * t['num_key_value_heads'] * 2 * hd * 2
    return (pp, 0, pp * T)

FILES = [
    ('deepseek-ai-deepseek-r1-distill-qwen-1.5b-magnificentcreature.json', dense_full),
    ('google-gemma-4-31b-it-victortorresa94.json', gemma4),
    ('moondream-moondream3-preview-hoopstreet.json', moondream3),
]
for f, fn in FILES:
    out[f] = fn(load(f))

exp = {}
for line in open(os.path.join(HERE, 'EXPECTED.tsv'), encoding='utf-8'):
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
