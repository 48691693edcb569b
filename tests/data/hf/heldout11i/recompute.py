# independent second computation from each file's own keys (heldout11i)
# convention: ONE sequence of T=8192 positions, f16 K and V (2 B), recurrent state f32 (4 B),
# a sliding layer holds min(window, T) positions, KV-shared layers keep no cache of their own,
# MTP layers not in the main cache; MLA: kv_lora_rank + qk_rope_head_dim per layer, f16, one "head".
import json, os, sys
T = 8192
HERE = os.path.dirname(os.path.abspath(__file__))
def load(f): return json.load(open(os.path.join(HERE, f)))
def text(d): return d.get('text_config') or d
def hd(t): return t.get('head_dim') or t['hidden_size'] // t['num_attention_heads']
def kv_layer(nkv, dim): return nkv * (dim + dim) * 2      # K + V, f16, one layer, one position
out = {}

# qwen2 (transformers Qwen2Config / vLLM qwen2.py): head_dim = hidden / heads; sliding window only when
# use_sliding_window is true (then on layers >= max_window_layers); here false: every layer full.
def qwen2(t):
    assert not t.get('use_sliding_window')
    pl = kv_layer(t['num_key_value_heads'], hd(t)); n = t['num_hidden_layers']
    return (n * pl, 0, n * pl * T)
for f in ['deepseek-r1-distill-qwen-14b-mlx-3bit-roshinpv.json']:
    out[f] = qwen2(text(load(f)))

# gemma3 / gemma3_text: layer_types if given, else transformers Gemma3 rule
# is_sliding = bool((i + 1) % sliding_window_pattern).
def gemma3(t):
    n = t['num_hidden_layers']
    lt = t.get('layer_types') or ['sliding_attention' if (i + 1) % t['sliding_window_pattern'] else 'full_attention' for i in range(n)]
    assert len(lt) == n
    pl = kv_layer(t['num_key_value_heads'], t['head_dim']); W = min(t['sliding_window'], T)
    return (n * pl, 0, sum(pl * (T if x == 'full_attention' else W) for x in lt))
for f in ['google-medgemma-27b-it-ibtasam.json']:
    out[f] = gemma3(text(load(f)))

# mistral3 wrapper over a mistral4 text model (DeepSeek-style MLA keys kv_lora_rank / qk_rope_head_dim):
# the latent kv_lora_rank + qk_rope_head_dim per layer, f16, one "head"; sliding_window null: every layer full.
def mla(t):
    assert t.get('sliding_window') is None
    pl = (t['kv_lora_rank'] + t['qk_rope_head_dim']) * 2; n = t['num_hidden_layers']
    return (n * pl, 0, n * pl * T)
for f in ['mistral-small-4-119b-mlx-4bit-delsakov.json']:
    out[f] = mla(text(load(f)))

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
