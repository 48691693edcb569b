# independent second computation from each file's own keys
# convention: ONE sequence of T=8192 positions, f16 K and V (2 B), recurrent state f32 (4 B),
# a sliding layer holds min(window, T) positions, MTP layers not in the main cache.
import json, os, sys
T = 8192
HERE = os.path.dirname(os.path.abspath(__file__))
def load(f): return json.load(open(os.path.join(HERE, f)))
def hd(t): return t.get('head_dim') or t['hidden_size'] // t['num_attention_heads']
def gqa(t): return t['num_key_value_heads'] * 2 * hd(t) * 2          # K+V, f16, one layer
out = {}

# GQA, every layer full (no sliding window in use)
for f in ['huggingfacetb-smollm3-3b.json',            # smollm3: NoPE layers change rope only
          'mistralai-devstral-small-2507.json',       # mistral, sliding_window null
          'deepcogito-cogito-v1-preview-qwen-14b.json',   # qwen2, use_sliding_window false
          'deepseek-ai-deepseek-r1-distill-qwen-32b.json',# qwen2, use_sliding_window false
          'baidu-ernie-4.5-21b-a3b.json',             # ernie4_5_moe, head_dim = 2560/20
          'openbmb-minicpm5-1b.json',                 # llama, head_dim 128 given
          'qwen-qwen3-0.6b.json',                     # qwen3, use_sliding_window false
          'kwai-keye-keye-vl-8b-preview.json',        # Keye: flat Qwen3 keys
          'ibm-granite-granite-3.3-8b-instruct.json',
          'ibm-granite-granite-3.3-8b-instruct-fp8.json']:
    t = load(f)
    assert t.get('use_sliding_window') is False or t.get('sliding_window') is None, f   # no window in use
    pp = t['num_hidden_layers'] * gqa(t); out[f] = (pp, 0, pp * T)

# hunyuan (remote code, HunYuanMoEV1ForCausalLM): attention_head_dim, CLA off -> every layer keeps its own K/V
t = load('tencent-hunyuan-a13b.json')
assert t['use_cla'] is False and t['use_mla'] is False
pp = t['num_hidden_layers'] * t['num_key_value_heads'] * 2 * t['attention_head_dim'] * 2
out['tencent-hunyuan-a13b.json'] = (pp, 0, pp * T)

# MLA (deepseek_v3): (kv_lora_rank + qk_rope_head_dim) x 2 B per layer; MTP layers not counted
t = load('deepseek-ai-deepseek-r1-xft.json')
pp = t['num_hidden_layers'] * (t['kv_lora_rank'] + t['qk_rope_head_dim']) * 2
out['deepseek-ai-deepseek-r1-xft.json'] = (pp, 0, pp * T)

# LFM2: attention layers from full_attn_idxs (or layer_types), conv state (L_cache - 1) x conv_dim, f32
t = load('liquidai-lfm2-1.2b.json')
L = t['num_hidden_layers']
lt = t.get('layer_types') or ['full_attention' if i in t['full_attn_idxs'] else 'conv' for i in range(L)]
na, nc = lt.count('full_attention'), lt.count('conv')
pp = na * gqa(t)
st = nc * (t['conv_L_cache'] - 1) * t['conv_dim'] * 4
out['liquidai-lfm2-1.2b.json'] = (pp, st, pp * T + st)

# MiniCPM-V-4.6: text_config qwen3_5_text, GatedDeltaNet linear layers + full layers
t = load('openbmb-minicpm-v-4.6-axera.json')['text_config']
lt = t['layer_types']; nf = lt.count('full_attention'); nl = lt.count('linear_attention')
pp = nf * gqa(t)
kd = t['linear_num_key_heads'] * t['linear_key_head_dim']; vd = t['linear_num_value_heads'] * t['linear_value_head_dim']
conv = (2 * kd + vd) * (t['linear_conv_kernel_dim'] - 1)
ssm = t['linear_num_value_heads'] * t['linear_key_head_dim'] * t['linear_value_head_dim']
st = nl * (conv + ssm) * 4
out['openbmb-minicpm-v-4.6-axera.json'] = (pp, st, pp * T + st)

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
