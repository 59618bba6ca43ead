/* cp-types.c: names of the model's enumerations and catalogue records. */
#include "config.h"

#include "cp-types.h"
#include "cp-settings.h"
#include "cp-check-private.h"

#include <glib/gi18n.h>

#include <float.h>
#include <math.h>
#include <string.h>

/* Stable ids, used in files, XML and on the command line: never translated. */
static const char * const task_names[] = {
  "pretrain", "full-finetune", "lora", "qlora", "inference", "debug", "data-processing",
};
static const char * const precision_names[] = { "fp32", "bf16", "fp16", "fp8" };
static const char * const optimizer_names[] = { "adamw", "adamw-8bit", "sgd" };
static const char * const recompute_names[] = { "none", "selective", "full", "auto" };
static const char * const bytes_convention_names[] = { "16", "18" };
static const char * const memory_unit_names[] = { "gib", "gb" };
static const char * const offering_names[] = {
  "bare-metal", "hosted-machine", "container", "container-cluster", "bare-metal-cluster", "cloud-vm",
};
static const char * const vat_basis_names[] = { "unstated", "included", "excluded" };
static const char * const network_names[] = { "none", "ethernet", "roce", "infiniband" };
static const char * const sharing_names[] = { "unknown", "dedicated", "shared" };
static const char * const price_unit_names[] = { "gpu-hour", "node-hour", "node-month" };
static const char * const storage_names[] = {
  "unknown", "parallel-fs", "nas", "network-disk", "local-nvme",
};
static const char * const verification_names[] = { "primary", "secondary", "unverified" };
static const char * const gpu_figure_names[] = {
  "memory_nominal_gb", "dense_bf16_flops", "dense_fp8_flops", "dense_fp32_flops", "memory_bandwidth_gbytes_per_s",
};
/* The serving conventions of cp-settings.h, as estimate's options and the XML name them. */
static const char * const fp8_layout_names[] = { "all-linear", "llama3" };
static const char * const vllm_profile_names[] = { "v1", "v0" };
static const char * const kv_admission_names[] = { "paged", "full-length" };
static const char * const serving_engine_names[] = { "vllm", "sglang" };
static const char * const selective_recompute_names[] = { "attention", "op", "moe" };
static const char * const cross_entropy_names[] = { "fused", "eager" };
static const char * const optimizer_states_names[] = { "fp32", "bf16-moments", "bf16" };
static const char * const technique_names[] = {
  "as-configured", "selective-recompute", "full-recompute", "zero3", "cpu-offload", "lora", "qlora",
};

G_DEFINE_QUARK (cp-model-error-quark, cp_model_error)

static gboolean
lookup (const char * const *names,
        guint               n_names,
        const char         *str,
        int                *out)
{
  if (str == NULL)
    return FALSE;
  for (guint i = 0; i < n_names; i++)
    if (g_ascii_strcasecmp (names[i], str) == 0)
      {
        *out = (int) i;
        return TRUE;
      }
  return FALSE;
}

#define DEFINE_NAMES(Type, prefix, names, count)                       \
  const char *                                                         \
  prefix##_to_string (Type value)                                      \
  {                                                                    \
    G_STATIC_ASSERT (G_N_ELEMENTS (names) == count);                   \
    return (guint) value < count ? names[value] : NULL;                \
  }                                                                    \
  gboolean                                                             \
  prefix##_from_string (const char *str, Type *out)                    \
  {                                                                    \
    int index;                                                         \
    if (!lookup (names, count, str, &index))                           \
      return FALSE;                                                    \
    *out = (Type) index;                                               \
    return TRUE;                                                       \
  }

