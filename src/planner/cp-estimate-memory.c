/* cp-estimate-memory.c: memory per GPU of one training layout (weights,
 * gradients, optimizer states, activations) and whether it fits.
 *
 * Formulas and the published figures that check them: PUBLISHED.md (M1,
 * M2, M4, M5). Nothing here allocates.
 */
#include "config.h"

#include "cp-estimate-private.h"

#include <math.h>
#include <string.h>

gboolean
_cp_is_mixed_precision (CpPrecision precision)
{
  return precision != CP_PRECISION_FP32;
}

double
_cp_active_params (const CpModelSpec *model)
{
  return model->active_params > 0 ? model->active_params : model->params;
}

double
_cp_embedding_params (const CpModelSpec *model)
{
  double embeddings = (double) model->vocab * model->hidden * (model->tied_embeddings ? 1 : 2);

  return MIN (embeddings, model->params);
}

static guint
lora_targets (const CpJob *job)
{
  return job->lora_targets != 0 ? job->lora_targets : CP_LORA_TARGET_ALL;
}

/* Trainable parameters of LoRA adapters: rank × (in + out) per adapted
 * matrix and layer (Hu et al. 2021). */
double
_cp_lora_params (const CpJob *job)
{
  const CpModelSpec *m = &job->model;
  double h = m->hidden;
  double head_dim = cp_model_spec_head_dim (m);
  double q_out = (double) m->heads * head_dim;
  double kv_out = (double) (m->kv_heads > 0 ? m->kv_heads : m->heads) * head_dim;
  double ffn = cp_model_spec_is_moe (m) ? cp_model_spec_expert_ffn (m) : m->ffn > 0 ? m->ffn : 4.0 * h;
  double experts = MAX (m->experts_total, 1);
  double per_layer = 0;
  guint targets = lora_targets (job);

  if (targets & CP_LORA_TARGET_Q)
    per_layer += h + q_out;
  if (targets & CP_LORA_TARGET_K)
    per_layer += h + kv_out;
  if (targets & CP_LORA_TARGET_V)
    per_layer += h + kv_out;
  if (targets & CP_LORA_TARGET_O)
    per_layer += q_out + h;
  if (targets & CP_LORA_TARGET_MLP)
    per_layer += (m->gated_mlp ? 3.0 : 2.0) * (h + ffn) * experts;

  return job->lora_rank * per_layer * m->layers;
}

/* The part of _cp_lora_params() that adapts the routed experts: the
 * adapters of an expert's projections belong to that expert, and live
 * where expert parallelism puts it. */
double
_cp_lora_expert_params (const CpJob *job)
{
  const CpModelSpec *m = &job->model;

  if (!cp_model_spec_is_moe (m) || (lora_targets (job) & CP_LORA_TARGET_MLP) == 0)
    return 0;
  return job->lora_rank * (m->gated_mlp ? 3.0 : 2.0) * (m->hidden + (double) cp_model_spec_expert_ffn (m)) *
         m->experts_total * m->layers;
}

/* Optimizer moments per parameter: AdamW 8 (m, v in fp32), 8-bit AdamW 2
 * (M2), SGD with momentum 4. */
double
_cp_optimizer_moment_bytes (CpOptimizer optimizer)
{
  return optimizer == CP_OPTIMIZER_ADAMW ? 8.0 : optimizer == CP_OPTIMIZER_ADAMW_8BIT ? 2.0 : 4.0;
}

/* Bytes per parameter of weights, gradients and optimizer states (M1, M2). */
void
_cp_bytes_per_param (CpPrecision        precision,
                     CpOptimizer        optimizer,
                     CpBytesConvention  convention,
                     CpOptimizerStates  kind,
                     double            *weights,
                     double            *gradients,
                     double            *states)
{
  double moments = _cp_optimizer_moment_bytes (optimizer);

  if (!_cp_is_mixed_precision (precision))
    {
      *weights = 4.0;
      *gradients = 4.0;
      *states = moments;
      return;
    }
  /* 16-bit moments: half the bytes of fp32 ones (8-bit AdamW's are
   * 8-bit whatever the setting). */
  if (kind != CP_OPTIMIZER_STATES_FP32 && optimizer != CP_OPTIMIZER_ADAMW_8BIT)
    moments /= 2.0;
  if (kind == CP_OPTIMIZER_STATES_BF16)
    {
      /* No master copy: the optimizer steps the bf16 weights with the
       * bf16 gradients (torchtune at dtype bf16: 2 + 2 + 4 = 8 bytes a
       * parameter for AdamW). */
      *weights = 2.0;
      *gradients = 2.0;
      *states = moments;
    }
  else if (convention == CP_BYTES_CONVENTION_ZERO_16)
    {
      /* 16-bit weights and gradients; the fp32 master copy counts with the
       * optimizer (K = 12 for Adam in M1). */
      *weights = 2.0;
      *gradients = 2.0;
      *states = 4.0 + moments;
    }
  else
    {
      /* 16-bit weights, fp32 gradients, the fp32 master copy with the
       * optimizer: 18 bytes a parameter for Adam, Hugging Face's count
       * (M2) and Megatron-LM's for bf16 (docs/source/api-guide/
       * distrib_optimizer.md: "bf16 param, fp32 grads: 18" without the
       * distributed optimizer, "6 + 12/d" with it, the master copy
       * sharded with the moments). */
      *weights = 2.0;
      *gradients = 4.0;
      *states = 4.0 + moments;
    }
}

