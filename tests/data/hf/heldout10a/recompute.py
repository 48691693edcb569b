# independent second computation from each file's own keys (heldout10a)
# convention: ONE sequence of T=8192 positions, f16 K and V (2 B), recurrent state f32 (4 B)
# (GatedDeltaNet conv and recurrent state both counted at 4 B, as heldout8/9),
# a sliding layer holds min(window, T) positions, MTP layers not in the main cache.
import json, os, sys
T = 8192
HERE = os.path.dirname(os.path.abspath(__file__))
def load(f): return json.load(open(os.path.join(HERE, f)))
def hd(t): return t.get('head_dim') or t['hidden_size'] // t['num_attention_heads']
def kv_layer(t): return t['num_key_value_heads'] * 2 * hd(t) * 2      # K+V, f16, one layer
out = {}

def dense_full(t):
    # every layer full attention (Qwen2/Qwen3: use_sliding_window false => no window)
    assert t.get('use_sliding_window') in (False, None) or t.get('sliding_window') is None
    if 'layer_types' in t: assert set(t['layer_types']) == {'full_attention'}
    pp = t['num_hidden_layers'] * kv_layer(t)
    return (pp, 0, pp * T)

def gdn_hybrid(t):
    # qwen3_5 / qwen3_next text config: full_attention layers keep K/V;
    # linear_attention (GatedDeltaNet) layers keep conv state (kernel-1) x conv_dim
    # and recurrent state n_v_heads x k_dim x v_dim, both f32
    lt = t['layer_types']; assert len(lt) == t['num_hidden_layers']
    nf = lt.count('full_attention'); nl = lt.count('linear_attention'); assert nf + nl == len(lt)
    kd = t['linear_num_key_heads'] * t['linear_key_head_dim']
    vd = t['linear_num_value_heads'] * t['linear_value_head_dim']
    conv = (t['linear_conv_kernel_dim'] - 1) * (2 * kd + vd)
    rec = t['linear_num_value_heads'] * t['linear_key_head_dim'] * t['linear_value_head_dim']
    st = nl * (conv + rec) * 4
    pp = nf * kv_layer(t)
    return (pp, st, pp * T + st)

for f, fn, key in [
    ('tcsn-xy-qwen3-0.6b-code-merged.json', dense_full, None),
    ('spivanatalie64-dan-qwen3-1.7b.json', dense_full, None),
    ('qwen-qwen3.8-27b.json', gdn_hybrid, 'text_config'),
]:
    t = load(f)
    if key: t = t[key]
    out[f] = fn(t)

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
