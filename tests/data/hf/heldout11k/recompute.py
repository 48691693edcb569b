#!/usr/bin/env python3
"""Recompute heldout11k's expected figures from the JSON files alone.
Conventions (heldout7/7b): one sequence of 8,192 positions, f16 K and V (2 bytes),
recurrent state f32, sliding layers hold min(window, 8192) positions."""
import json, os, sys
HERE = os.path.dirname(os.path.abspath(__file__))
SEQ = 8192

def huginn_raven(c):
    # recpre/raven_modeling_minimal.py (seal-rg/recurrent-pretraining): the static cache
    # holds max_num_steps = 4 + num_steps*4 block-steps, num_steps defaulting to
    # config.mean_recurrence; prelude (2) + coda (2) + core block (4) x num_steps.
    heads = c["num_key_value_heads"]
    hd = c["n_embd"] // c["num_attention_heads"]
    steps = c["n_layers_in_prelude"] + c["n_layers_in_coda"] + c["n_layers_in_recurrent_block"] * c["mean_recurrence"]
    bpp = steps * 2 * heads * hd * 2
    return bpp, 0

def inl_llm(c):
    # inl_llm/models/integrator_language_model.py (Web3-League/llm-dynamics): INLCache keeps
    # one K and one V of [num_heads, seq, d_model/num_heads] per layer (num_layers layers);
    # integrator states are not cached.
    hd = c["d_model"] // c["num_heads"]
    return c["num_layers"] * 2 * c["num_heads"] * hd * 2, 0

def moondream1(c):
    # The file sets no text keys ("config": {}): defaults of TextConfig in the vendored
    # config.py beside it (moondream2/ and moondream3/ in nkasmanoff/moondream-grpo):
    # dim 2048, n_layers 24, n_heads 32, n_kv_heads 32; KVCache shape
    # (1, n_kv_heads, max_context, dim // n_heads) per block (moondream.py / text.py).
    t = {"dim": 2048, "n_layers": 24, "n_heads": 32, "n_kv_heads": 32}
    t.update(c.get("config", {}).get("text", {}) if isinstance(c.get("config"), dict) else {})
    hd = t["dim"] // t["n_heads"]
    return t["n_layers"] * 2 * t["n_kv_heads"] * hd * 2, 0

def nanochat(c):
    # modeling_nanochat.py (HarleyCoops/nanochat): NanoChatAttention caches K,V of
    # n_kv_head heads x head_dim = n_embd // n_head, one pair per block (n_layer blocks).
    hd = c["n_embd"] // c["n_head"]
    return c["n_layer"] * 2 * c["n_kv_head"] * hd * 2, 0

def llava_qwen2(c):
    # llava_qwen.py beside the file: LlavaConfig(Qwen2Config), model_type llava_qwen2;
    # Qwen2 attention (transformers modeling_qwen2): head_dim = hidden_size // num_attention_heads,
    # num_key_value_heads KV heads per layer; use_sliding_window false -> every layer full.
    assert not c.get("use_sliding_window", False)
    hd = c.get("head_dim") or c["hidden_size"] // c["num_attention_heads"]
    return c["num_hidden_layers"] * 2 * c["num_key_value_heads"] * hd * 2, 0

FUNCS = {"huginn_raven": huginn_raven, "inl-llm": inl_llm, "moondream1": moondream1, "nanochat": nanochat,
         "llava_qwen2": llava_qwen2}

def main():
    rows = []
    for line in open(os.path.join(HERE, "EXPECTED.tsv"), encoding="utf-8"):
        if not line.strip() or line.startswith("#"):
            continue
        f = line.rstrip("\n").split("\t")
        rows.append((f[0], int(f[1]), int(f[2]), int(f[3])))
    n = d = 0
    seen = set()
    for name, bpp, st, tot in rows:
        seen.add(name)
        c = json.load(open(os.path.join(HERE, name), encoding="utf-8"))
        mt = c.get("model_type")
        b, s = FUNCS[mt](c)
        t = b * SEQ + s
        for want, got, what in ((bpp, b, "bytes/position"), (st, s, "state"), (tot, t, "total")):
            n += 1
            if want != got:
                d += 1
                print(f"DIFF {name} {what}: tsv {want} recomputed {got}")
    missing = sorted(x for x in os.listdir(HERE) if x.endswith(".json") and x not in seen)
    for m in missing:
        print("NOT IN EXPECTED.tsv:", m)
    print(f"{n} figures, {d} differences")
    sys.exit(1 if d or missing else 0)

if __name__ == "__main__":
    main()
