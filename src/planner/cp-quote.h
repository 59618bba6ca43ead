/* cp-quote.h: a vendor quote, the hardware offered and its price. */
#pragma once

#include "cp-settings.h"
#include "cp-types.h"
#include "cp-units.h"

G_BEGIN_DECLS

/* A quote's host memory per node is typed in GiB (the window, the
 * command line); cp_quote_validate() accepts 1 GiB to 64 TiB. */
#define CP_QUOTE_HOST_MEMORY_UNIT_BYTES 1073741824.0
#define CP_QUOTE_HOST_MEMORY_MIN_BYTES  CP_QUOTE_HOST_MEMORY_UNIT_BYTES
#define CP_QUOTE_HOST_MEMORY_MAX_BYTES  (65536.0 * CP_QUOTE_HOST_MEMORY_UNIT_BYTES)

/* What a quote says of a fee beside its price: an amount, that the
 * price already holds it ("network included"), or nothing. A fee of 0
 * alone could not tell "included" from "not stated" (approver 34, B10):
 * an amount above 0 is always stated, whatever the terms say; an unstated
 * fee is estimated and asked of the vendor, an included one is neither. */
typedef enum {
  CP_FEE_NOT_STATED,
  CP_FEE_INCLUDED,
  CP_FEE_STATED,
  CP_N_FEE_TERMS
} CpFeeTerms;

const char *cp_fee_terms_to_string   (CpFeeTerms terms);
gboolean    cp_fee_terms_from_string (const char *str, CpFeeTerms *out);

/* The vendor's answer to "can part of the offer be rented alone?" (issue
 * 22): not asked yet, as every quote was before it could be recorded (the
 * plan may rent 1 of 4 machines, and the report asks and makes its
 * signature conditional on it); yes (the part's cost is firm); no (every
 * option pays for the whole offer, cp_quote_billed_nodes()). */
typedef enum {
  CP_PART_RENTABLE_NOT_ASKED,
  CP_PART_RENTABLE_YES,
  CP_PART_RENTABLE_NO,
  CP_N_PART_RENTABLE
} CpPartRentable;

const char *cp_part_rentable_to_string   (CpPartRentable answer);
gboolean    cp_part_rentable_from_string (const char *str, CpPartRentable *out);

typedef struct {
  char           *id;
  char           *vendor;
  char           *offer_name;
  CpOfferingKind  offering;
  /* The offering came from the vendor (the form's pick, the command
   * line's --offering, a sheet's kind column, the offer's name), not
   * cp_quote_init()'s bare metal: it sets the VAT rate and R8's operations
   * condition, and the report says "assumed" while this is FALSE. */
  gboolean        offering_stated;

  CpGpuSpec       gpu;              /* gpu.id names a catalogue entry, or "custom" */
  guint           gpus_per_node;
  guint           nodes_available;  /* 1 for a single machine */
  CpLinkSpec      intra_link;       /* link.id names a catalogue entry */
  double          host_memory_per_node_bytes; /* RAM of one node, which CPU offload fills; 0: not stated */

  CpNetworkKind   network;
  guint           nics_per_node;
  double          nic_gbps;         /* line rate of one NIC, Gb/s */
  /* The NICs or their rate are the GPU's common build, given to an offer
   * that names its fabric alone ("H800 IB 集群"), not the vendor's
   * figures (cp_quote_offer_fill()); the report says so and asks. */
  gboolean        fabric_assumed;
  CpSharing       sharing;
  double          share_factor;     /* fraction of the line rate a shared fabric gives; 0: default */

  CpPriceUnit     price_unit;
  double          price;            /* per GPU-hour, node-hour or node-month */
  double          billing_granularity_h;  /* billed time is rounded up to this; 0: not stated
                                           * (cp_quote_billing_granularity_h()) */
  double          minimum_term_h;
  double          network_fee_per_node_month;
  CpFeeTerms      network_fee_terms;  /* cp_quote_network_fee_terms() reads it with the fee */
  CpStorageKind   storage;
  double          storage_price_per_tb_month;
  CpFeeTerms      storage_price_terms;
  /* Whether the vendor runs the machines for a team with no operations
   * engineer (R8), and at what price a month: stated, included, or not. */
  CpFeeTerms      ops_support_terms;
  double          ops_support_fee_per_month;
  CpPartRentable  part_rentable;    /* for an offer of several nodes */
  double          management_fee_per_month;
  double          setup_fee;
  char            currency[4];      /* ISO 4217, "CNY" by default */
  CpVatBasis      vat_basis;        /* whether the prices above include VAT */
  double          vat_rate;         /* the quote's own VAT rate; 0: not stated, by its
                                     * offering (cp_quote_vat_rate()), as the other
                                     * figures' 0 is "not stated" */
  char           *valid_until;      /* ISO date, may be NULL */
  char           *notes;
} CpQuote;

