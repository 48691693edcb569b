/*
 * preset_names.c - a preset name as people type it (kvplan/preset.h,
 * kvp_preset_find): the file stem in any case, a card's common short name
 * (the alias table below) or its own display name (card.name, as solve,
 * fit and calc print it), a model's Hugging Face id in any case, or an
 * instruct/chat variant of a model preset (the variant table). A miss
 * names the three nearest names; a name that starts several presets'
 * names lists them.
 *
 * Comparisons ignore case and the separators '-', '_', ' ' ("H100 SXM",
 * "h100_sxm" and "h100-sxm" are one name). Knowledge lives in the two
 * tables: adding an alias or a variant spelling is a row.
 *
 * Ownership: the name list is malloc'd here and freed before return.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include <cjson/cJSON.h>

#include "io/edit_distance.h"
#include "io/file.h"
#include "kvplan/preset.h"

/*
 * Card aliases: the short names people write, the shipped preset each
 * stands for and, where the short name could mean more than one board,
 * the note shown when it is taken. A preset's own stem needs no row.
 * Boards: NVIDIA's data-sheets (nvidia.com/en-us/data-center/h100, a100,
 * h200, b200, v100; geforce rtx-3090/4090/5090), AMD's MI300X page; the
 * capacities are the presets' own, each with its source (a public
 * nvidia-smi output) in presets/cards/.
 */
