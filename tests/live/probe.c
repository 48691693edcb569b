/*
 * probe.c - the real llama.cpp, run on a model made from a key list, for
 * `make check-live` (tests/live/run.sh). Linked with the libllama of the
 * pinned node-llama-cpp build (tests/live/build.sh); nothing of llama.cpp
 * is kept in this tree.
 *
 *   probe SPEC OUT.gguf n_ctx n_batch n_ubatch n_seq fa type_k type_v
 *         swa_full kv_unified n_rs_seq
 *
 * SPEC holds one GGUF key a line: "key u32 4", "key f32 1e-5", "key str
 * llama", "key bool 1", "key arr_u32 4,0,4" (an array of u32), "key
 * arr_i32 ...", "key arr_bool 1,0,1". The probe builds that metadata (gguf.h), writes it to
 * OUT.gguf (metadata only: kvplan reads the same keys), creates the model
 * from it with llama_model_init_from_user (its tensors in f32, made by
 * llama.cpp from the graph code), creates a context with the parameters
 * (fa: -1 auto, 0 off, 1 on; types by ggml name) and prints:
 *   - llama.cpp's log lines as they come (every level);
 *   - "@@alloc N" before a log line for each backend buffer ggml creates
 *     (ggml_backend_buffer_init, interposed here: N is the exact bytes the
 *     next "buffer size" line states in MiB);
 *   - "@@ctx n_ctx n_ctx_seq n_seq_max n_rs_seq" after the context, or
 *     "@@refused" when llama.cpp refuses it.
 * Exit 0 when the model and context were made or refused, 1 on bad use.
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ggml.h"
#include "ggml-backend.h"
#include "ggml-backend-impl.h"
#include "gguf.h"
#include "llama.h"

typedef ggml_backend_buffer_t (*buf_init_fn)(ggml_backend_buffer_type_t,
                                             struct ggml_backend_buffer_i,
                                             void *, size_t);

/* Every backend buffer ggml makes passes here (the CPU backend calls it
 * across libraries, so the executable's definition wins). */
ggml_backend_buffer_t ggml_backend_buffer_init(ggml_backend_buffer_type_t buft,
                                               struct ggml_backend_buffer_i iface,
                                               void *context, size_t size)
{
	static buf_init_fn real;

	if (!real)
		real = (buf_init_fn)dlsym(RTLD_NEXT, "ggml_backend_buffer_init");
	printf("@@alloc %zu\n", size);
	fflush(stdout);
	return real(buft, iface, context, size);
}

static int wanted = -1;   /* tensors llama.cpp made, from its refusal */

static void on_log(enum ggml_log_level level, const char *text, void *ud)
{
	const char *s = strstr(text, "too many tensors created; expected ");
	int exp, got;

	(void)level;
	(void)ud;
	if (s && sscanf(s, "too many tensors created; expected %d, got %d",
	                &exp, &got) == 2)
		wanted = got;
	fputs(text, stdout);
	fflush(stdout);
}

/* This build counts the tensors it creates from metadata against the
 * metadata's tensor count (node-llama-cpp's patch PR-22566), and creates
 * every required tensor whether listed or not: list as many placeholders,
 * named so that no architecture asks for them, as it said it made. */
static void placeholders(struct gguf_context *g, int n)
{
	struct ggml_init_params ip = { (size_t)n * ggml_tensor_overhead() + 1024,
	                               NULL, true };
	struct ggml_context *c = ggml_init(ip);
	int i;

	for (i = 0; i < n; i++) {
		struct ggml_tensor *t = ggml_new_tensor_1d(c, GGML_TYPE_F32, 1);
		ggml_format_name(t, "kvplan.placeholder.%d", i);
		gguf_add_tensor(g, t);
	}
	ggml_free(c);
}

static void no_data(struct ggml_tensor *t, void *ud)
{
	(void)t;
	(void)ud;
}

static int arr(struct gguf_context *g, const char *k, const char *type,
               char *val)
{
	static int32_t v[4096];
	size_t n = 0;
	char *s;

	static int8_t b[4096];

	for (s = strtok(val, ","); s && n < 4096; s = strtok(NULL, ","))
		v[n++] = (int32_t)strtol(s, NULL, 10);
	if (!strcmp(type, "arr_bool")) {
		size_t i;

		for (i = 0; i < n; i++)
			b[i] = v[i] != 0;
		gguf_set_arr_data(g, k, GGUF_TYPE_BOOL, b, n);
		return 0;
	}
	gguf_set_arr_data(g, k, strcmp(type, "arr_u32") ? GGUF_TYPE_INT32
	                  : GGUF_TYPE_UINT32, v, n);
	return 0;
}

