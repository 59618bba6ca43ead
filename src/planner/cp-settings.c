/* cp-settings.c: the model's defaults, each with its source or reason.
 *
 * PUBLISHED ids (T5, M1, N3 …) refer to shared/reference/PUBLISHED.md, the
 * project's table of published figures.
 */
#include "config.h"

#include "cp-settings.h"
#include "cp-job.h"
#include "cp-serving.h"

#include <glib/gi18n.h>
#include <math.h>
#include <string.h>

#define GIB (1024.0 * 1024.0 * 1024.0)

void
cp_settings_init (CpSettings *settings)
{
  memset (settings, 0, sizeof *settings);

  /* ZeRO's 16 bytes/param (M1) is the convention of DeepSpeed and Megatron's
   * distributed optimizer; Hugging Face's 18 (M2) is the other setting. */
  settings->bytes_convention = CP_BYTES_CONVENTION_ZERO_16;
  /* "80GB" cards expose 80 GiB to frameworks (PUBLISHED conventions note). */
  settings->memory_unit = CP_MEMORY_UNIT_GIB;
  strcpy (settings->currency, "CNY");

  /* Fraction of dense peak the compute kernels reach; pipeline bubbles and
   * communication are modelled on top. End to end, with both included,
   * Megatron-LM reaches 52% of A100 peak at 3,072 GPUs (T18, hardware
   * FLOPs) and 51.4–56.3% MFU at 175B–1T (T21, T22); LLaMA-65B 47.6% (T5),
   * PaLM 45.7% (T23). Kernels alone run faster than those, and a large dense
   * GEMM reaches 82% (G2: 256.5 of 312 TFLOPS); attention, norms and
   * narrower matrices run slower, so 0.55 is taken, just above the
   * end-to-end figures and far below the GEMM ceiling. */
  settings->compute_utilisation = 0.55;
  /* NCCL reaches ≈ 80% of the one-direction line rate: N1 370/450 = 82%,
   * N3 231.6/300 = 77% (formula crib "effective link speed"). */
  settings->link_efficiency = 0.80;
  /* A shared fabric's share is unknown until the vendor says (R6); half the
   * line rate is assumed and the report asks the vendor. */
  settings->shared_network_factor = 0.5;
  /* DDP and ZeRO launch gradient buckets during the backward pass, so up to
   * the backward's length of traffic is hidden (Li et al. 2020, "PyTorch
   * Distributed", VLDB, §3.2.3); a trial run's communication share replaces it. */
  settings->dp_overlap = 1.0;
  /* Hidden is not free: collectives running beside the kernels take SMs
   * and memory bandwidth from them. Measured on A100, H100, MI250 and
   * MI210 with GPT and LLaMA models, overlapped compute ran 18.9% slower
   * on average (at most 40%) than alone (Lee et al. 2025, "Characterizing
   * Compute-Communication Overlap in GPU-Accelerated Distributed Deep
   * Learning", arXiv 2507.03114, abstract). */
  settings->overlap_compute_slowdown = 0.189;
  /* CUDA context and kernels "can take up 1–2GB" (Hugging Face
   * model_memory_anatomy, PUBLISHED M2 source); the lower end is taken. */
  settings->framework_overhead_bytes = 1.0 * GIB;
  /* PyTorch's caching allocator leaves blocks it cannot reuse; 5% is a
   * stated allowance, replaced by a trial run's measured peak (R9). */
  settings->fragmentation_fraction = 0.05;
  /* vLLM's default gpu_memory_utilization is 0.9 (vLLM engine arguments). */
  settings->serving_memory_fraction = 0.90;
  /* The source article: debugging takes 30–40% of a training project's
   * calendar (R4); the midpoint is taken. */
  settings->debug_share = 0.35;
  /* The source article: a team new to distributed training loses one to two
   * weeks moving to a cluster (R8); the midpoint, in calendar days. */
  settings->migration_days_no_experience = 10.5;
  /* 8,760 hours a year ÷ 12: the month vendors bill by. */
  settings->hours_per_month = 730.0;
  settings->working_days_per_week = 5.0;
  /* The amount to approve adds 10% to the top of the project's range. An
   * estimate made to authorise a budget is AACE International's Class 3
   * (Recommended Practice 18R-97, cost estimate classification: "budget
   * authorization"), whose actual cost runs +10% to +30% above the point
   * estimate. The range's top already holds the spread of this report's
   * own assumptions, so the low end of that band is added, for what no
   * quote prices (a vendor's unstated storage or network fee, a re-run).
   * An approver's own rule replaces it in the project's preferences. */
  settings->contingency_fraction = 0.10;
  /* China's VAT on information technology services, cloud computing
   * included, is 6% (财政部 税务总局 财税〔2016〕36号, 营业税改征增值税
   * 试点实施办法, 附件 1: 现代服务 — 信息技术服务); leasing tangible
   * movable property (a bare machine rented alone) is 13% (财政部 税务总局
   * 海关总署公告 2019 年第 39 号). GPU rental is invoiced as a computing
   * service, and business quotes in this market state prices with VAT
   * (含税); the importer raises a 不含税 price by its stated rate to that
   * basis (cp-quote-tax.c). So a quote that says nothing includes VAT,
   * at its offering's rate (cp_quote_vat_rate()): 6% for containers and
   * hosted machines, 13% for bare metal. */
  settings->vat_rate = 0.06;
  settings->vat_rate_lease = 0.13;
  settings->prices_include_vat = TRUE;
  /* Selective recompute costs 2.7% extra FLOPs for GPT-3 (M5). */
  settings->selective_recompute_flops_overhead = 0.027;
  /* LoRA skips the weight-gradient GEMMs of the frozen base: forward 2 +
   * input-gradient 2 FLOPs per parameter and token instead of 6. */
  settings->lora_flops_factor = 4.0;
  /* R1's thresholds, from the source article: within 2× try memory
   * techniques, over 3× go to a cluster directly. */
  settings->judgement_gap_low = 2.0;
  settings->judgement_gap_high = 3.0;
  /* With no deadline, a run longer than the longest published pretraining
   * runs is taken as unacceptable: BLOOM-176B trained about 117 days (11
   * March to 6 July 2022); Megatron-LM's 1T estimate is 84 days (T17),
   * LLaMA-65B 21 days (T5). 120 days, about four months. */
  settings->longest_acceptable_run_days = 120.0;
  /* PyTorch DDP's default bucket_cap_mb = 25 (Li et al. 2020, §3.2.3): the
   * last bucket is reduced after the backward pass ends. */
  settings->dp_bucket_bytes = 25.0 * 1024 * 1024;
  /* vLLM's default block_size is 16 tokens (Kwon et al. 2023, §4.1;
   * vLLM engine arguments). */
  settings->kv_block_tokens = 16.0;
  /* vLLM logs "Graph capturing finished in … secs, took 0.11–0.96 GiB" on
   * published runs; 0.5 GiB is a stated allowance. */
  settings->cuda_graph_bytes = 0.5 * GIB;
  /* The Llama 3 paper (Dubey et al. 2024, "The Llama 3 Herd of Models",
   * §3.3.4): 419 unexpected interruptions in a 54-day snapshot of
   * pretraining on 16,384 H100s (466 with the planned ones; about 78% of
   * the unexpected ones hardware; "higher than 90% effective training
   * time"). These figures were checked against summaries quoting the
   * paper (DatacenterDynamics, Hugging Face posts), not the paper itself.
   * Failures of independent parts add up, so the job's rate is this
   * per-GPU rate times its GPUs, one machine included. Other published
   * figures are higher, so this is the optimistic end; both are secondary
   * (Clockwork's and G. Klockwood's summaries): Kokolis et al. 2024,
   * "Revisiting Reliability in Large-Scale Machine Learning Research
   * Clusters", a mean time to failure of 1.8 h at 16,384 A100s (3.4e-5 per
   * GPU-hour) and 7.9 h at 1,024 (1.2e-4); OPT-175B about one interruption
   * per 7.5 h on ~1,000 A100s (1 / 7,500 GPU-hours = 1.33e-4). */
  settings->gpu_failure_rate_per_hour = 419.0 / (16384.0 * 54.0 * 24.0);
  /* Salpekar et al. 2026, "Training LLMs with Fault Tolerant HSDP on
   * 100,000 GPUs" (arXiv 2602.00277, abstract): recovering fully
   * synchronous training from a failure stalls it about 10 minutes. */
  settings->restart_s = 600.0;
  /* 0: the interval of Young 1974 ("A first order approximation to the
   * optimum checkpoint interval", CACM 17(9)) and Daly 2006 ("A higher
   * order estimate of the optimum checkpoint interval for restart dumps",
   * FGCS 22(3)), sqrt(2 × checkpoint time × the job's MTBF). */
  settings->checkpoint_interval_s = 0.0;
  /* Mixture-of-experts dispatch sends a token once to each node holding
   * some of its experts (DeepEP's internode kernels; DeepSeek-V3 §3.2.2),
   * the dispatcher Megatron-Core's MoE recipes run for expert parallelism
   * across nodes (Megatron-MoE-ModelZoo best_practice, "DeepEP" rows, and
   * --moe-token-dispatcher-type flex); off, a copy per chosen expert, as
   * Megatron-Core's alltoall dispatcher sends. Off by default: it is
   * Megatron-Core's default (--moe-token-dispatcher-type allgather or
   * alltoall, DeepEP opt-in), and with it on the corpus's Qwen3-235B runs
   * on 256 H100s come out 38–41% fast (tests/model/published: the
   * grouped GEMMs of fine-grained experts are costed too fast, issue 21). */
  settings->moe_dispatch_dedup = FALSE;
  /* Expert-parallel all-to-all runs while another micro-batch computes:
   * DeepSeek-V3's DualPipe (§3.2.1, "both all-to-all and PP communication
   * can be fully hidden") and Megatron-Core's
   * --overlap-moe-expert-parallel-comm. Off by default: the latter is
   * opt-in, and runs that state it say so. */
  settings->moe_a2a_overlap = FALSE;
  /* Tensor-parallel all-gathers and reduce-scatters run in chunks beside
   * the GEMMs they feed or drain (Transformer Engine's userbuffers,
   * Megatron-Core --tp-comm-overlap; Wang et al. 2023, "Overlap
   * Communication with Dependent Computation via Decomposition in Large
   * Deep Learning Models", ASPLOS): the share of that traffic the layer's
   * GEMMs can hide. 0 by default, exposed: Megatron-Core's
   * --tp-comm-overlap is opt-in, and Megatron-LM ran them exposed before it
   * (Narayanan et al. 2021; Korthikanti et al. 2022). 1 where a run states
   * it: the Megatron-Bridge/NeMo pre-training recipes set it
   * (scripts/performance/configs/llama/llama31_llm_pretrain.py,
   * userbuffers_{bf16,fp8}_h100_h16384_tp8_…), and the issue-21 corpus's
   * Llama 3.1 405B runs of those recipes on 128–1,024 GPUs come out 19–29%
   * slow with it exposed. torchtitan's AsyncTP hides less: its Table 4
   * measures 829 → 876 tokens/s/GPU with it (Llama 3.1 70B, TP 8), 0.36 of
   * the traffic hidden by this model's count. */
  settings->tp_comm_overlap = 0.0;
  /* FP8 training may send the dispatch in FP8 and keep the combine in
   * BF16: DeepSeek-V3 §3.3.3 ("Low-Precision Communication": the
   * activation before the MoE up-projections and the activation gradient
   * before the down-projections are quantised to FP8 before they are
   * dispatched; "for both the forward and backward combine components, we
   * retain them in BF16"), with one FP32 scale per 1 × 128 tile (§3.3.2).
   * Off by default: Megatron-Core dispatches the BF16 hidden states and
   * quantises after the all-to-all (megatron/core/transformer/moe/
   * fused_a2a.py sizes DeepEP's buffers for max(element size, 2) bytes). */
  settings->moe_fp8_dispatch = FALSE;
  /* What FP8 training gains on the routed experts: their layer (the
   * grouped GEMMs, the quantisation of every operand each pass, the
   * permutation around them) runs this many times as fast as in BF16, not
   * at the FP8 peak's 2×. torchao measured one MoE layer's forward and
   * backward pass on B200 (pytorch/ao torchao/prototype/moe_training/
   * README.md at 0b1bb117, "Benchmark: single MoE layer forward + backward
   * pass"): with DeepSeek-V3's shapes (hidden 7,168, expert 2,048, 131,072
   * tokens) 92.032 ms in BF16 and 80.182 ms in MXFP8, 1.148×; with Llama 4's
   * 16 coarse experts (5,120 × 8,192) 1.431×. Its kernel breakdown there
   * says why the narrow experts gain less: quantising the activations and
   * rearranging their scales takes a fifth of the GEMMs' time, and the
   * weight-gradient grouped GEMM reaches 56.9% of the FP8 peak. The
   * fine-grained figure is taken (DeepSeek-V3's experts of 2,048, Qwen3's
   * of 1,536 and 768 are the MoE runs trained in FP8); 1.431 for experts as
   * wide as Llama 4's, 2 for the peak ratio (no loss). Never above the
   * GPU's FP8/BF16 peak ratio (cp-estimate.c). */
  settings->moe_fp8_expert_speedup = 1.148;
  /* Node-limited routing: each token is sent to at most M nodes, chosen by
   * the sum of their experts' highest affinities; DeepSeek-V3 §2.1.2
   * ("Node-Limited Routing") with M = 4 (§4.2: "each token will be sent to
   * at most 4 nodes"; §3.2.2: "up to 13 experts (4 nodes × 3.2 experts/
   * node)"), DeepSeek-V2 §2.1.3 limits devices to M = 3. It matters once
   * dispatch is de-duplicated per node. 0 by default: Megatron-Core routes
   * without a group limit (--moe-router-group-topk unset). */
  settings->moe_max_nodes_per_token = 0.0;
  /* Routed experts split over the tensor-parallel ranks (expert tensor
   * parallel = TP) where EP divides data parallel: Megatron-LM's
   * --expert-tensor-parallel-size default (megatron/training/arguments.py:
   * None becomes tensor_model_parallel_size). An EP beyond that folds over
   * tensor × data parallel with ETP 1 either way (MoE Parallel Folding,
   * Liu et al. 2025, arXiv 2504.14960). Sources disagree: every MoE recipe
   * of Megatron-Bridge sets expert_tensor_parallel_size = 1 (e.g.
   * src/megatron/bridge/recipes/qwen/h100/qwen3_moe.py), as every row of
   * the Megatron-MoE-ModelZoo tables states (best_practice/qwen3/readme.md,
   * column ETP), which is this setting off. Were it off by default, the
   * corpus's TP 4, EP 8 Qwen3-235B row (ETP 1 stated) would come out 39%
   * fast with EP inside a node, where it measured slower than the
   * cross-node rows (tests/model/published,
   * megatron-moe-qwen3-235b-h100-tp4-ep8-pp8); so Megatron-LM's default,
   * on, is kept until what slows that row is modelled. */
  settings->moe_expert_tp = TRUE;
  /* Which layers an 8-bit checkpoint quantises. Sources disagree for the
   * same model: Meta's own FP8 checkpoint of Llama 3.1 405B
   * (meta-llama/Llama-3.1-405B-Instruct-FP8, the one vLLM's issues serve
   * on one 8-GPU node, e.g. vllm-project/vllm #6746) quantises "most
   * parameters and activations in the feedforward network layers … We do
   * not quantize parameters in the self-attention layers", nor "in the
   * first and last Transformer layers" (Llama 3 paper §6.2, "FP8
   * quantization"), 57 GiB a GPU at tensor parallel 8; quantisers'
   * checkpoints of the same model (nvidia/…-FP8 from TensorRT Model
   * Optimizer, which TensorRT-LLM's performance tables run, and
   * neuralmagic's llm-compressor ones) quantise every linear layer but
   * lm_head, 48 GiB. Every linear layer is the default: it is the layout
   * of every FP8 and W8A8 checkpoint but Meta's one, and the corpus's
   * TensorRT-LLM 405B throughputs are run on it. */
  settings->fp8_layout = CP_FP8_LAYOUT_ALL_LINEAR;
  /* A 4-bit checkpoint stores, beside its 4-bit weights, the constants
   * that dequantise each group of them, read with the weights on every
   * decoding step. Formats disagree:
   * - AWQ and GPTQ, the 4-bit formats vLLM serves (vllm/model_executor/
   *   layers/quantization/awq.py, gptq.py: per group of group_size input
   *   rows one fp16 scale in `scales` and one 4-bit zero packed eight to
   *   an int32 in `qzeros`), at the group size 128 AutoAWQ and
   *   AutoGPTQ default to: (16 + 4) / 128 = 0.156 bits a weight, the
   *   default;
   * - bitsandbytes NF4 (LitGPT's bnb.nf4, Transformers' load_in_4bit): one
   *   fp32 absmax per block of 64, "32/64 = 0.5 bits per parameter"
   *   (Dettmers et al. 2023, QLoRA §3, "Double Quantization"), 0.127
   *   double-quantised;
   * - gpt-fast's int4 (pytorch-labs/gpt-fast quantize.py,
   *   WeightOnlyInt4QuantHandler): a bf16 scale and a bf16 zero per group
   *   of 32, its README's "4-bit (G=32)": 1 bit.
   * QLoRA training keeps its own count (qlora-bits). */
  settings->int4_constant_bits = 20.0 / 128.0;
  /* A QLoRA base in NF4 with double quantisation, as the QLoRA paper
   * trains it and torchtune's NF4 tensors store it: 4 bits and "8/64 +
   * 32/(64 · 256) = 0.127 bits per parameter" of constants (Dettmers et
   * al. 2023, §3). Without double quantisation (LitGPT's bnb.nf4,
   * Transformers' BitsAndBytesConfig default) the fp32 absmax of each
   * block of 64 costs 0.5: 4.5 bits. */
  settings->qlora_bits = 4.127;
  /* vLLM's V1 engine is the one vLLM runs by default since 0.8.0
   * (VLLM_USE_V1 defaults to on, vllm/envs.py): the current engine is
   * taken. Logs from vLLM before 0.8 (before March 2025) are V0's. */
  settings->vllm_profile = CP_VLLM_PROFILE_V1;
  /* The app sizes services as vLLM runs them: paged, each request
   * counting the blocks it holds (cp-estimate-serving.c). */
  settings->kv_admission = CP_KV_ADMISSION_PAGED;
  /* vLLM, the engine the app sizes services for; its own time a step
   * follows vllm_profile (cp_serving_engine_step_s(), cp-serving.c). */
  settings->serving_engine = CP_SERVING_ENGINE_VLLM;
  /* ZeRO-3 with pipeline stages as torchtitan runs it by default: the
   * stage's parameters stay gathered in 16 bits and its gradients
   * unsharded in fp32 for the whole step (no resharding after forward
   * under PP, torchtitan's fsdp_reshard_after_forward "default"; no
   * resharding after backward nor gradient sync before the last
   * micro-batch, torch/distributed/pipelining/stage.py; fp32
   * accumulation, FSDPParam.to_accumulated_grad_if_needed), so the step
   * gathers the stage and reduce-scatters its gradients once, not every
   * micro-batch (cp-estimate-time.c). NeMo AutoModel's MoE benchmarks run
   * so too (examples/benchmark/configs/deepseek_v3_te_deepep*.yaml at
   * 01926a5: reshard_after_forward: false). On, it brings
   * torchtitan's Llama 3.1 405B 1F1B run (TP 8, PP 8, FSDP 8) to 84.6 GiB
   * against the 82.5 measured (49.0 off). Off by default: those runs were
   * measured on 96 GB H100s, and on the catalogue's 80 GB card their
   * published layouts then no longer fit; off, ZeRO-3 reshards as without
   * stages (torchtitan's fsdp_reshard_after_forward "always"). */
  settings->fsdp_pp_unsharded = FALSE;
  /* LoRA under FSDP1 with use_orig_params=True and gradient accumulation
   * (no_sync) keeps the whole model's gradients unsharded (PyTorch FSDP
   * docs; FullyShardedDataParallel.no_sync): LitGPT's 2023 multi-GPU LoRA
   * tables (Lightning Fabric's FSDP, micro-batch 1 of 128) measure 22.18
   * GB for Llama 2 7B on 2 A100s and 35.57 GB for 13B on 4, more than on
   * one GPU, which this reproduces (22.4 and 34.8). Off by default: FSDP2
   * (fully_shard, PyTorch's current FSDP, torchtune's and torchtitan's)
   * shards and accumulates per parameter, the trainable ones only. */
  settings->fsdp1_adapter_gradients = FALSE;
  settings->zero3_deepspeed = FALSE;
  /* Which AdamW steps DeepSpeed's ZeRO-3 partitions. A DeepSpeed config
   * that names one ("optimizer": {"type": "AdamW"}, FlagPerf's
   * llama2_7b/deepspeed/ds_config.json) gets DeepSpeed's FusedAdam, one
   * kernel with no temporary. One without (ms-swift's
   * swift/llm/ds_config/zero3.json, accelerate's) steps the optimizer the
   * Hugging Face Trainer builds: torch.optim.AdamW, which on CUDA runs
   * its foreach implementation (torch/optim/optimizer.py
   * _default_to_fused_or_foreach) and allocates exp_avg_sq_sqrt =
   * torch._foreach_sqrt(exp_avg_sqs), a new tensor the size of what it
   * steps (torch/optim/adamw.py, adam.py _multi_tensor_adam). Off by
   * default, as zero3-deepspeed is. */
  settings->zero3_client_adamw = FALSE;
  /* The layout search takes a layout that stays at or below
   * CP_TIGHT_MEMORY_SHARE (90%) of each GPU's memory over a faster Tight
   * one when it is at most this share slower. A reasoned default, no
   * published rule, set from the two tolerances the project holds its
   * own estimate to (tests/model/published/README.md): memory ±10%, which
   * is why above 90% a fit is Tight (the estimate cannot promise it), and
   * run time ±15%. A Tight layout less than 15% faster wins by less than
   * the time estimate can stand behind, and risks what the memory
   * estimate cannot rule out: running out of memory, a restart and a new
   * layout. Walkthrough 33's W16: a 70B LoRA on 8 × H800 took a layout at
   * 98% of memory for 9% less time (4.9 h against 5.4 h at 80%); a team
   * would not. At 5% (the fragmentation allowance, the earlier reason)
   * it did. A share of the run and no cap in hours, so a long run is
   * held to the same rule (headroom_limit_s, cp-layout-search.c). 0: the
   * fastest layout always, ties within 1% to the one with more headroom. */
  settings->layout_headroom_time = 0.15;
  /* CPU offload steps the optimizer on the host: DeepSpeed's CPU-Adam
   * (DeepSpeedCPUAdam, which ZeRO-Offload runs) updated 10 billion
   * parameters in 2.57 s (Ren et al. 2021, "ZeRO-Offload", USENIX ATC,
   * Table 3; 1 billion in 0.22 s, 4 billion in 1.03 s: the largest, whose
   * rate is the lowest, is taken) on the DGX-2 the paper ran on, two
   * 24-core Xeon Platinum 8168 (its Table 2; NVIDIA's DGX-2 datasheet):
   * 10e9 / 2.57 / 48 = 81.1 million parameters a second a core. The
   * kernel splits the parameters evenly over the cores (#pragma omp
   * parallel for over each tile, csrc/includes/cpu_adam.h), so the rate is
   * taken to grow with the cores; what bounds it beyond is memory
   * bandwidth, some 30 bytes a parameter (fp32 weight, gradient and two
   * moments read, three written, the 16-bit copy), 272 GB/s at 112 cores,
   * below a two-socket DDR5-4800 server's 614 GB/s (16 channels × 38.4
   * GB/s). PyTorch's own CPU Adam then was 5–7 times as slow (Table 3,
   * 14.81 s for 10B; DeepSpeed's ZeRO-Offload tutorial); runs that step
   * with it (Megatron's HybridDeviceOptimizer, an FSDP config without a
   * fused optimizer) can set the rate. Every optimizer is stepped at this
   * rate: no CPU figure for SGD or 8-bit Adam was found. */
  settings->cpu_adam_params_per_s_per_core = 10e9 / 2.57 / 48.0;
  /* The cores of one node a quote does not state (it has no field for
   * them): NVIDIA's 8-GPU reference machines have 112 (DGX H100 and H200:
   * two 56-core Xeon Platinum 8480C, DGX H100/H200 user guide) and 128
   * (DGX A100: two 64-core EPYC 7742, DGX A100 user guide); the lower is
   * taken, the one that makes CPU offload slower. A machine with fewer
   * (rented servers with two 32-core Xeons are common) steps slower in
   * proportion: the setting is the one to change. */
  settings->host_cpu_cores_per_node = 112.0;
  /* ZeRO-Offload's one-step delayed parameter update (Ren et al. 2021,
   * §4.1, "DPU"): the CPU steps with the previous step's gradients while
   * the GPUs compute the next step, so the step hides behind that compute.
   * The paper turns it on only after the first few dozen steps and it
   * changes the training's arithmetic; DeepSpeed's ZeRO-Offload runs the
   * step after the backward pass, the GPUs waiting (the default, off). */
  settings->offload_delayed_update = FALSE;
  /* Selective recompute as Megatron-LM runs it (Korthikanti et al. 2022
   * §5), the runs PUBLISHED T21/T22 measure and the layout search was
   * built on. torchtitan's op-level policy (selective_ac_option "op", its
   * Llama configs' default) keeps a third as much of a Llama layer for
   * 8–12% more FLOPs: a setting, as torchtitan's runs state it; so is
   * Megatron-Core's per-module recompute of MoE layers (--recompute-modules
   * layernorm moe), which its MoE recipes state run by run. */
  settings->selective_recompute = CP_SELECTIVE_RECOMPUTE_ATTENTION;
  /* The loss as Megatron-LM computes it (fused, 4 bytes a logit), which
   * chunked losses (torchtune's CEWithChunkedOutputLoss, LitGPT's
   * chunked_cross_entropy) and torchtitan's compiled loss of 2025 stay
   * near: its measured 8B FSDP peaks on H200 (47.96 and 46.97 GiB) are
   * within 5% at 4 bytes and 30% over at 12. Eager is a setting, for runs
   * whose code calls F.cross_entropy on upcast logits (torchtitan in
   * 2024: its 8B FSDP peaks on H100, 82.4 and 76.8 GiB, are −29% and −24%
   * at 4 bytes and −9% and −3% at 12). */
  settings->cross_entropy = CP_CROSS_ENTROPY_FUSED;
}