DEFINE_NAMES (CpTaskKind, cp_task_kind, task_names, CP_N_TASKS)
DEFINE_NAMES (CpPrecision, cp_precision, precision_names, CP_N_PRECISIONS)
DEFINE_NAMES (CpOptimizer, cp_optimizer, optimizer_names, CP_N_OPTIMIZERS)
DEFINE_NAMES (CpRecompute, cp_recompute, recompute_names, CP_N_RECOMPUTES)
DEFINE_NAMES (CpBytesConvention, cp_bytes_convention, bytes_convention_names, CP_N_BYTES_CONVENTIONS)
DEFINE_NAMES (CpMemoryUnit, cp_memory_unit, memory_unit_names, CP_N_MEMORY_UNITS)
DEFINE_NAMES (CpOfferingKind, cp_offering_kind, offering_names, CP_N_OFFERINGS)
DEFINE_NAMES (CpVatBasis, cp_vat_basis, vat_basis_names, CP_N_VAT_BASES)
DEFINE_NAMES (CpNetworkKind, cp_network_kind, network_names, CP_N_NETWORKS)
DEFINE_NAMES (CpSharing, cp_sharing, sharing_names, CP_N_SHARINGS)
DEFINE_NAMES (CpPriceUnit, cp_price_unit, price_unit_names, CP_N_PRICE_UNITS)
DEFINE_NAMES (CpStorageKind, cp_storage_kind, storage_names, CP_N_STORAGES)
DEFINE_NAMES (CpTechnique, cp_technique, technique_names, CP_N_TECHNIQUES)
DEFINE_NAMES (CpVerification, cp_verification, verification_names, CP_N_VERIFICATIONS)
DEFINE_NAMES (CpGpuFigure, cp_gpu_figure, gpu_figure_names, CP_N_GPU_FIGURES)
DEFINE_NAMES (CpFp8Layout, cp_fp8_layout, fp8_layout_names, CP_N_FP8_LAYOUTS)
DEFINE_NAMES (CpOptimizerStates, cp_optimizer_states, optimizer_states_names, CP_N_OPTIMIZER_STATES)
DEFINE_NAMES (CpVllmProfile, cp_vllm_profile, vllm_profile_names, CP_N_VLLM_PROFILES)
DEFINE_NAMES (CpKvAdmission, cp_kv_admission, kv_admission_names, CP_N_KV_ADMISSIONS)
DEFINE_NAMES (CpServingEngine, cp_serving_engine, serving_engine_names, CP_N_SERVING_ENGINES)
DEFINE_NAMES (CpSelectiveRecompute, cp_selective_recompute, selective_recompute_names, CP_N_SELECTIVE_RECOMPUTES)
DEFINE_NAMES (CpCrossEntropy, cp_cross_entropy, cross_entropy_names, CP_N_CROSS_ENTROPIES)

/* Bytes per logit alive at the loss's peak, while every layer still
 * holds its activations (the peak is at the start of the backward pass).
 * Fused: Megatron-LM's vocab_parallel_cross_entropy
 * (megatron/core/tensor_parallel/cross_entropy.py) exponentiates the fp32
 * logits in place, keeps that softmax for the backward pass and turns it
 * into the gradient in place: the 4·s·b·v of Korthikanti et al. 2022
 * (eq. 6). Eager: torchtitan's loss before it was compiled
 * (F.cross_entropy(pred.flatten(0, 1).float(), labels.flatten(0, 1)),
 * and in train.py "pred = model(input_ids); loss = loss_fn(pred,
 * labels); del pred; loss.backward()"; torchtitan/components/loss.py
 * later wraps it in torch.compile under training.compile) keeps
 * log_softmax's fp32 output (4), and nll_loss's backward writes a dense
 * fp32 gradient (4) from which _log_softmax_backward_data writes another
 * (4) before either is freed: 12. The forward's peak is lower: the bf16
 * logits, their fp32 copy and log_softmax's output, 10. */
double
cp_cross_entropy_bytes_per_logit (CpCrossEntropy kind)
{
  return kind == CP_CROSS_ENTROPY_EAGER ? 12.0 : 4.0;
}

gboolean
cp_task_kind_is_training (CpTaskKind kind)
{
  return kind == CP_TASK_PRETRAIN || kind == CP_TASK_FULL_FINETUNE ||
         kind == CP_TASK_LORA || kind == CP_TASK_QLORA;
}

void
cp_model_spec_clear (CpModelSpec *spec)
{
  g_clear_pointer (&spec->id, g_free);
  g_clear_pointer (&spec->name, g_free);
  g_clear_pointer (&spec->source, g_free);
}

void
cp_model_spec_copy (CpModelSpec       *dest,
                    const CpModelSpec *src)
{
  if (dest == src)
    return;
  cp_model_spec_clear (dest);
  *dest = *src;
  dest->id = g_strdup (src->id);
  dest->name = g_strdup (src->name);
  dest->source = g_strdup (src->source);
}

