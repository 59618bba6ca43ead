/* cp-estimate-time.c: step time of one training layout, compute and every
 * collective (tensor, pipeline, expert and data parallel, offload), and the
 * run time of the chosen one with what a trial or a stated MFU says.
 *
 * Formulas and the published figures that check them: PUBLISHED.md (T16,
 * T18–T22, N1–N11). Nothing here allocates.
 */
#include "config.h"

#include "cp-estimate-private.h"

#include <math.h>
#include <string.h>

/* Host↔GPU copies for CPU offload run over PCIe gen4 x16: 32 GB/s per
 * direction (PUBLISHED N10). */
#define OFFLOAD_LINK_BYTES_PER_S 32e9

double
_cp_dense_peak_flops (const CpGpuSpec *gpu,
                      CpPrecision      precision)
{
  if (precision == CP_PRECISION_FP8 && gpu->dense_fp8_flops > 0)
    return gpu->dense_fp8_flops;
  if (precision == CP_PRECISION_FP32 && gpu->dense_fp32_flops > 0)
    return gpu->dense_fp32_flops;
  return gpu->dense_bf16_flops;
}

double
_cp_intra_bytes_per_s (const CpQuote    *quote,
                       const CpSettings *settings)
{
  return quote->intra_link.per_direction_gbytes_per_s * 1e9 * settings->link_efficiency;
}

/* Each GPU's share of its node's NICs. */
double
_cp_inter_bytes_per_s_per_gpu (const CpQuote    *quote,
                               const CpSettings *settings)
{
  double share = 1.0;

  if (quote->sharing != CP_SHARING_DEDICATED)
    share = quote->sharing == CP_SHARING_SHARED && quote->share_factor > 0
      ? quote->share_factor : settings->shared_network_factor;

  return quote->nics_per_node * quote->nic_gbps * 1e9 / 8.0 * settings->link_efficiency * share /
         MAX (quote->gpus_per_node, 1);
}

/* Ring all-reduce of @bytes over @n ranks, @n_in of them in one node:
 * reduce-scatter and all-gather on NVLink inside the node, the shards
 * all-reduced between nodes over each GPU's NIC share (NCCL's hierarchical
 * tree/ring; formula crib 2(n−1)/n). */
static double
all_reduce_s (const Context *c,
              double         bytes,
              double         n,
              double         n_in)
{
  double n_out, seconds = 0;

  if (n <= 1 || bytes <= 0)
    return 0;
  n_in = CLAMP (n_in, 1.0, n);
  n_out = n / n_in;
  if (n_in > 1)
    seconds += 2.0 * (n_in - 1) / n_in * bytes / c->intra;
  if (n_out > 1)
    seconds += 2.0 * (n_out - 1) / n_out * bytes / n_in / c->inter;
  return seconds;
}

/* Tokens one routed expert multiplies at once: what the EP group's ranks
 * hold, each token copied to its top-k of the experts. With sequence
 * parallelism a rank holds 1/t of its micro-batch's sequence; experts
 * split over ETP ranks gather the tokens of those ETP ranks (Megatron-
 * Core's alltoall dispatcher all-gathers over ETP after the all-to-all). */
double
_cp_expert_tokens_per_gemm (const Context *c,
                            const Config  *k)
{
  return k->mb * c->seq * k->ep * _cp_expert_tp (c, k) / k->tp * c->top_k / MAX (c->experts_total, 1.0);
}

/* A GEMM of size d (CP_GEMM_HALF_SIZE) against the largest ones. */
static double
gemm_speed (double m,
            double n,
            double k)
{
  double d = 1.0 / (1.0 / m + 1.0 / n + 1.0 / k);

  return MIN (1.0, d / (d + CP_GEMM_HALF_SIZE) * (CP_GEMM_FULL_SPEED_SIZE + CP_GEMM_HALF_SIZE) /
                   CP_GEMM_FULL_SPEED_SIZE);
}

/* What the routed experts' grouped GEMMs reach of the GPU's peak at
 * their largest, forward and backward, where a table measures it; 0
 * where none does (they are then taken to run as fast as the dense
 * layers' largest GEMMs, the compute utilisation).
 * B200: torchao's microbenchmarks of torch._grouped_mm (BF16) and of its
 * MXFP8 _scaled_grouped_mm with the dynamic quantisation included
 * (pytorch/ao torchao/prototype/moe_training/README.md at 0b1bb117,
 * "Microbenchmarks", Llama 4 17B-16E shapes M 128,000, N 8,192, K 5,120,
 * G 1, 2, 4 and 8): 6·M·N·K = 3.221e13 FLOPs in 43,140, 39,488, 39,189
 * and 37,701 µs, 810 TFLOPS on average, 0.360 of the 2,250 TFLOPS BF16
 * peak; in 23,867, 23,359, 23,946 and 22,171 µs under MXFP8, 1,382
 * TFLOPS, 0.307 of the 4,500 TFLOPS FP8 peak. These shapes are the
 * table's largest (d = 3,075 > CP_GEMM_FULL_SPEED_SIZE); its DeepSeek-V3
 * rows (N 2,048, K 7,168, d = 1,574: 0.96 of full speed by
 * CP_GEMM_HALF_SIZE) check the product: 0.346 of the BF16 peak expected,
 * 0.343 measured (771 TFLOPS); under MXFP8 0.295 expected, 0.236
 * measured (its quantisation weighs more on narrow GEMMs). The dense
 * layers of B200 runs stay at the compute utilisation (Megatron-Bridge's
 * Llama 3 rows on B200 are within 11% with it). Keyed by the catalogue's
 * GPU, as a share of the peak it lists, so an edited peak scales it. */