static const struct card_alias {
	const char *alias;
	const char *preset;
	const char *note;          /* NULL: the alias names one board */
} card_aliases[] = {
	{ "h100", "h100-80gb-sxm", "h100 taken as H100 SXM5 80 GB (the HGX boards); h100-pcie is the PCIe card, same capacity" },
	{ "h100-sxm", "h100-80gb-sxm", NULL },
	{ "h100-sxm5", "h100-80gb-sxm", NULL },
	{ "h100-80gb", "h100-80gb-sxm", "h100-80gb taken as H100 SXM5 80 GB; h100-pcie is the PCIe card, same capacity" },
	{ "h100-pcie", "h100-80gb-pcie", NULL },
	{ "h200", "h200-141gb", NULL },
	{ "h200-sxm", "h200-141gb", NULL },
	{ "a100", "a100-80gb", "a100 taken as A100 80 GB; a100-40gb is the 40 GB board" },
	{ "a100-80", "a100-80gb", NULL },
	{ "a100-40", "a100-40gb", NULL },
	{ "a100-sxm4-40gb", "a100-40gb", NULL },
	{ "b200-180gb", "b200", NULL },
	{ "v100", "v100-16gb", "v100 taken as V100 SXM2 16 GB; there is no preset for the 32 GB board (give a card file)" },
	{ "v100-sxm2-16gb", "v100-16gb", NULL },
	{ "a10g-24gb", "a10g", NULL },
	{ "l4-24gb", "l4", NULL },
	{ "l40s-48gb", "l40s", NULL },
	{ "t4-16gb", "t4", NULL },
	{ "3090", "rtx-3090", NULL },
	{ "geforce-rtx-3090", "rtx-3090", NULL },
	{ "4090", "rtx-4090", NULL },
	{ "geforce-rtx-4090", "rtx-4090", NULL },
	{ "5090", "rtx-5090", NULL },
	{ "geforce-rtx-5090", "rtx-5090", NULL },
	{ "mi300", "mi300x", "mi300 taken as Instinct MI300X 192 GB (the MI300A is an APU with 128 GB shared with its CPU)" },
	{ "instinct-mi300x", "mi300x", NULL },
	{ "m2-ultra", "apple-m2-ultra-192gb", NULL },
	{ "apple-m2-ultra", "apple-m2-ultra-192gb", NULL },
	/* the 2026 catalog and common boards (issue 35): capacities and
	 * their public sources in the presets; an Apple chip comes in
	 * several memory sizes, each its own working-set limit, so its
	 * short names carry the size ("m4-max" lists them) */
	{ "gb10", "dgx-spark", NULL },
	{ "a800", "a800-80gb", NULL },
	{ "a800-sxm4-80gb", "a800-80gb", NULL },
	{ "a6000", "rtx-a6000", NULL },
	{ "rtx-pro-6000-workstation", "rtx-pro-6000", NULL },
	{ "rtx-pro-6000-max-q", "rtx-pro-6000-maxq", NULL },
	{ "mi355", "mi355x", NULL },
	{ "instinct-mi355x", "mi355x", NULL },
	{ "mi250", "mi250x", "mi250 taken as one GCD of an MI250X (64 GiB each, two per board; the MI250 has the same two GCDs)" },
	{ "instinct-mi250x", "mi250x", NULL },
	{ "instinct-mi210", "mi210", NULL },
	{ "m3-max-48gb", "apple-m3-max-48gb", NULL },
	{ "m3-max-128gb", "apple-m3-max-128gb", NULL },
	{ "m4-pro-24gb", "apple-m4-pro-24gb", NULL },
	{ "m4-max-36gb", "apple-m4-max-36gb", NULL },
	{ "m4-max-128gb", "apple-m4-max-128gb", NULL },
	{ "m3-ultra-512gb", "apple-m3-ultra-512gb", NULL },
	{ "m5-24gb", "apple-m5-24gb", NULL },
	{ "m5-max-128gb", "apple-m5-max-128gb", NULL },
	/* The names nvidia-smi prints (its name column, "Product Name"), as
	 * quoted in each preset's source or in the public output named:
	 * --card "NVIDIA H100 80GB HBM3" and nvidia-smi's csv (smi_csv.c) */
	{ "NVIDIA H100 80GB HBM3", "h100-80gb-sxm", NULL },
	{ "NVIDIA A100-SXM4-80GB", "a100-80gb", NULL },
	{ "NVIDIA A10G", "a10g", NULL },
	{ "NVIDIA B200", "b200", NULL },
	/* wdwd720/BrainIR research/phase4/GPU_BENCHMARK.md (nvidia-smi) */
	{ "NVIDIA H200", "h200-141gb", NULL },
	{ "NVIDIA B300 SXM6 AC", "b300", NULL },
	{ "NVIDIA RTX PRO 6000 Blackwell Server Edition", "rtx-pro-6000-server", NULL },
	{ "NVIDIA GeForce RTX 3090", "rtx-3090", NULL },
	{ "NVIDIA GeForce RTX 4090", "rtx-4090", NULL },
	{ "NVIDIA GeForce RTX 5090", "rtx-5090", NULL },
	/* akash-network/provider-configs#99 (csv); NVIDIA/nvidia-docker#1628
	 * (Product Name: Tesla T4); zzc0721/torch-performance-test-data#120
	 * (device name NVIDIA L4) */
	{ "NVIDIA L40S", "l40s", NULL },
	{ "Tesla T4", "t4", NULL },
	{ "NVIDIA L4", "l4", NULL },
	/* nvidia-smi's name column in public outputs, each quoted in the
	 * preset's source (code index files named there); the PCIe A100 and
	 * H100 as modal-labs/modal-client#2797's totals and code index files
	 * 63219871587 ('NVIDIA A100-PCIE-40GB, 40960 MiB'), 71609078484
	 * ('NVIDIA A100-SXM4-40GB, 40960 MiB'), 38048315203 ('NVIDIA H100
	 * PCIe, 81559 MiB'); YOLOv5's 'Tesla V100-SXM2-16GB, 16160MiB' */
	{ "NVIDIA GB200", "gb200", NULL },
	{ "NVIDIA GB10", "dgx-spark", NULL },
	{ "NVIDIA H100 NVL", "h100-nvl", NULL },
	{ "NVIDIA H100 PCIe", "h100-80gb-pcie", NULL },
	{ "NVIDIA H20", "h20", "NVIDIA H20 taken as the 96 GB H20 (97,871 MiB, the total its public outputs show); for a board of another size give its nvidia-smi csv or a card file" },
	{ "NVIDIA L20", "l20", NULL },
	{ "NVIDIA H800", "h800", NULL },
	{ "NVIDIA A800-SXM4-80GB", "a800-80gb", NULL },
	{ "NVIDIA A100-SXM4-40GB", "a100-40gb", NULL },
	{ "NVIDIA A100-PCIE-40GB", "a100-40gb", NULL },
	{ "Tesla V100-SXM2-16GB", "v100-16gb", NULL },
	{ "NVIDIA RTX 6000 Ada Generation", "rtx-6000-ada", NULL },
	{ "NVIDIA RTX A6000", "rtx-a6000", NULL },
	{ "NVIDIA RTX PRO 6000 Blackwell Workstation Edition", "rtx-pro-6000", NULL },
	{ "NVIDIA RTX PRO 6000 Blackwell Max-Q Workstation Edition", "rtx-pro-6000-maxq", NULL },
	/* AMD: amd-smi's market_name and product_name of an MI300X
	 * (ROCm/vllm#359: 'AMD Instinct MI300X', 'AMD Instinct MI300X OAM') */
	{ "AMD Instinct MI300X", "mi300x", NULL },
	{ "AMD Instinct MI300X OAM", "mi300x", NULL },
	/* AMD's names for the boards: torch's device name of an MI355X
	 * (code index file 67158699254: 'AMD Instinct MI355X', total_memory
	 * 309220868096); rocminfo's 'AMD Instinct MI250X/MI250', one per GCD
	 * (ROCm/rocm_smi_lib#165), less its '/MI250' since a name with '/'
	 * is a file to --card; the MI210 as AMD markets it (its rocm-smi
	 * output in presets/cards/mi210.json shows the model id, 0x740f) */
	{ "AMD Instinct MI355X", "mi355x", NULL },
	{ "AMD Instinct MI250X", "mi250x", NULL },
	{ "AMD Instinct MI210", "mi210", NULL },
};