/* The MLP's intermediate width a token passes through: for a mixture of
 * experts its top-k routed experts and the shared ones, averaged over the
 * MoE layers and the dense leading ones. */
static double
token_ffn_width (const CpModelSpec *model)
{
  if (cp_model_spec_is_moe (model))
    {
      double moe = cp_model_spec_moe_layers (model);
      double routed = (double) cp_model_spec_expert_ffn (model) * MAX (model->experts_active, 1) +
                      (double) cp_model_spec_shared_expert_ffn (model) * model->shared_experts;

      return (routed * moe + (double) cp_model_spec_dense_ffn (model) * (model->layers - moe)) / model->layers;
    }
  return model->ffn > 0 ? model->ffn : 4.0 * model->hidden;
}

/* Activation bytes of one transformer layer per s·b·h, before dividing by
 * the tensor-parallel size, counted by the accounting of Korthikanti et
 * al. 2022 (§4.1, M4) on the layer the model actually has. The paper's
 * 34 = 11 (attention) + 4 (layer norms) + 19 (MLP of 4h with dropout)
 * is for multi-head attention and an unfused GeLU MLP; here:
 *
 * - attention keeps its input (2), Q, K and V at their own widths, the
 *   output of the heads that the output projection reads, and the 1-byte
 *   dropout mask after it. With grouped-query attention K and V are only
 *   kv_heads · head_dim wide (Ainslie et al. 2023), so Llama 3 70B keeps
 *   6.5 + 1 where an MHA layer keeps 11. Multi-head latent attention
 *   keeps less again (below).
 * - the MLP keeps its input (2), its dropout mask (1) and its
 *   intermediates of width f: two for GeLU (fc1's output, GeLU's
 *   output: 4 bytes), and for SwiGLU CP_SWIGLU_ACTIVATION_BYTES
 *   (cp-settings.h: 8 in eager PyTorch, 6 fused).
 *
 * The masks stay counted for models trained without dropout (LLaMA §2.2
 * lists none), and the norms at Korthikanti's 2 each although eager
 * RMSNorm keeps an fp32 copy (6): both were tried against the corpus.
 * Without the masks LitGPT's measured Llama 2 7B QLoRA peak and
 * DeepSeek-V3's GPU-hours (whose layout the memory decides) leave their
 * tolerance; with eager RMSNorm torchtitan's Llama 2 13B without
 * recompute (batch 2 × 4,096 on 80 GB A100s, a measured run) no longer
 * fits. What else those runs keep or save is not known well enough to
 * take one out without the other.
 *
 * Tensor parallelism runs with sequence parallelism, as Megatron-LM does. */
double
_cp_attention_activation_coefficient (const CpModelSpec *model)
{
  double h = model->hidden;
  double head_dim, q_width, kv_width;

  if (model->kv_lora_rank > 0)
    {
      /* DeepSeek-V3 §3.2.3 recomputes MLA's up-projections (and the
       * RMSNorms) in the backward pass rather than keep their outputs:
       * the layer keeps its input, the compressed latents and the decoupled
       * RoPE key, and the heads' output the output projection reads. */
      double latents = (double) model->q_lora_rank + model->kv_lora_rank + model->qk_rope_head_dim;
      double heads_out = (double) model->heads * model->v_head_dim;

      return 2.0 + 2.0 * latents / h + 2.0 * heads_out / h + 1.0;
    }
  head_dim = cp_model_spec_head_dim (model);
  q_width = (double) model->heads * head_dim;
  kv_width = (double) (model->kv_heads > 0 ? model->kv_heads : model->heads) * head_dim;
  /* input, Q, K and V, the heads' output, the dropout mask */
  return 2.0 + 2.0 * (q_width + 2.0 * kv_width) / h + 2.0 * q_width / h + 1.0;
}

/* What torchtitan's op-level selective activation checkpointing keeps of
 * a Llama layer, per s·b·h (torchtitan/parallelisms/parallelize_llama.py
 * at 041336434916, the commit of its performance.md; the same policy
 * moved to torchtitan/distributed/activation_checkpoint.py later). Each
 * TransformerBlock is checkpointed with a policy that saves the outputs
 * of the ops in no_recompute_list (aten.mm, the flash and efficient SDPA
 * kernels, reduce_scatter) "except every second mm", counting the mms of
 * the layer from 1 and saving the odd ones; everything else (norms, RoPE,
 * SiLU, the products) is recomputed from those in the backward pass. A
 * Llama layer's mms run wq, wk, wv, wo, w1, w3, w2
 * (torchtitan/models/llama/model.py: Attention.forward,
 * FeedForward.forward w2(silu(w1(x)) * w3(x))), so it keeps:
 *   the block's input, which the checkpoint keeps          2
 *   wq's output (mm 1)                                     2 · q/h
 *   wv's output (mm 3)                                     2 · kv/h
 *   the attention kernel's output, and its log-sum-exp     2 · q/h + 4 · heads/h
 *   w1's output (mm 5)                                     2 · f/h
 *   w2's output (mm 7)                                     2
 * Llama 3 8B: 2 + 2 + 0.5 + 2.03 + 7 + 2 = 15.5, where eager PyTorch keeps
 * 41. wk, wo and w3 run again in the backward pass
 * (_cp_selective_recompute_flops_overhead).
 *
 * A mixture of experts' layer runs its routed experts through
 * torch._grouped_mm (torchtitan's MoE, use_grouped_mm on by default),
 * which the policy's save list leaves out: every torchtitan model's
 * _op_sac_save_list (llama4, deepseek_v3, qwen3, gpt_oss parallelize.py)
 * names aten.mm, the SDPA kernels, reduce_scatter_tensor,
 * all_to_all_single and max, not aten._grouped_mm. So the routed experts
 * keep nothing and run again whole in the backward pass. After attention
 * the layer keeps its router's gate output (2 · E/h, its fifth mm, where
 * the gate is counted; later releases recompute it,
 * per_op_sac_force_recompute_mm_shapes_by_fqns ["moe.router.gate"], and
 * the shared experts' mms then fall on w1 and w2) and its shared experts
 * as a dense MLP (w1's and w2's outputs, 2 · f/h + 2): for each the
 * larger of the two releases' counts, which differ by a few bytes. With
 * expert parallelism the dispatched and combined tokens stay too
 * (_cp_op_checkpoint_all_to_all_coefficient()). Dense layers of a
 * mixture of experts keep the dense pattern. Multi-head latent attention
 * keeps Megatron's selective count. */
