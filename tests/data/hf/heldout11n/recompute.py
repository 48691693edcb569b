#!/usr/bin/env python3
"""Recompute heldout11n's expected figures from the JSON files alone.
Conventions (heldout7/7b): one sequence of 8,192 positions, f16 K and V (2 bytes),
recurrent state f32, sliding layers hold min(window, 8192) positions."""
import json, os, sys
HERE = os.path.dirname(os.path.abspath(__file__))
SEQ = 8192

def bailingmm(c):
    # Top-level bailingmm wrapper; the text decoder is llm_config (BailingMoeForCausalLM,
    # remote code modeling_bailing_moe.py committed beside the file, inclusionAI/Ming-UniVision
    # 5b01ce5): BailingMoeAttention caches K,V of num_key_value_heads heads x head_dim
    # (config.head_dim or hidden_size // num_attention_heads) in every one of num_hidden_layers
    # layers; the modeling file has no sliding-window path (use_sliding_window is false anyway).
    # The talker (speech output) and vision/audio encoders keep no text KV cache.
    l = c["llm_config"]
    assert not l.get("use_sliding_window", False)
    hd = l.get("head_dim") or l["hidden_size"] // l["num_attention_heads"]
    return l["num_hidden_layers"] * 2 * l["num_key_value_heads"] * hd * 2, 0

FUNCS = {"bailingmm": bailingmm}

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
        b, s = FUNCS[c.get("model_type")](c)
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