double
_cp_grouped_gemm_peak_share (const CpGpuSpec *gpu,
                             CpPrecision      precision)
{
  if (g_strcmp0 (gpu->id, "b200") != 0)
    return 0;
  return precision == CP_PRECISION_FP8 ? 1381.7e12 / 4500e12 : 809.7e12 / 2250e12;
}

/* The routed experts' GEMMs of @m tokens against the dense layers':
 * fine-grained experts (narrow, few tokens each) run far below dense
 * speed. A token's expert FLOPs are two thirds in the gate and up
 * projections (M × 2f × h) and a third in the down projection
 * (M × h × f); the two run one after the other, so their times add.
 * Where grouped GEMMs were measured below the dense layers' speed
 * (c->expert_gemm_ceiling), every size runs that much slower. */
static double
expert_gemm_speed_at (const Context *c,
                      double         m,
                      double         etp)
{
  double f = c->expert_ffn / etp;

  if (c->expert_flops_fwd <= 0 || m <= 0)
    return 1.0;
  return c->expert_gemm_ceiling / (2.0 / 3.0 / gemm_speed (m, 2.0 * f, c->hidden) +
                                   1.0 / 3.0 / gemm_speed (m, c->hidden, f));
}

/* An expert split over ETP ranks multiplies 1/ETP of its width. */
double
_cp_expert_gemm_speed (const Context *c,
                       const Config  *k)
{
  return expert_gemm_speed_at (c, _cp_expert_tokens_per_gemm (c, k), _cp_expert_tp (c, k));
}

/* Seconds one GPU computes per token of the step at full peak (the
 * utilisation and the GPU count divide it later): the parameters' GEMMs at
 * the precision's peak, the routed experts' at @expert_speed
 * (_cp_expert_gemm_speed()) of theirs (under FP8, BF16's times what FP8
 * gains them: moe-fp8-expert-speedup), the attention core at its own peak
 * (BF16 under FP8).
 * The forward pass's part in *@forward_s, the attention core's in
 * *@attention_s. */
static double
compute_s_per_token (const Context *c,
                     const Config  *k,
                     double         expert_speed,
                     double        *forward_s,
                     double        *attention_s)
{
  double param_fwd = (c->param_flops_fwd - c->expert_flops_fwd) / c->peak + c->expert_flops_fwd / expert_speed / c->expert_peak;
  double attention_fwd = c->attention_flops_fwd / c->attention_peak;
  double recompute = _cp_recompute_fraction (c, k);
  double fwd = param_fwd + attention_fwd;
  /* Backward: twice the forward for weights and inputs (LoRA: inputs only,
   * its factor − 2 for the parameter part); attention has no weights. */
  double bwd = param_fwd * (c->param_flops_factor - 2.0) / 2.0 + 2.0 * attention_fwd;
  double scale = k->recompute == CP_RECOMPUTE_SELECTIVE ? 1.0 + c->selective_overhead : 1.0;

  /* Full recompute runs the forward pass of the recomputed layers twice:
   * 8·N·D when all are (T16); selective recomputes by its policy (c->selective_overhead:
   * Megatron's 2.7% for GPT-3, M5, or torchtitan's op-level mms). */
  bwd += fwd * recompute;
  *forward_s = fwd * scale;
  *attention_s = attention_fwd * (3.0 + recompute) * scale;
  return (fwd + bwd) * scale;
}

/* Seconds of memory traffic per token of the step, summed over the GPUs,
 * that the routed experts' token permutations take. Megatron-Core's
 * alltoall dispatcher (megatron/core/transformer/moe/token_dispatcher.py,
 * MoEAlltoAllTokenDispatcher, with moe_utils.py's permute, unpermute and
 * sort_chunks_by_idxs) gathers each token's top-k copies into expert
 * order before the dispatch (k·h elements read, k·h written), and after
 * the combine adds them back weighted by their router probabilities
 * (k·h read, h written); with EP > 1 and several experts on a rank it
 * also sorts the received chunks by local expert, and back before the
 * combine (k·h read and written each). The backward pass runs the
 * mirror images (a gather for each scatter-add and the reverse: the same
 * bytes), and recomputed layers their forward once more. None of it runs
 * on the tensor cores, so the bytes go at what memory-bound kernels
 * reach of the GPU's bandwidth; the dense layers' elementwise work is
 * inside the compute utilisation, but these passes have no counterpart
 * there, and per FLOP they weigh most where experts are narrow and many
 * (k·h bytes against k·h·f FLOPs). Tokens gathered over expert
 * tensor-parallel ranks are not counted again. 0 when the GPU's
 * bandwidth is not stated. Worked out once per job and quote into @c
 * (context_init()), read for each split by
 * expert_permute_bytes_per_token(). */
void
_cp_expert_permute_bytes_init (Context *c)
{
  double elements = (3.0 * c->top_k + 1.0) * c->hidden;

  c->expert_permute_bytes[0] = c->expert_permute_bytes[1] = 0;
  if (c->expert_flops_fwd <= 0 || c->memory_bytes_per_s <= 0)
    return;
  c->expert_permute_bytes[0] = c->moe_layers * elements * c->act_bytes;
  elements += 4.0 * c->top_k * c->hidden;
  c->expert_permute_bytes[1] = c->moe_layers * elements * c->act_bytes;
}