double
cp_settings_checkpoint_write_bytes_per_s (CpStorageKind kind,
                                          guint         nodes)
{
  double per_node = 0.0;

  switch (kind)
    {
    case CP_STORAGE_PARALLEL_FS:
      /* Llama 3 §3.3.1 (as summaries quote it): Tectonic gives 2 TB/s
       * sustained and 7 TB/s peak, and checkpoint bursts saturate it, so
       * they run at the peak, shared by the 2,048 nodes of the 16K-GPU
       * job. A parallel file system grows with its cluster, hence a
       * figure per node. */
      per_node = 7e12 / 2048.0;
      break;
    case CP_STORAGE_NAS:
      /* One filer for all nodes: Amazon EFS's provisioned throughput goes
       * up to 3,414 MiB/s per file system (EFS API reference,
       * ProvisionedThroughputInMibps), whatever the node count. */
      return 3414.0 * 1024 * 1024;
    case CP_STORAGE_LOCAL_NVME:
      /* One drive per node at half its PCIe 4.0 x4 link (8 GB/s a
       * direction, a quarter of N10's x16): a stated allowance for
       * sustained writes. */
      per_node = 4e9;
      break;
    case CP_STORAGE_NETWORK_DISK:
    case CP_STORAGE_UNKNOWN:
    case CP_N_STORAGES:
    default:
      /* A cloud volume per node: Amazon EBS gp3 at 1,000 MiB/s (EC2 API
       * reference, CreateVolume Throughput, maximum 1,000; newer volumes
       * allow 2,000). Storage a quote does not name is taken as this, the
       * slowest that grows with nodes, and the report asks the vendor (R6). */
      per_node = 1000.0 * 1024 * 1024;
      break;
    }
  return per_node * MAX (nodes, 1);
}

