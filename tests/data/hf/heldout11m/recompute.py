# independent second computation from each file's own keys (heldout11m)
# convention: ONE sequence of T=8192 positions, f16 K and V (2 B), recurrent state f32 (4 B),
# a sliding/chunked layer holds min(window, T) positions, MTP layers not in the main cache,
# MLA: kv_lora_rank + qk_rope_head_dim per layer, f16, one "head".
import json, os, sys
T = 8192
HERE = os.path.dirname(os.path.abspath(__file__))
def load(f): return json.load(open(os.path.join(HERE, f)))
def kv_layer(nkv, dim): return nkv * (dim + dim) * 2
out = {}

# dense GQA, every layer full (Qwen3 / InternLM2 / Llama4-text keys; transformers Qwen3Config,
# InternLM2Config, Llama4TextConfig; head_dim read when given, else hidden/heads).
def dense(t, window=None):
    hd = t.get('head_dim') or t['hidden_size'] // t['num_attention_heads']
    n = t['num_hidden_layers']
    lt = t.get('layer_types') or ['full_attention'] * n
    assert all(x == 'full_attention' for x in lt) and len(lt) == n
    assert not t.get('sliding_window') or not t.get('use_sliding_window', True)
    pl = kv_layer(t['num_key_value_heads'], hd)
    held = min(window, T) if window else T
    return (n * pl, 0, n * pl * held)
out['andesvl-0.6b-jielonghe.json'] = dense(load('andesvl-0.6b-jielonghe.json')['text_config'])
out['beyoru-belle-vlm-hf-upload-hert4.json'] = dense(load('beyoru-belle-vlm-hf-upload-hert4.json'))
out['longipet-vlm-mhxiaaa.json'] = dense(load('longipet-vlm-mhxiaaa.json'))
out['opengvlab-internvideo2.5-chat-8b-save-jdsalamanca.json'] = dense(load('opengvlab-internvideo2.5-chat-8b-save-jdsalamanca.json')['llm_config'])
m = load('facebook-mobilellm-r1-140m-llava-onevision-2.json')
out['facebook-mobilellm-r1-140m-llava-onevision-2.json'] = dense(m, m.get('attention_chunk_size'))

# MLA (DeepseekV3 / kimi_k2 text): latent kv_lora_rank + qk_rope_head_dim per layer, f16.
def mla(t):
    n = t['num_hidden_layers']; pl = (t['kv_lora_rank'] + t['qk_rope_head_dim']) * 2
    return (n * pl, 0, n * pl * T)
out['amd-kimi-k2.5-mxfp4-modular-fork.json'] = mla(load('amd-kimi-k2.5-mxfp4-modular-fork.json')['text_config'])

# qwen3_5_moe (transformers Qwen3_5Moe / vLLM qwen3_next-style GatedDeltaNet): full layers K+V;
# linear layers conv state conv_dim x (kernel-1) + recurrent v_heads x k_dim x v_dim, f32.
def qwen35(t):
    full = [x for x in t['layer_types'] if x == 'full_attention']
    lin = [x for x in t['layer_types'] if x == 'linear_attention']
    bpp = len(full) * kv_layer(t['num_key_value_heads'], t['head_dim'])
    kd = t['linear_num_key_heads'] * t['linear_key_head_dim']; vd = t['linear_num_value_heads'] * t['linear_value_head_dim']
    conv = (2 * kd + vd) * (t['linear_conv_kernel_dim'] - 1)
    rec = t['linear_num_value_heads'] * t['linear_key_head_dim'] * t['linear_value_head_dim']
    st = len(lin) * (conv + rec) * 4
    return (bpp, st, bpp * T + st)
out['qwen-qwen3.5-122b-a10b-fp8-infersim.json'] = qwen35(load('qwen-qwen3.5-122b-a10b-fp8-infersim.json')['text_config'])

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