static int spec_line(struct gguf_context *g, char *line)
{
	char *k = strtok(line, " \t\n"), *t = strtok(NULL, " \t\n");
	char *v = strtok(NULL, "\n");

	if (!k || k[0] == '#')
		return 0;
	if (!t || !v)
		return -1;
	if (!strcmp(t, "u32"))
		gguf_set_val_u32(g, k, (uint32_t)strtoul(v, NULL, 10));
	else if (!strcmp(t, "f32"))
		gguf_set_val_f32(g, k, strtof(v, NULL));
	else if (!strcmp(t, "str"))
		gguf_set_val_str(g, k, v);
	else if (!strcmp(t, "bool"))
		gguf_set_val_bool(g, k, atoi(v) != 0);
	else if (!strncmp(t, "arr_", 4))
		return arr(g, k, t, v);
	else
		return -1;
	return 0;
}

static struct gguf_context *spec_read(const char *path)
{
	struct gguf_context *g = gguf_init_empty();
	char line[65536];
	FILE *f = fopen(path, "r");

	if (!f)
		return NULL;
	while (fgets(line, sizeof line, f))
		if (spec_line(g, line)) {
			fprintf(stderr, "probe: %s: bad line\n", path);
			fclose(f);
			return NULL;
		}
	fclose(f);
	return g;
}

static enum ggml_type type_named(const char *name)
{
	int i;

	for (i = 0; i < GGML_TYPE_COUNT; i++) {
		const char *n = ggml_type_name((enum ggml_type)i);
		if (n && !strcmp(n, name))
			return (enum ggml_type)i;
	}
	fprintf(stderr, "probe: unknown type %s\n", name);
	exit(1);
}

int main(int argc, char **argv)
{
	struct llama_model_params mp = llama_model_default_params();
	struct llama_context_params cp = llama_context_default_params();
	struct gguf_context *g;
	struct llama_model *m;
	struct llama_context *c;
	const char *dir = getenv("KVP_LIVE_LIBDIR");
	int fa;

	if (!dir)
		dir = LIVE_LIBDIR;   /* where build.sh found libllama */

	if (argc != 13) {
		fprintf(stderr, "usage: probe SPEC OUT.gguf n_ctx n_batch n_ubatch "
		        "n_seq fa type_k type_v swa_full kv_unified n_rs_seq\n");
		return 1;
	}
	llama_log_set(on_log, NULL);
	ggml_backend_load_all_from_path(dir);
	llama_backend_init();
	if (!(g = spec_read(argv[1])) || !gguf_write_to_file(g, argv[2], true))
		return 1;
	cp.n_ctx = (uint32_t)atoi(argv[3]);
	cp.n_batch = (uint32_t)atoi(argv[4]);
	cp.n_ubatch = (uint32_t)atoi(argv[5]);
	cp.n_seq_max = (uint32_t)atoi(argv[6]);
	fa = atoi(argv[7]);
	cp.flash_attn_type = fa < 0 ? LLAMA_FLASH_ATTN_TYPE_AUTO : fa ?
	                     LLAMA_FLASH_ATTN_TYPE_ENABLED : LLAMA_FLASH_ATTN_TYPE_DISABLED;
	cp.type_k = type_named(argv[8]);
	cp.type_v = type_named(argv[9]);
	cp.swa_full = atoi(argv[10]) != 0;
	cp.kv_unified = atoi(argv[11]) != 0;
	cp.n_rs_seq = (uint32_t)atoi(argv[12]);
	cp.n_threads = cp.n_threads_batch = 1;
	printf("@@model\n");
	m = llama_model_init_from_user(g, no_data, NULL, mp);
	if (!m && wanted > 0) {
		placeholders(g, wanted);
		printf("@@model again with %d placeholders\n", wanted);
		m = llama_model_init_from_user(g, no_data, NULL, mp);
	}
	if (!m) {
		printf("@@refused model\n");
		return 0;
	}
	printf("@@context\n");
	fflush(stdout);
	if (!(c = llama_init_from_model(m, cp))) {
		printf("@@refused context\n");
	} else {
		printf("@@ctx %u %u %u %u\n", llama_n_ctx(c), llama_n_ctx_seq(c),
		       llama_n_seq_max(c), llama_n_rs_seq(c));
		llama_free(c);
	}
	llama_model_free(m);
	gguf_free(g);
	return 0;
}