guint
cp_settings_get_assumptions (const CpSettings *settings,
                             CpAssumption     *out,
                             guint             n_out)
{
  gboolean op_policy = settings->selective_recompute != CP_SELECTIVE_RECOMPUTE_ATTENTION;
  const CpAssumption all[] = {
    { "bytes-convention", settings->bytes_convention == CP_BYTES_CONVENTION_ZERO_16 ? 16 : 18,
      "bytes/param", "PUBLISHED M1 (ZeRO, 16) / M2 (Hugging Face, 18; Megatron-LM distrib_optimizer.md: bf16 with fp32 grads, 6 + 12/d)" },
    { "memory-unit", settings->memory_unit == CP_MEMORY_UNIT_GIB ? 1073741824.0 : 1e9,
      "bytes/GB", "GPU memory as frameworks report it (GiB) or the datasheet's decimal GB" },
    { "compute-utilisation", settings->compute_utilisation, "fraction",
      "kernels above end-to-end T18 52%, T21/T22 51–56%, T5 47.6%; below the GEMM ceiling G2 82%" },
    { "link-efficiency", settings->link_efficiency, "fraction", "PUBLISHED N1 (82%), N3 (77%)" },
    { "shared-network-factor", settings->shared_network_factor, "fraction",
      "stated assumption until the vendor states the share (R6)" },
    { "dp-overlap", settings->dp_overlap, "fraction of backward",
      "Li et al. 2020, PyTorch Distributed (VLDB), gradient bucketing" },
    { "tp-comm-overlap", settings->tp_comm_overlap, "fraction",
      "0: exposed, Megatron-Core --tp-comm-overlap opt-in (Megatron-LM 2021–22 ran so); 1: Transformer Engine userbuffers, "
      "Megatron-Bridge llama31_llm_pretrain.py; Wang et al. 2023 (ASPLOS); torchtitan AsyncTP ≈ 0.36 (Table 4, 829 → 876)" },
    { "overlap-compute-slowdown", settings->overlap_compute_slowdown, "s per hidden s",
      "Lee et al. 2025 (arXiv 2507.03114): overlapped compute 18.9% slower on average" },
    { "framework-overhead", settings->framework_overhead_bytes, "bytes",
      "Hugging Face model_memory_anatomy: CUDA kernels 1–2 GB" },
    { "fragmentation", settings->fragmentation_fraction, "fraction", "stated allowance; trial run replaces it (R9)" },
    { "host-cpu-cores", settings->host_cpu_cores_per_node, "cores per node",
      "reasoned: NVIDIA's 8-GPU reference machines, DGX H100/H200 (2 × Xeon Platinum 8480C, 112 cores) and DGX A100 "
      "(2 × EPYC 7742, 128): the lower; a quote states no cores" },
    { "cpu-adam-rate", settings->cpu_adam_params_per_s_per_core, "params/s per core",
      "Ren et al. 2021 (ZeRO-Offload, USENIX ATC) Table 3: CPU-Adam steps 10B parameters in 2.57 s on a DGX-2's "
      "2 × 24-core Xeon Platinum 8168 (Table 2): 10e9 / 2.57 / 48; parameters split evenly over the cores "
      "(DeepSpeed csrc/includes/cpu_adam.h, omp parallel for)" },
    { "offload-delayed-update", settings->offload_delayed_update ? 1 : 0, NULL,
      "Ren et al. 2021 §4.1: one-step delayed parameter update (DPU) overlaps the CPU step with the next step's GPU "
      "compute; 0: DeepSpeed's ZeRO-Offload steps after the backward pass while the GPUs wait" },
    { "layout-headroom-time", settings->layout_headroom_time, "fraction of run time",
      "reasoned: the run-time tolerance (±15%) the published corpus holds the estimate to; a layout at most this much "
      "slower is taken over a faster one "
      "above 90% of GPU memory (Tight); 0: the fastest always" },
    { "serving-memory-fraction", settings->serving_memory_fraction, "fraction",
      "vLLM default gpu_memory_utilization" },
    { "debug-share", settings->debug_share, "fraction", "source article: debugging 30–40% of a development cycle (R4)" },
    { "migration-days", settings->migration_days_no_experience, "days", "source article: 1–2 weeks (R8)" },
    { "hours-per-month", settings->hours_per_month, "hours", "8,760 h / 12" },
    /* What the amount to approve adds (cp_settings_amount_to_approve()). */
    { "contingency", settings->contingency_fraction, "fraction",
      "AACE International RP 18R-97, Class 3 (budget authorization): +10% to +30%; the low end; at least one more "
      "step a recommended vendor bills: the smallest overrun that can happen" },
    { "vat-rate", settings->vat_rate, "fraction",
      "财税〔2016〕36号: information technology services (containers, hosted machines) 6%" },
    { "vat-rate-lease", settings->vat_rate_lease, "fraction",
      "财政部 税务总局 海关总署公告 2019 年第 39 号: leasing tangible movable property (a bare machine) 13%" },
    /* One row for selective recompute: Megatron's overhead by default, the
     * policy where torchtitan's op-level one or Megatron-Core's per-module
     * MoE one is taken (its overhead follows the model: estimate's
     * selective-recompute-flops-overhead). */
    { op_policy ? "selective-recompute" : "selective-recompute-overhead",
      op_policy ? (double) settings->selective_recompute : settings->selective_recompute_flops_overhead,
      op_policy ? NULL : "fraction",
      op_policy ? "1: torchtitan op-level SAC (torchtitan/parallelisms/parallelize_llama.py at 0413364, "
                  "no_recompute_list): the attention kernel's output and every other matmul's (wq, wv, w1, w2) "
                  "kept, the rest recomputed; a mixture of experts' routed experts (torch._grouped_mm, not in "
                  "_op_sac_save_list) recomputed whole, its all-to-all outputs kept; 2: Megatron-Core "
                  "--recompute-modules layernorm moe (megatron/core/transformer/moe/moe_layer.py "
                  "moe_layer_recompute, transformer_layer.py recompute_pre_mlp_layernorm): each MoE layer "
                  "checkpointed whole with its norm's output discarded, its router, dispatch, experts and combine "
                  "run again; 0: Megatron-LM, the attention core (Korthikanti et al. 2022 §5)"
                : "PUBLISHED M5 (2.7% for GPT-3)" },
    { "cross-entropy", cp_cross_entropy_bytes_per_logit (settings->cross_entropy), "bytes/logit",
      "4 fused: Megatron-LM vocab_parallel_cross_entropy, fp32 softmax turned into its gradient in place "
      "(Korthikanti et al. 2022 eq. 6); 12 eager: F.cross_entropy on .float() logits (torchtitan's uncompiled "
      "loss, 2024): log_softmax output, nll_loss gradient and log_softmax gradient, fp32 each" },
    { "full-recompute-flops", 8, "FLOPs/param/token", "PUBLISHED T16 (8·N·D with full recompute)" },
    { "training-flops", 6, "FLOPs/param/token", "formula crib: 6·N·D, attention excluded" },
    { "swiglu-activation-bytes", CP_SWIGLU_ACTIVATION_BYTES, "bytes/element",
      "eager SwiGLU keeps gate, up, SiLU and product (Hugging Face LlamaMLP, LitGPT, torchtitan); "
      "6 fused (Megatron-LM bias_swiglu_fusion)" },
    { "lora-flops", settings->lora_flops_factor, "FLOPs/param/token",
      "no weight gradients for the frozen base: 2 forward + 2 backward" },
    { "qlora-bits", settings->qlora_bits, "bits/param",
      "QLoRA §3: NF4 + double quantisation (0.127 bits of constants); 4.5 without it (fp32 absmax per 64)" },
    { "judgement-gap", settings->judgement_gap_low, "×", "source article thresholds 2× and 3× (R1)" },
    { "longest-acceptable-run", settings->longest_acceptable_run_days, "days",
      "with no deadline: BLOOM-176B's ~117 days, the longest published run (T17 84, T5 21)" },
    { "debug-time", settings->debug_share, "fraction of the run on one machine",
      "debugging is 30–40% of a development cycle, taken of the job's run on one machine (its node-days), "
      "not of the run split over a cluster's nodes (R4)" },
    { "debug-cap", CP_DEBUG_MAX_WORKING_DAYS, "working days",
      "source article: reserve 1–2 weeks for migration and debugging (R8); the top, two weeks, bounds one job's "
      "debugging (R4)" },
    /* The names say how each grows with size (N^0.316, N^0.307). */
    { "global-batch", CP_BATCH_TOKENS_AT_7B, "tokens",
      "log–log fit of 23 published batches: GPT-3 Table 2.1, LLaMA, Llama 2, Llama 3 405B §3.4.1, "
      "Chinchilla, Gopher, BLOOM, PaLM, MT-NLG, DeepSeek LLM Table 2; MoE at total parameters (DeepSeek-V2-Lite, "
      "V2 §3.1.2, V3 §4.2: 1.4–1.6× DeepSeek LLM's dense line at total size, 2.9–4.1× at active size)" },
    { "global-batch-cluster", CP_LARGEST_BATCH_TOKENS_AT_7B, "tokens",
      "raised to one sequence per tensor-parallel group (m ≥ p): Llama 3 Table 4 (PP 16, 16 per DP rank), "
      "Megatron-LM Table 1 (8 per stage); capped through DeepSeek LLM 7B and 67B (Table 2), N^0.307" },
    { "dp-bucket", settings->dp_bucket_bytes, "bytes", "PyTorch DDP bucket_cap_mb 25" },
    { "kv-block", settings->kv_block_tokens, "tokens", "vLLM block_size 16" },
    { "cuda-graphs", settings->cuda_graph_bytes, "bytes", "vLLM logs: CUDA graphs took 0.11–0.96 GiB" },
    { "memory-bandwidth-fraction", CP_SERVING_BANDWIDTH_FRACTION, "fraction",
      "STREAM-like HBM copies: PUBLISHED G2 (A100 80GB 79–86%), G9 (H200 83–93%); the low end for paged KV reads" },
    { "gpu-failure-rate", settings->gpu_failure_rate_per_hour, "interruptions/GPU-hour",
      "Llama 3 §3.3.4: 419 unexpected interruptions, 54 days, 16,384 H100s; higher elsewhere (secondary: "
      "Kokolis et al. 2024 MTTF 1.8 h at 16,384 GPUs; OPT-175B ~7.5 h at ~1,000)" },
    { "restart-time", settings->restart_s, "s",
      "Salpekar et al. 2026: about 10 minutes to recover synchronous training from a failure" },
    { "checkpoint-interval", settings->checkpoint_interval_s, "s",
      "0: Young 1974 / Daly 2006 optimum, sqrt(2 × checkpoint time × job MTBF)" },
    { "moe-dispatch-dedup", settings->moe_dispatch_dedup ? 1 : 0, NULL,
      "DeepEP internode dispatch; DeepSeek-V3 §3.2.2 (once per node over IB, then NVLink); 0: Megatron-Core alltoall" },
    { "moe-a2a-overlap", settings->moe_a2a_overlap ? 1 : 0, NULL,
      "DeepSeek-V3 §3.2.1 DualPipe; Megatron-Core --overlap-moe-expert-parallel-comm (opt-in); 0: all-to-all exposed" },
    { "moe-fp8-dispatch", settings->moe_fp8_dispatch ? 1 : 0, NULL,
      "DeepSeek-V3 §3.3.3: FP8 training dispatches in FP8 (1 × 128 tile scales, §3.3.2), combines in BF16; "
      "0: Megatron-Core dispatches BF16 (moe/fused_a2a.py)" },
    { "moe-fp8-expert-speedup", settings->moe_fp8_expert_speedup, "×",
      "torchao (pytorch/ao torchao/prototype/moe_training/README.md at 0b1bb117): one MoE layer's forward + backward "
      "on B200, MXFP8 against BF16: DeepSeek-V3 shapes 1.148×, Llama 4 16 experts 1.431×; 2: the FP8 peak ratio" },
    { "moe-max-nodes-per-token", settings->moe_max_nodes_per_token, "nodes",
      "DeepSeek-V3 §2.1.2 node-limited routing, M = 4 (§4.2); DeepSeek-V2 §2.1.3 M = 3 devices; "
      "0: no limit, as Megatron-Core's router without --moe-router-group-topk" },
    { "moe-expert-tp", settings->moe_expert_tp ? 1 : 0, NULL,
      "1: ETP = TP where EP divides DP (Megatron-LM argument default); 0: ETP 1, EP folded over TP × DP "
      "(Megatron-Bridge MoE recipes, Megatron-MoE-ModelZoo ETP column; MoE Parallel Folding, arXiv 2504.14960)" },
    { "fp8-layout", settings->fp8_layout, NULL,
      "0 every linear layer but lm_head (llm-compressor, TensorRT Model Optimizer); 1 Meta's FP8: feed-forward "
      "layers only, first and last layers 16-bit (Llama 3 paper §6.2)" },
    { "int4-constant-bits", settings->int4_constant_bits, "bits/weight",
      "AWQ/GPTQ group 128: fp16 scale + 4-bit zero, 20/128 (vllm/model_executor/layers/quantization/awq.py, "
      "gptq.py); bitsandbytes NF4 0.5, double-quantised 0.127 (QLoRA §3); gpt-fast int4 G=32 bf16 scale + zero: 1" },
    { "fsdp-pp-unsharded", settings->fsdp_pp_unsharded ? 1 : 0, NULL,
      "torchtitan fsdp_reshard_after_forward \"default\" (no resharding under PP); torch/distributed/pipelining/"
      "stage.py (no resharding after backward, no gradient sync before the last micro-batch): gathered and "
      "reduce-scattered once a step; fp32 accumulation (FSDPParam.to_accumulated_grad_if_needed); 0: resharded as "
      "without stages, gathered twice and reduce-scattered every micro-batch" },
    { "fsdp1-adapter-gradients", settings->fsdp1_adapter_gradients ? 1 : 0, NULL,
      "PyTorch FSDP docs: mixing frozen and trainable parameters in a FlatParameter (use_orig_params=True) uses "
      "gradient memory as if none were frozen; FullyShardedDataParallel.no_sync accumulates full model gradients; "
      "0: FSDP2, per-parameter sharding" },
    { "zero3-deepspeed", settings->zero3_deepspeed ? 1 : 0, NULL,
      "DeepSpeed deepspeed/runtime/zero/config.py: stage3_max_live_parameters and sub_group_size 1e9; "
      "stage3.py _prepare_fp32_grad_for_sub_group flattens a sub-group's gradient partition and copies it "
      "to fp32 for the step; 0: FSDP2, two layers gathered, gradients stepped in place" },
    { "zero3-client-adamw", settings->zero3_client_adamw ? 1 : 0, NULL,
      "DeepSpeed steps each sub-group with the client's torch.optim.AdamW when its config names no optimizer "
      "(Hugging Face Trainer, ms-swift's zero3.json); its foreach step allocates torch._foreach_sqrt(exp_avg_sqs), "
      "the sub-group's size in the moments' dtype (torch/optim/adam.py _multi_tensor_adam); 0: DeepSpeed's FusedAdam" },
    { "vllm-profile", settings->vllm_profile == CP_VLLM_PROFILE_V0 ? 0 : 1, "vLLM engine",
      "1 (V1, vLLM 0.8+): a profiling pass of max_num_batched_tokens, 8,192 on GPUs of 70 GiB or more but A100, "
      "else 2,048 (vllm/engine/arg_utils.py get_batch_defaults), then a dummy sampling step of max_num_seqs with "
      "top-k/top-p, 28 B a logit (v1/worker/gpu_model_runner.py _dummy_sampler_run, v1/sample/ops/topk_topp_sampler.py); "
      "0 (V0): max(max_model_len, 2,048) tokens up to a max_model_len of 32,768, above it chunked prefill's 2,048 "
      "(vllm/config.py SchedulerConfig, vllm/engine/arg_utils.py create_engine_config, v0.6.6); V0 without chunked prefill "
      "prefills each prompt in a step of its own, decodes waiting (vllm/core/scheduler.py Scheduler._schedule_default)" },
    { "kv-admission", settings->kv_admission == CP_KV_ADMISSION_FULL_LENGTH ? 1 : 0, NULL,
      "0 paged: a request counts the blocks it holds, prompt and output so far, half its output on average "
      "(vllm/v1/core/sched/scheduler.py at 00024d3, Scheduler.schedule, allocate_slots per step; PagedAttention "
      "§4.2–4.3); 1 full length: prompt and whole output, as TensorRT-LLM sizes its runtime batch "
      "(KVCacheManager::getMaxCapacityBatchSize, DynamicBatchTuner, on in trtllm-bench) and reserves under "
      "GUARANTEED_NO_EVICT" },
    { "serving-engine", cp_serving_engine_step_s (settings), "s",
      "the serving engine's own time a decode step, from the single-stream speed of the smallest model of its "
      "published table: vLLM V0 2.60 ms after the GPUs' step, its weights' and KV cache's read taken out (QwenLM/Qwen2.5 speed_benchmark.rst, Qwen2.5-0.5B vLLM 0.6.3 on A100, "
      "311.55 tokens/s), V1 none (its engine core in a process of its own, persistent batch: vLLM blog 2025-01-27); "
      "SGLang 2.42 ms overlapping the GPUs' step (QwenLM/Qwen3 speed_benchmark.md at c7f51a1a, Qwen3-0.6B SGLang "
      "0.4.6.post1 on H20, 414.17 tokens/s; its overlap scheduler, LMSYS blog 2024-12-04)" },
    { "expert-gemm-half-size", CP_GEMM_HALF_SIZE, NULL,
      "DeepGEMM README (a6d97a1) performance tables, 28 FP8 GEMMs on H800: speed d/(d + 238) of the largest's "
      "(d = 2,249), d = 1/(1/M + 1/N + 1/K); routed experts' GEMMs slower by it, dense ones at compute-utilisation; "
      "on B200 capped at torchao's measured grouped GEMMs, 0.360 of the BF16 peak and 0.307 of the FP8 peak "
      "(pytorch/ao moe_training README at 0b1bb117)" },
    { "checkpoint-write-parallel-fs", cp_settings_checkpoint_write_bytes_per_s (CP_STORAGE_PARALLEL_FS, 1) / 1e9,
      "GB/s per node", "Llama 3 §3.3.1: Tectonic 7 TB/s peak over 2,048 nodes" },
    { "checkpoint-write-nas", cp_settings_checkpoint_write_bytes_per_s (CP_STORAGE_NAS, 1) / 1e9,
      "GB/s in all", "Amazon EFS provisioned throughput maximum, 3,414 MiB/s" },
    { "checkpoint-write-network-disk", cp_settings_checkpoint_write_bytes_per_s (CP_STORAGE_NETWORK_DISK, 1) / 1e9,
      "GB/s per node", "Amazon EBS gp3 maximum, 1,000 MiB/s; also storage a quote leaves unstated" },
    { "checkpoint-write-local-nvme", cp_settings_checkpoint_write_bytes_per_s (CP_STORAGE_LOCAL_NVME, 1) / 1e9,
      "GB/s per node", "stated allowance: half a PCIe 4.0 x4 drive link" },
  };
  guint n = MIN (n_out, G_N_ELEMENTS (all));

  for (guint i = 0; i < n; i++)
    out[i] = all[i];
  return G_N_ELEMENTS (all);
}