static double
op_checkpoint_mlp_coefficient (const CpModelSpec *model)
{
  double h = model->hidden;
  double moe_layers, moe_mlp, dense_mlp;

  if (!cp_model_spec_is_moe (model))
    return 2.0 * token_ffn_width (model) / h + 2.0;
  moe_layers = cp_model_spec_moe_layers (model);
  moe_mlp = 2.0 * model->experts_total / h;
  if (model->shared_experts > 0)
    moe_mlp += 2.0 * (double) cp_model_spec_shared_expert_ffn (model) * model->shared_experts / h + 2.0;
  dense_mlp = 2.0 * (double) cp_model_spec_dense_ffn (model) / h + 2.0;
  return (moe_mlp * moe_layers + dense_mlp * (model->layers - moe_layers)) / model->layers;
}

static double
op_checkpoint_coefficient (const CpModelSpec *model)
{
  double h = model->hidden;
  double head_dim = cp_model_spec_head_dim (model);
  double q_width = (double) model->heads * head_dim;
  double kv_width = (double) (model->kv_heads > 0 ? model->kv_heads : model->heads) * head_dim;

  return 2.0 + 2.0 * q_width / h + 2.0 * kv_width / h + 2.0 * q_width / h + 4.0 * model->heads / h +
         op_checkpoint_mlp_coefficient (model);
}

static gboolean
op_checkpoint_applies (const CpModelSpec    *model,
                       CpSelectiveRecompute  policy)
{
  return policy == CP_SELECTIVE_RECOMPUTE_OP && model->kv_lora_rank == 0;
}

/* Whether Megatron-Core's per-module MoE recompute (the moe policy)
 * changes anything of @model: only a mixture of experts has MoE layers. */
static gboolean
moe_checkpoint_applies (const CpModelSpec    *model,
                        CpSelectiveRecompute  policy)
{
  return policy == CP_SELECTIVE_RECOMPUTE_MOE && cp_model_spec_is_moe (model);
}

/* What torchtitan's op-level policy keeps of a layer beside
 * op_checkpoint_coefficient() once its experts are spread over ranks:
 * the outputs of all_to_all_single, which the save list names, the tokens
 * dispatched to the experts and combined back, k copies of each token's
 * hidden state each (2 · k + 2 · k per s·b·h), averaged over the layers;
 * 0 for any other policy or a dense model. */
double
_cp_op_checkpoint_all_to_all_coefficient (const CpModelSpec    *model,
                                          CpSelectiveRecompute  policy)
{
  if (!cp_model_spec_is_moe (model) || !op_checkpoint_applies (model, policy))
    return 0;
  return 4.0 * MAX (model->experts_active, 1) * cp_model_spec_moe_layers (model) / model->layers;
}

/* FLOPs that selective recompute adds, as a fraction of a training
 * step's. Megatron's policy: the selective-recompute-overhead setting
 * (2.7% for GPT-3, M5). torchtitan's op-level policy runs wk, wo and w3
 * forward again in the backward pass (op_checkpoint_coefficient): 2 ·
 * (h · kv + q · h + h · f) FLOPs a token and layer, over a step's 6 · N
 * (or the adapters' factor) and three times the attention core's forward.
 * Llama 3 8B at 8,192 tokens: 8.3%. A mixture of experts' layer runs
 * wk, wo and its routed experts' grouped GEMMs whole again (k experts of
 * width f_e: 3 · h · f_e · k multiply-adds gated, 2 ungated), and the
 * shared experts' and dense layers' MLPs as a dense one (h · f).
 * Megatron-Core's per-module MoE policy runs each MoE layer's forward
 * again whole (moe_checkpoint_mlp_coefficient()): its router (h · E), its
 * k routed experts (3 · h · f_e each gated, 2 ungated) and its shared
 * experts (the same of f_s), and nothing of attention, whose core the
 * module list leaves out (recompute_modules replaces the default
 * ["core_attn"]). */