static inline double
expert_permute_bytes_per_token (const Context *c,
                                const Config  *k)
{
  double local_experts = c->experts_total / MAX (k->ep, 1u);

  return c->expert_permute_bytes[k->ep > 1 && local_experts > 1.0];
}

/* The seconds of @permute_bytes (expert_permute_bytes_per_token()) at
 * @k's recompute. */
static inline double
expert_permute_s_of (const Context *c,
                     const Config  *k,
                     double         permute_bytes)
{
  if (permute_bytes == 0)
    return 0;
  return permute_bytes * (2.0 + _cp_moe_recompute_fraction (c, k)) / c->memory_bytes_per_s;
}

static double
expert_permute_s_per_token (const Context *c,
                            const Config  *k)
{
  return expert_permute_s_of (c, k, expert_permute_bytes_per_token (c, k));
}

/* Bytes per element of the expert all-to-all, averaged over its four
 * transfers per layer (dispatch and combine, forward and backward). With
 * moe-fp8-dispatch under FP8 training, the two that carry the inputs of
 * the expert GEMMs (the forward dispatch, and the activation gradient
 * before the down-projections sent back in the backward pass) travel as
 * FP8 with one FP32 scale per 1 × 128 tile, the two combines stay BF16:
 * DeepSeek-V3 §3.3.3 ("Low-Precision Communication") and §3.3.2. */
static double
all_to_all_element_bytes (const Context *c)
{
  if (c->settings->moe_fp8_dispatch && c->job->precision == CP_PRECISION_FP8)
    return 0.5 * (1.0 + 4.0 / 128.0) + 0.5 * c->act_bytes;
  return c->act_bytes;
}

/* Once per job and quote (context_init()): a token's hidden state in the
 * all-to-all, all_to_all_s_per_token() of every split asks for it. */
void
_cp_all_to_all_token_bytes_init (Context *c)
{
  c->all_to_all_token_bytes = c->hidden * all_to_all_element_bytes (c);
}

/* Seconds one all-to-all (a dispatch or a combine) takes per token of a
 * GPU's sequence share (1/t of it with sequence parallelism): each token
 * leaves for its top-k experts, the share (e − 1)/e of them on other GPUs,
 * and the part of the EP group beyond this node goes over the NICs.
 * De-duplicated dispatch sends a token once to each node holding some of
 * its experts and forwards the copies over NVLink there: DeepEP's
 * internode kernels and DeepSeek-V3 §3.2.2 (IB to the GPU of the same
 * in-node index on each target node, then NVLink). With uniform routing a
 * remote node of the group's n holds none of a token's k experts with
 * probability Π (E − E/n − i)/(E − i), i < k.
 * Node-limited routing (moe-max-nodes-per-token M < n; DeepSeek-V3
 * §2.1.2) picks M nodes first and the k experts among their M·E/n: the
 * token's own node is one of them with probability M/n, and each picked
 * node receives some expert with probability 1 − Π (M·E/n − E/n − i)/
 * (M·E/n − i), so a token crosses the NICs to M·(1 − 1/n) of them at most.
 * Without de-duplication every copy crosses on its own and the limit
 * changes nothing (a copy's node is still remote with probability
 * 1 − 1/n). */
static double
all_to_all_s_per_token (const Context *c,
                        const Config  *k)
{
  double t = k->tp, e = k->ep;
  /* The EP group's ranks are ETP apart (Megatron-Core's expert rank order
   * tp-ep-dp-pp, with ETP in TP's place): ETP 1 keeps them contiguous,
   * a node's GPUs all in it. */
  double in_node = MIN (e, MAX (1.0, (double) c->gpn / _cp_expert_tp (c, k)));
  double off_share = 1.0 - in_node / e;
  double copies = c->top_k * (e - 1) / e;
  double off_copies = copies * off_share;

  if (c->settings->moe_dispatch_dedup && in_node < e)
    {
      double nodes = e / in_node, per_node = c->experts_total / nodes, none = 1.0;
      double limit = c->settings->moe_max_nodes_per_token;

      for (guint i = 0; i < (guint) c->top_k; i++)
        none *= MAX (0.0, c->experts_total - per_node - i) / (c->experts_total - i);
      off_copies = MIN (off_copies, (nodes - 1.0) * (1.0 - none));
      if (limit >= 1.0 && limit < nodes)
        {
          double pool = limit * per_node, unused = 1.0;

          for (guint i = 0; i < (guint) c->top_k; i++)
            unused *= MAX (0.0, pool - per_node - i) / MAX (pool - i, 1.0);
          off_copies = MIN (off_copies, limit * (1.0 - 1.0 / nodes) * (1.0 - unused));
        }
    }
  return c->all_to_all_token_bytes / t *
         MAX (copies * (1.0 - off_share) / c->intra, off_copies / c->inter);
}

/* What _cp_layout_run_lower_bound() of @k's split computes per token:
 * the same for every split of a search with the same expert
 * tensor-parallel size (the recompute the bounds assume is one for all,
 * with none of it partial), so the search works it out once for each
 * (_cp_bound_compute_init()). The routed experts' GEMMs run at their
 * speed with @expert_tokens tokens each: INFINITY for the quick bounds,
 * the most @k's split gives one for the search's tighter bound. */
void
_cp_bound_compute_init (const Context *c,
                        const Config  *k,
                        double         expert_tokens,
                        BoundCompute  *bc)
{
  double forward, attention;

  bc->etp = _cp_expert_tp (c, k);
  bc->recompute = k->recompute;
  bc->recompute_fraction = _cp_recompute_fraction (c, k);
  bc->per_token = compute_s_per_token (c, k, expert_gemm_speed_at (c, expert_tokens, bc->etp), &forward, &attention);
}

