# independent second computation from each file's own keys (heldout7b)
# convention: ONE sequence of T=8192 positions, f16 K and V (2 B), recurrent state f32 (4 B),
# a sliding layer holds min(window, T) positions, MTP layers not in the main cache,
# KV-shared layers (gemma3n num_kv_shared_layers) keep no cache of their own.
import json, os, sys
T = 8192
HERE = os.path.dirname(os.path.abspath(__file__))
def load(f): return json.load(open(os.path.join(HERE, f)))
def hd(t): return t.get('head_dim') or t['hidden_size'] // t['num_attention_heads']
def gqa(t): return t['num_key_value_heads'] * 2 * hd(t) * 2          # K+V, f16, one layer
def no_window(t):
    return t.get('use_sliding_window') is False or t.get('sliding_window') is None
out = {}

# GQA, every layer full (no sliding window in use); wrappers read their text_config
for f, key in [('qwen-qwen3-1.7b.json', None),                       # qwen3, head_dim 128 given
               ('lgai-exaone-exaone-4.0-1.2b.json', None),           # exaone4, layer_types all full, head_dim 64
               ('qwen-qwen3-coder-30b-a3b-instruct.json', None),     # qwen3_moe
               ('qwen-qwen3-coder-30b-a3b-instruct-fp8.json', None), # qwen3_moe, fp8 weights
               ('intel-qwen3-coder-30b-a3b-instruct-int4-autoround.json', None),  # qwen3_moe, int4 weights
               ('deepseek-ai-deepseek-r1-distill-llama-8b.json', None),           # llama
               ('qwen-qwen2.5-vl-3b-instruct.json', None),           # qwen2_5_vl flat keys, use_sliding_window false
               ('qwen-qwen2.5-vl-7b-instruct.json', None),           # qwen2_5_vl flat keys
               ('allenai-olmocr-2-7b-1025-fp8.json', 'text_config'), # qwen2_5_vl, text_config qwen2_5_vl_text
               ('lightonai-lightonocr-1b-1025.json', 'text_config'), # mistral3 wrapper, text_config qwen3
               ('microsoft-phi-4-reasoning-vision-15b.json', None)]: # phi4-siglip = Phi3Config, sliding_window null
    t = load(f)
    if key: t = t[key]
    assert no_window(t), f
    if 'layer_types' in t: assert set(t['layer_types']) == {'full_attention'}, f
    pp = t['num_hidden_layers'] * gqa(t); out[f] = (pp, 0, pp * T)

# HunyuanOCR (hunyuan_vl): head_dim / attention_head_dim 128 given (not 1,024/16 = 64); CLA off
t = load('tencent-hunyuanocr.json')
assert t['use_cla'] is False and t['head_dim'] == t['attention_head_dim']
pp = t['num_hidden_layers'] * t['num_key_value_heads'] * 2 * t['head_dim'] * 2
out['tencent-hunyuanocr.json'] = (pp, 0, pp * T)

# jina-vlm (jvlm): text_config.block_config.attn_config, sliding_window -1 (none)
t = load('jinaai-jina-vlm.json')['text_config']; a = t['block_config']['attn_config']
assert a['sliding_window'] in (-1, None)
pp = t['num_hidden_layers'] * a['n_kv_heads'] * 2 * a['head_dim'] * 2
out['jinaai-jina-vlm.json'] = (pp, 0, pp * T)

# sliding + full by layer_types
def by_layer_types(t, layers):
    pl = gqa(t); W = min(t['sliding_window'], T)
    nf = sum(1 for i in layers if t['layer_types'][i] == 'full_attention')
    ns = sum(1 for i in layers if t['layer_types'][i] == 'sliding_attention')
    assert nf + ns == len(layers)
    return (len(layers) * pl, 0, nf * pl * T + ns * pl * W)
t = load('google-gemma-3-270m-it.json')                         # gemma3_text, window 512
out['google-gemma-3-270m-it.json'] = by_layer_types(t, range(t['num_hidden_layers']))
t = load('toui-imamura-gpt-oss-20b-merged-finetune.json')       # gpt_oss, window 128
out['toui-imamura-gpt-oss-20b-merged-finetune.json'] = by_layer_types(t, range(t['num_hidden_layers']))
t = load('lucas-remigio-gemma-3n-e2b-merged-finetune.json')['text_config']   # gemma3n_text
own = t['num_hidden_layers'] - t['num_kv_shared_layers']         # last num_kv_shared_layers reuse earlier K/V
out['lucas-remigio-gemma-3n-e2b-merged-finetune.json'] = by_layer_types(t, range(own))

# LFM2-VL: text_config lfm2, attention layers from layer_types, conv state (L_cache - 1) x conv_dim, f32
t = load('liquidai-lfm2-vl-450m.json')['text_config']
lt = t['layer_types']; na, nc = lt.count('full_attention'), lt.count('conv')
assert na + nc == t['num_hidden_layers']
pp = na * gqa(t); st = nc * (t['conv_L_cache'] - 1) * t['conv_dim'] * 4
out['liquidai-lfm2-vl-450m.json'] = (pp, st, pp * T + st)

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