double
_cp_selective_recompute_flops_overhead (const CpModelSpec *model,
                                        const CpSettings  *settings,
                                        double             param_flops_factor,
                                        double             param_flops_fwd,
                                        double             attention_flops_fwd)
{
  double h = model->hidden;
  double head_dim, q_width, kv_width, recomputed, step;

  if (moe_checkpoint_applies (model, settings->selective_recompute))
    {
      double matrices = model->gated_mlp ? 3.0 : 2.0;
      double routed = matrices * h * (double) cp_model_spec_expert_ffn (model) * MAX (model->experts_active, 1);
      double shared = matrices * h * (double) cp_model_spec_shared_expert_ffn (model) * model->shared_experts;

      recomputed = 2.0 * cp_model_spec_moe_layers (model) * (h * model->experts_total + routed + shared);
      step = param_flops_factor / 2.0 * param_flops_fwd + 3.0 * attention_flops_fwd;
      return step > 0 ? recomputed / step : 0.0;
    }
  if (!op_checkpoint_applies (model, settings->selective_recompute))
    return settings->selective_recompute_flops_overhead;
  head_dim = cp_model_spec_head_dim (model);
  q_width = (double) model->heads * head_dim;
  kv_width = (double) (model->kv_heads > 0 ? model->kv_heads : model->heads) * head_dim;
  recomputed = 2.0 * model->layers * (h * kv_width + q_width * h);
  if (cp_model_spec_is_moe (model))
    {
      double moe_layers = cp_model_spec_moe_layers (model);
      double routed = (model->gated_mlp ? 3.0 : 2.0) * h * (double) cp_model_spec_expert_ffn (model) *
                      MAX (model->experts_active, 1);
      double shared = h * (double) cp_model_spec_shared_expert_ffn (model) * model->shared_experts;

      recomputed += 2.0 * (moe_layers * (routed + shared) +
                           (model->layers - moe_layers) * h * (double) cp_model_spec_dense_ffn (model));
    }
  else
    recomputed += 2.0 * model->layers * h * token_ffn_width (model);
  step = param_flops_factor / 2.0 * param_flops_fwd + 3.0 * attention_flops_fwd;
  return step > 0 ? recomputed / step : 0.0;
}

/* What the MLP half of a layer keeps per s·b·h under Megatron-Core's
 * --recompute-granularity selective --recompute-modules layernorm moe
 * (the moe policy), averaged over the layers. An MoE layer keeps only
 * the 1-byte dropout mask of the bias-dropout-add after it:
 * - "moe": MoELayer.forward runs the whole layer (router, dispatch,
 *   experts, combine, shared experts) under tensor_parallel.checkpoint
 *   (megatron/core/transformer/moe/moe_layer.py, moe_layer_recompute),
 *   which keeps its input alone, the pre-MLP layer norm's output;
 * - "layernorm": TransformerLayer runs that layer norm under
 *   CheckpointWithoutOutput and, once the MLP's output exists, frees its
 *   output's storage (discard_output_and_register_recompute) and
 *   recomputes it before the backward pass reaches it
 *   (megatron/core/transformer/transformer_layer.py,
 *   recompute_pre_mlp_layernorm). So of the dense pattern's input (2),
 *   mask (1) and intermediates only the mask stays; the norm's own input
 *   is the layer's residual, counted with the norms (4).
 * "layernorm" acts only on a norm that is a module of its own: under
 * Transformer Engine the input norm and a dense MLP's norm are fused into
 * the next linear layer (TELayerNormColumnParallelLinear, an IdentityOp
 * in their place, which transformer_layer.py skips), so attention and the
 * dense layers keep what the attention policy counts. "moe_act" (the
 * experts' activation recomputed) adds nothing the recomputed MoE layer
 * does not drop already. */
static double
moe_checkpoint_mlp_coefficient (const CpModelSpec *model)
{
  double moe_layers = cp_model_spec_moe_layers (model);
  double dense_mlp = 3.0 + (model->gated_mlp ? CP_SWIGLU_ACTIVATION_BYTES : 4.0) *
                             (double) cp_model_spec_dense_ffn (model) / model->hidden;

  return (1.0 * moe_layers + dense_mlp * (model->layers - moe_layers)) / model->layers;
}

double
_cp_per_layer_activation_coefficient (const CpModelSpec    *model,
                                      double                seq_len,
                                      gboolean              flash,
                                      CpRecompute           recompute,
                                      CpSelectiveRecompute  policy)
{
  double h = model->hidden;
  double mlp, scores;

  if (recompute == CP_RECOMPUTE_SELECTIVE && op_checkpoint_applies (model, policy))
    return op_checkpoint_coefficient (model);
  if (recompute == CP_RECOMPUTE_SELECTIVE && moe_checkpoint_applies (model, policy))
    return _cp_attention_activation_coefficient (model) + 4.0 + moe_checkpoint_mlp_coefficient (model);
  mlp = 3.0 + (model->gated_mlp ? CP_SWIGLU_ACTIVATION_BYTES : 4.0) * token_ffn_width (model) / h;
  /* FlashAttention-style kernels do not store the a·s² score matrix;
   * Megatron's selective recompute drops it too (Korthikanti et al. 2022,
   * §5). */
  scores = flash ? 0.0 : 5.0 * model->heads * seq_len / h;
  if (recompute == CP_RECOMPUTE_SELECTIVE)
    return _cp_attention_activation_coefficient (model) + 4.0 + mlp;
  return _cp_attention_activation_coefficient (model) + 4.0 + mlp + scores;
}