/* A lower bound on the run time of every layout of @k's split at
 * micro-batch @k->mb or larger, @k's recompute or more, any ZeRO stage:
 * layout_time()'s terms per token without the data-parallel traffic, the
 * offload copies and the slowdown (all ≥ 0), the bubble at the most
 * micro-batches. A few multiplications: the search orders and prunes
 * splits by it before their memory or step time is worked out. The
 * experts' GEMMs at their speed with the most tokens, the largest
 * micro-batch's or more. @bc: what it computes per token, when the
 * caller has it for @k (NULL: worked out here). */
double
_cp_layout_run_lower_bound (const Context      *c,
                            const Config       *k,
                            const BoundCompute *bc)
{
  double t = k->tp, p = k->pp, d = k->dp, v = k->vs, m = k->m;
  double layers_here = _cp_layers_per_gpu (c, k);
  double imbalance = layers_here * p / c->layers;
  BoundCompute own;
  double per_token, collectives_per_layer;
  double token_bytes = c->hidden * c->act_bytes;
  double compute, tp = 0, pp = 0, all_to_all = 0;

  if (bc == NULL)
    {
      _cp_bound_compute_init (c, k, INFINITY, &own);
      bc = &own;
    }
  per_token = bc->per_token;
  collectives_per_layer = 4.0 + 2.0 * bc->recompute_fraction;
  /* The permutations at @k's recompute: more recompute only adds. */
  compute = (per_token / c->utilisation + expert_permute_s_per_token (c, k)) * c->job->tokens / c->gpus * imbalance;
  if (k->tp > 1)
    tp = layers_here * collectives_per_layer * 2.0 * (t - 1) / t * token_bytes / (d * c->intra);
  if (k->pp > 1)
    pp = v * 2.0 * token_bytes / (t * d * (c->gpus > c->gpn ? c->inter : c->intra));
  /* Overlapped, how much compute hides depends on the step: none is
   * counted. */
  if (k->ep > 1 && !c->settings->moe_a2a_overlap)
    all_to_all = c->moe_layers * layers_here / c->layers * collectives_per_layer * all_to_all_s_per_token (c, k) / d;
  tp *= c->job->tokens;
  pp *= c->job->tokens;
  all_to_all *= c->job->tokens;
  /* Overlapped, tensor-parallel traffic hides behind the GEMMs beside it,
   * tp-comm-overlap's share of it at most: what stays exposed is at least
   * the rest (the compute here is a bound, not what hides it). */
  tp *= 1.0 - c->settings->tp_comm_overlap;
  return compute + tp + pp + all_to_all + (p - 1.0) / (m * v) * (compute + tp + all_to_all);
}

/* What _cp_layout_time() works out the same for every layout of @k's
 * split (tensor, pipeline, data, expert parallel and interleaving, with
 * the search's techniques): the expert all-to-all per token, the
 * data-parallel reduction and shards, the offload copies. The search
 * works them out once for the layouts it times of a split. */
void
_cp_layout_time_split_init (const Context *c,
                            const Config  *k,
                            TimeSplit     *ts)
{
  const CpSettings *settings = c->settings;
  double t = k->tp, p = k->pp, d = k->dp, e = k->ep;
  double layers_here = _cp_layers_per_gpu (c, k);

  memset (ts, 0, sizeof *ts);
  ts->layers_here = layers_here;
  ts->permute_bytes = expert_permute_bytes_per_token (c, k);
  if (k->ep > 1)
    ts->all_to_all_per_token = all_to_all_s_per_token (c, k);

  /* Data parallel: dense gradients over the DP group, expert gradients
   * over the ranks holding the same experts; hierarchical. */
  if (d > 1)
    {
      double etp = _cp_expert_tp (c, k);
      double dense, experts;
      double dp_in = MIN (d, MAX (1.0, (double) c->gpn / t));
      /* A GPU gathers only its own experts, sharded over the ranks
       * holding the same ones (Megatron-Core's expert data-parallel group,
       * TP × DP / (ETP × EP); DeepSpeed-MoE's expert-data-parallel ZeRO
       * groups), of which a node holds gpn / (ETP × EP). */
      double expert_dp = _cp_expert_dp (c, k);
      double expert_dp_in = CLAMP ((double) c->gpn / (etp * e), 1.0, expert_dp);
      /* DeepSpeed's partitioned stages (ZeRO-2/3) gather and scatter over
       * the whole data-parallel group with no node-local stage: each GPU's
       * share crosses its own link share (ZeRO++, Wang et al. 2023, §3,
       * adds hierarchical partitioning for this reason). */
      double flat_link = d > dp_in ? MIN (c->intra, c->inter) : c->intra;
      double dense_base = 0, experts_base = 0;

      if (k->lora || k->qlora)
        {
          /* ZeRO-3 shards the frozen base too (_cp_layout_memory_states()),
           * so every pass gathers it, in the bytes it is stored in, beside
           * the adapters; only the adapters have gradients to reduce
           * (FSDP2's fully_shard over every layer, as torchtune's
           * lora_finetune_distributed recipes apply it). The stage's
           * share of the whole model's base. */
          _cp_lora_trainable_here (c, k, &dense, &experts);
          _cp_lora_frozen_base_bytes (c, k, &dense_base, &experts_base);
          dense_base *= layers_here / c->layers;
          experts_base *= layers_here / c->layers;
        }
      else
        {
          dense = (c->dense_layer_params * layers_here / c->layers +
                   (p > 1 ? c->embedding_stage : c->embedding_all)) / t;
          experts = c->expert_params * layers_here / c->layers / (etp * e);
        }
      ts->all_reduce = all_reduce_s (c, dense * c->act_bytes, d, dp_in) +
                       all_reduce_s (c, experts * c->act_bytes, expert_dp, expert_dp_in);
      ts->half = ((d - 1) / d * dense + (expert_dp - 1) / expert_dp * experts) * c->act_bytes / flat_link;
      ts->gather = ts->half + ((d - 1) / d * dense_base + (expert_dp - 1) / expert_dp * experts_base) / flat_link;
      ts->bucket_share = MIN (1.0, settings->dp_bucket_bytes / MAX ((dense + experts) * c->act_bytes, 1.0));
    }

  /* Offload moves gradients down and updated 16-bit weights up each step,
   * each GPU those of the optimizer states it owns: "each data parallel
   * process only needs to offload its own partition" (ZeRO-Offload, Ren et
   * al. 2021, §4.2), so the copies do not grow with data parallelism.
   * Where the host keeps the weights too (FSDP's CPU offload), each GPU
   * copies its shard of them up before every all-gather, forward and
   * backward of each micro-batch, and its gradients' shard down after
   * every reduce-scatter ("Sharded parameters are copied host-to-device
   * before all-gather … Sharded gradients are copied device-to-host in
   * backward", torch/distributed/fsdp/_fully_shard/_fsdp_api.py).
   *
   * And the node's CPUs step the optimizer of every parameter its GPUs
   * own, split evenly over its cores (host-cpu-cores, cpu-adam-rate). */
  if (k->offload)
    {
      double owned = _cp_optimizer_params_here (c, k);
      double bytes = _cp_offload_holds_weights (c, k) ? k->m * (c->act_bytes + 2.0 * c->act_bytes)
                                                      : c->act_bytes + 2.0;

      ts->offload = owned * bytes / (OFFLOAD_LINK_BYTES_PER_S * settings->link_efficiency);
      ts->offload_cpu_step = owned * MIN (c->gpus, c->gpn) /
                             (settings->host_cpu_cores_per_node * settings->cpu_adam_params_per_s_per_core);
    }
}

