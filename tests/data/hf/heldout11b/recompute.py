# independent second computation from each file's own keys (heldout11b)
# convention: ONE sequence of T=8192 positions, f16 K and V (2 B), recurrent state f32 (4 B),
# a sliding layer holds min(window, T) positions, KV-shared layers keep no cache of their own,
# MTP layers not in the main cache (none here).
import json, os, sys
T = 8192
HERE = os.path.dirname(os.path.abspath(__file__))
def load(f): return json.load(open(os.path.join(HERE, f)))
def text(d): return d.get('text_config') or d
def hd(t): return t.get('head_dim') or t['hidden_size'] // t['num_attention_heads']
def kv_layer(nkv, dim): return nkv * (dim + dim) * 2      # K + V, f16, one layer, one position
out = {}

# llama / mistral (transformers LlamaConfig / MistralConfig; vLLM llama.py): head_dim read when given;
# every layer full unless sliding_window is set (Mistral: then every layer is a sliding layer).
def dense(t):
    pl = kv_layer(t['num_key_value_heads'], hd(t)); n = t['num_hidden_layers']
    assert 'layer_types' not in t
    w = t.get('sliding_window')
    if t['model_type'] == 'llama': w = None
    held = min(w, T) if w else T
    return (n * pl, 0, n * pl * held)
for f in ['sarvamai-sarvam-m.json', 'krutrim-ai-labs-krutrim-2-instruct.json',
          'naver-hyperclovax-hyperclovax-seed-text-instruct-0.5b.json']:
    out[f] = dense(text(load(f)))

# gemma3 / gemma3_text: layer_types if given, else transformers Gemma3 rule
# is_sliding = bool((i + 1) % sliding_window_pattern).
def gemma3(t):
    n = t['num_hidden_layers']
    lt = t.get('layer_types') or ['sliding_attention' if (i + 1) % t['sliding_window_pattern'] else 'full_attention' for i in range(n)]
    pl = kv_layer(t['num_key_value_heads'], t['head_dim']); W = min(t['sliding_window'], T)
    bpp = n * pl
    tot = sum(pl * (T if x == 'full_attention' else W) for x in lt)
    return (bpp, 0, tot)
for f in ['redhatai-gemma-3-4b-it-fp8-dynamic.json', 'matt793-gemma-3-270m-it-code-merged-finetune.json']:
    out[f] = gemma3(text(load(f)))

# gemma4 (transformers Gemma4TextConfig/attention, vLLM gemma4.py): the last num_kv_shared_layers layers
# keep no cache; full layers use global_head_dim and num_global_key_value_heads when attention_k_eq_v,
# else num_key_value_heads; sliding layers head_dim; K and V both counted.
def gemma4(t):
    n = t['num_hidden_layers']; own = n - (t.get('num_kv_shared_layers') or 0)
    lt = t['layer_types'][:own]; W = min(t['sliding_window'], T)
    gkv = t['num_global_key_value_heads'] if (t.get('attention_k_eq_v') and t.get('num_global_key_value_heads')) else t['num_key_value_heads']
    full = kv_layer(gkv, t.get('global_head_dim') or t['head_dim'])
    slid = kv_layer(t['num_key_value_heads'], t['head_dim'])
    bpp = sum(full if x == 'full_attention' else slid for x in lt)
    tot = sum(full * T if x == 'full_attention' else slid * W for x in lt)
    return (bpp, 0, tot)
for f in ['google-gemma-4-e4b.json']:
    out[f] = gemma4(text(load(f)))

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