/*
 * Model variants: an instruct or chat fine-tune keeps its base model's
 * architecture (the same layers, heads and head dims in config.json; a
 * fine-tune changes weights, not shapes), so the variant is computed as
 * the base and the note says so. Each row is a suffix of a Hugging Face
 * name: removed when the preset is the base, added when the preset is the
 * variant (gemma-2-9b-it). "-hf" is no variant: Meta's repos in the
 * Transformers layout (meta-llama/Llama-2-7b-hf).
 */
static const struct model_variant {
	const char *suffix;
	const char *what;
} model_variants[] = {
	{ "-instruct", "an instruct fine-tune" },
	{ "-chat", "a chat fine-tune" },
	{ "-it", "an instruction-tuned fine-tune" },
	{ "-hf", "the Transformers-layout copy" },
};

#define N_ALIASES  (sizeof card_aliases / sizeof card_aliases[0])
#define N_VARIANTS (sizeof model_variants / sizeof model_variants[0])
#define NAME_MAX_K 128

static const char *const kind_word[KVP_PRESET_KIND_COUNT] = {
	"model", "card", "workload"
};

/* One name a person may type and the preset stem it leads to. */
struct name {
	char text[NAME_MAX_K];     /* as shown: stem, alias or HF id */
	char stem[NAME_MAX_K];     /* the preset it stands for */
	char path[4096];           /* the preset's file */
	const char *note;          /* alias note (static), or NULL */
};

struct names {
	struct name *v;
	size_t n, cap;
	bool oom;
};

/* Lower case without '-', '_', ' ': the form names are compared in. */
static void compact(const char *s, char *out, size_t n)
{
	size_t o = 0;

	for (; *s && o + 1 < n; s++) {
		char c = *s;
		if (c == '-' || c == '_' || c == ' ')
			continue;
		out[o++] = (c >= 'A' && c <= 'Z') ? (char)(c - 'A' + 'a') : c;
	}
	out[o] = '\0';
}

static bool same(const char *a, const char *b)
{
	char x[NAME_MAX_K], y[NAME_MAX_K];

	compact(a, x, sizeof x);
	compact(b, y, sizeof y);
	return strcmp(x, y) == 0;
}

static struct name *add(struct names *l, const char *text, const char *stem,
                        const char *path, const char *note)
{
	struct name *e;

	if (l->n == l->cap) {
		size_t cap = l->cap ? l->cap * 2 : 64;
		struct name *nv = realloc(l->v, cap * sizeof *nv);
		if (!nv) {
			l->oom = true;
			return NULL;
		}
		l->v = nv;
		l->cap = cap;
	}
	e = &l->v[l->n++];
	snprintf(e->text, sizeof e->text, "%s", text);
	snprintf(e->stem, sizeof e->stem, "%s", stem);
	snprintf(e->path, sizeof e->path, "%s", path);
	e->note = note;
	return e;
}

