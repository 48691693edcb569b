# independent second computation from each file's own keys (heldout8a)
# convention: ONE sequence of T=8192 positions, f16 K and V (2 B), recurrent state f32 (4 B),
# a sliding layer holds min(window, T) positions, MTP layers not in the main cache,
# KV-shared layers keep no cache of their own. Reads only this folder's JSON files and EXPECTED.tsv.
import json, os, sys
T = 8192
HERE = os.path.dirname(os.path.abspath(__file__))
def load(f): return json.load(open(os.path.join(HERE, f), encoding='utf-8'))
def hd(t): return t.get('head_dim') or t['hidden_size'] // t['num_attention_heads']
def gqa(t): return t['num_key_value_heads'] * 2 * hd(t) * 2          # K+V, f16, one layer
out = {}

# GQA, every layer full attention (no sliding window in use); wrappers read text_config
for f, key in [('vivekvar-gspo-deepseek-r1-distill-qwen-1.5b.json', None),   # qwen2, no head_dim: 1536/12
               ('qwen-qwen2.5-vl-3b-instruct-techshoww.json', None),         # qwen2_5_vl flat, 2048/16
               ('phxember-uni-mumer-qwen2.5-vl-7b.json', None),              # qwen2_5_vl flat, 3584/28
               ('mbzuai-ain-7b.json', None),                                 # qwen2_vl flat, 3584/28
               ('lmstudio-community-qwen3-14b-mlx-4bit.json', None),         # qwen3, head_dim 128
               ('mnkhmtv-koyash-qwen3-4b-merged-finetune.json', None),       # qwen3, head_dim 128
               ('alibaba-nlp-tongyi-deepresearch-30b-a3b.json', None),       # qwen3_moe, head_dim 128
               ('nvidia-cosmos-reason2-8b.json', 'text_config')]:            # qwen3_vl -> qwen3_vl_text
    t = load(f)
    if key: t = t[key]
    assert t.get('use_sliding_window') in (False, None), f
    if 'layer_types' in t: assert set(t['layer_types']) == {'full_attention'}, f
    pp = t['num_hidden_layers'] * gqa(t); out[f] = (pp, 0, pp * T)

# Qwen3.5 / Qwen3-Next hybrid: full_attention layers keep K/V; linear_attention (gated delta net)
# layers keep conv state (kernel-1) x (2*nk*dk + nv*dv) and SSM state nv*dk*dv, both f32
def hybrid(t):
    lt = t['layer_types']; assert len(lt) == t['num_hidden_layers']
    nf, nl = lt.count('full_attention'), lt.count('linear_attention'); assert nf + nl == len(lt)
    conv = (t['linear_conv_kernel_dim'] - 1) * (2 * t['linear_num_key_heads'] * t['linear_key_head_dim']
            + t['linear_num_value_heads'] * t['linear_value_head_dim'])
    ssm = t['linear_num_value_heads'] * t['linear_key_head_dim'] * t['linear_value_head_dim']
    pp = nf * gqa(t); st = nl * (conv + ssm) * 4
    return (pp, st, pp * T + st)
for f, key in [('bryce-hoehn-qwen3.5-18b-reap-a3b-coding.json', None),      # flat qwen3_5_moe_text
               ('bryce-hoehn-qwen3.5-25b-reap-a3b-coding.json', None),      # flat qwen3_5_moe_text
               ('chenyumo-mozi-ai-35b-a3b-moe-mtp.json', 'text_config'),    # qwen3_5_moe wrapper
               ('youssofal-qwen3.8-27b-mtplx-optimized-speed.json', 'text_config')]:  # qwen3_5 wrapper
    t = load(f)
    if key: t = t[key]
    out[f] = hybrid(t)

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