void      cp_quote_init     (CpQuote *quote);
void      cp_quote_clear    (CpQuote *quote);
void      cp_quote_copy     (CpQuote *dest, const CpQuote *src);
/* Heap versions, as a project holds them. */
CpQuote  *cp_quote_new      (void);
CpQuote  *cp_quote_dup      (const CpQuote *quote);
void      cp_quote_free     (CpQuote *quote);
void      cp_quote_set_gpu  (CpQuote *quote, const CpGpuSpec *gpu);
void      cp_quote_set_intra_link (CpQuote *quote, const CpLinkSpec *link);
/* The VAT rate of a quote's charges: its own, or its offering's, as
 * @settings give it: leasing a bare machine is leasing tangible movable
 * property (13%), the other offerings are IT and cloud services (6%);
 * cp-settings.c gives the sources. */
double    cp_quote_default_vat_rate (CpOfferingKind offering, const CpSettings *settings);
double    cp_quote_vat_rate         (const CpQuote *quote, const CpSettings *settings);
/* Whether the quote's prices include VAT: its own basis, or, unstated,
 * the project's. */
gboolean  cp_quote_prices_include_vat (const CpQuote *quote, const CpSettings *settings);
/* What the quote's prices and fees are multiplied by to be compared: every
 * quote is compared with VAT included, what the buyer pays (a 不含税
 * price beside a 含税 one ranked them by the vendor's wording): 1 for
 * prices with VAT, 1 + the rate for prices without. */
double    cp_quote_vat_factor       (const CpQuote *quote, const CpSettings *settings);

/* The name a quote goes by in the window, its charts, the command line
 * and the reports: its vendor; when @quotes (the project's, CpQuote *)
 * hold several of that vendor's, the vendor and what tells this one
 * apart ("华东智算 — 8×H800 80G SXM 整机"): its offer as typed, else its
 * GPU, else its machines and GPU, else its place among them. With no
 * vendor typed, "Untitled quote" in the current language, numbered
 * ("Untitled quote 2") by its place among the quotes that have no vendor
 * either when there are several, so that no two read alike. Never the
 * internal id ("quote-2"). Owned by GLib's string table, as the names
 * a project's quotes take are few. */
const char *cp_quote_display_name (const CpQuote *quote, const GPtrArray *quotes);
/* A GPU's name without its maker's word ("A800 80GB SXM" of "NVIDIA A800
 * 80GB SXM"): the model is what tells quotes apart where room is short
 * (a vendor's quotes' names, the tables' and the charts' labels). "" for
 * NULL; points into @gpu_name. */
const char *cp_quote_gpu_model (const char *gpu_name);
/* TRUE when the quote has no vendor name (only blanks count as none). */
gboolean  cp_quote_has_vendor (const CpQuote *quote);

/* What the quote says of its network fee, storage price and operations
 * support: CP_FEE_STATED whenever the amount is above 0, else its terms
 * (an amount of 0 typed as stated is a fee of none, as included). */
CpFeeTerms cp_quote_network_fee_terms (const CpQuote *quote);
CpFeeTerms cp_quote_storage_price_terms (const CpQuote *quote);
CpFeeTerms cp_quote_ops_support_terms (const CpQuote *quote);

/* TRUE when the team runs the machines itself: a bare machine or a
 * bare-metal cluster, as R8 reads an offering (an operations engineer,
 * or the vendor's operations support, is needed). */
gboolean  cp_quote_team_runs_machines (const CpQuote *quote);
/* Whether @offering is the default kind, as
 * an older file (schema 20) or report kept no mark: the bare machine a
 * new quote starts with, or the bare-metal cluster it becomes with a
 * network (the form's and the sheet import's implied kind). Any other was
 * picked, so stated. */
gboolean  cp_offering_kind_is_default (CpOfferingKind offering);

/* The nodes a run on @nodes of @quote's offer pays for: the whole offer
 * when its vendor rents no part of it alone (CP_PART_RENTABLE_NO), the
 * nodes run on otherwise. */
guint     cp_quote_billed_nodes (const CpQuote *quote, guint nodes);
/* TRUE when renting @nodes of @quote's offer rests on a question still
 * open: whether part of the offer can be rented alone (not asked). */
gboolean  cp_quote_part_rental_open (const CpQuote *quote, guint nodes);

/* Several nodes with a network between them. */
gboolean  cp_quote_is_cluster (const CpQuote *quote);
/* Several nodes with no network between them ("2 × 8×4090, network 无"):
 * each machine is a single-machine option, never a cluster. */
gboolean  cp_quote_is_separate_machines (const CpQuote *quote);
/* Whether the quote's network between nodes was never stated: None with
 * no NICs and no rate, as a new quote starts. A None chosen over NICs
 * already filled keeps them: the machines are apart as stated. */
gboolean  cp_quote_network_unstated (const CpQuote *quote);
/* The most nodes one run can span: a cluster's whole offer, or 1 where
 * its nodes have no network between them or one still lacking its NICs
 * or their rate, where one machine is still an option (it needs no
 * network) and only the cluster sizes wait for the figures. */
guint     cp_quote_largest_run_nodes (const CpQuote *quote);
/* The price of one GPU-hour, whatever unit the quote is in, as the plan
 * ranks unit prices (R6): a node-month is @settings' hours per month. */
