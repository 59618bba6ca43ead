/* cp-types.c: names of the model's enumerations and catalogue records. */
#include "cp-types.h"

#include <math.h>
#include <string.h>

/* Stable ids, used in files, XML and on the command line: never translated. */
static const char * const task_names[] = {
  "pretrain", "full-finetune", "lora", "qlora", "inference", "debug", "data-processing",
};
static const char * const precision_names[] = { "fp32", "bf16", "fp16", "fp8" };
static const char * const optimizer_names[] = { "adamw", "adamw-8bit", "sgd" };
static const char * const recompute_names[] = { "none", "selective", "full" };
static const char * const bytes_convention_names[] = { "16", "18" };
static const char * const memory_unit_names[] = { "gib", "gb" };
static const char * const offering_names[] = {
  "bare-metal", "hosted-machine", "container", "container-cluster", "bare-metal-cluster",
};
static const char * const network_names[] = { "none", "ethernet", "roce", "infiniband" };
static const char * const sharing_names[] = { "unknown", "dedicated", "shared" };
static const char * const price_unit_names[] = { "gpu-hour", "node-hour", "node-month" };
static const char * const storage_names[] = {
  "unknown", "parallel-fs", "nas", "network-disk", "local-nvme",
};
static const char * const verification_names[] = { "primary", "secondary", "unverified" };
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
DEFINE_NAMES (CpNetworkKind, cp_network_kind, network_names, CP_N_NETWORKS)
DEFINE_NAMES (CpSharing, cp_sharing, sharing_names, CP_N_SHARINGS)
DEFINE_NAMES (CpPriceUnit, cp_price_unit, price_unit_names, CP_N_PRICE_UNITS)
DEFINE_NAMES (CpStorageKind, cp_storage_kind, storage_names, CP_N_STORAGES)
DEFINE_NAMES (CpTechnique, cp_technique, technique_names, CP_N_TECHNIQUES)
DEFINE_NAMES (CpVerification, cp_verification, verification_names, CP_N_VERIFICATIONS)

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

double
cp_model_spec_params_from_architecture (const CpModelSpec *spec)
{
  double h = spec->hidden;
  double head_dim = cp_model_spec_head_dim (spec);
  double kv_heads = spec->kv_heads > 0 ? spec->kv_heads : spec->heads;
  double experts = spec->experts_total > 1 ? spec->experts_total : 1;
  double embeddings = (double) spec->vocab * h * (spec->tied_embeddings ? 1 : 2);
  /* Q and O are h × (heads·head_dim); K and V shrink with grouped-query attention. */
  double attention = 2.0 * h * spec->heads * head_dim + 2.0 * h * kv_heads * head_dim;
  double mlp = (spec->gated_mlp ? 3.0 : 2.0) * h * spec->ffn * experts;
  double norms = 2.0 * h;

  return embeddings + spec->layers * (attention + mlp + norms) + h;
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
