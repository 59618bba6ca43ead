/* cp-quote.c: vendor quotes. */
#include "config.h"

#include "cp-quote.h"

#include <glib/gi18n.h>
#include <math.h>
#include <string.h>

void
cp_quote_init (CpQuote *quote)
{
  memset (quote, 0, sizeof *quote);
  quote->gpu.id = g_strdup ("custom");
  quote->intra_link.id = g_strdup ("custom");
  quote->offering = CP_OFFERING_BARE_METAL;
  quote->gpus_per_node = 8;
  quote->nodes_available = 1;
  quote->network = CP_NETWORK_NONE;
  quote->sharing = CP_SHARING_UNKNOWN;
  quote->price_unit = CP_PRICE_PER_GPU_HOUR;
  /* Cloud GPU servers bill by the hour unless the quote says otherwise. */
  quote->billing_granularity_h = 1.0;
  quote->storage = CP_STORAGE_UNKNOWN;
  strcpy (quote->currency, "CNY");
}

void
cp_quote_clear (CpQuote *quote)
{
  g_clear_pointer (&quote->id, g_free);
  g_clear_pointer (&quote->vendor, g_free);
  g_clear_pointer (&quote->offer_name, g_free);
  g_clear_pointer (&quote->valid_until, g_free);
  g_clear_pointer (&quote->notes, g_free);
  cp_gpu_spec_clear (&quote->gpu);
  cp_link_spec_clear (&quote->intra_link);
}

void
cp_quote_copy (CpQuote       *dest,
               const CpQuote *src)
{
  if (dest == src)
    return;
  cp_quote_clear (dest);
  *dest = *src;
  dest->id = g_strdup (src->id);
  dest->vendor = g_strdup (src->vendor);
  dest->offer_name = g_strdup (src->offer_name);
  dest->valid_until = g_strdup (src->valid_until);
  dest->notes = g_strdup (src->notes);
  memset (&dest->gpu, 0, sizeof dest->gpu);
  memset (&dest->intra_link, 0, sizeof dest->intra_link);
  cp_gpu_spec_copy (&dest->gpu, &src->gpu);
  cp_link_spec_copy (&dest->intra_link, &src->intra_link);
}

CpQuote *
cp_quote_new (void)
{
  CpQuote *quote = g_new (CpQuote, 1);

  cp_quote_init (quote);
  return quote;
}

CpQuote *
cp_quote_dup (const CpQuote *quote)
{
  CpQuote *copy = g_new0 (CpQuote, 1);

  cp_quote_copy (copy, quote);
  return copy;
}

void
cp_quote_free (CpQuote *quote)
{
  if (quote == NULL)
    return;
  cp_quote_clear (quote);
  g_free (quote);
}

void
cp_quote_set_gpu (CpQuote         *quote,
                  const CpGpuSpec *gpu)
{
  cp_gpu_spec_copy (&quote->gpu, gpu);
}

void
cp_quote_set_intra_link (CpQuote          *quote,
                         const CpLinkSpec *link)
{
  cp_link_spec_copy (&quote->intra_link, link);
}

gboolean
cp_quote_is_cluster (const CpQuote *quote)
{
  return quote->nodes_available > 1;
}

static gboolean
fail (GError     **error,
      const char  *field,
      const char  *problem)
{
  g_set_error (error, CP_MODEL_ERROR, CP_MODEL_ERROR_INVALID, _("%s: %s"), _(field), problem);
  return FALSE;
}

static gboolean
check_range (double       value,
             double       min,
             double       max,
             gboolean     allow_min,
             const char  *field,
             GError     **error)
{
  if (!isfinite (value))
    return fail (error, field, _("must be a finite number"));
  if (value < min || (!allow_min && value == min))
    return fail (error, field, min == 0 && !allow_min ? _("must be greater than 0") : _("must not be negative"));
  if (value > max)
    return fail (error, field, _("is larger than the model can use"));
  return TRUE;
}

gboolean
cp_quote_validate (const CpQuote  *quote,
                   GError        **error)
{
  /* The largest accelerators carry under 300 GB and under 10 PFLOPS dense;
   * the limits leave room for future parts while catching unit slips. */
  if (!check_range (quote->gpu.memory_nominal_gb, 0, 10000, FALSE, N_("GPU memory"), error) ||
      !check_range (quote->gpu.dense_bf16_flops, 0, 1e17, FALSE, N_("GPU dense BF16 peak"), error) ||
      !check_range (quote->gpu.dense_fp8_flops, 0, 1e17, TRUE, N_("GPU dense FP8 peak"), error) ||
      !check_range (quote->gpu.dense_fp32_flops, 0, 1e17, TRUE, N_("GPU FP32 peak"), error) ||
      !check_range (quote->gpu.memory_bandwidth_gbytes_per_s, 0, 1e6, TRUE, N_("GPU memory bandwidth"), error) ||
      !check_range (quote->gpus_per_node, 0, 1024, FALSE, N_("GPUs per node"), error) ||
      !check_range (quote->nodes_available, 0, 1e5, FALSE, N_("Nodes"), error) ||
      !check_range (quote->intra_link.per_direction_gbytes_per_s, 0, 1e5, FALSE, N_("Intra-node link"), error) ||
      !check_range (quote->nics_per_node, 0, 1024, TRUE, N_("NICs per node"), error) ||
      !check_range (quote->nic_gbps, 0, 1e5, TRUE, N_("NIC rate"), error) ||
      !check_range (quote->share_factor, 0, 1, TRUE, N_("Share of bandwidth"), error) ||
      !check_range (quote->price, 0, 1e9, TRUE, N_("Price"), error) ||
      !check_range (quote->billing_granularity_h, 0, 8784, TRUE, N_("Billing granularity"), error) ||
      !check_range (quote->minimum_term_h, 0, 87840, TRUE, N_("Minimum term"), error) ||
      !check_range (quote->network_fee_per_node_month, 0, 1e9, TRUE, N_("Network fee"), error) ||
      !check_range (quote->storage_price_per_tb_month, 0, 1e9, TRUE, N_("Storage price"), error) ||
      !check_range (quote->management_fee_per_month, 0, 1e9, TRUE, N_("Management fee"), error) ||
      !check_range (quote->setup_fee, 0, 1e10, TRUE, N_("Setup fee"), error))
    return FALSE;
  if ((guint) quote->price_unit >= CP_N_PRICE_UNITS || (guint) quote->network >= CP_N_NETWORKS ||
      (guint) quote->sharing >= CP_N_SHARINGS || (guint) quote->storage >= CP_N_STORAGES ||
      (guint) quote->offering >= CP_N_OFFERINGS)
    return fail (error, N_("Quote"), _("has a setting the model does not know"));
  if (quote->nodes_available > 1 && (quote->network == CP_NETWORK_NONE || quote->nics_per_node == 0 || quote->nic_gbps <= 0))
    return fail (error, N_("Inter-node network"), _("a cluster needs NICs and their rate"));
  return TRUE;
}