void
_cp_layout_time (const Context *c,
                 const Config  *k,
                 StepTime      *st)
{
  TimeSplit ts;

  _cp_layout_time_split_init (c, k, &ts);
  _cp_layout_time_of_split (c, k, &ts, st);
}

/* _cp_expert_gemm_speed() of @k, a layout of the split @ts was worked
 * out for, kept in @ts for each micro-batch size. */
static inline double
split_expert_gemm_speed (const Context *c,
                         const Config  *k,
                         TimeSplit     *ts)
{
  double speed;

  for (guint i = 0; i < ts->n_expert_speeds; i++)
    if (ts->expert_speed_mb[i] == k->mb)
      return ts->expert_speed[i];
  speed = _cp_expert_gemm_speed (c, k);
  if (ts->n_expert_speeds < G_N_ELEMENTS (ts->expert_speed))
    {
      ts->expert_speed_mb[ts->n_expert_speeds] = k->mb;
      ts->expert_speed[ts->n_expert_speeds++] = speed;
    }
  return speed;
}

/* The step time of @k, a layout of the split @ts was worked out for
 * (_cp_layout_time_split_init()). */
void
_cp_layout_time_of_split (const Context   *c,
                          const Config    *k,
                          TimeSplit       *ts,
                          StepTime        *st)
{
  const CpSettings *settings = c->settings;
  double t = k->tp, p = k->pp, d = k->dp, v = k->vs, m = k->m;
  double layers_here = ts->layers_here;
  /* Stages of uneven layer counts run at the pace of the fullest one. */
  double imbalance = layers_here * p / c->layers;
  /* Without routed experts their speed is 1 whatever the split: the
   * tokens per expert GEMM are not worked out. */
  double expert_speed = c->expert_flops_fwd > 0 ? split_expert_gemm_speed (c, k, ts) : 1.0;
  double forward, attention, per_token = compute_s_per_token (c, k, expert_speed, &forward, &attention);
  /* Recomputed layers repeat their forward collectives; recomputed MoE
   * halves their dispatch and combine, and their half of the layer's
   * tensor-parallel ones. */
  double collectives_per_layer = 4.0 + 2.0 * _cp_recompute_fraction (c, k);
  double moe_recompute = _cp_moe_recompute_fraction (c, k);
  double moe_recompute_extra = moe_recompute - _cp_recompute_fraction (c, k);
  double message = c->seq * k->mb * c->hidden * c->act_bytes;
  double overlap = settings->dp_overlap;
  double fwd_micro, bwd_micro;

  memset (st, 0, sizeof *st);
  st->tokens = m * k->mb * d * c->seq;
  st->compute = per_token * st->tokens / (c->gpus * c->utilisation) * imbalance;
  st->attention = st->compute * attention / per_token;
  st->backward = st->compute * (1.0 - forward / per_token);
  /* The experts' token permutations: one forward pass of them (two for
   * recomputed layers, the second in the backward pass) and one backward. */
  st->permute = expert_permute_s_of (c, k, ts->permute_bytes) * st->tokens / c->gpus * imbalance;
  st->compute += st->permute;
  st->backward += st->permute * (1.0 + moe_recompute) / (2.0 + moe_recompute);
  fwd_micro = (st->compute - st->backward) / m;
  bwd_micro = st->backward / m;

  /* Tensor parallel with sequence parallelism: per layer and micro-batch
   * two all-gathers and two reduce-scatters forward and as many backward,
   * the volume of four all-reduces (six with full recompute), on NVLink
   * (Korthikanti et al. 2022, §4.2.2). */
  if (k->tp > 1)
    st->tp = m * layers_here * (collectives_per_layer + moe_recompute_extra * c->moe_layers / c->layers) *
             2.0 * (t - 1) / t * message / c->intra;

  /* Pipeline sends: activations forward, gradients backward, per
   * micro-batch and interleaved chunk, each TP rank its 1/t share
   * (Megatron-LM's scatter/gather); between nodes once the job spans them. */
  if (k->pp > 1)
    st->pp = m * v * 2.0 * message / t / (c->gpus > c->gpn ? c->inter : c->intra);

  /* MoE: dispatch and combine, forward and backward, per MoE layer and
   * micro-batch. */
  if (k->ep > 1)
    st->all_to_all = m * c->moe_layers * layers_here / c->layers * (4.0 + 2.0 * moe_recompute) *
                     c->seq * k->mb * ts->all_to_all_per_token;

  /* Data parallel (_cp_layout_time_split_init()). */
  if (d > 1)
    {
      double all_reduce = ts->all_reduce, half = ts->half, gather = ts->gather, bucket_share = ts->bucket_share;

      switch (k->zero_stage)
        {
        case 3:
          if (p > 1 && settings->fsdp_pp_unsharded)
            {
              /* Stages that stay gathered (fsdp-pp-unsharded) move their
               * weights and gradients once a step, not once a
               * micro-batch: the first micro-batch's forward gathers
               * them layer by layer and nothing reshards them until the
               * step ends (torchtitan's and NeMo AutoModel's
               * reshard_after_forward False under PP, and PyTorch's
               * pipelining stage turns off resharding after backward),
               * and the stage's gradients are reduce-scattered once,
               * after its last micro-batch's backward
               * (torch/distributed/pipelining/stage.py,
               * backward_maybe_with_nosync: set_requires_gradient_sync
               * (False) for every backward but the last, whose
               * post_backward it then runs by hand). So only the
               * interleaved chunks' backward still to come hides a
               * chunk's reduce-scatter; the last chunk's is exposed. */
              double hidden_rs = (v - 1.0) / v;

              st->zero3_gather = gather;
              st->dp = gather + half;
              st->dp_exposed = MAX (0.0, gather - overlap * fwd_micro) + half / v +
                               MAX (0.0, half * hidden_rs - overlap * bwd_micro * hidden_rs);
              break;
            }
          /* Every micro-batch gathers the weights forward and backward
           * and reduce-scatters the gradients (ZeRO §7: 1.5× DP volume),
           * each hidden behind the pass it feeds: FSDP prefetches the
           * next layer's gather while one computes (backward_prefetch,
           * forward_prefetch; DeepSpeed's prefetch bucket). A frozen
           * base is gathered and not reduced. */
          st->zero3_gather = m * 2.0 * gather;
          st->dp = m * (2.0 * gather + half);
          st->dp_exposed = m * (MAX (0.0, gather - overlap * fwd_micro) +
                                MAX (0.0, gather + half - overlap * bwd_micro));
          break;
        case 2:
          /* Gradients cannot be kept whole: reduce-scattered every
           * micro-batch, weights gathered once after the update. */
          st->dp = m * half + half;
          st->dp_exposed = m * MAX (0.0, half - overlap * bwd_micro) + MAX (0.0, half - overlap * fwd_micro);
          break;
        default:
          /* DDP and Megatron's distributed optimizer reduce once, bucket by
           * bucket during the last micro-batch's backward; the last bucket
           * is never hidden (Li et al. 2020, §3.2.3). */
          st->dp = all_reduce;
          st->dp_floor = all_reduce * bucket_share;
          st->dp_exposed = MAX (all_reduce - overlap * bwd_micro, st->dp_floor);
          break;
        }
    }

  /* The GPUs wait for the CPU's step after the backward pass; with the
   * delayed update it runs while they compute the next step. */
  if (k->offload)
    {
      st->offload = ts->offload;
      st->offload_cpu_step = settings->offload_delayed_update ? MAX (0.0, ts->offload_cpu_step - st->compute)
                                                              : ts->offload_cpu_step;
    }

  /* Overlapped, a micro-batch's dispatch and combine run while another
   * micro-batch computes (DualPipe, Megatron-Core's merged 1F1B): what
   * the compute cannot cover stays exposed. */
  st->all_to_all_exposed = settings->moe_a2a_overlap ? MAX (0.0, st->all_to_all - st->compute) : st->all_to_all;

  /* Tensor-parallel collectives overlapped with the GEMMs they feed or
   * drain (tp-comm-overlap, Transformer Engine's userbuffers): the
   * parameters' GEMMs of the step, not the attention core, hide up to
   * that share of them. */
  st->tp_exposed = st->tp - settings->tp_comm_overlap * MIN (st->tp, st->compute - st->attention);

  st->overlap_slowdown = settings->overlap_compute_slowdown *
                         (MAX (0.0, st->dp - st->dp_exposed) + st->all_to_all - st->all_to_all_exposed +
                          st->tp - st->tp_exposed);

  /* Pipeline bubble: (p − 1)/(m·v) of the ideal step (Narayanan et al.
   * 2021, §2.2). */
  st->bubble = (p - 1.0) / (m * v) * (st->compute + st->tp_exposed + st->all_to_all_exposed);
  st->exposed = st->dp_exposed + st->tp_exposed + st->pp + st->all_to_all_exposed + st->offload + st->offload_cpu_step +
                st->overlap_slowdown;
  st->total = st->compute + st->exposed + st->bubble;
  st->run = st->total * c->job->tokens / st->tokens;
}

