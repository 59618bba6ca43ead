/* cp-quote.c: vendor quotes. */
#include "config.h"

#include "cp-quote.h"
#include "cp-check-private.h"
#include "cp-text-limit.h"
#include "cp-units.h"

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
  /* Not stated: an hour for a price per hour, a month for a price per
   * node-month (cp_quote_billing_granularity_h()). */
  quote->billing_granularity_h = 0;
  quote->storage = CP_STORAGE_UNKNOWN;
  strcpy (quote->currency, "CNY");
  quote->vat_basis = CP_VAT_BASIS_UNSTATED;
  quote->vat_rate = 0;
}

const char *
cp_fee_terms_to_string (CpFeeTerms terms)
{
  switch (terms)
    {
    case CP_FEE_INCLUDED:
      return "included";
    case CP_FEE_STATED:
      return "stated";
    case CP_FEE_NOT_STATED:
    case CP_N_FEE_TERMS:
    default:
      return "not-stated";
    }
}

gboolean
cp_fee_terms_from_string (const char *str,
                          CpFeeTerms *out)
{
  for (int terms = 0; terms < CP_N_FEE_TERMS; terms++)
    if (g_strcmp0 (str, cp_fee_terms_to_string ((CpFeeTerms) terms)) == 0)
      {
        *out = (CpFeeTerms) terms;
        return TRUE;
      }
  return FALSE;
}

const char *
cp_part_rentable_to_string (CpPartRentable answer)
{
  switch (answer)
    {
    case CP_PART_RENTABLE_YES:
      return "yes";
    case CP_PART_RENTABLE_NO:
      return "no";
    case CP_PART_RENTABLE_NOT_ASKED:
    case CP_N_PART_RENTABLE:
    default:
      return "not-asked";
    }
}

gboolean
cp_part_rentable_from_string (const char     *str,
                              CpPartRentable *out)
{
  for (int answer = 0; answer < CP_N_PART_RENTABLE; answer++)
    if (g_strcmp0 (str, cp_part_rentable_to_string ((CpPartRentable) answer)) == 0)
      {
        *out = (CpPartRentable) answer;
        return TRUE;
      }
  return FALSE;
}

static CpFeeTerms
fee_terms (double     amount,
           CpFeeTerms terms)
{
  if (amount > 0)
    return CP_FEE_STATED;
  return terms >= 0 && terms < CP_N_FEE_TERMS ? terms : CP_FEE_NOT_STATED;
}

CpFeeTerms
cp_quote_network_fee_terms (const CpQuote *quote)
{
  return fee_terms (quote->network_fee_per_node_month, quote->network_fee_terms);
}

CpFeeTerms
cp_quote_storage_price_terms (const CpQuote *quote)
{
  return fee_terms (quote->storage_price_per_tb_month, quote->storage_price_terms);
}

CpFeeTerms
cp_quote_ops_support_terms (const CpQuote *quote)
{
  return fee_terms (quote->ops_support_fee_per_month, quote->ops_support_terms);
}

/* A cloud's VMs (CP_OFFERING_CLOUD_VM) are run by the cloud, as a hosted
 * offer's machines are by its vendor: no operations engineer of the team's
 * is asked for them (walk42 F30: filed as a bare-metal cluster, Huawei
 * Cloud's instances brought R8's bare-metal caveat). */
gboolean
cp_quote_team_runs_machines (const CpQuote *quote)
{
  return quote->offering == CP_OFFERING_BARE_METAL || quote->offering == CP_OFFERING_BARE_METAL_CLUSTER;
}

gboolean
cp_offering_kind_is_default (CpOfferingKind offering)
{
  return offering == CP_OFFERING_BARE_METAL || offering == CP_OFFERING_BARE_METAL_CLUSTER;
}

/* A cloud's VMs are a cloud computing service, 6% (cp-settings.c gives
 * the sources: 财税〔2016〕36号, 附件 1, 信息技术服务), not a lease of
 * movable property, 13% (2019 年第 39 号): filed as a bare-metal cluster
 * for want of their own kind, Huawei Cloud's were taxed 13% (walk42 F30). */
double
cp_quote_default_vat_rate (CpOfferingKind    offering,
                           const CpSettings *settings)
{
  return offering == CP_OFFERING_BARE_METAL || offering == CP_OFFERING_BARE_METAL_CLUSTER
         ? settings->vat_rate_lease : settings->vat_rate;
}