double    cp_quote_price_per_gpu_hour (const CpQuote *quote, const CpSettings *settings);
/* The shortest time billed, in hours: the quote's own minimum term, or,
 * for a price per node-month with none stated (0), one month of
 * @settings. The one billing rule of the window, the command line and the
 * vendor-sheet import (cp-quote.c says why). */
double    cp_quote_minimum_term_h (const CpQuote *quote, const CpSettings *settings);
/* The step billed time is rounded up to, in hours: the quote's own, or,
 * when none is stated (0), a month of @settings for a price per
 * node-month (the vendor invoices whole months: 36.8 days at 30,000 per
 * node-month is 60,000, not 36,329) and an hour for a price per GPU- or
 * node-hour. The one rounding rule of the estimate, the window and the
 * reports (cp-quote.c says why). */
double    cp_quote_billing_granularity_h (const CpQuote *quote, const CpSettings *settings);
/* Hours billed per node for @hours of use: rounded up to
 * cp_quote_billing_granularity_h(), never below cp_quote_minimum_term_h();
 * 0 for no use. */
double    cp_quote_billed_hours (const CpQuote *quote, const CpSettings *settings, double hours);
/* TRUE when cp_quote_billing_granularity_h() assumed the step: none stated. */
gboolean  cp_quote_billing_granularity_is_assumed (const CpQuote *quote);
/* TRUE when cp_quote_minimum_term_h() assumed the month: no term stated. */
gboolean  cp_quote_minimum_term_is_assumed (const CpQuote *quote);
/* TRUE when how @quote bills its time is an open question to its vendor:
 * an hourly price (per GPU or node) that states no billing step or no
 * minimum term. A price per node-month states its billing, whole months,
 * one at least: its vendor is not asked how it bills, and no verdict is
 * "not firm" on it (walkthrough 34 W6, approver 36 D27 and D31,
 * walkthrough 36 X16). The one reading of the plan, the window and the
 * report. */
gboolean  cp_quote_billing_terms_open (const CpQuote *quote);
/* Sets the price from what the vendor wrote (@price, read by
 * cp_parse_price_text() from @written), in one of the model's units
 * (cp_price_text_to_model()), with the currency it names; a price by the
 * day, week or year with no minimum term stated (@term_stated FALSE)
 * bills at least that period, a month being cp_quote_minimum_term_h()'s
 * rule. Each conversion and assumption is added, in words, to
 * @assumptions (char*, may be NULL).
 * The one place the window, the command line and the import turn a
 * price's unit into the quote's. FALSE, with only the amount set, when
 * @price names no unit. */
gboolean  cp_quote_set_price_text (CpQuote *quote, const CpPriceText *price, const char *written,
                                   gboolean term_stated, const CpSettings *settings, GPtrArray *assumptions);
/* TRUE when the quote has a network between nodes but does not say
 * whether it is shared: the estimate takes it as shared, at
 * settings->shared_network_factor of its line rate (the cautious end; a
 * fabric no one has set aside for this tenant is shared), and the range
 * runs to dedicated. */
gboolean  cp_quote_sharing_assumed (const CpQuote *quote);
gboolean  cp_quote_validate (const CpQuote *quote, GError **error);

/* The band of prices per GPU-hour, in the quote's currency, that real
 * rentals fall in (cp-quote.c says where it comes from); FALSE for a
 * currency the band is not known in. */
gboolean  cp_quote_plausible_price_band (const CpQuote *quote, double *low, double *high);
/* FALSE when a quote's price, converted to a GPU-hour, lies outside
 * cp_quote_plausible_price_band(): most likely typed in the wrong unit
 * (18.5 per node-month is 0.003 per GPU-hour). A quote without a price, or
 * in a currency without a band, is not called implausible. */
gboolean  cp_quote_price_is_plausible (const CpQuote *quote, const CpSettings *settings);

/* What a quote still lacks before it can be compared: a form accepts it
 * as typed, the plan leaves it out of the ranking. */
typedef enum {
  CP_QUOTE_MISSING_NONE    = 0,
  CP_QUOTE_MISSING_PRICE   = 1 << 0,  /* no price entered */
  CP_QUOTE_MISSING_NETWORK = 1 << 1,  /* a network between nodes but no NICs or rate */
  CP_QUOTE_MISSING_EXCHANGE_RATE = 1 << 2, /* priced in another currency than the project compares in */
} CpQuoteMissing;

CpQuoteMissing cp_quote_get_missing (const CpQuote *quote);
/* The same within a project: a quote in another currency than @settings'
 * has no exchange rate to be compared with (its total would be ranked
 * as if 54,720 USD were 54,720 CNY). */
CpQuoteMissing cp_quote_get_missing_in (const CpQuote *quote, const CpSettings *settings);
/* Every figure within what the model can use; unlike cp_quote_validate()
 * it accepts an incomplete quote (see cp_quote_get_missing()). */
gboolean  cp_quote_validate_figures (const CpQuote *quote, GError **error);
/* Every text within its limit (cp-text-limit.h); part of the above. */
gboolean  cp_quote_validate_text (const CpQuote *quote, GError **error);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (CpQuote, cp_quote_free)

G_END_DECLS
