/*
 * test_import_heldout10.c - the TENTH held-out set of issue 35 (tests/
 * data/hf/heldout10a-10g, SOURCES.md in each): 23 config.json files of
 * 2025-2026 models no test of kvplan had used, gathered sealed by seven
 * gatherers in two rounds (four, then three, one domain each: qwen*,
 * other Asian labs, llama/mistral/gemma/phi/gpt_oss, everything else) from
 * repositories that no earlier set had scanned and that were not on this
 * machine when the set began (so no engineer's sweep had seen them); the
 * tool library's look-up and fetch budget ran out at 23, not 30. Run
 * through kvplan once at ed5b269, before any change: 19 exact, 4 refused
 * (vaultgemma by name as unknown, jet_nemotron x2 on the "jet" layer
 * type, phi4flash refused by name), 0 wrong: 82.6 %. Kept by the
 * gatherers' rules (known = git- or JSON-equal to a file seen before),
 * four are weaker: other copies or revisions of Hub models the tests
 * held (Kimi-K2.6, EXAONE-4.0-1.2B, Qwen3.8-27B's MLX copy) and OLMo-2
 * 1124 (2024, re-released 2025-01); all four exact, so without them 15
 * of 19 (78.9 %). Expected figures
 * were worked by the gatherers without kvplan and recomputed by each
 * folder's recompute.py from the files' keys (3, 1, 5, 9, 2, 2 and 1
 * figures, 0 differences). The refused families were given rows after
 * that first contact (each its own commit and test in test_import_rows.c).
 *
 * One correction to the gatherers' figures, after the first contact: the
 * Jet-Nemotron files' conv state is kept in the activations' dtype, not
 * f32 (NVlabs/Jet-Nemotron @94cbd124 jetai/modeling/hf/dynamic_conv.py:
 * x = x.to(input_dtype), then cache = x.new_zeros(N, D, W)), 2 B for
 * these bf16 checkpoints: value_dim x conv_size x 2 a JetBlock, 24 x
 * 3,072 x 4 x 2 = 589,824 B (2B) and 26 x 4,096 x 4 x 2 = 851,968 B (4B)
 * where heldout10d/EXPECTED.md first worked 4 B a value (its UNSURE): states
 * 29,491,200 - 589,824 = 28,901,376 and 56,229,888 - 851,968 =
 * 55,377,920 (the recurrent part, f32, as worked there).
 *
 * Each is sized for ONE sequence of 8,192 positions (f16 K and V,
 * recurrent state in f32, generic dynamic strategy: one_sequence.h; a
 * sliding layer holds min(window, 8,192) positions; MTP layers are not in
 * the main cache) to the bytes worked in EXPECTED.md of its folder.
 */
#include <check.h>

#include "heldout.h"

#define DATA10A KVP_SRCDIR "/tests/data/hf/heldout10a/"
#define DATA10B KVP_SRCDIR "/tests/data/hf/heldout10b/"
#define DATA10C KVP_SRCDIR "/tests/data/hf/heldout10c/"
#define DATA10D KVP_SRCDIR "/tests/data/hf/heldout10d/"
#define DATA10E KVP_SRCDIR "/tests/data/hf/heldout10e/"
#define DATA10F KVP_SRCDIR "/tests/data/hf/heldout10f/"
#define DATA10G KVP_SRCDIR "/tests/data/hf/heldout10g/"
#define T 8192

/* tests/data/hf/heldout10a (3 files) */
static const struct heldout set10a[] = {
	{ "qwen-qwen3.8-27b.json", 65536, 156893184, 693764096, NULL },
	{ "spivanatalie64-dan-qwen3-1.7b.json", 114688, 0, 939524096, NULL },
	{ "tcsn-xy-qwen3-0.6b-code-merged.json", 114688, 0, 939524096, NULL },
};

/* tests/data/hf/heldout10b (1 file) */
static const struct heldout set10b[] = {
	{ "moonshotai-kimi-k2.6-kvv.json", 70272, 0, 575668224, NULL },
};

/* tests/data/hf/heldout10c (5 files) */
static const struct heldout set10c[] = {
	{ "google-gemma-3-12b-it.json", 393216, 0, 872415232, NULL },
	{ "google-medgemma-4b-it.json", 139264, 0, 289406976, NULL },
	{ "lanhp-vn-functiongemma-270m-merged-finetune.json", 18432, 0, 33030144, NULL },
	{ "onnx-community-gemma-3-1b-it-onnx-gqa.json", 26624, 0, 45088768, NULL },
	{ "rekaai-reka-flash-3.json", 135168, 0, 1107296256, NULL },
};

/* tests/data/hf/heldout10d (9 files) */
static const struct heldout set10d[] = {
	{ "allenai-olmo-2-1124-13b-instruct.json", 819200, 0, 6710886400, NULL },
	{ "google-vaultgemma-1b.json", 106496, 0, 872415232, NULL },
	{ "ibm-granite-granite-4.0-1b.json", 81920, 0, 671088640, NULL },
	{ "ibm-granite-granite-docling-258m-mlx.json", 23040, 0, 188743680, NULL },
	{ "ibm-granite-granite-docling-258m.json", 23040, 0, 188743680, NULL },
	{ "jet-ai-jet-nemotron-2b.json", 4096, 28901376, 48037888, NULL },
	{ "jet-ai-jet-nemotron-4b.json", 10240, 55377920, 95223808, NULL },
	{ "liquidai-lfm2.5-1.2b-base.json", 12288, 163840, 100827136, NULL },
	{ "smolvlm2-500m-finetune-fastvlm-pr41.json", 40960, 0, 335544320, NULL },
};

/* tests/data/hf/heldout10e (2 files) */
static const struct heldout set10e[] = {
	{ "lgai-exaone-4.0-1.2b-lgaimers-baseline-rkfeeder.json", 61440, 0, 503316480, NULL },
	{ "qwen-qwen3-vl-30b-a3b-thinking-fp8-injuly7.json", 98304, 0, 805306368, NULL },
};

/* tests/data/hf/heldout10f (2 files) */
static const struct heldout set10f[] = {
	{ "microsoft-phi-4-mini-flash-reasoning.json", 46080, 3502080, 66416640, NULL },
	{ "nvidia-llama-3.1-nemotron-nano-8b-v1.json", 131072, 0, 1073741824, NULL },
};

/* tests/data/hf/heldout10g (1 file) */
static const struct heldout set10g[] = {
	{ "allenai-molmo2-4b.json", 147456, 0, 1207959552, NULL },
};

/* 3 + 1 + 5 + 9 + 2 + 2 + 1 = the 23 of the set */
static const struct heldout_set sets[] = {
	{ DATA10A, set10a, sizeof set10a / sizeof set10a[0], 3, T },
	{ DATA10B, set10b, sizeof set10b / sizeof set10b[0], 1, T },
	{ DATA10C, set10c, sizeof set10c / sizeof set10c[0], 5, T },
	{ DATA10D, set10d, sizeof set10d / sizeof set10d[0], 9, T },
	{ DATA10E, set10e, sizeof set10e / sizeof set10e[0], 2, T },
	{ DATA10F, set10f, sizeof set10f / sizeof set10f[0], 2, T },
	{ DATA10G, set10g, sizeof set10g / sizeof set10g[0], 1, T },
};

static Suite *suite(void)
{
	return heldout_suite("import_heldout10", sets, 7);
}

#include "check_main.h"
KVP_CHECK_MAIN(suite)
