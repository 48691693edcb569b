# independent second computation from each file's own keys (heldout9b)
# convention: ONE sequence of T=8192 positions, f16 K and V (2 B), recurrent state f32 (4 B)
# (conv and recurrent alike, as heldout5-7b), a sliding layer holds min(window, T) positions,
# MTP layers not in the main cache, MLA = one latent "head" of kv_lora_rank + qk_rope_head_dim, f16.
# Reads only the JSON files beside it and EXPECTED.tsv.
import json, os
T = 8192
HERE = os.path.dirname(os.path.abspath(__file__))
def load(f): return json.load(open(os.path.join(HERE, f)))
def hd(t): return t.get('head_dim') or t['hidden_size'] // t['num_attention_heads']
def gqa(t): return t['num_key_value_heads'] * 2 * hd(t) * 2          # K+V, f16, one layer
out = {}

# GQA, every layer full attention; MTP (num_nextn_predict_layers) not counted
for f in ['lmstudio-community-glm-4.5-air-mlx-4bit.json',   # glm4_moe, head_dim 128 given (4096/96 is not integral)
          'openpangu-embedded-7b-v1.1.json',                # PanguEmbedded, no head_dim key -> 4096/32
          'xiaomimimo-mimo-7b.json']:                       # mimo (Qwen2 layout), use_sliding_window false
    t = load(f)
    assert not t.get('use_sliding_window', False), f
    assert 'layer_types' not in t, f
    pp = t['num_hidden_layers'] * gqa(t)
    out[f] = (pp, 0, pp * T)

# Kimi Linear: MLA on full_attn_layers, KDA (conv q,k,v + recurrent) on kda_layers; lists are 1-indexed
f = 'moonshotai-kimi-linear-48b-a3b-base.json'
t = load(f); la = t['linear_attn_config']
full, kda = la['full_attn_layers'], la['kda_layers']
assert sorted(full + kda) == list(range(1, t['num_hidden_layers'] + 1))
mla = (t['kv_lora_rank'] + t['qk_rope_head_dim']) * 2
H, D, K = la['num_heads'], la['head_dim'], la['short_conv_kernel_size']
conv = (H * D + 2 * H * D) * (K - 1)          # q, k, v short-conv states (num_k_heads = num_heads)
rec = H * D * D
state = len(kda) * (conv + rec) * 4
pp = len(full) * mla
out[f] = (pp, state, pp * T + state)

exp = {}
for line in open(os.path.join(HERE, 'EXPECTED.tsv')):
    p = line.rstrip('\n').split('\t')
    if len(p) >= 4: exp[p[0]] = tuple(int(x) for x in p[1:4])
diff = 0
for f in sorted(set(exp) | set(out)):
    if exp.get(f) != out.get(f):
        diff += 1; print('DIFF', f, exp.get(f), out.get(f))
print(f"{len(exp)} figures, {diff} differences")
