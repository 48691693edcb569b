# independent second computation from each file's own keys (heldout11d)
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

def qwen3_full(t):
    # Qwen3 (transformers configuration_qwen3 / vLLM qwen3.py): sliding only if use_sliding_window true
    assert t['model_type'] == 'qwen3'
    assert not t.get('use_sliding_window'), 'sliding window in use'
    assert not t.get('layer_types') or all(x == 'full_attention' for x in t['layer_types'])
    pp = t['num_hidden_layers'] * gqa(t); return (pp, 0, pp * T)

# eagle_3_vl (GR00T N1.6 backbone; remote code modeling_eagle3_vl.py builds the language
# model from text_config, a Qwen3ForCausalLM): the cache is the text model's
add('nvidia-eagle-block2a-2b-v2-lerobot-pr3085.json', lambda d: qwen3_full(d['text_config']))

def llama_full(t):
    # transformers LlamaConfig / vLLM llama.py: every layer full attention, head_dim = hidden/heads if absent
    assert t['model_type'] == 'llama' and not t.get('sliding_window')
    pp = t['num_hidden_layers'] * gqa(t); return (pp, 0, pp * T)

# eagle_chat (GR00T N1 backbone; remote code modeling_eagle_chat.py: LlamaForCausalLM(config.llm_config))
add('nvidia-gr00t-n1-eagle2-backbone.json', lambda d: llama_full(d['llm_config']))
# eagle_2_5_vl (GR00T N1.5 backbone; modeling_eagle2_5_vl.py: Qwen3ForCausalLM(config.text_config))
add('nvidia-gr00t-n1.5-eagle2.5-backbone.json', lambda d: qwen3_full(d['text_config']))

n = 0; bad = 0
for line in open(os.path.join(HERE, 'EXPECTED.tsv')):
    if not line.strip(): continue
    f, pp, st, tot = line.split('\t')[:4]
    n += 1
    got = out.get(f)
    if got is None or got != (int(pp), int(st), int(tot)):
        bad += 1; print('DIFF', f, got, (pp, st, tot))
print(f'{n} figures, {bad} differences')