/* add() of a new name for entry j: its stem and path are copied first,
 * since add() may move l->v under them. */
static void add_copy(struct names *l, const char *text, size_t j, const char *note)
{
	struct name e = l->v[j];

	add(l, text, e.stem, e.path, note);
}

/* The name a preset file gives itself: a model's id ("meta-llama/
 * Llama-3.1-70B", model.id) or a card's display name ("A100-40GB-SXM4",
 * card.name, what solve, fit and calc print). */
static bool own_name(const char *path, const char *obj, const char *key,
                     char *out, size_t n)
{
	char *text = NULL;
	size_t len = 0;
	struct kvp_error err;
	cJSON *root;
	const cJSON *m, *id;
	bool ok = false;

	if (kvp_file_read(path, 1024u * 1024u, &text, &len, NULL, &err) != KVP_OK)
		return false;
	root = cJSON_ParseWithLength(text, len);
	free(text);
	m = root ? cJSON_GetObjectItemCaseSensitive(root, obj) : NULL;
	id = cJSON_IsObject(m) ? cJSON_GetObjectItemCaseSensitive(m, key) : NULL;
	if (cJSON_IsString(id) && id->valuestring[0] &&
	    strlen(id->valuestring) < n) {
		snprintf(out, n, "%s", id->valuestring);
		ok = true;
	}
	cJSON_Delete(root);
	return ok;
}

struct collect {
	struct names *l;
	enum kvp_preset_kind kind;
};

static void collect_one(const char *stem, const char *path, const char *desc,
                        int user, void *ctx)
{
	struct collect *c = ctx;
	char id[NAME_MAX_K];

	(void)desc;
	(void)user;
	if (strlen(stem) >= NAME_MAX_K)
		return;
	add(c->l, stem, stem, path, NULL);
	if (c->kind == KVP_PRESET_MODEL && own_name(path, "model", "id", id, sizeof id) &&
	    !same(id, stem))
		add(c->l, id, stem, path, NULL);
	/* every card name kvplan prints is one --card takes back */
	if (c->kind == KVP_PRESET_CARD && own_name(path, "card", "name", id, sizeof id) &&
	    !same(id, stem))
		add(c->l, id, stem, path, NULL);
}

/* Every name of a kind: stems and their presets' own names (model ids,
 * card display names), then card aliases whose preset exists. */
static enum kvp_status all_names(enum kvp_preset_kind k, struct names *l,
                                 struct kvp_error *err)
{
	struct collect c = { l, k };
	size_t i, j, n_stems;

	memset(l, 0, sizeof *l);
	if (kvp_presets_list(k, collect_one, &c, err) != KVP_OK)
		return err->status;
	n_stems = l->n;
	for (i = 0; k == KVP_PRESET_CARD && i < N_ALIASES; i++)
		for (j = 0; j < n_stems; j++)
			if (!strcmp(l->v[j].stem, card_aliases[i].preset)) {
				add_copy(l, card_aliases[i].alias, j, card_aliases[i].note);
				break;
			}
	if (l->oom) {
		free(l->v);
		l->v = NULL;
		return kvp_error_set(err, KVP_ENOMEM, "out of memory listing %s "
		                     "presets", kind_word[k]);
	}
	return KVP_OK;
}

/* The entry whose name is `typed` (exact stem first, then any name). */
static const struct name *match(const struct names *l, const char *typed)
{
	size_t i;

	for (i = 0; i < l->n; i++)
		if (!strcasecmp(l->v[i].text, typed) && !strcmp(l->v[i].text, l->v[i].stem))
			return &l->v[i];
	for (i = 0; i < l->n; i++)
		if (same(l->v[i].text, typed))
			return &l->v[i];
	return NULL;
}

/* The part after "ORG/", or the whole name. */
static const char *repo_part(const char *s)
{
	const char *slash = strrchr(s, '/');

	return slash ? slash + 1 : s;
}

/* An instruct/chat variant of a model preset, or the base of a variant
 * preset: the variant table's suffixes removed from, or added to, the
 * typed name (with or without its ORG/). */
