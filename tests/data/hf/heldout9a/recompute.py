# independent second computation from each file's own keys (heldout9a, domain model_type qwen*)
# convention: ONE sequence of T=8192 positions, f16 K and V (2 B), recurrent state f32 (4 B),
# a sliding layer holds min(window, T) positions, MTP layers not in the main cache.
import json, os, sys
T = 8192
HERE = os.path.dirname(os.path.abspath(__file__))
def load(f): return json.load(open(os.path.join(HERE, f)))
def hd(t): return t.get('head_dim') or t['hidden_size'] // t['num_attention_heads']
def gqa(t): return t['num_key_value_heads'] * 2 * hd(t) * 2          # K+V, f16, one layer
out = {}

# Qwen2 / Qwen2-VL / Qwen2.5-VL / Qwen3: every layer full attention unless use_sliding_window is true
# (Qwen2Config / Qwen2VLConfig / Qwen2_5_VLConfig / Qwen3Config: sliding only when use_sliding_window).
FULL = [('skt-a.x-4.0-light.json', None),                 # qwen2 (SKT A.X 4.0 Light)
        ('skywork-skywork-or1-math-7b.json', None),       # qwen2 (DeepSeek-R1-Distill-Qwen-7B fine-tune)
        ('allenai-olmocr-7b-0225-preview.json', None),    # qwen2_vl, flat keys
        ('echo840-monkeyocr-recognition.json', None),     # qwen2_5_vl, flat keys
        ('nanonets-nanonets-ocr-s.json', 'text_config'),  # qwen2_5_vl, text_config qwen2_5_vl_text
        ('lamtran-omg-qwen3-0.6b-vnchatbot-merged.json', None)]  # qwen3, head_dim 128 given
for f, key in FULL:
    t = load(f)
    if key: t = t[key]
    assert t.get('use_sliding_window', False) is False, f
    if 'layer_types' in t: assert set(t['layer_types']) == {'full_attention'}, f
    pp = t['num_hidden_layers'] * gqa(t); out[f] = (pp, 0, pp * T)

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