guint
cp_model_spec_head_dim (const CpModelSpec *spec)
{
  if (spec->head_dim > 0)
    return spec->head_dim;
  return spec->heads > 0 ? spec->hidden / spec->heads : 0;
}

gboolean
cp_model_spec_is_moe (const CpModelSpec *spec)
{
  return spec->experts_total > 1;
}

guint
cp_model_spec_moe_layers (const CpModelSpec *spec)
{
  if (!cp_model_spec_is_moe (spec))
    return 0;
  return spec->layers > spec->dense_layers ? spec->layers - spec->dense_layers : 0;
}

guint
cp_model_spec_expert_ffn (const CpModelSpec *spec)
{
  return spec->expert_ffn > 0 ? spec->expert_ffn : spec->ffn;
}

guint
cp_model_spec_shared_expert_ffn (const CpModelSpec *spec)
{
  return spec->shared_expert_ffn > 0 ? spec->shared_expert_ffn : cp_model_spec_expert_ffn (spec);
}

guint
cp_model_spec_dense_ffn (const CpModelSpec *spec)
{
  return spec->dense_ffn > 0 ? spec->dense_ffn : spec->ffn;
}

static double
mlp_params (const CpModelSpec *spec,
            double             ffn)
{
  return (spec->gated_mlp ? 3.0 : 2.0) * spec->hidden * ffn;
}

double
cp_model_spec_attention_params (const CpModelSpec *spec)
{
  double h = spec->hidden;
  double heads = spec->heads;

  if (spec->kv_lora_rank > 0)
    {
      /* DeepSeek-V2 §2.1: queries through an optional low-rank q_lora_rank,
       * keys and values through the shared latent kv_lora_rank plus the
       * decoupled RoPE key; the norms on the two latents are counted. */
      double qk_head = spec->qk_nope_head_dim + spec->qk_rope_head_dim;
      double q = spec->q_lora_rank > 0
                 ? h * spec->q_lora_rank + spec->q_lora_rank * heads * qk_head + spec->q_lora_rank
                 : h * heads * qk_head;
      double kv = h * (spec->kv_lora_rank + spec->qk_rope_head_dim) +
                  spec->kv_lora_rank * heads * (spec->qk_nope_head_dim + spec->v_head_dim) +
                  spec->kv_lora_rank;
      double out = heads * spec->v_head_dim * h;

      return q + kv + out;
    }
  else
    {
      double head_dim = cp_model_spec_head_dim (spec);
      double kv_heads = spec->kv_heads > 0 ? spec->kv_heads : spec->heads;

      /* Q and O are h × (heads·head_dim); K and V shrink with grouped-query attention. */
      return 2.0 * h * heads * head_dim + 2.0 * h * kv_heads * head_dim;
    }
}

double
cp_model_spec_expert_params (const CpModelSpec *spec)
{
  return mlp_params (spec, cp_model_spec_expert_ffn (spec));
}

double
cp_model_spec_shared_expert_params (const CpModelSpec *spec)
{
  return mlp_params (spec, cp_model_spec_shared_expert_ffn (spec));
}

double
cp_model_spec_dense_mlp_params (const CpModelSpec *spec)
{
  return mlp_params (spec, cp_model_spec_is_moe (spec) ? cp_model_spec_dense_ffn (spec) : spec->ffn);
}

/* Parameters of every layer with @routed_experts routed experts counted in
 * each MoE layer. */
static double
layer_params (const CpModelSpec *spec,
              double             routed_experts)
{
  double h = spec->hidden;
  double norms = 2.0 * h;
  double moe_layers = cp_model_spec_moe_layers (spec);
  double dense_layers = spec->layers - moe_layers;
  double moe_mlp = routed_experts * cp_model_spec_expert_params (spec) +
                   spec->shared_experts * cp_model_spec_shared_expert_params (spec) +
                   h * spec->experts_total;  /* the router */

  return spec->layers * (cp_model_spec_attention_params (spec) + norms) +
         dense_layers * cp_model_spec_dense_mlp_params (spec) +
         moe_layers * moe_mlp;
}

double
cp_model_spec_params_from_architecture (const CpModelSpec *spec)
{
  double h = spec->hidden;
  double embeddings = (double) spec->vocab * h * (spec->tied_embeddings ? 1 : 2);

  return embeddings + layer_params (spec, spec->experts_total) + h;
}

