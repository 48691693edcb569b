# tools/vllm_graphs.awk - the section of docs/vllm-accuracy.md on vLLM's
# CUDA graph estimate, read from tests/data/vllm_startups/graphs.tsv
# (tab-separated, comments removed): id, tp, pp, PIECEWISE first-capture
# MiB, graphs, per-graph MiB, FULL the same three (empty: none), the
# printed total GiB, what the real capture took GiB. vLLM's total
# (gpu_model_runner.py profile_cudagraph_memory, 0.19.0 to main @000fc94):
# the largest first capture + per mode (graphs - 1) x max(per-graph, 1 MiB).
function per(b) { return b + 0 < 1 ? 1 : b + 0 }
function lo(k, v) { if (!(k in mn) || v < mn[k]) mn[k] = v }
function hi(k, v) { if (!(k in mx) || v > mx[k]) { mx[k] = v; mxid[k] = $1 } }
BEGIN {
	print ""
	print "## Why the CUDA graph term is a constant"
	print ""
	print "From 0.21.0 vLLM subtracts an estimate of its CUDA graphs' memory from the KV"
	print "budget (`VLLM_MEMORY_PROFILER_ESTIMATE_CUDAGRAPHS`, on by default; 0.19.0 prints"
	print "it without subtracting it). vLLM measures the estimate, it does not compute it:"
	print "`gpu_model_runner.py` `profile_cudagraph_memory` (0.19.0 to main @000fc94)"
	print "captures, per graph mode (PIECEWISE, FULL), the two largest of the mode's N"
	print "capture sizes into a throwaway pool, reading `mem_get_info` before and after each"
	print "(warm-up runs included), and totals the largest first capture + per mode"
	print "(N - 1) x the second capture (at least 1 MiB). N follows from vLLM's rules"
	print "(sizes 1, 2, 4, then 8 to 248 by 8, 256 up by 16, up to min(2 x max_num_seqs x"
	print "(1 + speculative tokens), 512, max_num_batched_tokens); FULL graphs for the"
	print "sizes up to max_num_seqs x (1 + speculative tokens)). The two measured figures do"
	print "not follow from anything kvplan holds:"
	print ""
	print "- The second capture is the driver's growth in 2 MiB pages, and PyTorch's caching"
	print "  allocator takes a fresh 20 MiB segment whenever one 1-10 MiB tensor of the"
	print "  second-largest batch does not fit in the blocks the first capture left: times"
	print "  N - 1 = 50, one segment moves the total by 1 GiB. Llama-3.1-8B's PIECEWISE"
	print "  per-graph figure is 6 MiB at TP 1 and TP 4, 26 MiB at TP 2 (totals 0.84, 0.57,"
	print "  1.69 GiB), on every rank; Granite-3.1 2B's 26 MiB, 8B's 6 MiB. Whether it"
	print "  happens depends on the compiled graph's buffer sizes and order, not on a shape."
	print "- The first capture holds the largest batch's warm-up activations and the graph's"
	print "  own, and the attention backend's workspaces: FlashAttention 3's split-KV"
	print "  buffers on an H100 (32 splits, `VLLM_FLASH_ATTN_MAX_NUM_SPLITS_FOR_CUDA_GRAPH`,"
	print "  x 512 x query heads / TP x head dim x 4 B: 256, 128, 64 MiB for Llama-3.1-8B at"
	print "  TP 1, 2, 4 beside the FULL first captures of 260, 132, 70 MiB), MLA's 522 MiB,"
	print "  4-8 MiB where another backend runs (Gemma 3, gpt-oss, `--dtype float32`). Other"
	print "  cards run other kernels (FlashAttention 2 on L4, L40S, RTX cards)."
	print ""
	print "So kvplan holds the largest total of the runs below at each TP class (an"
	print "ESTIMATE, `vllm_profile.c`), which the corpus test checks against kvplan's"
	print "figure; with fewer graphs than these runs' 51 a mode, vLLM's formula with the"
	print "largest parts below (first capture 522 MiB, per graph 26 PIECEWISE and 14 FULL)"
	print "where that is smaller, except for LoRA and models with recurrent or compressed"
	print "layers. The runs of 0.21.0 and later kept above as estimates are where vLLM's"
	print "own measurement came out smaller (their logs do not print it). Beyond these"
	print "runs it comes out larger, and kvplan takes the larger side where a public log"
	print "gives one (`vllm_profile.c` `vl_graph_beyond[]`):"
	print ""
	print "- Models with recurrent layers (gated DeltaNet, Mamba) from 0.26.0: the first FULL"
	print "  sample's forward, whose context totals max_num_batched_tokens, leaves about"
	print "  128 KiB per batched token in the figure (vLLM issue #50780: 4.2 GiB where 0.23.x"
	print "  printed 0.56 for Qwen3.5-122B-A10B, the pool -18 to -24 %). kvplan adds"
	print "  128 KiB x max_num_batched_tokens to the constant, an ESTIMATE (1 GiB at 8,192;"
	print "  #52872 measures 95 KiB a token on a 64-layer hybrid, #50722 2.22 GiB in all"
	print "  for Qwen3.5-35B-A3B at TP 4)."
	print "- MoE models under data parallelism: 62.0 GiB a GPU on a B200 (#45178: the pool"
	print "  cut 3.1x, MiniMax-M2.5 NVFP4 at DP 2 with expert parallelism) and 118.65 GiB"
	print "  on a GB300 (#53013). No figure bounds it: kvplan refuses `devices.dp` there."
	print "- Still optimistic: other large graph sets whose extrapolation runs away (PR"
	print "  #51590: 4.7-16.9 GiB a GPU for Kimi-K3 at TP 8 on MI355X once measured whole)."
	print ""
	print "| run | TP x PP | PIECEWISE first + (N-1) x per-graph, MiB | FULL, MiB | vLLM's total, MiB | printed, GiB | capture took, GiB |"
	print "|---|---|---|---|---:|---:|---:|"
}
{
	first = $4 + 0
	if ($7 != "" && $7 + 0 > first) first = $7 + 0
	t = first + ($5 - 1) * per($6)
	if ($7 != "") t += ($8 - 1) * per($9)
	d = t / 1024 - $10; if (d < 0) d = -d
	if (d > worst) worst = d
	n++
	c = $2 + 0 > 1 ? "TP > 1" : "TP 1"
	lo("first", $4 + 0); hi("first", $4 + 0); lo("pw", $6 + 0); hi("pw", $6 + 0)
	if ($7 != "") { lo("first", $7 + 0); hi("first", $7 + 0)
	                lo("full", $9 + 0); hi("full", $9 + 0) }
	lo(c, t); hi(c, t)
	g = $10 - $11; lo("gap", g); hi("gap", g)
	printf "| %s | %s x %s | %s + (%s-1) x %s | %s | %.0f | %s | %s |\n", $1, $2, $3,
	       $4 + 0, $5, $6 + 0, $7 == "" ? "-" : ($7 + 0) " + (" $8 "-1) x " ($9 + 0),
	       t, $10, $11
}
END {
	print ""
	printf "Runs: %d (vLLM 0.19.0, H100 80GB HBM3). vLLM's total from the printed parts is\n", n
	printf "the printed total within %.3f GiB on every run. First captures %s-%s MiB;\n", worst, mn["first"], mx["first"]
	printf "per-graph %s-%s MiB PIECEWISE, %s-%s MiB FULL. Totals at TP 1 %.0f-%.0f MiB\n", mn["pw"], mx["pw"], mn["full"], mx["full"], mn["TP 1"], mx["TP 1"]
	printf "(largest: %s), at TP > 1 %.0f-%.0f MiB (largest: %s);\n", mxid["TP 1"], mn["TP > 1"], mx["TP > 1"], mxid["TP > 1"]
	printf "the estimate minus what the real capture took: %+.2f to %+.2f GiB.\n", mn["gap"], mx["gap"]
}
