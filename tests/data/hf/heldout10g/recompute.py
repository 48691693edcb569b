# independent second computation from each file's own keys (heldout10g)
# convention: ONE sequence of T=8192 positions, f16 K and V (2 B), recurrent state f32 (4 B),
# a sliding layer holds min(window, T) positions, MTP layers not in the main cache,
# KV-shared layers keep no cache, layers without attention keep no K/V.
import json, os
T = 8192
HERE = os.path.dirname(os.path.abspath(__file__))
def load(f): return json.load(open(os.path.join(HERE, f)))
def hd(t): return t.get('head_dim') or t['hidden_size'] // t['num_attention_heads']
def kvh(t): return t.get('num_key_value_heads') or t['num_attention_heads']
def gqa(t): return kvh(t) * 2 * hd(t) * 2          # K+V, f16, one layer
out = {}
def add(f, fn):
    if os.path.exists(os.path.join(HERE, f)): out[f] = fn(load(f))

def full_only(t):
    assert not t.get('sliding_window') and not t.get('layer_types'), 'sliding/layer_types present'
    pp = t['num_hidden_layers'] * gqa(t); return (pp, 0, pp * T)

# molmo2 (maker's remote code modeling_molmo2.py): Molmo2TextModel, every block full attention
add('allenai-molmo2-4b.json', lambda d: full_only(d['text_config']))

n = 0; bad = 0
for line in open(os.path.join(HERE, 'EXPECTED.tsv')):
    if not line.strip(): continue
    f, pp, st, tot = line.split('\t')[:4]
    n += 1
    got = out.get(f)
    if got is None or got != (int(pp), int(st), int(tot)):
        bad += 1; print('DIFF', f, got, (pp, st, tot))
print(f'{n} figures, {bad} differences')
