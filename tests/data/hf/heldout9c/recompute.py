# independent second computation from each file's own keys (heldout9c)
# convention: ONE sequence of T=8192 positions, f16 K and V (2 B), recurrent state f32 (4 B),
# a sliding layer holds min(window, T) positions, MTP layers not in the main cache,
# KV-shared layers keep no cache of their own. Reads only this folder's JSON files and EXPECTED.tsv.
import json, os, sys
T = 8192
HERE = os.path.dirname(os.path.abspath(__file__))
def load(f): return json.load(open(os.path.join(HERE, f)))
def hd(t):
    # transformers LlamaConfig: head_dim = head_dim if given else hidden_size // num_attention_heads
    return t.get('head_dim') or t['hidden_size'] // t['num_attention_heads']
def gqa(t):
    kv = t.get('num_key_value_heads') or t['num_attention_heads']   # LlamaConfig default: = heads
    return kv * 2 * hd(t) * 2                                        # K+V, f16, one layer
out = {}

# llama (LlamaForCausalLM): every layer full attention, no sliding window, no layer_types
for f in ['k-intelligence-midm-2.0-base-instruct.json',
          'k-intelligence-midm-2.0-mini-instruct.json']:
    t = load(f)
    assert t['model_type'] == 'llama' and 'sliding_window' not in t and 'layer_types' not in t, f
    pp = t['num_hidden_layers'] * gqa(t); out[f] = (pp, 0, pp * T)

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