static const struct name *variant(const struct names *l, const char *typed,
                                  const struct model_variant **how)
{
	char buf[NAME_MAX_K * 2];
	const char *base = repo_part(typed);
	const struct name *e;
	size_t i, j, bl = strlen(base);

	for (i = 0; i < N_VARIANTS; i++) {
		size_t sl = strlen(model_variants[i].suffix);

		*how = &model_variants[i];
		if (bl > sl && !strcasecmp(base + bl - sl, model_variants[i].suffix)) {
			snprintf(buf, sizeof buf, "%.*s", (int)(bl - sl), base);
			if ((e = match(l, buf)))
				return e;
			/* "-chat-hf": both suffixes */
			for (j = 0; j < N_VARIANTS; j++) {
				size_t b2 = strlen(buf), s2 = strlen(model_variants[j].suffix);
				if (b2 > s2 && !strcasecmp(buf + b2 - s2, model_variants[j].suffix)) {
					buf[b2 - s2] = '\0';
					if ((e = match(l, buf))) {
						if (j != N_VARIANTS - 1)
							*how = &model_variants[j];
						return e;
					}
					break;
				}
			}
		}
		snprintf(buf, sizeof buf, "%s%s", base, model_variants[i].suffix);
		if ((e = match(l, buf)))
			return e;
	}
	return NULL;
}

/* How far a name is from what was typed: the edit distance of the two
 * compacted forms, or of the typed name and the name's repo part. */
static unsigned score(const char *typed, const char *text)
{
	char a[NAME_MAX_K], b[NAME_MAX_K];
	unsigned d, d2;

	compact(repo_part(typed), a, sizeof a);
	compact(text, b, sizeof b);
	d = kvp_edit_distance(a, b);
	compact(repo_part(text), b, sizeof b);
	d2 = kvp_edit_distance(a, b);
	return d2 < d ? d2 : d;
}

/* Up to three nearest names, one per preset, into out ("a, b, c"). */
static void nearest(const struct names *l, const char *typed, char *out,
                    size_t n)
{
	size_t pick[3], np = 0, i, k;
	unsigned best[3];
	size_t o = 0;

	for (i = 0; i < l->n; i++) {
		/* a tie goes to the name written the way the user wrote it
		 * (an ORG/NAME id for an id, a preset name for a name) */
		unsigned s = score(typed, l->v[i].text) * 2 +
		             (!strchr(typed, '/') != !strchr(l->v[i].text, '/'));
		size_t at = np;

		for (k = 0; k < np; k++)
			if (!strcmp(l->v[pick[k]].stem, l->v[i].stem))
				break;
		if (k < np) {               /* same preset: keep the nearer */
			if (s >= best[k])
				continue;
			for (; k + 1 < np; k++) {
				pick[k] = pick[k + 1];
				best[k] = best[k + 1];
			}
			np--;
			at = np;
		}
		while (at > 0 && s < best[at - 1])
			at--;
		if (at >= 3)
			continue;
		if (np < 3)
			np++;
		for (k = np - 1; k > at; k--) {
			pick[k] = pick[k - 1];
			best[k] = best[k - 1];
		}
		pick[at] = i;
		best[at] = s;
	}
	out[0] = '\0';
	for (k = 0; k < np && o < n; k++)
		o += (size_t)snprintf(out + o, n - o, "%s%s", k ? ", " : "",
		                      l->v[pick[k]].text);
}

/* Whether each '-', '_', ' ' or '.' separated token of typed starts the
 * matching token of text, in order: "mis-nemo" starts
 * "mistral-nemo-base-2407". */
static bool token_prefix(const char *typed, const char *text)
{
	static const char sep[] = "-_ .";

	while (*typed) {
		size_t tl = strcspn(typed, sep), nl = strcspn(text, sep);
		if (tl > nl || strncasecmp(typed, text, tl) != 0)
			return false;
		typed += tl;
		text += nl;
		typed += strspn(typed, sep);
		text += strspn(text, sep);
		if (*typed && !*text)
			return false;
	}
	return true;
}

/* Whether a name starts with what was typed: its compacted form, or
 * token by token; a typed name without ORG/ is compared with the part
 * after a Hugging Face id's ORG/. */
static bool starts(const char *typed, const char *text)
{
	char a[NAME_MAX_K], b[NAME_MAX_K];

	if (!strchr(typed, '/'))
		text = repo_part(text);
	compact(typed, a, sizeof a);
	compact(text, b, sizeof b);
	return !strncmp(a, b, strlen(a)) || token_prefix(typed, text);
}

