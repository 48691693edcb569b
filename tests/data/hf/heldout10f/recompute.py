# independent second computation from each file's own keys (heldout10f)
# convention: ONE sequence of T=8192 positions, f16 K and V (2 B), recurrent state f32 (4 B),
# a sliding layer holds min(window, T) positions, MTP layers not in the main cache,
# KV-shared layers keep no cache of their own; conv state keeps (kernel - 1) columns (vLLM shapes).
import json, os, sys, math
T = 8192
HERE = os.path.dirname(os.path.abspath(__file__))
def load(f): return json.load(open(os.path.join(HERE, f)))
def hd(t): return t.get('head_dim') or t['hidden_size'] // t['num_attention_heads']
def per_layer(t): return t['num_key_value_heads'] * 2 * hd(t) * 2     # K+V, f16, one layer
out = {}

# phi4flash (SambaY, microsoft/Phi-4-mini-flash-reasoning remote code):
# Phi4FlashConfig: sliding_window applies to odd layers < n//2; mamba_expand 2, d_state 16, d_conv 4 defaults.
# SambaYCache: entries for layers 0 .. n//2+1; layer n//2+1 full attention (global_attn_idx),
# even layers Mamba (conv + ssm state), odd layers sliding; layers >= n//2+2 are YOCO cross layers (no cache).
def phi4flash(t):
    n = t['num_hidden_layers']; g = n // 2 + 1
    W = min(t.get('sliding_window', 2047), T)
    mb = t.get('mb_per_layer', 2)
    d_inner = t.get('mamba_expand', 2) * t['hidden_size']
    d_state = t.get('mamba_d_state', 16); d_conv = t.get('mamba_d_conv', 4)
    pl = t['num_key_value_heads'] * 2 * (t['hidden_size'] // t['num_attention_heads']) * 2
    bpp = kv = st = 0
    for i in range(g + 1):
        if i == g: bpp += pl; kv += pl * T
        elif mb > 0 and i % mb == 0: st += ((d_conv - 1) * d_inner + d_inner * d_state) * 4
        else: bpp += pl; kv += pl * W
    return (bpp, st, kv + st)
for f in ['microsoft-phi-4-mini-flash-reasoning.json']:
    out[f] = phi4flash(load(f))

# every layer full, no sliding window (llama: transformers LlamaConfig, vLLM llama.py)
for f in ['nvidia-llama-3.1-nemotron-nano-8b-v1.json']:
    t = load(f)
    assert t.get('sliding_window') is None and 'layer_types' not in t, f
    pp = t['num_hidden_layers'] * per_layer(t); out[f] = (pp, 0, pp * T)

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