/* Utilisation measured by a trial run (R9), or 0. */
static double
trial_utilisation (const Context *c,
                   double         flops_factor)
{
  const CpTrialRun *trial = &c->job->trial;
  double tokens_per_s = trial->tokens_per_s;

  if (tokens_per_s <= 0 && trial->step_s > 0)
    tokens_per_s = c->batch_seqs * c->seq / trial->step_s;
  if (tokens_per_s <= 0 || trial->gpus == 0 || trial->gpu_dense_flops <= 0)
    return 0;
  return MIN (flops_factor * _cp_active_params (&c->job->model) * tokens_per_s /
              (trial->gpus * trial->gpu_dense_flops), 1.0);
}

/* FLOPs per parameter and token of the convention (6·N·D, 8 with full
 * recompute of every layer, LoRA's), for the totals and measured
 * utilisations. */
static double
flops_per_param_token (const Context *c,
                       const Config  *k)
{
  double factor = c->param_flops_factor;

  if (k->recompute == CP_RECOMPUTE_FULL)
    factor += 2.0 * _cp_recompute_fraction (c, k);
  else if (k->recompute == CP_RECOMPUTE_SELECTIVE)
    factor *= 1.0 + c->selective_overhead;
  return factor;
}

/* What takes the MFU of @k's run (@st, @steps of it, at @c's utilisation)
 * below that utilisation, mechanism by mechanism (CpMfuLoss): the compute
 * per token is worked out again with one mechanism after another taken
 * away (recompute, the attention core, the experts' slower GEMMs, LoRA's
 * lighter backward) until 6·N·D at the dense peak is left, so the
 * differences add up to it exactly; the step's other parts are its own. */