static gboolean
check_fraction (double       value,
                const char  *name,
                gboolean     allow_zero,
                GError     **error)
{
  /* Below 1% (of peak, of a link, of memory) nothing is left to plan
   * with, and a smaller divisor only turns times into infinities; where 0
   * means "none" (overlap, fragmentation, debugging), 0 stays allowed. */
  if (!isfinite (value) || value > 1.0 || value < 0.0 || (value < 0.01 && !(allow_zero && value == 0.0)))
    {
      g_set_error (error, CP_MODEL_ERROR, CP_MODEL_ERROR_INVALID,
                   allow_zero ? /* Translators: %s is a setting's name */
                                _("%s must be 0 or a fraction between 0.01 and 1")
                              : /* Translators: %s is a setting's name */
                                _("%s must be a fraction between 0.01 and 1"),
                   _(name));
      return FALSE;
    }
  return TRUE;
}

gboolean
cp_settings_validate (const CpSettings  *settings,
                      GError           **error)
{
  if (!check_fraction (settings->compute_utilisation, N_("Compute utilisation"), FALSE, error) ||
      !check_fraction (settings->link_efficiency, N_("Link efficiency"), FALSE, error) ||
      !check_fraction (settings->shared_network_factor, N_("Shared network share"), FALSE, error) ||
      !check_fraction (settings->dp_overlap, N_("Communication overlap"), TRUE, error) ||
      !check_fraction (settings->overlap_compute_slowdown, N_("Compute slowdown under overlap"), TRUE, error) ||
      !check_fraction (settings->tp_comm_overlap, N_("Tensor-parallel overlap"), TRUE, error) ||
      !check_fraction (settings->fragmentation_fraction, N_("Fragmentation allowance"), TRUE, error) ||
      !check_fraction (settings->layout_headroom_time, N_("Layout headroom time"), TRUE, error) ||
      !check_fraction (settings->serving_memory_fraction, N_("Serving memory fraction"), FALSE, error) ||
      !check_fraction (settings->debug_share, N_("Debugging share"), TRUE, error))
    return FALSE;
  if (!isfinite (settings->moe_fp8_expert_speedup) || settings->moe_fp8_expert_speedup < 1.0 ||
      settings->moe_fp8_expert_speedup > 2.0)
    {
      /* 1: FP8 gains the experts nothing; 2: the FP8/BF16 peak ratio of
       * every GPU in the catalogue, beyond which no kernel goes. */
      g_set_error (error, CP_MODEL_ERROR, CP_MODEL_ERROR_INVALID,
                   _("FP8 speedup of the experts must be between 1 and 2"));
      return FALSE;
    }
  /* 1,024: beyond the 768 threads of the largest two-socket servers. */
  if (!isfinite (settings->host_cpu_cores_per_node) || settings->host_cpu_cores_per_node < 1 ||
      settings->host_cpu_cores_per_node > 1024)
    {
      g_set_error (error, CP_MODEL_ERROR, CP_MODEL_ERROR_INVALID,
                   _("CPU cores per node must be between 1 and 1024"));
      return FALSE;
    }
  /* 1e9 parameters a second would be 30 GB/s of memory traffic for one
   * core, beyond any core's; 1e5, a thousand times slower than measured. */
  if (!isfinite (settings->cpu_adam_params_per_s_per_core) || settings->cpu_adam_params_per_s_per_core < 1e5 ||
      settings->cpu_adam_params_per_s_per_core > 1e9)
    {
      g_set_error (error, CP_MODEL_ERROR, CP_MODEL_ERROR_INVALID,
                   _("CPU optimizer rate must be between 100,000 and 1,000,000,000 parameters a second a core"));
      return FALSE;
    }
  if (settings->debug_share >= 0.95)
    {
      g_set_error (error, CP_MODEL_ERROR, CP_MODEL_ERROR_INVALID,
                   _("Debugging share must be below 95%%"));
      return FALSE;
    }
  if (!isfinite (settings->framework_overhead_bytes) || settings->framework_overhead_bytes < 0 ||
      settings->framework_overhead_bytes > 1e12)
    {
      g_set_error (error, CP_MODEL_ERROR, CP_MODEL_ERROR_INVALID,
                   _("Framework overhead must be between 0 and 1 TB"));
      return FALSE;
    }
  if (!isfinite (settings->migration_days_no_experience) || settings->migration_days_no_experience < 0 ||
      settings->migration_days_no_experience > 3650)
    {
      g_set_error (error, CP_MODEL_ERROR, CP_MODEL_ERROR_INVALID,
                   _("Migration time must be between 0 and 3650 days"));
      return FALSE;
    }
  if (!isfinite (settings->hours_per_month) || settings->hours_per_month < 24 * 28 ||
      settings->hours_per_month > 24 * 31)
    {
      g_set_error (error, CP_MODEL_ERROR, CP_MODEL_ERROR_INVALID,
                   _("Hours per month must be between 672 and 744"));
      return FALSE;
    }
  if (!isfinite (settings->longest_acceptable_run_days) || settings->longest_acceptable_run_days < 1 ||
      settings->longest_acceptable_run_days > 36500)
    {
      g_set_error (error, CP_MODEL_ERROR, CP_MODEL_ERROR_INVALID,
                   _("Longest acceptable run must be between 1 and 36500 days"));
      return FALSE;
    }
  if (!isfinite (settings->dp_bucket_bytes) || settings->dp_bucket_bytes < 0 ||
      !isfinite (settings->cuda_graph_bytes) || settings->cuda_graph_bytes < 0 ||
      settings->cuda_graph_bytes > 1e12 ||
      !isfinite (settings->kv_block_tokens) || settings->kv_block_tokens < 1 ||
      settings->kv_block_tokens > 65536)
    {
      g_set_error (error, CP_MODEL_ERROR, CP_MODEL_ERROR_INVALID,
                   _("Serving and bucket sizes must be positive"));
      return FALSE;
    }
  if (!isfinite (settings->gpu_failure_rate_per_hour) || settings->gpu_failure_rate_per_hour < 0 ||
      settings->gpu_failure_rate_per_hour > 0.01 ||
      (settings->gpu_failure_rate_per_hour > 0 && settings->gpu_failure_rate_per_hour < 1e-9))
    {
      /* 0.01: a GPU interrupting its job every 100 hours, far beyond any
       * published fleet. 1e-9: one interruption in 114,000 GPU-years,
       * 20,000 times fewer than Llama 3's fleet; below it the optimal
       * checkpoint interval and the odds of a failure leave the range of
       * a double (1e-320 gave a 2.16-million-day run), and 0 says "none". */
      g_set_error (error, CP_MODEL_ERROR, CP_MODEL_ERROR_INVALID,
                   _("GPU failure rate must be 0 or between 1e-9 and 0.01 interruptions per GPU-hour"));
      return FALSE;
    }
  /* 2 FLOPs per parameter and token is the forward pass alone, 8 a full
   * training step with full recomputation (PUBLISHED T16); LoRA's 4 lies
   * between. */
  if (!isfinite (settings->lora_flops_factor) || settings->lora_flops_factor < 2 ||
      settings->lora_flops_factor > 8)
    {
      g_set_error (error, CP_MODEL_ERROR, CP_MODEL_ERROR_INVALID,
                   _("LoRA FLOPs per parameter and token must be between 2 and 8"));
      return FALSE;
    }
  if (!isfinite (settings->contingency_fraction) || settings->contingency_fraction < 0 ||
      settings->contingency_fraction > 1)
    {
      g_set_error (error, CP_MODEL_ERROR, CP_MODEL_ERROR_INVALID,
                   _("Contingency must be between 0 and 100%%"));
      return FALSE;
    }
  if (!isfinite (settings->vat_rate) || settings->vat_rate < 0 || settings->vat_rate > 0.5 ||
      !isfinite (settings->vat_rate_lease) || settings->vat_rate_lease < 0 || settings->vat_rate_lease > 0.5)
    {
      g_set_error (error, CP_MODEL_ERROR, CP_MODEL_ERROR_INVALID,
                   _("VAT rate must be between 0 and 50%%"));
      return FALSE;
    }
  if (!isfinite (settings->working_days_per_week) || settings->working_days_per_week < 1 ||
      settings->working_days_per_week > 7)
    {
      g_set_error (error, CP_MODEL_ERROR, CP_MODEL_ERROR_INVALID,
                   _("Working days per week must be between 1 and 7"));
      return FALSE;
    }
  /* A fraction of the step's FLOPs: GPT-3's 2.7% (PUBLISHED M5); full
   * recomputation of everything is one more forward pass, a third. */
  if (!isfinite (settings->selective_recompute_flops_overhead) ||
      settings->selective_recompute_flops_overhead < 0 || settings->selective_recompute_flops_overhead > 1)
    {
      g_set_error (error, CP_MODEL_ERROR, CP_MODEL_ERROR_INVALID,
                   _("Selective recomputation overhead must be a fraction between 0 and 1"));
      return FALSE;
    }
  if (!isfinite (settings->restart_s) || settings->restart_s < 0 || settings->restart_s > 7 * 86400.0)
    {
      g_set_error (error, CP_MODEL_ERROR, CP_MODEL_ERROR_INVALID,
                   _("Restart time must be between 0 and 7 days"));
      return FALSE;
    }
  /* 0 asks for the optimum. Below a minute is taken as a slip (seconds
   * typed for minutes): the optimum of a 16,384-GPU run is over two. */
  if (!isfinite (settings->checkpoint_interval_s) || settings->checkpoint_interval_s < 0 ||
      (settings->checkpoint_interval_s > 0 && settings->checkpoint_interval_s < 60) ||
      settings->checkpoint_interval_s > 365 * 86400.0)
    {
      g_set_error (error, CP_MODEL_ERROR, CP_MODEL_ERROR_INVALID,
                   _("Checkpoint interval must be 0 (optimal) or between 1 minute and 365 days"));
      return FALSE;
    }
  /* The source article's thresholds are 2× and 3×; past 1000× a model
   * needs more GPUs than any quote offers, and no threshold decides. */
  if (!isfinite (settings->judgement_gap_low) || !isfinite (settings->judgement_gap_high) ||
      settings->judgement_gap_low < 1.0 || settings->judgement_gap_high < settings->judgement_gap_low ||
      settings->judgement_gap_high > 1000)
    {
      g_set_error (error, CP_MODEL_ERROR, CP_MODEL_ERROR_INVALID,
                   _("Memory gap thresholds must be from 1 to 1000 and in increasing order"));
      return FALSE;
    }
  return TRUE;
}