/* Bytes per s·b·h of _cp_per_layer_activation_coefficient() that a LoRA
 * layer does not keep because its base is frozen: autograd's linear keeps
 * its input only for the weight's gradient (torch.nn.functional.linear's
 * derivative, tools/autograd/derivatives.yaml: the input is saved for
 * grad_weight, the weight for grad_input), so a frozen projection's input
 * stays only where an adapter's A matrix reads it. Without adapters on
 * Q, K and V the attention's normed input (2) goes; without them on the
 * MLP its normed input (2) and the tensor of width f the down projection
 * reads (SwiGLU's product, GeLU's output: 2·f/h). Q, K, V and the heads'
 * output stay: the attention kernel keeps them. A QLoRA base keeps every
 * input: bitsandbytes' 4-bit matmul saves its input whenever the input
 * needs a gradient (MatMul4Bit.forward, bitsandbytes/autograd/
 * _functions.py: ctx.tensors = (A, B)), as LitGPT's and Hugging Face's
 * QLoRA run it. torchtitan's op-level selective policy is counted on its
 * own (nothing taken off). */
double
_cp_frozen_base_activation_saving (const CpJob          *job,
                                   CpRecompute           recompute,
                                   CpSelectiveRecompute  policy)
{
  const CpModelSpec *m = &job->model;
  guint targets = lora_targets (job);
  double saving = 0;

  if (job->kind != CP_TASK_LORA ||
      (recompute == CP_RECOMPUTE_SELECTIVE && op_checkpoint_applies (m, policy)))
    return 0;
  if ((targets & (CP_LORA_TARGET_Q | CP_LORA_TARGET_K | CP_LORA_TARGET_V)) == 0 && m->kv_lora_rank == 0)
    saving += 2.0;
  if ((targets & CP_LORA_TARGET_MLP) == 0)
    saving += 2.0 + 2.0 * token_ffn_width (m) / m->hidden;
  return saving;
}

/* ZeRO-3 as DeepSpeed runs it (the zero3-deepspeed setting), at its
 * defaults (deepspeed/runtime/zero/config.py, DeepSpeedZeroConfig):
 * stage3_max_live_parameters, "the maximum number of parameters resident
 * per GPU before releasing", 1e9; and sub_group_size, the tile of the
 * partition the optimizer steps at once, 1e9. FlagPerf's Llama 2 7B
 * (training/benchmarks/llama2_7b/deepspeed/ds_config.json) sets both to
 * 1e9 as well. */
#define DEEPSPEED_MAX_LIVE_PARAMETERS 1e9
#define DEEPSPEED_SUB_GROUP_SIZE      1e9
/* sqrt(v) of fp32 moments: 4 bytes an element. */
#define DEEPSPEED_CLIENT_ADAMW_TEMP_BYTES 4.0

/* What DeepSpeed's ZeRO-3 holds beyond FSDP2's two gathered layers, for a
 * GPU whose stage has @stage_params parameters (after tensor parallelism)
 * and whose gradient partition has @partition elements, into @mem
 * (gathered, step_copy):
 * - parameters stay gathered until max_live_parameters of them are
 *   resident (PartitionedParameterCoordinator releases a parameter only
 *   past it, or past max_reuse_distance: the last layers' parameters,
 *   used again at once by the backward, are kept), so up to that many
 *   are held in 16 bits;
 * - at the step, stage3.py's _prepare_fp32_grad_for_sub_group flattens a
 *   sub-group's gradient partition (a copy in the gradients' dtype) and
 *   .to()s it to the fp32 master's dtype (a second copy, unless the
 *   gradients are fp32 already), then frees the 16-bit gradients: up to
 *   sub_group_size elements of each. The activations are freed by then,
 *   but PyTorch's caching allocator splits a cached block only within its
 *   own segment and never merges segments (c10/cuda/CUDACachingAllocator.cpp,
 *   without expandable_segments), so blocks of that size come from new
 *   segments beside the activations' cached ones: what the GPU reports
 *   in use is their sum. */
static void
deepspeed_zero3_buffers (const Context *c,
                         double         stage_params,
                         double         partition,
                         Memory        *mem)
{
  double elements = MIN (DEEPSPEED_SUB_GROUP_SIZE, partition);

  mem->gathered = MAX (mem->gathered, MIN (DEEPSPEED_MAX_LIVE_PARAMETERS, stage_params) * c->act_bytes);
  mem->step_copy = elements * (c->g + (c->g < 4.0 ? 4.0 : 0.0));
  /* The step itself, where the optimizer is PyTorch's AdamW (the
   * zero3-client-adamw setting, cp-settings.c says when): stage3.py's
   * _optimizer_step hands it the sub-group's fp32 master partition
   * alone, and its foreach implementation computes sqrt(v) into a new
   * tensor of that size (exp_avg_sq_sqrt = torch._foreach_sqrt(...),
   * torch/optim/adam.py _multi_tensor_adam), fp32 as the moments
   * zeros_like() makes of the master are. It is allocated while the
   * sub-group's fp32 gradient copy is alive, and larger than the blocks
   * freed before it, so it comes from a segment of its own. */
  mem->step_temp = c->settings->zero3_client_adamw && c->job->optimizer == CP_OPTIMIZER_ADAMW
                     ? elements * DEEPSPEED_CLIENT_ADAMW_TEMP_BYTES
                     : 0.0;
}

/* Parameters of one layer that ZeRO-3 gathers, times the tensor-parallel
 * size (the caller divides by it): the dense part whole, the experts to
 * this expert-parallel rank's share (split ETP ways) where the
 * expert-data-parallel group (@expert_dp ranks, _cp_expert_dp()) shards
 * them. */
static double
gathered_layer_params (const Context *c,
                       const Config  *k,
                       double         expert_dp)
{
  double experts = c->expert_params > 0 && expert_dp > 1
                     ? c->expert_params * k->tp / (_cp_expert_tp (c, k) * MAX (k->ep, 1))
                     : 0.0;

  return (c->dense_layer_params + experts) / MAX (c->layers, 1);
}