static void
mfu_losses (const Context  *c,
            const Config   *k,
            const StepTime *st,
            double          steps,
            CpEstimate     *est)
{
  double expert_speed = c->expert_flops_fwd > 0 ? _cp_expert_gemm_speed (c, k) : 1.0;
  double imbalance = _cp_layers_per_gpu (c, k) * k->pp / c->layers;
  /* Per-token seconds at full peak to seconds of the run. */
  double scale = st->tokens / (c->gpus * c->utilisation) * steps;
  double forward, attention, full, no_recompute, no_attention, dense_speed;
  Config plain = *k;
  Context flat = *c;

  full = compute_s_per_token (c, k, expert_speed, &forward, &attention);
  plain.recompute = CP_RECOMPUTE_NONE;
  plain.recompute_layers = 0;
  no_recompute = compute_s_per_token (c, &plain, expert_speed, &forward, &attention);
  flat.attention_flops_fwd = 0;
  no_attention = compute_s_per_token (&flat, &plain, expert_speed, &forward, &attention);
  flat.expert_peak = flat.peak;
  dense_speed = compute_s_per_token (&flat, &plain, 1.0, &forward, &attention);

  est->mfu_utilisation = c->utilisation;
  est->mfu_loss_s[CP_MFU_LOSS_TASK_FLOPS] = (dense_speed - 6.0 * _cp_active_params (&c->job->model) / c->peak) * scale;
  est->mfu_loss_s[CP_MFU_LOSS_EXPERT_GEMMS] = (no_attention - dense_speed) * scale;
  est->mfu_loss_s[CP_MFU_LOSS_ATTENTION] = (no_recompute - no_attention) * scale;
  est->mfu_loss_s[CP_MFU_LOSS_RECOMPUTE] = (full - no_recompute) * scale;
  est->mfu_loss_s[CP_MFU_LOSS_STAGE_IMBALANCE] = full * scale * (imbalance - 1.0);
  est->mfu_loss_s[CP_MFU_LOSS_TOKEN_PERMUTATION] = st->permute * steps;
  est->mfu_loss_s[CP_MFU_LOSS_TP_COMMUNICATION] = st->tp_exposed * steps;
  est->mfu_loss_s[CP_MFU_LOSS_PP_COMMUNICATION] = st->pp * steps;
  est->mfu_loss_s[CP_MFU_LOSS_DP_COMMUNICATION] = st->dp_exposed * steps;
  est->mfu_loss_s[CP_MFU_LOSS_ALL_TO_ALL] = st->all_to_all_exposed * steps;
  est->mfu_loss_s[CP_MFU_LOSS_OFFLOAD] = (st->offload + st->offload_cpu_step) * steps;
  est->mfu_loss_s[CP_MFU_LOSS_OVERLAP_SLOWDOWN] = st->overlap_slowdown * steps;
  est->mfu_loss_s[CP_MFU_LOSS_BUBBLE] = st->bubble * steps;
  est->mfu_run_s = st->total * steps;
}

/* An MFU given or measured on the machine that ran it: nothing modelled. */
static void
mfu_losses_clear (CpEstimate *est)
{
  est->mfu_utilisation = 0;
  est->mfu_run_s = 0;
  memset (est->mfu_loss_s, 0, sizeof est->mfu_loss_s);
}

const char *
cp_mfu_loss_to_string (CpMfuLoss loss)
{
  static const char *const ids[CP_N_MFU_LOSSES] = {
    "task-flops", "attention", "expert-gemms", "recompute", "stage-imbalance", "token-permutation",
    "tp-communication", "pp-communication", "dp-communication", "all-to-all", "offload",
    "overlap-slowdown", "pipeline-bubble",
  };

  g_return_val_if_fail (loss < CP_N_MFU_LOSSES, NULL);
  return ids[loss];
}