double
cp_model_spec_active_params_from_architecture (const CpModelSpec *spec)
{
  double h = spec->hidden;

  return (double) spec->vocab * h + layer_params (spec, spec->experts_active) + h;
}

void
cp_model_spec_init_from_params (CpModelSpec *spec,
                                double       params)
{
  /* GPT-3 family shapes (Brown et al. 2020, Table 2.1): parameters,
   * layers, d_model, heads. The 1.3B model uses 16 heads of 128, since the
   * table's 24 heads do not divide d_model = 2048. */
  static const struct {
    double params;
    guint  layers;
    guint  hidden;
    guint  heads;
  } shapes[] = {
    { 125e6, 12, 768, 12 },
    { 350e6, 24, 1024, 16 },
    { 760e6, 24, 1536, 16 },
    { 1.3e9, 24, 2048, 16 },
    { 2.7e9, 32, 2560, 32 },
    { 6.7e9, 32, 4096, 32 },
    { 13e9, 40, 5140, 40 },
    { 175e9, 96, 12288, 96 },
  };
  guint best = 0;

  /* Nearest on a log scale: sizes span three orders of magnitude. */
  for (guint i = 1; i < G_N_ELEMENTS (shapes); i++)
    if (fabs (log (shapes[i].params / params)) < fabs (log (shapes[best].params / params)))
      best = i;

  spec->params = params;
  spec->active_params = params;
  spec->layers = shapes[best].layers;
  spec->hidden = shapes[best].hidden;
  spec->heads = shapes[best].heads;
  spec->kv_heads = shapes[best].heads;
  spec->head_dim = 0;
  spec->ffn = 4 * shapes[best].hidden;
  /* GPT-2/3 byte-level BPE vocabulary (Radford et al. 2019). */
  spec->vocab = 50257;
  spec->tied_embeddings = TRUE;
  spec->gated_mlp = FALSE;
  spec->experts_total = 0;
  spec->experts_active = 0;
  spec->shared_experts = 0;
  spec->expert_ffn = 0;
  spec->shared_expert_ffn = 0;
  spec->dense_layers = 0;
  spec->dense_ffn = 0;
  spec->kv_latent_dim = 0;
  spec->q_lora_rank = 0;
  spec->kv_lora_rank = 0;
  spec->qk_rope_head_dim = 0;
  spec->qk_nope_head_dim = 0;
  spec->v_head_dim = 0;
}

gboolean
cp_gpu_spec_variant (const CpGpuSpec *gpu,
                     char           **family,
                     char           **variant)
{
  const char *id = gpu->id != NULL ? strrchr (gpu->id, '-') : NULL;
  g_autofree char *folded_name = NULL;
  const char *at;
  gsize n;

  /* The id's last part, with a digit and ending in a letter ("910b"), is
   * followed in the name by a digit ("910B2"). */
  id = id != NULL ? id + 1 : gpu->id;
  if (id == NULL || gpu->name == NULL || (n = strlen (id)) < 2 || !g_ascii_isalpha (id[n - 1]) ||
      strpbrk (id, "0123456789") == NULL)
    return FALSE;
  folded_name = g_ascii_strdown (gpu->name, -1);
  at = strstr (folded_name, id);
  if (at == NULL || !g_ascii_isdigit (at[n]))
    return FALSE;
  *family = g_strndup (gpu->name + (at - folded_name), n);
  *variant = g_strndup (gpu->name + (at - folded_name), n + strspn (at + n, "0123456789"));
  return TRUE;
}

gboolean
cp_gpu_spec_figure_unconfirmed (const CpGpuSpec *gpu,
                                CpGpuFigure      figure)
{
  g_return_val_if_fail (figure < CP_N_GPU_FIGURES, FALSE);
  return (gpu->unconfirmed & (1u << figure)) != 0;
}

void
cp_gpu_spec_clear (CpGpuSpec *spec)
{
  g_clear_pointer (&spec->id, g_free);
  g_clear_pointer (&spec->name, g_free);
  g_clear_pointer (&spec->default_intra_link, g_free);
  g_clear_pointer (&spec->source, g_free);
}