/* Adapter parameters on one GPU of @k, each pipeline stage holding an
 * equal share: those of attention and the dense MLPs split over the
 * tensor-parallel ranks, those of the routed experts with their experts
 * over ETP × EP (a LoRA wrapper adapts the linear layers of the experts
 * its rank built, Megatron-Core's BaseMoELayer). Returns their sum;
 * @dense and @experts receive the two parts. */
double
_cp_lora_trainable_here (const Context *c,
                         const Config  *k,
                         double        *dense,
                         double        *experts)
{
  double p = k->pp;

  *dense = (c->lora_trainable - c->lora_expert_trainable) / (k->tp * p);
  *experts = c->lora_expert_trainable / (_cp_expert_tp (c, k) * MAX (k->ep, 1) * p);
  return *dense + *experts;
}

/* The frozen base of a LoRA or QLoRA job on one GPU of @k, the whole
 * model's layers before ZeRO shards it, as its weights are laid out: the
 * routed experts over ETP × EP (each rank builds only its
 * num_moe_experts / EP local experts, Megatron-Core's BaseMoELayer,
 * megatron/core/transformer/moe/moe_layer.py), the rest over TP; in
 * 16 bits (32 for an fp32 job), or QLoRA's qlora-bits. Returns their
 * sum in bytes; @dense and @experts receive the two parts. */
double
_cp_lora_frozen_base_bytes (const Context *c,
                            const Config  *k,
                            double        *dense,
                            double        *experts)
{
  double bytes_per_param = k->qlora ? c->settings->qlora_bits / 8.0 : c->act_bytes > 2 ? 4.0 : 2.0;

  *experts = c->expert_params * bytes_per_param / (_cp_expert_tp (c, k) * MAX (k->ep, 1));
  *dense = (k->qlora ? c->qlora_base_bytes - c->expert_params * bytes_per_param
                     : (c->job->model.params - c->expert_params) * bytes_per_param) / k->tp;
  return *dense + *experts;
}

/* The parameters whose optimizer states one GPU of the busiest pipeline
 * stage of @k keeps and steps: ZeRO's share of them from stage 1 on (the
 * routed experts' over their expert-data-parallel group), as
 * _cp_layout_memory_states() counts its optimizer states. */
double
_cp_optimizer_params_here (const Context *c,
                           const Config  *k)
{
  double t = k->tp, p = k->pp, d = k->dp, e = k->ep;
  double stage_share = _cp_layers_per_gpu (c, k) / c->layers;
  double dense, experts;

  if (k->lora || k->qlora)
    {
      double trainable = _cp_lora_trainable_here (c, k, &dense, &experts);

      return k->zero_stage >= 1 ? trainable / d : trainable;
    }
  dense = (c->dense_layer_params * stage_share + (p > 1 ? c->embedding_stage : c->embedding_all)) / t;
  experts = c->expert_params * stage_share / (_cp_expert_tp (c, k) * e);
  return k->zero_stage >= 1 ? dense / d + experts / _cp_expert_dp (c, k) : dense + experts;
}

/* Whether CPU offload of @k keeps the weights and gradients on the host
 * too, as FSDP's CPU offload does (_cp_layout_memory_states() says when),
 * not only the optimizer states and their update (ZeRO-Offload). */
gboolean
_cp_offload_holds_weights (const Context *c,
                           const Config  *k)
{
  return k->offload && k->zero_stage >= 3 && c->job->zero_stage == 3 && c->job->cpu_offload && !k->lora && !k->qlora;
}

/* Memory of one GPU on the busiest pipeline stage: its model states
 * (_cp_layout_memory_states()), then its activations and the totals
 * (_cp_layout_memory_activations()). */
void
_cp_layout_memory (const Context *c,
                   const Config  *k,
                   Memory        *mem)
{
  _cp_layout_memory_states (c, k, mem);
  _cp_layout_memory_activations (c, k, mem);
}

/* The weights, gradients, optimizer states, host memory and gathered
 * layers of @k into @mem: what the micro-batch size and the recompute
 * leave as they are, so the layout search works them out once for the
 * layouts of a split that differ only in those. */
