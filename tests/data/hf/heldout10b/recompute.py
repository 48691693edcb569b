#!/usr/bin/env python3
"""Recompute every EXPECTED.tsv figure from the JSON files' own keys.
Conventions (heldout7/7b): ONE sequence of 8,192 positions, f16 K and V (2 bytes),
recurrent state f32, a sliding layer holds min(window, 8192) positions, MTP layers
not in the main cache, KV-shared layers keep no cache; MLA: the latent
kv_lora_rank + qk_rope_head_dim per layer, f16, one "head"."""
import json, os, sys
HERE = os.path.dirname(os.path.abspath(__file__))
N = 8192

def mla(c):
    # DeepSeek-V3-style MLA (vLLM deepseek_v2.py: MLA cache = kv_lora_rank + qk_rope_head_dim)
    L = c["num_hidden_layers"]
    per = (c["kv_lora_rank"] + c["qk_rope_head_dim"]) * 2
    return L * per * N, 0

def gqa(c, L=None, head_dim=None):
    L = c["num_hidden_layers"] if L is None else L
    nh = c["num_attention_heads"]
    kv = c.get("num_key_value_heads") or nh
    hd = head_dim or c.get("head_dim") or c["hidden_size"] // nh
    return L * 2 * kv * hd * 2 * N, 0

def fig(name, c):
    mt = c.get("model_type")
    if mt == "kimi_k25":
        return mla(c["text_config"])
    raise SystemExit("no rule for %s (%s)" % (name, mt))

rows = [l.rstrip("\n").split("\t") for l in open(os.path.join(HERE, "EXPECTED.tsv")) if l.strip() and not l.startswith("#")]
diff = 0
for r in rows:
    name, bpp, state, total = r[0], int(r[1]), int(r[2]), int(r[3])
    c = json.load(open(os.path.join(HERE, name)))
    kv, st = fig(name, c)
    got = (kv // N, st, kv + st)
    if got != (bpp, state, total):
        diff += 1
        print("DIFF", name, got, (bpp, state, total))
print("%d figures, %d differences" % (len(rows), diff))
sys.exit(1 if diff else 0)