double
cp_estimate_mfu_loss (const CpEstimate *est,
                      CpMfuLoss         loss)
{
  g_return_val_if_fail (loss < CP_N_MFU_LOSSES, 0);
  if (est->mfu_run_s <= 0)
    return 0;
  return est->mfu_utilisation * est->mfu_loss_s[loss] / est->mfu_run_s;
}

void
_cp_estimate_training_time (const Context  *c,
                            const Config   *k,
                            const StepTime *searched,
                            CpEstimate     *est)
{
  const CpJob *job = c->job;
  const CpModelSpec *m = &job->model;
  double factor = flops_per_param_token (c, k);
  double measured = trial_utilisation (c, factor);
  gboolean on_trial_hardware = job->trial.quote_id != NULL && g_strcmp0 (job->trial.quote_id, c->quote->id) == 0;
  Context timed = *c;
  StepTime st;
  double steps, modelled_s;

  est->time_source = CP_TIME_SOURCE_MODEL;
  st = *searched;
  if (measured > 0)
    {
      /* A measured utilisation is end-to-end in the 6·N·D convention: it
       * sets the compute time of a step, the rest follows from it. */
      double measured_compute = factor * _cp_active_params (m) * st.tokens / (c->gpus * c->peak * measured);
      /* The trial ran the experts' permutations too: the utilisation
       * sets what is left of its compute for the GEMMs (all of it when
       * the trial ran faster than the permutations alone are modelled). */
      double measured_gemm = measured_compute > st.permute ? measured_compute - st.permute : measured_compute;

      timed.utilisation = c->utilisation * (st.compute - st.permute) / measured_gemm;
      _cp_layout_time (&timed, k, &st);
      est->time_source = on_trial_hardware ? CP_TIME_SOURCE_TRIAL : CP_TIME_SOURCE_EXTRAPOLATED;
    }
  steps = job->tokens / st.tokens;

  est->global_batch_tokens = st.tokens;
  est->steps = steps;
  est->flops = factor * _cp_active_params (m) * job->tokens;
  est->compute_s = steps * st.compute;
  est->attention_compute_s = steps * st.attention;
  est->dp_communication_s = steps * st.dp;
  est->zero3_gather_s = steps * st.zero3_gather;
  est->exposed_dp_communication_s = steps * st.dp_exposed;
  est->tp_communication_s = steps * st.tp;
  est->pp_communication_s = steps * st.pp;
  est->all_to_all_s = steps * st.all_to_all;
  est->expert_tokens_per_gemm = c->expert_flops_fwd > 0 ? _cp_expert_tokens_per_gemm (c, k) : 0;
  est->expert_gemm_speed = _cp_expert_gemm_speed (c, k);
  est->expert_permute_s = steps * st.permute;
  est->overlap_slowdown_s = steps * st.overlap_slowdown;
  est->offload_copies_s = steps * st.offload;
  est->offload_cpu_step_s = steps * st.offload_cpu_step;
  est->communication_s = steps * (st.dp + st.tp + st.pp + st.all_to_all + st.offload);
  est->inter_node_communication_s = est->nodes > 1 ? steps * (st.dp + st.pp + st.all_to_all) : 0;
  est->exposed_communication_s = steps * st.exposed;
  est->bubble_s = steps * st.bubble;
  est->total_s = est->compute_s + est->exposed_communication_s + est->bubble_s;
  modelled_s = est->total_s;
  mfu_losses (&timed, k, &st, steps, est);

  if (job->mfu > 0)
    {
      /* An end-to-end MFU already contains communication and bubbles. */
      est->time_source = CP_TIME_SOURCE_MFU;
      est->compute_s = est->flops / (est->gpus * c->peak * job->mfu);
      est->total_s = est->compute_s;
      est->exposed_communication_s = 0;
      est->bubble_s = 0;
      mfu_losses_clear (est);
    }
  else if (est->time_source == CP_TIME_SOURCE_TRIAL && est->nodes == 1)
    {
      /* On the machine that ran it, the trial's throughput is the answer. */
      est->compute_s = est->flops / (est->gpus * c->peak * measured);
      est->total_s = est->compute_s;
      est->exposed_communication_s = 0;
      est->bubble_s = 0;
      mfu_losses_clear (est);
    }

  /* The runner-up, and the attention core's part of compute, on the same
   * footing as the run time given or measured. */
  if (modelled_s > 0 && est->total_s != modelled_s)
    {
      est->runner_up_total_s *= est->total_s / modelled_s;
      est->attention_compute_s = st.compute > 0 ? est->compute_s * st.attention / st.compute : 0;
    }

  est->comm_compute_ratio = est->compute_s > 0 ? est->communication_s / est->compute_s : 0;
  est->scaling_efficiency = est->total_s > 0 ? est->compute_s / est->total_s : 0;
  est->gpu_hours = est->total_s / 3600.0 * est->gpus;
  est->achieved_mfu = est->total_s > 0 ? 6.0 * _cp_active_params (m) * job->tokens / (est->total_s * est->gpus * c->peak) : 0;
}

double
cp_gpu_spec_dense_peak_flops (const CpGpuSpec *gpu,
                              CpPrecision      precision)
{
  return _cp_dense_peak_flops (gpu, precision);
}

gboolean
cp_gpu_spec_runs_flash_attention (const CpGpuSpec *gpu)
{
  return !gpu->no_flash_attention;
}