void
_cp_layout_memory_states (const Context *c,
                          const Config  *k,
                          Memory        *mem)
{
  const CpSettings *settings = c->settings;
  double t = k->tp, p = k->pp, d = k->dp, e = k->ep;
  double layers_here = _cp_layers_per_gpu (c, k);
  double stage_share = layers_here / c->layers;
  double expert_dp = _cp_expert_dp (c, k);
  double gathered = 0, reducing = 0;

  if (k->lora || k->qlora)
    {
      double trainable_dense, trainable_experts;
      double trainable = _cp_lora_trainable_here (c, k, &trainable_dense, &trainable_experts);
      double dense_base, experts_base;

      _cp_lora_frozen_base_bytes (c, k, &dense_base, &experts_base);
      mem->weights = (dense_base + experts_base) / p + trainable * c->w;
      /* ZeRO-3 / FSDP shards every parameter over the data-parallel
       * group, the frozen base too, the experts over their
       * expert-data-parallel group: torchtune's lora_finetune_distributed
       * recipes apply FSDP2's fully_shard to every layer, so each GPU keeps
       * 1/d of the base plus the one layer gathered whole while it
       * computes (issue 21: 27.6 GiB for Llama 3 70B on 8 x A100). */
      if (k->zero_stage >= 3 && d > 1)
        {
          mem->weights = (dense_base / d + experts_base / expert_dp) / p + trainable * c->w;
          gathered = MIN (1.0, layers_here) * (dense_base + (expert_dp > 1 ? experts_base : 0.0)) / c->layers;
        }
      mem->gradients = trainable * c->g;
      mem->optimizer = trainable * c->o;
      if (k->zero_stage >= 1)
        mem->optimizer /= d;
      if (k->zero_stage >= 2)
        mem->gradients /= d;
      /* FSDP1 (the fsdp1-adapter-gradients setting): adapters wrapped in
       * the same FSDP unit as their frozen base share its FlatParameter,
       * and with use_orig_params=True "the gradient memory usage will be
       * higher than expected (namely, equivalent to not freezing those
       * parameters)" (PyTorch FSDP docs, FullyShardedDataParallel); and
       * accumulating micro-batches under no_sync "will accumulate the full
       * model gradients (instead of gradient shards) until the eventual
       * sync" (FullyShardedDataParallel.no_sync). So with more than one
       * micro-batch a step, every GPU holds the whole model's gradients
       * in the weights' dtype. FSDP2 shards and accumulates per parameter,
       * trainable ones only. */
      if (settings->fsdp1_adapter_gradients && k->zero_stage >= 3 && d > 1 && k->m > 1)
        mem->gradients = c->job->model.params * (c->act_bytes > 2 ? 4.0 : 2.0) / (t * p);
    }
  else
    {
      /* Embeddings sit on the first and last stages; experts are spread
       * over the expert-parallel ranks, each split over the expert
       * tensor-parallel ones (Megatron-Core's MoE layout, _cp_expert_tp()). */
      double dense = (c->dense_layer_params * stage_share + (p > 1 ? c->embedding_stage : c->embedding_all)) / t;
      double experts = c->expert_params * stage_share / (_cp_expert_tp (c, k) * e);

      mem->weights = (dense + experts) * c->w;
      mem->gradients = (dense + experts) * c->g;
      mem->optimizer = (dense + experts) * c->o;
      /* ZeRO partitions over the data-parallel group, experts over theirs. */
      if (k->zero_stage >= 1)
        mem->optimizer = (dense / d + experts / expert_dp) * c->o;
      if (k->zero_stage >= 2)
        mem->gradients = (dense / d + experts / expert_dp) * c->g;
      if (k->zero_stage >= 3)
        {
          mem->weights = (dense / d + experts / expert_dp) * c->w;
          /* Two layers gathered whole, the one computing and the one
           * prefetched (DeepSpeed's prefetch bucket): a buffer, not a
           * model state (M1 counts none). What is gathered is what ZeRO
           * sharded: a layer's dense part over the data-parallel group,
           * its experts only over the expert-data-parallel one (d/e), to
           * this rank's 1/e of them, as FSDP2 shards experts over the
           * mesh's expert-data-parallel dimension and Megatron's
           * distributed optimizer over the expert-data-parallel group;
           * with d = e the experts are not sharded and nothing of them is
           * gathered. (Gathering all of a layer's experts counted 256 of
           * DeepSeek-V3's experts, 44 GB, at EP 64.) */
          double layer = d > 1 ? gathered_layer_params (c, k, expert_dp) / t : 0.0;

          gathered = MIN (2.0, layers_here) * layer * c->act_bytes;
          /* And the gradients on their way out: FSDP2's reduce-scatter
           * (foreach_reduce, torch/distributed/fsdp/_fully_shard/
           * _fsdp_collectives.py) allocates an input buffer of the layer's
           * whole gradients in the reduce dtype, copies the unsharded
           * gradients (in the compute dtype) into it, and "only after the
           * copy-in finishes" frees them, so for that moment one layer's
           * gradients are held twice; the buffer lives on the
           * reduce-scatter stream while the next layer's backward runs.
           * The reduce dtype is the gradients' of the bytes convention:
           * 16-bit under ZeRO's 16 bytes, fp32 under 18 (torchtitan's
           * mixed_precision_reduce "float32"). */
          reducing = MIN (1.0, layers_here) * layer * (c->act_bytes + c->g);
          /* With pipeline stages, FSDP keeps the stage gathered for the
           * whole step and its gradients unsharded until the last
           * micro-batch's backward: torchtitan does not reshard after
           * forward under PP ("For PP, by default do not reshard after
           * forward to avoid per-microbatch all-gathers",
           * fsdp_reshard_after_forward "default"), PyTorch's pipelining
           * stage turns off resharding after backward and gradient sync
           * for every backward but the last
           * (torch/distributed/pipelining/stage.py), and FSDP2
           * accumulates those unsharded gradients in the reduce dtype,
           * fp32 in torchtitan (FSDPParam.to_accumulated_grad_if_needed,
           * torch/distributed/fsdp/_fully_shard/_fsdp_param.py). So the
           * stage's share of parameters on this GPU is held in 16 bits
           * and its gradients in 32: 6 bytes a parameter beside the
           * sharded states. Experts that ZeRO does not shard (d = e:
           * an expert-data-parallel group of one; NeMo AutoModel leaves
           * them out of FSDP, nemo_automodel/components/moe/
           * parallelizer.py apply_fsdp, ignored_params) are held whole
           * with their gradients already, and add nothing. A setting
           * (fsdp-pp-unsharded, off by default: cp-settings.c says why). */
          if (d > 1 && p > 1 && settings->fsdp_pp_unsharded)
            {
              gathered = (dense + (expert_dp > 1 ? experts : 0.0)) * (c->act_bytes + 4.0);
              reducing = 0.0;
            }
        }
    }
  /* ZeRO-Offload keeps optimizer states and their update on the host,
   * each GPU's share of them in the RAM of its node (the fullest stage's
   * share for every GPU: a little more than the others hold). */
  mem->host = 0.0;
  if (k->offload)
    {
      mem->host = mem->optimizer / c->o * c->host_per_param * MIN (c->gpus, c->gpn);
      mem->optimizer = 0.0;
      /* Fully sharded, offload takes the parameters and gradients too:
       * FSDP2's CPUOffloadPolicy "offloads parameters, gradients, and
       * optimizer states to CPU. Sharded parameters are copied
       * host-to-device before all-gather … Sharded gradients are copied
       * device-to-host in backward, and the optimizer step runs on CPU"
       * (torch/distributed/fsdp/_fully_shard/_fsdp_api.py; torchtune's
       * fsdp_cpu_offload runs it, as DeepSpeed's ZeRO-3 offload_param
       * does). The GPU keeps the layers gathered for compute and one
       * layer's unsharded gradients until they are reduce-scattered and
       * copied out; the host's fp32 master and gradients are already in
       * host_per_param. Where the job states ZeRO-3 and offload, as a
       * run with FSDP's CPU offload does; the search's offload technique
       * is ZeRO-Offload's (Ren et al. 2021: optimizer states and update
       * on the CPU, parameters on the GPU), which R1 weighs on one
       * machine. Full fine-tuning only: adapters' frozen base is left as
       * it is. */
      if (_cp_offload_holds_weights (c, k))
        {
          mem->weights = 0.0;
          mem->gradients = 0.0;
          double layer = gathered_layer_params (c, k, expert_dp) / t;

          gathered = MIN (2.0, layers_here) * layer * c->act_bytes + MIN (1.0, layers_here) * layer * c->g;
          /* that layer's gradients are those on their way out */
          reducing = 0.0;
        }
    }
  mem->gathered = gathered;
  mem->reducing = reducing;
  mem->step_copy = 0.0;
  mem->step_temp = 0.0;
  if (settings->zero3_deepspeed && k->zero_stage >= 3 && d > 1 && !k->offload && c->g > 0)
    deepspeed_zero3_buffers (c, (c->dense_layer_params * stage_share + (p > 1 ? c->embedding_stage : c->embedding_all)) / t +
                                c->expert_params * stage_share / (_cp_expert_tp (c, k) * e),
                             mem->gradients / c->g, mem);
}