/* Presets whose names start with what was typed: "h100-80gb" starts
 * both H100 presets. Their stems into out; returns how many, the first
 * into *first. */
static size_t starting(const struct names *l, const char *typed, char *out,
                       size_t n, const struct name **first)
{
	char a[NAME_MAX_K];
	const char *seen[16];
	size_t i, k, ns = 0, o = 0;

	compact(typed, a, sizeof a);
	out[0] = '\0';
	*first = NULL;
	if (strlen(a) < 2)
		return 0;
	for (i = 0; i < l->n && ns < 16; i++) {
		if (!starts(typed, l->v[i].text))
			continue;
		for (k = 0; k < ns; k++)
			if (!strcmp(seen[k], l->v[i].stem))
				break;
		if (k < ns)
			continue;
		if (!ns)
			*first = &l->v[i];
		seen[ns++] = l->v[i].stem;
		if (o < n)
			o += (size_t)snprintf(out + o, n - o, "%s%s", ns > 1 ? ", " : "",
			                      l->v[i].stem);
	}
	return ns;
}

/* A unique prefix is taken for a name of 3 characters or more (compared
 * compacted), never for a Hugging Face id: ORG/NAME names one repository,
 * and a miss goes on to the cache and the hint. */
static bool prefix_taken(const char *typed)
{
	char a[NAME_MAX_K];

	compact(typed, a, sizeof a);
	return strlen(a) >= 3 && !strchr(typed, '/');
}

enum kvp_status kvp_preset_find(enum kvp_preset_kind k, const char *typed,
                                char *path, size_t n, char *note,
                                size_t note_n, struct kvp_error *err)
{
	struct names l;
	const struct name *e;
	const struct model_variant *how = NULL;
	char list[512];
	enum kvp_status st;
	size_t ns;

	if (note && note_n)
		note[0] = '\0';
	if ((unsigned)k >= KVP_PRESET_KIND_COUNT || !typed)
		return kvp_error_set(err, KVP_EINVAL, "preset kind %d - expected "
		                     "models, cards or workloads", (int)k);
	if (!*typed || strlen(typed) >= NAME_MAX_K)
		return kvp_error_set(err, KVP_ENOTFOUND, "'%.60s': not a %s preset "
		                     "name", typed, kind_word[k]);
	st = all_names(k, &l, err);
	if (st != KVP_OK)
		return st;
	e = match(&l, typed);
	if (!e && k == KVP_PRESET_MODEL)
		e = variant(&l, typed, &how);
	if (e) {
		snprintf(path, n, "%s", e->path);
		if (note && note_n && how)
			snprintf(note, note_n, "%s: computed as preset %s (%s and "
			         "its base model share one architecture: layers, heads, "
			         "head dims)", typed, e->stem, how->what);
		else if (note && note_n && e->note)
			snprintf(note, note_n, "%s (preset %s)", e->note, e->stem);
		free(l.v);
		return KVP_OK;
	}
	ns = starting(&l, typed, list, sizeof list, &e);
	if (ns == 1 && prefix_taken(typed)) {
		snprintf(path, n, "%s", e->path);
		if (note && note_n)
			snprintf(note, note_n, "%s taken as preset %s (the one %s "
			         "preset whose name starts so)", typed, e->stem,
			         kind_word[k]);
		free(l.v);
		return KVP_OK;
	}
	if (ns >= 2)
		st = kvp_error_set(err, KVP_EINVAL, "%s: ambiguous %s name - it "
		                   "could be %s (give one)", typed, kind_word[k], list);
	else {
		nearest(&l, typed, list, sizeof list);
		st = kvp_error_set(err, KVP_ENOTFOUND, "%s: no such %s preset or "
		                   "file%s%s (kvplan presets %ss lists them)", typed,
		                   kind_word[k], list[0] ? "; nearest: " : "", list,
		                   kind_word[k]);
	}
	free(l.v);
	return st;
}

void kvp_card_aliases(kvp_alias_fn fn, void *ctx)
{
	size_t i;

	for (i = 0; i < N_ALIASES; i++)
		fn(card_aliases[i].alias, card_aliases[i].preset,
		   card_aliases[i].note, ctx);
}