void
cp_gpu_spec_copy (CpGpuSpec       *dest,
                  const CpGpuSpec *src)
{
  if (dest == src)
    return;
  cp_gpu_spec_clear (dest);
  *dest = *src;
  dest->id = g_strdup (src->id);
  dest->name = g_strdup (src->name);
  dest->default_intra_link = g_strdup (src->default_intra_link);
  dest->source = g_strdup (src->source);
}

void
cp_link_spec_clear (CpLinkSpec *spec)
{
  g_clear_pointer (&spec->id, g_free);
  g_clear_pointer (&spec->name, g_free);
  g_clear_pointer (&spec->source, g_free);
}

void
cp_link_spec_copy (CpLinkSpec       *dest,
                   const CpLinkSpec *src)
{
  if (dest == src)
    return;
  cp_link_spec_clear (dest);
  *dest = *src;
  dest->id = g_strdup (src->id);
  dest->name = g_strdup (src->name);
  dest->source = g_strdup (src->source);
}

gboolean
cp_check_fail (GError     **error,
               const char  *field,
               const char  *problem)
{
  /* Translators: "Tokens: must be greater than 0" */
  g_set_error (error, CP_MODEL_ERROR, CP_MODEL_ERROR_INVALID, _("%s: %s"), _(field), problem);
  return FALSE;
}

static gboolean
check_range (double       value,
             double       smallest,
             double       max,
             gboolean     allow_zero,
             const char  *field,
             GError     **error)
{
  if (!isfinite (value))
    return cp_check_fail (error, field, _("must be a finite number"));
  if (value < 0 || (!allow_zero && value == 0))
    return cp_check_fail (error, field, allow_zero ? _("must not be negative") : _("must be greater than 0"));
  /* A subnormal number is no quantity anybody typed: it only turns into
   * infinity once it is divided by. */
  if (value != 0 && (value < smallest || fpclassify (value) == FP_SUBNORMAL))
    {
      char smallest_text[G_ASCII_DTOSTR_BUF_SIZE];
      g_autofree char *problem = NULL;

      /* With no smallest value of its own (0), the smallest ordinary
       * double: "must be 0 or at least 0" said nothing. */
      g_ascii_formatd (smallest_text, sizeof smallest_text, "%.6g", MAX (smallest, DBL_MIN));
      /* Translators: %s is the smallest value the field accepts */
      problem = allow_zero ? g_strdup_printf (_("must be 0 or at least %s"), smallest_text)
                           : g_strdup_printf (_("must be at least %s"), smallest_text);
      return cp_check_fail (error, field, problem);
    }
  if (value > max)
    {
      char max_text[G_ASCII_DTOSTR_BUF_SIZE];
      g_autofree char *problem = NULL;
      char *plus;

      /* The limit itself, not "larger than the model can use", which said
       * nothing of a price or a GPU count (walkthrough 4, #17): "1e+17"
       * is written "1e17", as typed. */
      g_ascii_formatd (max_text, sizeof max_text, "%.6g", max);
      if ((plus = strchr (max_text, '+')) != NULL)
        memmove (plus, plus + 1, strlen (plus));
      /* "1e09" too: the exponent without its leading zero. */
      if ((plus = strchr (max_text, 'e')) != NULL && plus[1] == '0' && plus[2] != '\0')
        memmove (plus + 1, plus + 2, strlen (plus + 1));
      /* Translators: %s is the largest value the field accepts */
      problem = g_strdup_printf (_("must be at most %s"), max_text);
      return cp_check_fail (error, field, problem);
    }
  return TRUE;
}

gboolean
cp_check_positive_slow (double       value,
                   double       max,
                   const char  *field,
                   GError     **error)
{
  return check_range (value, 0, max, FALSE, field, error);
}

gboolean
cp_check_non_negative_slow (double       value,
                       double       max,
                       const char  *field,
                       GError     **error)
{
  return check_range (value, 0, max, TRUE, field, error);
}

gboolean
cp_check_at_least_slow (double       value,
                   double       smallest,
                   double       max,
                   const char  *field,
                   GError     **error)
{
  return check_range (value, smallest, max, FALSE, field, error);
}

gboolean
cp_check_zero_or_at_least_slow (double       value,
                           double       smallest,
                           double       max,
                           const char  *field,
                           GError     **error)
{
  return check_range (value, smallest, max, TRUE, field, error);
}