/* The activations of @k and the totals, on the model states
 * _cp_layout_memory_states() put in @mem for a layout of the same split,
 * ZeRO stage and micro-batches per step. */
void
_cp_layout_memory_activations (const Context *c,
                               const Config  *k,
                               Memory        *mem)
{
  const CpSettings *settings = c->settings;
  double t = k->tp, p = k->pp;
  double layers_here = _cp_layers_per_gpu (c, k);
  double sbh = c->seq * k->mb * c->hidden;
  double per_layer, first, last, logits;

  switch (k->recompute)
    {
    case CP_RECOMPUTE_FULL:
      {
        /* Recomputed layers keep their input only; the others all. */
        double recomputed = _cp_recompute_fraction (c, k);

        per_layer = recomputed * 2.0 * sbh + (1.0 - recomputed) * sbh * c->act_none / t;
      }
      break;
    case CP_RECOMPUTE_SELECTIVE:
      per_layer = sbh * (c->act_selective + (k->ep > 1 ? c->act_selective_all_to_all : 0)) / t;
      break;
    case CP_RECOMPUTE_NONE:
    case CP_RECOMPUTE_AUTO:
    case CP_N_RECOMPUTES:
    default:
      per_layer = sbh * c->act_none / t;
      break;
    }
  /* 1F1B: the first stage holds min(m, p) micro-batches of its layers (L
   * layers' worth once m ≥ p); interleaving adds (1 + (p − 1)/(p·v))
   * (Korthikanti et al. 2022, §4.2.3). The last stage holds one and what
   * the loss keeps of the logits at its peak: the fp32 logits of a fused
   * loss (eq. 6), three fp32 copies of an eager one (the cross-entropy
   * setting, cp_cross_entropy_bytes_per_logit()). */
  first = per_layer * layers_here * MIN ((double) k->m, p);
  if (k->vs > 1)
    first *= 1.0 + (p - 1.0) / (p * k->vs);
  logits = c->logit_bytes_per_seq * k->mb * c->vocab / t;
  last = per_layer * layers_here + logits;
  mem->activations = c->act_scale * MAX (first, last);

  mem->fragmentation = settings->fragmentation_fraction *
                       (mem->weights + mem->gradients + mem->optimizer + mem->activations);
  mem->overhead = settings->framework_overhead_bytes + mem->gathered + mem->reducing + mem->step_copy +
                  mem->step_temp + mem->fragmentation;
  mem->total = mem->weights + mem->gradients + mem->optimizer + mem->activations + mem->overhead;
}

/* Whether a layout's memory fits the GPUs and, where the quote states it,
 * the host memory CPU offload fills. */
gboolean
_cp_memory_fits (const Context *c,
                 const Memory  *mem)
{
  return mem->total <= c->capacity && (c->host_capacity <= 0 || mem->host <= c->host_capacity);
}
