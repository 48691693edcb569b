# independent second computation from each file's own keys (heldout8c)
# convention: ONE sequence of T=8192 positions, f16 K and V (2 B), recurrent state f32 (4 B),
# a sliding layer holds min(window, T) positions, MTP layers not in the main cache,
# KV-shared layers (gemma3n num_kv_shared_layers) keep no cache of their own,
# nemotron-nas attention no_op blocks keep no cache.
import json, os, sys
T = 8192
HERE = os.path.dirname(os.path.abspath(__file__))
def load(f): return json.load(open(os.path.join(HERE, f)))
def hd(t): return t.get('head_dim') or t['hidden_size'] // t['num_attention_heads']
def gqa(t, kv=None): return (kv or t['num_key_value_heads']) * 2 * hd(t) * 2   # K+V, f16, one layer
out = {}

# every layer full attention
for f, key in [('huggingfacetb-smolvlm-256m-instruct.json', 'text_config'),   # idefics3 -> llama text
               ('mistralai-magistral-small-2509.json', 'text_config')]:       # mistral3 -> mistral text, head_dim given
    t = load(f)[key]
    assert t.get('sliding_window') is None, f
    pp = t['num_hidden_layers'] * gqa(t); out[f] = (pp, 0, pp * T)

# nemotron-nas: per-block attention config
d = load('nvidia-llama-3_3-nemotron-super-49b-v1_5.json')
assert 'head_dim' not in d
pp = 0
for b in d['block_configs']:
    a = b['attention']
    if a['no_op'] or a['replace_with_linear']: continue
    assert a['window_length'] is None
    pp += gqa(d, d['num_attention_heads'] // a['n_heads_in_group'])
out['nvidia-llama-3_3-nemotron-super-49b-v1_5.json'] = (pp, 0, pp * T)

# gemma3_text without layer_types: sliding unless (i+1) % sliding_window_pattern == 0
t = load('gemma-3-4b-it-text-only.json')
assert 'layer_types' not in t
n = t['num_hidden_layers']; P = t['sliding_window_pattern']; W = min(t['sliding_window'], T)
nf = sum(1 for i in range(n) if (i + 1) % P == 0); ns = n - nf
pl = gqa(t)
out['gemma-3-4b-it-text-only.json'] = (n * pl, 0, nf * pl * T + ns * pl * W)

# gemma3n: own layers only (the last num_kv_shared_layers reuse earlier K/V), layer_types given
t = load('google-gemma-3n-e4b-it.json')['text_config']
own = t['num_hidden_layers'] - t['num_kv_shared_layers']; W = min(t['sliding_window'], T); pl = gqa(t)
nf = sum(1 for i in range(own) if t['layer_types'][i] == 'full_attention')
ns = sum(1 for i in range(own) if t['layer_types'][i] == 'sliding_attention')
assert nf + ns == own
out['google-gemma-3n-e4b-it.json'] = (own * pl, 0, nf * pl * T + ns * pl * W)

# gemma4: full layers use num_global_key_value_heads x global_head_dim (attention_k_eq_v: K and V both cached),
# sliding layers num_key_value_heads x head_dim, window; no KV-shared layers here
t = load('cyankiwi-gemma-4-26b-a4b-it-awq.json')['text_config']
assert t['num_kv_shared_layers'] == 0
W = min(t['sliding_window'], T)
full = t['num_global_key_value_heads'] * 2 * t['global_head_dim'] * 2
slid = t['num_key_value_heads'] * 2 * t['head_dim'] * 2
nf = t['layer_types'].count('full_attention'); ns = t['layer_types'].count('sliding_attention')
assert nf + ns == t['num_hidden_layers']
out['cyankiwi-gemma-4-26b-a4b-it-awq.json'] = (nf * full + ns * slid, 0, nf * full * T + ns * slid * W)

# LFM2: attention layers from layer_types (or the older full_attn_idxs), conv state (L_cache - 1) x conv_dim, f32
for f in ['liquidai-lfm2-350m.json', 'anonymousnomad-jedi-v4-merged-lfm2-finetune.json']:
    t = load(f); n = t['num_hidden_layers']
    if t.get('layer_types'):
        attn = [i for i, x in enumerate(t['layer_types']) if x == 'full_attention']
        assert all(x in ('full_attention', 'conv') for x in t['layer_types'])
    else:
        attn = t['full_attn_idxs']
    na = len(attn); nc = n - na
    pp = na * gqa(t); st = nc * (t['conv_L_cache'] - 1) * t['conv_dim'] * 4
    out[f] = (pp, st, pp * T + st)

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