double
cp_quote_vat_rate (const CpQuote    *quote,
                   const CpSettings *settings)
{
  return quote->vat_rate > 0 ? quote->vat_rate : cp_quote_default_vat_rate (quote->offering, settings);
}

gboolean
cp_quote_prices_include_vat (const CpQuote    *quote,
                             const CpSettings *settings)
{
  if (quote->vat_basis == CP_VAT_BASIS_INCLUDED)
    return TRUE;
  if (quote->vat_basis == CP_VAT_BASIS_EXCLUDED)
    return FALSE;
  return settings->prices_include_vat;
}

double
cp_quote_vat_factor (const CpQuote    *quote,
                     const CpSettings *settings)
{
  return cp_quote_prices_include_vat (quote, settings) ? 1.0 : 1.0 + cp_quote_vat_rate (quote, settings);
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
cp_quote_has_vendor (const CpQuote *quote)
{
  if (quote->vendor == NULL)
    return FALSE;
  for (const char *c = quote->vendor; *c != '\0'; c = g_utf8_next_char (c))
    if (!g_unichar_isspace (g_utf8_get_char (c)))
      return TRUE;
  return FALSE;
}

/* Whether @quote's @text (its offer, its GPU) is its own among the other
 * quotes @quotes holds from its vendor. */
static gboolean
tells_apart (const CpQuote   *quote,
             const GPtrArray *quotes,
             gsize            offset)
{
  const char *text = G_STRUCT_MEMBER (const char *, quote, offset);

  if (text == NULL || *text == '\0')
    return FALSE;
  for (guint i = 0; i < quotes->len; i++)
    {
      const CpQuote *other = g_ptr_array_index ((GPtrArray *) quotes, i);

      if (other != quote && g_strcmp0 (other->vendor, quote->vendor) == 0
          && g_strcmp0 (G_STRUCT_MEMBER (const char *, other, offset), text) == 0)
        return FALSE;
    }
  return TRUE;
}

const char *
cp_quote_gpu_model (const char *gpu_name)
{
  /* The makers of the catalogue's GPUs. Cut from the maker's end, a
   * narrow column read "…IDIA A800 80GB SXM" (walkthrough 10); with it, a
   * chart's label kept "8 × NVIDIA A800 80GB SXM" and cut the vendor to
   * "N…Cloud" (walkthrough 11). A name that is only the maker's word
   * stays whole rather than read as nothing. */
  static const char *const makers[] = { "NVIDIA ", "AMD ", "Huawei " };

  if (gpu_name == NULL)
    return "";
  for (gsize i = 0; i < G_N_ELEMENTS (makers); i++)
    if (g_str_has_prefix (gpu_name, makers[i]) && gpu_name[strlen (makers[i])] != '\0')
      return gpu_name + strlen (makers[i]);
  return gpu_name;
}

const char *
cp_quote_display_name (const CpQuote   *quote,
                       const GPtrArray *quotes)
{
  guint n_untitled = 0, n_same = 0;
  guint place = 0, place_same = 0;
  gboolean nodes_alone = TRUE;
  const char *model;
  g_autofree char *name = NULL;

  g_return_val_if_fail (quote != NULL, NULL);

  for (guint i = 0; quotes != NULL && i < quotes->len; i++)
    {
      const CpQuote *other = g_ptr_array_index ((GPtrArray *) quotes, i);

      if (cp_quote_has_vendor (quote) && g_strcmp0 (other->vendor, quote->vendor) == 0)
        {
          n_same++;
          if (other == quote)
            place_same = n_same;
          else if (other->nodes_available == quote->nodes_available && g_strcmp0 (other->gpu.name, quote->gpu.name) == 0)
            nodes_alone = FALSE;
        }
      if (cp_quote_has_vendor (other))
        continue;
      n_untitled++;
      if (other == quote)
        place = n_untitled;
    }
  if (cp_quote_has_vendor (quote) && n_same < 2)
    return quote->vendor;
  if (cp_quote_has_vendor (quote))
    {
      /* Three quotes of one sheet all read "华东智算", so the report said
       * "华东智算 would be recommended if its total cost fell below
       * 68,000" of 华东智算 itself (walk38 F1): a vendor's quotes are told
       * apart by what differs, the offer as typed first, its GPU kept in
       * sight (issue 26). */
      model = cp_quote_gpu_model (quote->gpu.name);
      if (tells_apart (quote, quotes, G_STRUCT_OFFSET (CpQuote, offer_name)))
        name = g_strdup_printf ("%s — %s", quote->vendor, quote->offer_name);
      else if (tells_apart (quote, quotes, G_STRUCT_OFFSET (CpQuote, gpu.name)))
        name = g_strdup_printf ("%s — %s", quote->vendor, model);
      else if (nodes_alone)
        /* TRANSLATORS: a vendor, then its offer's machines × GPUs per machine × GPU model ("华东智算 — 4 × 8 × H800 SXM 80GB") */
        name = g_strdup_printf (_("%s — %u × %u × %s"), quote->vendor, quote->nodes_available,
                                quote->gpus_per_node, model);
      else
        /* TRANSLATORS: a vendor, then the place of one of its quotes that differ in nothing shown ("华东智算 — quote 2") */
        name = g_strdup_printf (_("%s — quote %u"), quote->vendor, place_same);
      return g_intern_string (name);
    }
  if (n_untitled < 2 || place == 0)
    return g_intern_string (_("Untitled quote"));
  /* TRANSLATORS: a quote with no vendor typed, when several have none; %u counts them in the project's order */
  name = g_strdup_printf (_("Untitled quote %u"), place);
  return g_intern_string (name);
}

guint
cp_quote_billed_nodes (const CpQuote *quote,
                       guint          nodes)
{
  if (quote->part_rentable == CP_PART_RENTABLE_NO && nodes < quote->nodes_available)
    return quote->nodes_available;
  return nodes;
}

gboolean
cp_quote_part_rental_open (const CpQuote *quote,
                           guint          nodes)
{
  return quote->part_rentable == CP_PART_RENTABLE_NOT_ASKED && nodes < quote->nodes_available;
}

gboolean
cp_quote_is_cluster (const CpQuote *quote)
{
  return quote->nodes_available > 1 && quote->network != CP_NETWORK_NONE;
}

gboolean
cp_quote_is_separate_machines (const CpQuote *quote)
{
  return quote->nodes_available > 1 && quote->network == CP_NETWORK_NONE;
}

gboolean
cp_quote_network_unstated (const CpQuote *quote)
{
  return quote->network == CP_NETWORK_NONE && quote->nics_per_node == 0 && !(quote->nic_gbps > 0);
}

guint
cp_quote_largest_run_nodes (const CpQuote *quote)
{
  if (!cp_quote_is_cluster (quote) || (cp_quote_get_missing (quote) & CP_QUOTE_MISSING_NETWORK) != 0)
    return 1;
  return quote->nodes_available;
}

double
cp_quote_price_per_gpu_hour (const CpQuote    *quote,
                             const CpSettings *settings)
{
  switch (quote->price_unit)
    {
    case CP_PRICE_PER_GPU_HOUR:
      return quote->price;
    case CP_PRICE_PER_NODE_HOUR:
      return quote->price / quote->gpus_per_node;
    case CP_PRICE_PER_NODE_MONTH:
    case CP_N_PRICE_UNITS:
    default:
      return quote->price / settings->hours_per_month / quote->gpus_per_node;
    }
}

/* The cheapest card rented for this work, an RTX 4090, costs about 2 CNY
 * per GPU-hour, an H800 about 10, and the dearest part, a B200, well under
 * 100 (the demo's invented prices, data/demo/demo-project.ini, are of the
 * order seen in Shenzhen in 2025–2026). A factor 10 beyond either end
 * leaves room for discounts and future parts, while a price read in the
 * wrong unit lands outside: a node-month read as a GPU-hour, or the
 * reverse, is a factor of 5,840 on 8 GPUs a node (730 h × 8). */
static const double plausible_min_cny_per_gpu_hour = 0.1;
static const double plausible_max_cny_per_gpu_hour = 1000;
/* CNY per USD has stayed within 6.2–7.4 since 2015; the band's factor-10
 * margins swamp that drift, so one round figure does. */
static const double cny_per_usd = 7.0;

gboolean
cp_quote_plausible_price_band (const CpQuote *quote,
                               double        *low,
                               double        *high)
{
  double cny_per_unit;

  if (g_ascii_strcasecmp (quote->currency, "CNY") == 0)
    cny_per_unit = 1;
  else if (g_ascii_strcasecmp (quote->currency, "USD") == 0)
    cny_per_unit = cny_per_usd;
  else
    return FALSE;
  *low = plausible_min_cny_per_gpu_hour / cny_per_unit;
  *high = plausible_max_cny_per_gpu_hour / cny_per_unit;
  return TRUE;
}

gboolean
cp_quote_price_is_plausible (const CpQuote    *quote,
                             const CpSettings *settings)
{
  double low, high, per_gpu_hour;

  if (quote->price <= 0 || quote->gpus_per_node == 0 || !cp_quote_plausible_price_band (quote, &low, &high))
    return TRUE;
  per_gpu_hour = cp_quote_price_per_gpu_hour (quote, settings);
  return per_gpu_hour >= low && per_gpu_hour <= high;
}

/* A server that carries GPUs has gigabytes of RAM, and the largest
 * single-system-image machines sold stop well below 64 TiB: outside that,
 * the figure was typed in another unit. */
static gboolean
check_host_memory (double   bytes,
                   GError **error)
{
  if (bytes == 0 || cp_check_accepts (bytes, CP_QUOTE_HOST_MEMORY_MIN_BYTES, CP_QUOTE_HOST_MEMORY_MAX_BYTES))
    return TRUE;
  return cp_check_fail (error, N_("Host memory per node"), _("must be 0 (not stated) or from 1 GiB to 64 TiB"));
}

gboolean
cp_quote_validate_figures (const CpQuote  *quote,
                           GError        **error)
{
  if (!cp_quote_validate_text (quote, error))
    return FALSE;
  /* The largest accelerators carry under 300 GB and under 10 PFLOPS dense;
   * the limits leave room for future parts while catching unit slips. 1 GB
   * and 1 TFLOPS are below any accelerator rented for this work. */
  if (!cp_check_at_least (quote->gpu.memory_nominal_gb, 1, 10000, N_("GPU memory"), error) ||
      !cp_check_at_least (quote->gpu.dense_bf16_flops, 1e12, 1e17, N_("GPU dense BF16 peak"), error) ||
      !cp_check_non_negative (quote->gpu.dense_fp8_flops, 1e17, N_("GPU dense FP8 peak"), error) ||
      !cp_check_non_negative (quote->gpu.dense_fp32_flops, 1e17, N_("GPU FP32 peak"), error) ||
      !cp_check_zero_or_at_least (quote->gpu.memory_bandwidth_gbytes_per_s, 1, 1e6, N_("GPU memory bandwidth"), error) ||
      !cp_check_positive (quote->gpus_per_node, 1024, N_("GPUs per node"), error) ||
      !cp_check_positive (quote->nodes_available, 1e5, N_("Nodes"), error) ||
      /* 0.1 GB/s is below a PCIe 1.0 x1 lane. */
      !cp_check_at_least (quote->intra_link.per_direction_gbytes_per_s, 0.1, 1e5, N_("Intra-node link"), error) ||
      !check_host_memory (quote->host_memory_per_node_bytes, error) ||
      !cp_check_non_negative (quote->nics_per_node, 1024, N_("NICs per node"), error) ||
      /* 1 Gb/s is the slowest Ethernet a cluster is cabled with. */
      !cp_check_zero_or_at_least (quote->nic_gbps, 1, 1e5, N_("NIC rate"), error) ||
      /* A fabric shared a hundred ways is no longer a cluster network. */
      !cp_check_zero_or_at_least (quote->share_factor, 0.01, 1, N_("Share of bandwidth"), error) ||
      !cp_check_non_negative (quote->price, 1e9, N_("Price"), error) ||
      /* No cloud bills in steps finer than a minute; 0 bills exact time. */
      /* A second is the finest step vendors bill (per-second cloud
       * billing); 0 states none (cp_quote_billing_granularity_h()). */
      !cp_check_zero_or_at_least (quote->billing_granularity_h, 1.0 / 3600, 8784, N_("Billing granularity"), error) ||
      !cp_check_zero_or_at_least (quote->minimum_term_h, 1.0 / 60, 87840, N_("Minimum term"), error) ||
      !cp_check_non_negative (quote->network_fee_per_node_month, 1e9, N_("Network fee"), error) ||
      !cp_check_non_negative (quote->storage_price_per_tb_month, 1e9, N_("Storage price"), error) ||
      !cp_check_non_negative (quote->management_fee_per_month, 1e9, N_("Management fee"), error) ||
      !cp_check_non_negative (quote->ops_support_fee_per_month, 1e9, N_("Operations support fee"), error) ||
      !cp_check_non_negative (quote->setup_fee, 1e10, N_("Setup fee"), error) ||
      /* China's rates are 6%, 9% and 13%; elsewhere none passes 27%. */
      !cp_check_non_negative (quote->vat_rate, 0.5, N_("VAT rate"), error))
    return FALSE;
  if ((guint) quote->price_unit >= CP_N_PRICE_UNITS || (guint) quote->network >= CP_N_NETWORKS ||
      (guint) quote->sharing >= CP_N_SHARINGS || (guint) quote->storage >= CP_N_STORAGES ||
      (guint) quote->offering >= CP_N_OFFERINGS || (guint) quote->vat_basis >= CP_N_VAT_BASES)
    return cp_check_fail (error, N_("Quote"), _("has a setting the model does not know"));
  return TRUE;
}

CpQuoteMissing
cp_quote_get_missing (const CpQuote *quote)
{
  CpQuoteMissing missing = CP_QUOTE_MISSING_NONE;

  /* No vendor gives compute away: a price of 0 is one not entered yet. */
  if (quote->price <= 0)
    missing |= CP_QUOTE_MISSING_PRICE;
  /* Nodes with no network between them are separate machines, each a
   * single-machine option (cp_quote_is_separate_machines()); a network
   * named without its NICs or their rate is one not filled in yet. */
  if (cp_quote_is_cluster (quote) && (quote->nics_per_node == 0 || quote->nic_gbps <= 0))
    missing |= CP_QUOTE_MISSING_NETWORK;
  return missing;
}

CpQuoteMissing
cp_quote_get_missing_in (const CpQuote    *quote,
                         const CpSettings *settings)
{
  CpQuoteMissing missing = cp_quote_get_missing (quote);
  const char *compared_in = settings->currency[0] != '\0' ? settings->currency : "CNY";

  if (g_ascii_strcasecmp (quote->currency, compared_in) != 0)
    missing |= CP_QUOTE_MISSING_EXCHANGE_RATE;
  return missing;
}

/* A price per node-month is the price of a machine rented by the month:
 * vendors in this market bill a monthly rental for the whole month, so a
 * two-day job pays all of it. Billing it by the hour would make a short
 * job on a monthly offer look 15 times cheaper than the vendor will
 * charge (0.2 days of 70,000 CNY/node-month is 575 CNY, the month 70,000),
 * and the plan would recommend it on that figure. A term the quote states
 * (even one hour) is taken as stated. */
/* A quote that states no billing step is billed as its price is quoted.
 * Cloud GPU servers priced by the hour bill by the hour, rounded up
 * (Alibaba Cloud ECS pay-as-you-go and AutoDL bill per hour or finer; an
 * hour is the coarser, cautious end). A price per node-month is a monthly
 * rental, invoiced by whole months: the month after the first is not sold
 * by the hour either, so 36.8 days at 30,000 CNY per node-month is two
 * months, 60,000, where hourly rounding after the first month gave 36,329.
 * A step the quote states (1 h for a vendor that bills a monthly price by
 * the hour) is taken as stated. */
double
cp_quote_billing_granularity_h (const CpQuote    *quote,
                                const CpSettings *settings)
{
  if (quote->billing_granularity_h > 0)
    return quote->billing_granularity_h;
  return quote->price_unit == CP_PRICE_PER_NODE_MONTH ? settings->hours_per_month : 1.0;
}

gboolean
cp_quote_billing_granularity_is_assumed (const CpQuote *quote)
{
  return quote->billing_granularity_h <= 0;
}

double
cp_quote_billed_hours (const CpQuote    *quote,
                       const CpSettings *settings,
                       double            hours)
{
  double step = cp_quote_billing_granularity_h (quote, settings);
  double billed = hours;

  if (hours <= 0)
    return 0;
  if (step > 0)
    billed = ceil (hours / step - 1e-9) * step;
  return MAX (billed, cp_quote_minimum_term_h (quote, settings));
}

double
cp_quote_minimum_term_h (const CpQuote    *quote,
                         const CpSettings *settings)
{
  if (cp_quote_minimum_term_is_assumed (quote))
    return settings->hours_per_month;
  return quote->minimum_term_h;
}

gboolean
cp_quote_set_price_text (CpQuote           *quote,
                         const CpPriceText *price,
                         const char        *written,
                         gboolean           term_stated,
                         const CpSettings  *settings,
                         GPtrArray         *assumptions)
{
  char hours[G_ASCII_DTOSTR_BUF_SIZE];

  if (!cp_price_text_to_model (price, quote->gpus_per_node, &quote->price, &quote->price_unit))
    {
      quote->price = price->amount;
      return FALSE;
    }
  if (price->currency[0] != '\0')
    g_strlcpy (quote->currency, price->currency, sizeof quote->currency);
  if (assumptions == NULL)
    assumptions = g_ptr_array_new_with_free_func (g_free);
  else
    g_ptr_array_ref (assumptions);

  if (price->subject == CP_PRICE_SUBJECT_NONE && price->period < CP_PRICE_PERIOD_MONTH)
    g_ptr_array_add (assumptions, g_strdup_printf (_("price “%s” names neither GPU nor node: taken as per node"),
                                                   written));
  switch (price->period)
    {
    case CP_PRICE_PERIOD_DAY:
      g_ptr_array_add (assumptions, g_strdup_printf (_("price “%s” is per day: divided by 24 hours"), written));
      break;
    case CP_PRICE_PERIOD_WEEK:
      g_ptr_array_add (assumptions, g_strdup_printf (_("price “%s” is per week: divided by 168 hours"), written));
      break;
    case CP_PRICE_PERIOD_YEAR:
      g_ptr_array_add (assumptions, g_strdup_printf (_("price “%s” is per year: divided by 12 months"), written));
      break;
    case CP_PRICE_PERIOD_HOUR:
    case CP_PRICE_PERIOD_MONTH:
    case CP_PRICE_PERIOD_NONE:
    default:
      break;
    }
  if (price->period >= CP_PRICE_PERIOD_MONTH && price->subject == CP_PRICE_SUBJECT_GPU)
    g_ptr_array_add (assumptions, g_strdup_printf (_("price “%s” is per GPU-month: multiplied by the node’s %u GPUs"),
                                                   written, quote->gpus_per_node));
  if (price->period >= CP_PRICE_PERIOD_MONTH)
    g_ptr_array_add (assumptions, g_strdup_printf (_("a node-month is %s hours (the project’s hours per month)"),
                                                   cp_format_double_shortest (settings->hours_per_month, hours)));

  /* A price by the day, week or year with no minimum term stated is not
   * one to rent for an hour: the vendor bills at least the period the
   * price is for. A month is cp_quote_minimum_term_h()'s rule, which
   * needs nothing written. */
  if (!term_stated)
    switch (price->period)
      {
      case CP_PRICE_PERIOD_DAY:
        quote->minimum_term_h = 24;
        g_ptr_array_add (assumptions, g_strdup (_("minimum term: one day, as the price is per day — not stated")));
        break;
      case CP_PRICE_PERIOD_WEEK:
        quote->minimum_term_h = 168;
        g_ptr_array_add (assumptions, g_strdup (_("minimum term: one week, as the price is per week — not stated")));
        break;
      case CP_PRICE_PERIOD_MONTH:
        g_ptr_array_add (assumptions, g_strdup (_("minimum term: one month, as the price is per month — not stated")));
        break;
      case CP_PRICE_PERIOD_YEAR:
        quote->minimum_term_h = 12 * settings->hours_per_month;
        g_ptr_array_add (assumptions, g_strdup (_("minimum term: one year, as the price is per year — not stated")));
        break;
      case CP_PRICE_PERIOD_HOUR:
      case CP_PRICE_PERIOD_NONE:
      default:
        break;
      }
  g_ptr_array_unref (assumptions);
  return TRUE;
}

gboolean
cp_quote_minimum_term_is_assumed (const CpQuote *quote)
{
  return quote->price_unit == CP_PRICE_PER_NODE_MONTH && quote->minimum_term_h <= 0;
}

gboolean
cp_quote_billing_terms_open (const CpQuote *quote)
{
  return quote->price_unit != CP_PRICE_PER_NODE_MONTH &&
         (cp_quote_billing_granularity_is_assumed (quote) || quote->minimum_term_h <= 0);
}

gboolean
cp_quote_sharing_assumed (const CpQuote *quote)
{
  return quote->network != CP_NETWORK_NONE && quote->sharing == CP_SHARING_UNKNOWN;
}

gboolean
cp_quote_validate (const CpQuote  *quote,
                   GError        **error)
{
  if (!cp_quote_validate_figures (quote, error))
    return FALSE;
  if ((cp_quote_get_missing (quote) & CP_QUOTE_MISSING_NETWORK) != 0)
    return cp_check_fail (error, N_("Inter-node network"), _("a cluster needs NICs and their rate"));
  return TRUE;
}