double
cp_settings_gpu_memory_bytes (const CpSettings *settings,
                              const CpGpuSpec  *gpu)
{
  double unit = settings->memory_unit == CP_MEMORY_UNIT_GIB ? GIB : 1e9;

  return gpu->memory_nominal_gb * unit;
}

guint
cp_assumption_task_kinds (const char *key)
{
#define K(kind) (1u << (kind))
  const guint full = K (CP_TASK_PRETRAIN) | K (CP_TASK_FULL_FINETUNE);
  const guint adapters = K (CP_TASK_LORA) | K (CP_TASK_QLORA);
  const guint training = full | adapters;
  const guint serving = K (CP_TASK_INFERENCE);
  const guint modelled = training | serving;   /* what the model's memory and time cover */
  const guint every = (1u << CP_N_TASKS) - 1;
  /* Mixed-precision Adam's bytes cover every parameter only in a full
   * run (adapters train a few); serving has its
   * own memory, batch and bandwidth figures; the batch rule is
   * pretraining's; 6 (and 8 with full recompute) FLOPs per parameter and
   * token are a full run's, adapters count lora-flops (cp-estimate.c);
   * failures and checkpoints interrupt training runs, while
   * services and debugging rent their period whole (cp-goodput.c); the
   * calendar's debugging share is a training project's (R4), migration
   * anyone's who moves to a cluster (R8); months convert every price; the
   * contingency and VAT make every project's amount to approve. Each key
   * beside its kinds: in two parallel arrays a key added without its kind
   * gave every later key its neighbour's (c78f4449). */
  const struct {
    const char *key;
    guint       kinds;
  } assumptions[] = {
    { "bytes-convention", full },
    { "memory-unit", every },
    { "compute-utilisation", modelled },
    { "link-efficiency", modelled },
    { "shared-network-factor", modelled },
    { "dp-overlap", training },
    { "overlap-compute-slowdown", training },
    { "framework-overhead", modelled },
    { "fragmentation", modelled },
    { "serving-memory-fraction", serving },
    { "debug-share", training },
    { "migration-days", modelled },
    { "hours-per-month", every },
    { "selective-recompute-overhead", training },
    { "full-recompute-flops", full },
    { "training-flops", full },
    { "swiglu-activation-bytes", training },
    { "lora-flops", adapters },
    { "qlora-bits", K (CP_TASK_QLORA) },
    { "judgement-gap", modelled },
    { "longest-acceptable-run", training },
    { "debug-time", training },
    { "debug-cap", training },
    { "global-batch", K (CP_TASK_PRETRAIN) },
    { "global-batch-cluster", K (CP_TASK_PRETRAIN) },
    { "dp-bucket", training },
    { "kv-block", serving },
    { "cuda-graphs", serving },
    { "memory-bandwidth-fraction", serving },
    { "gpu-failure-rate", training },
    { "restart-time", training },
    { "checkpoint-interval", training },
    { "failure-rate", training },
    { "moe-dispatch-dedup", training },
    { "expert-gemm-half-size", training },
    { "moe-a2a-overlap", training },
    { "fp8-layout", serving },
    { "int4-constant-bits", serving },
    { "moe-fp8-dispatch", training },
    { "moe-max-nodes-per-token", training },
    { "vllm-profile", serving },
    { "fsdp-pp-unsharded", training },
    { "fsdp1-adapter-gradients", adapters },
    { "zero3-deepspeed", training },
    { "zero3-client-adamw", training },
    { "contingency", every },
    { "vat-rate", every },
    { "moe-expert-tp", training },
    { "selective-recompute", training },
    { "cross-entropy", training },
    { "vat-rate-lease", every },
    { "tp-comm-overlap", training },
    { "layout-headroom-time", training },
    { "host-cpu-cores", training },
    { "cpu-adam-rate", training },
    { "offload-delayed-update", training },
    { "moe-fp8-expert-speedup", training },
    { "kv-admission", serving },
    { "serving-engine", serving },
  };
#undef K

  if (key == NULL)
    return every;
  /* The storage speeds at which checkpoints are written. */
  if (g_str_has_prefix (key, "checkpoint-write-"))
    return training;
  for (guint i = 0; i < G_N_ELEMENTS (assumptions); i++)
    if (strcmp (key, assumptions[i].key) == 0)
      return assumptions[i].kinds;
  return every;
}

