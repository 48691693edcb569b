# independent second computation from each file's own keys (heldout8b)
# convention: ONE sequence of T=8192 positions, f16 K and V (2 B), recurrent state f32 (none here),
# a sliding layer holds min(window, T) positions (none here: no file enables a window),
# MTP layers not in the main cache (GLM-4.5-Air num_nextn_predict_layers), no MLA in this set.
import json, os, sys
T = 8192
HERE = os.path.dirname(os.path.abspath(__file__))
def load(f): return json.load(open(os.path.join(HERE, f)))
def hd(t): return t.get('head_dim') or t['hidden_size'] // t['num_attention_heads']
def gqa(t): return t['num_key_value_heads'] * 2 * hd(t) * 2          # K+V, f16, one layer
def no_window(t):
    return t.get('use_sliding_window') is False or t.get('sliding_window') is None
out = {}

def full(f, t, layers=None):
    assert no_window(t), f
    if 'layer_types' in t: assert set(t['layer_types']) == {'full_attention'}, f
    L = t['num_hidden_layers'] if layers is None else layers
    pp = L * gqa(t); out[f] = (pp, 0, pp * T)

# flat decoder keys
for f in ['internlm-internlm3-8b-instruct.json',      # internlm3, head_dim 128 given
          'baidu-ernie-4.5-0.3b-base.json',           # ernie4_5, head_dim 128 given
          'baidu-ernie-4.5-21b-a3b-thinking.json',    # ernie4_5_moe, no head_dim: 2560/20
          'inclusionai-ling-flash-2.0.json',          # bailing_moe (V2), head_dim 128
          'paddlepaddle-paddleocr-vl.json',           # paddleocr_vl, ERNIE-4.5-0.3B keys flat
          'openbmb-minicpm-v-4.5.json']:              # minicpmv 4.5, Qwen3-8B keys flat
    t = load(f)
    assert not t.get('num_nextn_predict_layers'), f
    full(f, t)

# HY-MT1.5-1.8B: hunyuan_v1_dense, CLA off, attention_head_dim == head_dim
t = load('tencent-hy-mt1.5-1.8b.json')
assert t['use_cla'] is False and t['attention_head_dim'] == t['head_dim']
full('tencent-hy-mt1.5-1.8b.json', t)

# GLM-4.5-Air: glm4_moe; the num_nextn_predict_layers MTP layer sits after num_hidden_layers, not cached
t = load('zai-org-glm-4.5-air.json')
assert t['num_nextn_predict_layers'] == 1
full('zai-org-glm-4.5-air.json', t)

# wrappers: llm_config (qwen3)
for f in ['aidc-ai-ovis2.5-9b.json', 'opengvlab-internvl3.5-8b.json']:
    full(f, load(f)['llm_config'])

# DeepSeek-OCR 1 and 2: deepseek_vl_v2, language_config use_mla false -> vLLM DeepseekForCausalLM (MHA,
# num_key_value_heads, head_dim hidden/heads), not MLA
for f in ['deepseek-ai-deepseek-ocr.json', 'deepseek-ai-deepseek-ocr-2.json']:
    t = load(f)['language_config']
    assert t['use_mla'] is False and t['kv_lora_rank'] is None and t['topk_method'] != 'noaux_tc'
    full(f, t)

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