double
cp_settings_amount_to_approve (const CpSettings  *settings,
                               double             top_of_range,
                               double             overrun_cost,
                               double             engineering_part,
                               double             vat_share,
                               double            *contingency,
                               CpContingencyRule *rule,
                               double            *vat)
{
  double share = top_of_range * settings->contingency_fraction;
  /* A vendor bills whole steps, so the smallest overrun that can happen
   * costs a whole step: a 10% share smaller than it is used up by the
   * first hour past the top (read37 F5: 1,152 CNY + 115 against a
   * machine-hour of 144). Only where there is a top to run over. */
  gboolean by_step = top_of_range > 0 && overrun_cost > share;
  double reserve = by_step ? overrun_cost : share;
  double with_reserve = top_of_range + reserve;
  /* The vendors' share of the amount: the team's own days carry no VAT;
   * a share of the top is shared in proportion, a billed step is the
   * vendor's charge whole. */
  double vendors_of_top = top_of_range > 0 ? CLAMP ((top_of_range - engineering_part) / top_of_range, 0, 1) : 0;
  double vendors = by_step ? top_of_range * vendors_of_top + reserve : with_reserve * vendors_of_top;
  double tax = vendors * vat_share;

  if (contingency != NULL)
    *contingency = reserve;
  if (rule != NULL)
    *rule = by_step ? CP_CONTINGENCY_BILLING_STEP : CP_CONTINGENCY_SHARE;
  if (vat != NULL)
    *vat = tax;
  return with_reserve;
}
