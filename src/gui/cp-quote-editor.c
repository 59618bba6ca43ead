/* cp-quote-editor.c: the form of one vendor quote.
 *
 * Like the job form: a table of fields, every value validated by the model
 * (cp_quote_validate()) before it is stored, refused text kept in place
 * with its reason. Catalogue pickers fill the GPU, link and network rows,
 * which stay editable.
 */
#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "cp-labels.h"
#include "report/cp-i18n.h"
#include "report/cp-reason-text.h"
#include "report/cp-spec-words.h"
#include "planner/cp-spec-edit.h"
#include "cp-picker-row.h"
#include "cp-quote-editor.h"
#include "cp-quote-editor-private.h"
#include "store/cp-gpu-match.h"
#include "store/cp-quote-offer.h"

struct _CpQuoteEditor
{
  AdwBin                parent_instance;

  AdwPreferencesGroup  *offer_group;
  AdwPreferencesGroup  *hardware_group;
  AdwPreferencesGroup  *network_group;
  AdwPreferencesGroup  *price_group;
  AdwPreferencesGroup  *costs_group;
  CpPickerRow          *gpu_row;
  CpPickerRow          *link_row;
  AdwComboRow          *network_preset_row;

  AdwPreferencesGroup  *groups[N_GROUPS];
  AdwExpanderRow       *hardware_expander;
  GPtrArray            *rows;      /* CpFieldRow* */

  CpProject            *project;
  CpQuote              *quote;
  gboolean              loading;
  gboolean              built;     /* ensure_form() ran */
  /* The minimum term was set to a month when the price became monthly. */
  /* The quote's GPU was read from its offer's name, not picked: its GPU
   * row says so until another GPU or quote is picked. */
  gboolean              gpu_from_offer;
};

G_DEFINE_FINAL_TYPE (CpQuoteEditor, cp_quote_editor, ADW_TYPE_BIN)

enum {
  CHANGED,
  ERRORS_CHANGED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static void ensure_form (CpQuoteEditor *self);

typedef guint        (*CountFunc) (const CpCatalog *catalog);
typedef const char  *(*EntryFunc) (const CpCatalog *catalog, guint index, const char **name);

static const char *
gpu_entry (const CpCatalog  *catalog,
           guint             index,
           const char      **name)
{
  const CpGpuSpec *gpu = cp_catalog_get_gpu (catalog, index);

  *name = cp_labels_catalog_name (gpu->name);
  return gpu->id;
}

static const char *
link_entry (const CpCatalog  *catalog,
            guint             index,
            const char      **name)
{
  const CpLinkSpec *link = cp_catalog_get_link (catalog, index);

  *name = cp_labels_catalog_name (link->name);
  return link->id;
}

/* The catalogue's entries, the project's own first (they hide a built-in
 * entry of the same id); set only when the project changes. */
static void
fill_catalog_row (CpQuoteEditor *self,
                  CpPickerRow   *row,
                  CountFunc      count,
                  EntryFunc      entry,
                  const char    *selected_id)
{
  g_autoptr(GPtrArray) ids = g_ptr_array_new ();
  g_autoptr(GPtrArray) labels = g_ptr_array_new ();
  g_autoptr(GHashTable) seen = g_hash_table_new (g_str_hash, g_str_equal);
  const CpCatalog *catalogs[2] = { self->project->custom, cp_catalog_get_builtin () };

  g_ptr_array_add (ids, (gpointer) "custom");
  g_ptr_array_add (labels, (gpointer) _("Custom"));

  for (guint c = 0; c < G_N_ELEMENTS (catalogs); c++)
    {
      if (catalogs[c] == NULL)
        continue;
      for (guint i = 0; i < count (catalogs[c]); i++)
        {
          const char *name = NULL;
          const char *id = entry (catalogs[c], i, &name);

          if (!g_hash_table_add (seen, (gpointer) id))
            continue;
          g_ptr_array_add (ids, (gpointer) id);
          g_ptr_array_add (labels, (gpointer) name);
        }
    }

  cp_picker_row_set_items (row, (const char * const *) ids->pdata,
                           (const char * const *) labels->pdata, ids->len, selected_id);
}

static void
fill_catalog_rows (CpQuoteEditor *self)
{
  self->loading = TRUE;
  fill_catalog_row (self, self->gpu_row, cp_catalog_n_gpus, gpu_entry, self->quote->gpu.id);
  fill_catalog_row (self, self->link_row, cp_catalog_n_links, link_entry, self->quote->intra_link.id);
  self->loading = FALSE;
}

/* An entry whose figures were edited is no longer the catalogue's: the
 * picker's first entry then carries its name, marked edited in the
 * window's language, "NVIDIA H20 141GB (edited)" (cp-spec-edit.h). */
static void
show_choice (CpPickerRow *row,
             const char  *id,
             const char  *name,
             const char  *source)
{
  gboolean custom = g_strcmp0 (id, CP_SPEC_CUSTOM_ID) == 0;
  g_autofree char *label = NULL;

  if (custom && name != NULL && *name != '\0')
    label = cp_words_spec_name (cp_labels_catalog_name (name), source);
  cp_picker_row_set_label (row, 0, label != NULL ? label : _("Custom"));
  cp_picker_row_select_id (row, id);
}

/* @hint under @row, marked as a warning when @warning. */
static void
set_row_hint (CpFieldRow *row,
              const char *hint,
              gboolean    warning)
{
  cp_field_row_set_hint (row, hint);
  if (warning && hint != NULL)
    gtk_widget_add_css_class (GTK_WIDGET (row), "warning");
  else
    gtk_widget_remove_css_class (GTK_WIDGET (row), "warning");
}

/* Under Price, how the typed price was read, in the two units vendors
 * quote: "98" left at per GPU-hour reads as 784 per node-hour of 8 GPUs,
 * which a user who meant the machine sees at once (a meeting-room
 * walkthrough priced 8× too high without a word). A price most likely
 * typed in the wrong unit ("18.5" while Billed per still says node-month)
 * is warned about instead; never refused, since the form does what it
 * says. */
/* A price per hour to the cent below 100, without trailing zeros as the
 * importer's rows print it: a typed "12.25/GPU/h" is echoed as 12.25,
 * not three significant digits' "12.2" (walkthrough 10). A
 * price in the wrong unit keeps the significant digits that show how far
 * off it is (0.00317). */
static char *
unit_price_text (double      value,
                 gboolean    plausible,
                 const char *lang)
{
  double cents = round (value * 100);

  if (!plausible)
    return cp_i18n_format_value (value, lang);
  if (fabs (value) >= 100 || fmod (cents, 100) == 0)
    return cp_i18n_format_number (value, 0, lang);
  return cp_i18n_format_number (value, fmod (cents, 10) == 0 ? 1 : 2, lang);
}

static void
update_price_hint (CpQuoteEditor *self)
{
  CpFieldRow *row = cp_quote_editor_get_row (self, "price");
  g_autofree char *hint = NULL;
  g_autofree char *per_gpu_hour = NULL;
  const char *currency;
  const char *lang = cp_labels_ui_language ();
  gboolean plausible;
  double per_gpu_hour_value;

  if (row == NULL)
    return;
  plausible = cp_quote_price_is_plausible (self->quote, &self->project->settings);
  if (self->quote->price <= 0 || self->quote->gpus_per_node == 0)
    {
      set_row_hint (row, NULL, FALSE);
      return;
    }
  currency = cp_i18n_currency_name (self->quote->currency, lang);
  per_gpu_hour_value = cp_quote_price_per_gpu_hour (self->quote, &self->project->settings);
  per_gpu_hour = unit_price_text (per_gpu_hour_value, plausible, lang);
  if (!plausible)
    /* The price and its unit are beside and under it: the warning says
     * what they come to, in as few words as the reading it replaces
     * (the row keeps two lines for either, cp_field_row_keep_hint_lines();
     * "18.5 CNY per node-month is 0.00317…" took three). */
    /* TRANSLATORS: under a quote's Price, typed in what looks like the wrong unit: "That is 0.00317 CNY per GPU-hour — check the unit" */
    hint = g_strdup_printf (_("That is %s %s per GPU-hour — check the unit"), per_gpu_hour, currency);
  else
    {
      g_autofree char *per_node_hour = unit_price_text (per_gpu_hour_value * self->quote->gpus_per_node, TRUE, lang);

      /* TRANSLATORS: under a quote's Price: "12.25 CNY per GPU-hour, 98 CNY per node-hour of 8 GPUs" */
      hint = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%s %s per GPU-hour, %s %s per node-hour of %u GPU",
                                           "%s %s per GPU-hour, %s %s per node-hour of %u GPUs",
                                           self->quote->gpus_per_node),
                              per_gpu_hour, currency, per_node_hour, currency, self->quote->gpus_per_node);
    }
  set_row_hint (row, hint, !plausible);
}

/* Under the form's row @name, the warning @format says when @condition
 * holds; else the field's own subtitle. */
static void G_GNUC_PRINTF (4, 5)
set_hint_when (CpQuoteEditor *self,
               const char    *name,
               gboolean       condition,
               const char    *format,
               ...)
{
  CpFieldRow *row = cp_quote_editor_get_row (self, name);
  g_autofree char *hint = NULL;
  va_list args;

  if (row == NULL)
    return;
  if (condition)
    {
      va_start (args, format);
      hint = g_strdup_vprintf (format, args);
      va_end (args);
    }
  set_row_hint (row, hint, TRUE);
}

/* Said where the currency is typed: the quote leaves the ranking. A
 * quote with no vendor is compared as "Untitled quote 2", which the
 * results and the reports then print: its Vendor says it is needed, and
 * the name it goes by meanwhile. */
static void
update_currency_and_vendor_hints (CpQuoteEditor *self)
{
  set_hint_when (self, "currency",
                 (cp_quote_get_missing_in (self->quote, &self->project->settings) & CP_QUOTE_MISSING_EXCHANGE_RATE) != 0,
                 /* TRANSLATORS: under a quote's Currency; %s is the project's currency, such as CNY */
                 _("The project compares in %s, with no exchange rate: this quote is left out of the ranking"),
                 self->project->settings.currency);
  set_hint_when (self, "vendor", !cp_quote_has_vendor (self->quote),
                 /* TRANSLATORS: under an empty Vendor; %s is the name the quote goes by meanwhile, such as "Untitled quote 2" */
                 _("Needed; meanwhile “%s”"), cp_quote_display_name (self->quote, self->project->quotes));
}

/* A cluster offering with the single node a new quote starts with: the
 * count is the user's to type (a value is never changed behind them), so
 * the row says what a cluster needs instead of "1 for a single machine";
 * with its nodes typed, what the count is (walkthrough 22: "1 for a
 * single machine" under a 4-node cluster's count). */
static void
update_nodes_hint (CpQuoteEditor *self)
{
  CpFieldRow *row = cp_quote_editor_get_row (self, "nodes-available");
  gboolean cluster_offering = self->quote->offering == CP_OFFERING_BARE_METAL_CLUSTER ||
                              self->quote->offering == CP_OFFERING_CONTAINER_CLUSTER;

  if (row == NULL)
    return;
  if (cluster_offering && self->quote->nodes_available < 2)
    set_row_hint (row, _("A cluster has 2 nodes or more: type how many the vendor offers"), TRUE);
  else
    set_row_hint (row, cluster_offering ? _("The vendor’s node count") : NULL, FALSE);
}

/* The kind a quote falls back to is the app's, not the vendor's: it sets
 * the VAT rate and whether the team must run the machines (R8), so the
 * row says so until a kind is picked or named (CpQuote.offering_stated),
 * as the report says "assumed". */
static void
update_offering_hint (CpQuoteEditor *self)
{
  CpFieldRow *row = cp_quote_editor_get_row (self, "offering");

  if (row == NULL)
    return;
  set_row_hint (row, self->quote->offering_stated ? NULL
                /* TRANSLATORS: under the Kind of offer row while the quote does not state it */
                : _("Assumed: the quote does not say; pick the kind the vendor offers"), FALSE);
}

static void
update_term_hint (CpQuoteEditor *self)
{
  CpFieldRow *row = cp_quote_editor_get_row (self, "minimum-term");
  CpFieldRow *step = cp_quote_editor_get_row (self, "billing-granularity");

  /* The step the plan takes when none is stated
   * (cp_quote_billing_granularity_h()), said where it would be typed: a
   * price per node-month states its billing, whole months, one at least
   * (cp_quote_billing_terms_open()); billed by the hour, it is an hourly
   * price. */
  if (step != NULL)
    set_row_hint (step, !cp_quote_billing_granularity_is_assumed (self->quote) ? NULL
                        : self->quote->price_unit == CP_PRICE_PER_NODE_MONTH
                        ? _("A price per node-month bills whole months; a vendor billing by the hour quotes an hourly price")
                        : _("Not stated: billed by the hour, rounded up"), FALSE);

  if (row != NULL)
    /* The plan bills a monthly price's month when no term is stated
     * (cp_quote_minimum_term_h()): the form says so rather than fill it. */
    set_row_hint (row, cp_quote_minimum_term_is_assumed (self->quote)
                       ? _("A price per node-month bills one month at least; type a longer term the vendor states")
                       : NULL, FALSE);
}

/* Under the GPU, the variant a family's name is taken as: the catalogue
 * has "Ascend 910B2 64GB" and a vendor writes "910B" (walkthrough 22
 * guessed; the report says "910B taken as the 910B2"). */
static void
update_gpu_variant (CpQuoteEditor *self)
{
  g_autofree char *family = NULL;
  g_autofree char *variant = NULL;
  g_autofree char *said = NULL;

  if (g_strcmp0 (self->quote->gpu.id, "custom") != 0 && cp_gpu_spec_variant (&self->quote->gpu, &family, &variant))
    /* TRANSLATORS: under a quote's GPU: "A plain “910B” is taken as the 910B2" */
    said = g_strdup_printf (_("A plain “%s” is taken as the %s"), family, variant);
  /* Guessed, not picked: a lead who trusts the guess sees it is one
   * (walk36b Z11). */
  if (self->gpu_from_offer)
    {
      const char *guessed = _("Read from the offer’s name: pick another if it is not this one");
      char *both = said != NULL ? g_strconcat (guessed, "\n", said, NULL) : g_strdup (guessed);

      g_free (said);
      said = both;
    }
  /* Which figures the team typed, and what the catalogue's rest on when
   * not a datasheet (walk37 F1, F3). */
  {
    g_autofree char *origin = cp_words_gpu_origin (&self->quote->gpu, cp_labels_ui_language ());

    if (origin != NULL)
      {
        char *both = said != NULL ? g_strconcat (said, "\n", origin, NULL) : g_strdup (origin);

        g_free (said);
        said = both;
      }
  }
  adw_action_row_set_subtitle (ADW_ACTION_ROW (self->gpu_row), said != NULL ? said : "");
}

/* Under the link, what its rate rests on: typed, or a catalogue figure
 * no datasheet gives ("HCCS 196 GB/s: … not a datasheet", walk37 F3). */
static void
update_link_origin (CpQuoteEditor *self)
{
  g_autofree char *origin = cp_words_link_origin (&self->quote->intra_link, cp_labels_ui_language ());

  adw_action_row_set_subtitle (ADW_ACTION_ROW (self->link_row), origin != NULL ? origin : "");
}

/* Memory per GPU in the unit the plan counts it in (the project's
 * memory unit, cp_settings_gpu_memory_bytes()): the datasheet's "80GB"
 * is typed as 80 and planned as 80 GiB, which the results print; the form
 * said "80 GB" beside the results' "80.0 GiB" (walkthrough 22). */
static void
update_memory_unit (CpQuoteEditor *self)
{
  CpFieldRow *row = cp_quote_editor_get_row (self, "gpu-memory");
  gboolean gib = self->project->settings.memory_unit == CP_MEMORY_UNIT_GIB;

  if (row == NULL)
    return;
  cp_field_row_set_unit (row, gib ? _("GiB") : _("GB"));
  set_row_hint (row, gib ? _("The datasheet’s figure, counted in GiB as frameworks report it") : NULL, FALSE);
}

/* Under Offer, where its name says other GPUs than the quote's fields,
 * or another price than Price: such a quote was priced and planned as
 * the fields say with no word (issue 26, a lead in a meeting). */
static void
update_offer_hint (CpQuoteEditor *self)
{
  CpFieldRow *row = cp_quote_editor_get_row (self, "offer-name");
  const CpQuote *quote = self->quote;
  g_autofree char *written = NULL;
  g_autofree char *fields = NULL;
  g_autofree char *written_price = NULL;
  g_autofree char *price = NULL;
  g_autofree char *hint = NULL;
  g_autofree char *written_network = NULL;
  g_autofree char *network_hint = NULL;
  g_autofree char *rate = NULL;
  gboolean names_nodes = FALSE;
  gboolean gpus_differ, price_differs, network_differs;

  if (row == NULL)
    return;
  gpus_differ = cp_quote_offer_disagrees (self->project, quote, &written, &names_nodes);
  price_differs = cp_quote_offer_price_disagrees (quote, &self->project->settings, &written_price);
  network_differs = cp_quote_offer_network_disagrees (self->project, quote, &written_network);
  rate = cp_i18n_format_number (quote->nic_gbps, 0, cp_labels_ui_language ());
  if (network_differs)
    network_hint = quote->network == CP_NETWORK_NONE
                   /* TRANSLATORS: under a quote's Offer: the network its name gives ("RoCE 8x400G") where the
                    * quote's Network between nodes is None */
                   ? g_strdup_printf (_("The offer says %s, the network below None: its nodes are planned as separate machines"),
                                      written_network)
                   /* TRANSLATORS: under a quote's Offer: the network its name gives ("RoCE 8x400G"), then the
                    * network fields' ("8 × 200 Gb/s InfiniBand") */
                   : g_strdup_printf (_("The offer says %s, the network below %u × %s Gb/s %s: check which is right"),
                                      written_network, quote->nics_per_node, rate, cp_labels_network (quote->network));
  if (!gpus_differ && !price_differs)
    {
      set_row_hint (row, network_hint, network_hint != NULL);
      return;
    }
  if (gpus_differ)
    fields = names_nodes
             /* TRANSLATORS: a quote's hardware from its fields: nodes × GPUs per node × GPU name */
             ? g_strdup_printf (_("%u × %u × %s"), quote->nodes_available, quote->gpus_per_node,
                                quote->gpu.name != NULL ? cp_labels_catalog_name (quote->gpu.name) : "")
             /* TRANSLATORS: a quote's hardware from its fields: GPUs per node × GPU name */
             : g_strdup_printf (_("%u × %s"), quote->gpus_per_node,
                                quote->gpu.name != NULL ? cp_labels_catalog_name (quote->gpu.name) : "");
  if (price_differs)
    price = cp_words_unit_price (quote->price, quote->currency, quote->price_unit, cp_labels_ui_language ());
  if (gpus_differ && price_differs)
    /* TRANSLATORS: under a quote's Offer: the GPUs and the price its name gives ("8 × A800", "14.5/GPU/h"),
     * then those of the fields the plan uses ("8 × NVIDIA H800 SXM 80GB", "12.00 CNY per GPU-hour") */
    hint = g_strdup_printf (_("The offer says %s and %s, the fields below %s and %s: check which is right"),
                            written, written_price, fields, price);
  else if (gpus_differ)
    /* TRANSLATORS: under a quote's Offer: the GPUs its name gives ("8 × A800"), then those of the fields
     * the plan uses ("8 × NVIDIA H800 SXM 80GB") */
    hint = g_strdup_printf (_("The offer says %s, the fields below %s: check which is right"), written, fields);
  else
    /* TRANSLATORS: under a quote's Offer: the price its name gives ("14.5/GPU/h"), then the Price field's
     * ("12.00 CNY per GPU-hour"), which the plan uses */
    hint = g_strdup_printf (_("The offer says %s, Price %s: check which is right"), written_price, price);
  if (network_hint != NULL)
    {
      char *both = g_strconcat (hint, "\n", network_hint, NULL);

      g_free (hint);
      hint = both;
    }
  set_row_hint (row, hint, TRUE);
}

/* A network between nodes without its NICs or their rate leaves the
 * quote ranked on one machine only (CP_QUOTE_MISSING_NETWORK): said in the row
 * that lacks it, where a cluster with RoCE chosen and 0 NICs vanished
 * from the recommendation with the reason below the results' table
 * (walk33 W2). */
static void
update_network_hints (CpQuoteEditor *self)
{
  gboolean cluster = cp_quote_is_cluster (self->quote);
  gboolean nics_assumed, rate_assumed;
  const char *gpu = self->quote->gpu.name != NULL ? cp_labels_catalog_name (self->quote->gpu.name) : "";
  g_autofree char *hint = NULL;
  CpFieldRow *network = cp_quote_editor_get_row (self, "network");

  /* None on several nodes keeps them apart, said as a price in the wrong
   * unit is: a 4-node "Container cluster" read None, 0, 0 and was planned
   * as 4 unconnected machines with no word (walk41b F13). A network no one
   * stated is the GPU's common one, said assumed. */
  if (cp_quote_is_separate_machines (self->quote))
    /* TRANSLATORS: under Network between nodes set to None on a quote of several nodes; %u counts them */
    hint = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                         "%u machine with no network between them: each is evaluated alone",
                                         "%u machines with no network between them: each is evaluated alone",
                                         self->quote->nodes_available),
                            self->quote->nodes_available);
  else if (cp_quote_offer_network_assumed (self->project, self->quote))
    /* TRANSLATORS: under Network between nodes, when no one stated it; %s is the GPU ("NVIDIA H800 SXM 80GB") */
    hint = g_strdup_printf (_("Not stated: assumed as common on %s nodes; ask the vendor"), gpu);
  if (network != NULL)
    set_row_hint (network, hint, cp_quote_is_separate_machines (self->quote));
  g_clear_pointer (&hint, g_free);
  set_hint_when (self, "nics-per-node", cluster && self->quote->nics_per_node == 0,
                 _("Needed for a network between nodes: without it the quote is ranked on one machine only"));
  set_hint_when (self, "nic-gbps", cluster && !(self->quote->nic_gbps > 0),
                 _("Needed for a network between nodes: without it the quote is ranked on one machine only"));
  /* The common fabric the offer's bare "InfiniBand" was given
   * (cp_quote_offer_fill()) says it is assumed where it shows, until the
   * vendor's figures are typed. */
  if (!cp_quote_offer_fabric_assumed (self->project, self->quote, &nics_assumed, &rate_assumed))
    return;
  if (nics_assumed)
    {
      /* TRANSLATORS: under NICs per node, when a quote's offer names InfiniBand or RoCE and not its cards;
       * %s is the GPU ("NVIDIA H800 SXM 80GB") */
      hint = g_strdup_printf (_("Assumed: one per GPU, common on %s nodes; ask the vendor"), gpu);
      set_row_hint (cp_quote_editor_get_row (self, "nics-per-node"), hint, FALSE);
      g_clear_pointer (&hint, g_free);
    }
  if (rate_assumed)
    {
      /* TRANSLATORS: under Rate of one NIC, when a quote's offer names InfiniBand or RoCE and not its rate;
       * %s is the GPU ("NVIDIA H800 SXM 80GB") */
      hint = g_strdup_printf (_("Assumed: common on %s nodes; ask the vendor"), gpu);
      set_row_hint (cp_quote_editor_get_row (self, "nic-gbps"), hint, FALSE);
    }
}

/* A fee's terms as the quote reads them with its amount: a fee above 0
 * is stated, as a quote made before the terms were kept (or by a test)
 * gives it. The plan reads the same (cp_quote_network_fee_terms()), so
 * nothing changes for it. */
static void
normalise_fee_terms (CpQuote *quote)
{
  quote->network_fee_terms = cp_quote_network_fee_terms (quote);
  quote->storage_price_terms = cp_quote_storage_price_terms (quote);
  quote->ops_support_terms = cp_quote_ops_support_terms (quote);
}

/* Choosing "included" or "not stated" for a fee clears its amount, which
 * would otherwise keep it stated (cp_quote_network_fee_terms()). */
static void
clear_unstated_amounts (CpQuote *quote)
{
  if (quote->network_fee_terms != CP_FEE_STATED)
    quote->network_fee_per_node_month = 0;
  if (quote->storage_price_terms != CP_FEE_STATED)
    quote->storage_price_per_tb_month = 0;
  if (quote->ops_support_terms != CP_FEE_STATED)
    quote->ops_support_fee_per_month = 0;
}

static void
load_rows (CpQuoteEditor *self,
           gboolean       reset)
{
  self->loading = TRUE;
  normalise_fee_terms (self->quote);

  show_choice (self->gpu_row, self->quote->gpu.id, self->quote->gpu.name, self->quote->gpu.source);
  update_gpu_variant (self);
  show_choice (self->link_row, self->quote->intra_link.id, self->quote->intra_link.name, self->quote->intra_link.source);
  update_link_origin (self);
  /* A quote's fabric shows as the preset it is ("4 × 200 Gb/s RoCE"),
   * so that the picker does not read as if none fitted; a network row
   * edited away from it shows "Custom", not the preset it no longer is
   * (issue 26). Set only when it differs: each set notifies "selected". */
  if (adw_combo_row_get_selected (self->network_preset_row) != _cp_quote_editor_network_preset_of (self->quote))
    adw_combo_row_set_selected (self->network_preset_row, _cp_quote_editor_network_preset_of (self->quote));

  for (guint i = 0; i < self->rows->len; i++)
    {
      CpFieldRow *row = g_ptr_array_index (self->rows, i);

      cp_field_row_set_currency (row, self->quote->currency);
      cp_field_row_set_hours_per_month (row, self->project->settings.hours_per_month);
      cp_field_row_load (row, self->quote, reset);
    }
  update_price_hint (self);
  update_term_hint (self);
  update_currency_and_vendor_hints (self);
  update_offer_hint (self);
  update_network_hints (self);
  update_nodes_hint (self);
  update_offering_hint (self);
  update_memory_unit (self);
  /* One machine has no network between nodes: its section goes, its values
   * stay in the quote (and the file) for when a second node comes. The node
   * count alone decides, not cp_quote_is_cluster(): a new quote's network is
   * "None", and the section must come back for it to be chosen. */
  gtk_widget_set_visible (GTK_WIDGET (self->network_group), self->quote->nodes_available > 1);
  /* Only an offer of several nodes has a part to rent. */
  gtk_widget_set_visible (GTK_WIDGET (cp_quote_editor_get_row (self, "part-rentable")),
                          self->quote->nodes_available > 1);
  gtk_widget_set_visible (GTK_WIDGET (cp_quote_editor_get_row (self, "gpu-name")),
                          g_strcmp0 (self->quote->gpu.id, CP_SPEC_CUSTOM_ID) == 0);
  /* A fee's amount is asked for when the quote states one; "included" and
   * "not stated" need none. */
  gtk_widget_set_visible (GTK_WIDGET (cp_quote_editor_get_row (self, "network-fee")),
                          cp_quote_network_fee_terms (self->quote) == CP_FEE_STATED);
  gtk_widget_set_visible (GTK_WIDGET (cp_quote_editor_get_row (self, "storage-price")),
                          cp_quote_storage_price_terms (self->quote) == CP_FEE_STATED);
  gtk_widget_set_visible (GTK_WIDGET (cp_quote_editor_get_row (self, "ops-support-terms")),
                          cp_quote_team_runs_machines (self->quote));
  gtk_widget_set_visible (GTK_WIDGET (cp_quote_editor_get_row (self, "ops-support-fee")),
                          cp_quote_team_runs_machines (self->quote) &&
                          cp_quote_ops_support_terms (self->quote) == CP_FEE_STATED);
  /* A share of the fabric is asked of a shared one only (walkthrough 22:
   * it showed beside Dedicated). */
  gtk_widget_set_visible (GTK_WIDGET (cp_quote_editor_get_row (self, "share-factor")),
                          self->quote->sharing == CP_SHARING_SHARED);

  self->loading = FALSE;
}

static void
emit_changed (CpQuoteEditor *self,
              const char    *key)
{
  g_signal_emit (self, signals[CHANGED], 0, key);
}

/* A quote loaded from a file may already be one the model refuses; an
 * edit that leaves that same problem in place is still accepted. */
static gboolean
validate_candidate (const CpQuote  *candidate,
                    const CpQuote  *current,
                    GError        **error)
{
  g_autoptr(GError) candidate_error = NULL;
  g_autoptr(GError) current_error = NULL;

  /* An incomplete quote (no NICs yet on a cluster) is kept as typed and
   * shown as incomplete; only figures the model cannot use are refused. */
  if (cp_quote_validate_figures (candidate, &candidate_error))
    return TRUE;

  if (!cp_quote_validate_figures (current, &current_error) &&
      g_strcmp0 (current_error->message, candidate_error->message) == 0)
    return TRUE;

  g_propagate_error (error, g_steal_pointer (&candidate_error));
  return FALSE;
}

/* The GPU figure the form's row @key holds; CP_N_GPU_FIGURES for its
 * name, which is no figure. */
static CpGpuFigure
gpu_figure_of (const char *key)
{
  static const struct { const char *key; CpGpuFigure figure; } rows[] = {
    { "gpu-memory", CP_GPU_FIGURE_MEMORY },
    { "gpu-bf16-flops", CP_GPU_FIGURE_DENSE_BF16_FLOPS },
    { "gpu-fp8-flops", CP_GPU_FIGURE_DENSE_FP8_FLOPS },
    { "gpu-memory-bandwidth", CP_GPU_FIGURE_MEMORY_BANDWIDTH },
  };

  for (guint i = 0; i < G_N_ELEMENTS (rows); i++)
    if (g_str_equal (key, rows[i].key))
      return rows[i].figure;
  return CP_N_GPU_FIGURES;
}

/* Whether @field holds the same value in both quotes: a price by the
 * day also sets the term it bills, and its unit and currency go with it. */
static gboolean
same_value (const CpField *field,
            const CpQuote *a,
            const CpQuote *b)
{
  if (field->kind == CP_FIELD_PRICE)
    return a->price == b->price && a->price_unit == b->price_unit &&
           memcmp (a->currency, b->currency, 3) == 0 && a->minimum_term_h == b->minimum_term_h;
  return cp_field_same_value (field, a, b);
}

/* A price as written (@written, read into @price): "2352 元/台/天" names
 * its unit and currency, which go with it, in the quote's units, as the
 * import takes them (cp_quote_set_price_text()). */
static void
apply_price (CpQuoteEditor     *self,
             CpQuote           *quote,
             const CpPriceText *price,
             const char        *written)
{
  if (cp_quote_set_price_text (quote, price, written, quote->minimum_term_h > 0, &self->project->settings, NULL))
    {
      /* A price by the day bills whole days, as one by the month bills
       * whole months (cp_quote_billing_granularity_h()): "2976 CNY/node/day"
       * billed a 0.8-day job's second day by the hour (walkthrough 22). */
      if (price->period == CP_PRICE_PERIOD_DAY && cp_quote_billing_granularity_is_assumed (quote))
        quote->billing_granularity_h = 24;
    }
  else if (price->currency[0] != '\0')
    g_strlcpy (quote->currency, price->currency, sizeof quote->currency);
}

static void
apply_value (CpQuoteEditor      *self,
             const CpField      *field,
             CpQuote            *quote,
             const CpFieldValue *value)
{
  CpFieldRow *row = cp_quote_editor_get_row (self, field->key);

  cp_field_apply (field, quote, value);
  if (field->kind == CP_FIELD_PRICE)
    apply_price (self, quote, &value->price, gtk_editable_get_text (GTK_EDITABLE (cp_field_row_get_input (row))));
}

/* An offer that states its price ("8 x H800 at 14.5/GPU/h") gives an
 * empty Price that price, read as Price reads it (issue 26: the lead
 * typed it a second time). A price already there stays, and the Offer
 * row says where the two differ (update_offer_hint()). */
static void
fill_price_from_offer (CpQuoteEditor *self)
{
  g_autofree char *written = NULL;
  CpPriceText price;

  if (self->quote->price > 0 || !cp_quote_offer_states_price (self->quote->offer_name, &price, &written))
    return;
  apply_price (self, self->quote, &price, written);
}

/* An offer that names its GPUs ("8 x H100 80GB", "4 nodes x 8 H800")
 * gives the quote those GPUs, their count and its nodes, as the offer
 * gives it its price and network: the form kept its A100 40GB under an
 * H100 offer and the results named the offer over the A100's 13.5 days
 * (walk35 U1). One that names its GPU without counting it ("2-node H800
 * InfiniBand cluster") gives the GPU alone, where it stayed at the A100
 * while "Own 8xA800 server" was read (walk36b Z11). Only the first offer
 * a quote is given, as a new quote is typed from the vendor's line, with
 * the GPU row still at the one a new quote starts with (the catalogue's
 * first, cp-window-actions.c); an offer typed over another is compared
 * with the fields, and Offer says where they differ (update_offer_hint()).
 * Only what it says: a node count it does not write stays. The GPU row
 * says the GPU was read from the offer until another is picked. */
static void
fill_gpus_from_offer (CpQuoteEditor *self)
{
  const CpGpuSpec *gpu = NULL;
  const CpLinkSpec *link;
  guint gpus_per_node = 0, nodes = 0;
  gboolean counted;

  const CpCatalog *builtin = cp_catalog_get_builtin ();

  /* A GPU picked before the offer was typed is the user's: compared only. */
  if (cp_catalog_n_gpus (builtin) == 0 || g_strcmp0 (self->quote->gpu.id, cp_catalog_get_gpu (builtin, 0)->id) != 0)
    return;
  counted = cp_quote_offer_states_gpus (self->project, self->quote->offer_name, &gpu, &gpus_per_node, &nodes);
  if (!counted)
    gpu = cp_gpu_match_find_in_text (self->project, self->quote->offer_name);
  if (gpu == NULL)
    return;
  if (g_strcmp0 (gpu->id, self->quote->gpu.id) != 0)
    {
      cp_quote_set_gpu (self->quote, gpu);
      link = gpu->default_intra_link ? cp_project_find_link (self->project, gpu->default_intra_link) : NULL;
      if (link != NULL)
        cp_quote_set_intra_link (self->quote, link);
      self->gpu_from_offer = TRUE;
    }
  if (!counted)
    return;
  /* "32 × H100" of 4 nodes of 8 counts the whole offer. */
  if (nodes > 0 || gpus_per_node != self->quote->gpus_per_node * self->quote->nodes_available)
    self->quote->gpus_per_node = gpus_per_node;
  if (nodes > 0)
    self->quote->nodes_available = nodes;
}

/* An offer that says its nodes, its kind or its network ("H800 cluster,
 * 2 nodes, InfiniBand", "RoCE 8x400G") gives them to a quote whose fields
 * are still a new quote's (1 node, a bare-metal machine, no network), as
 * the quote sheets' importer reads them (cp_quote_offer_fill()): the
 * lead's 4-node RoCE cluster was planned as separate machines under the
 * offer's words (walk33 W2), the 2-node InfiniBand cluster as one machine
 * until nodes, kind and fabric were found and set by hand (walk37b U1).
 * What it does not say (the NICs of a bare "InfiniBand") is the GPU's
 * common fabric, its rows saying so (update_network_hints()): the 2-node
 * cluster was ranked on one machine only until 8 and 400 were typed
 * (walk38b G8); with no common fabric (a PCIe card) it stays 0 and its row
 * says it is needed. The nodes and the kind only from the @first_offer a quote is
 * given, as its GPU (fill_gpus_from_offer()): a one-node machine's offer
 * retyped is compared, not followed. Fields already filled stay, and the
 * Offer row says where the two differ (update_offer_hint()). */
static void
fill_hardware_from_offer (CpQuoteEditor *self,
                          gboolean       first_offer)
{
  CpQuoteOfferParts unset = 0;

  if (first_offer && self->quote->nodes_available == 1)
    unset |= CP_QUOTE_OFFER_NODES;
  if (first_offer && self->quote->offering == CP_OFFERING_BARE_METAL)
    unset |= CP_QUOTE_OFFER_OFFERING;
  if (cp_quote_network_unstated (self->quote))
    unset |= CP_QUOTE_OFFER_NETWORK | CP_QUOTE_OFFER_COMMON_FABRIC;
  if ((cp_quote_offer_fill (self->project, self->quote, unset) & CP_QUOTE_OFFER_NETWORK) == 0)
    return;
  self->loading = TRUE;
  adw_combo_row_set_selected (self->network_preset_row, _cp_quote_editor_network_preset_of (self->quote));
  self->loading = FALSE;
}

/* After a change to the quote's nodes, GPU, GPUs per node or kind, from
 * @before: a fabric assumed for the GPU before is the new GPU's (an A800
 * picked after "H800 cluster, 2 nodes, InfiniBand" kept the H800's 8 ×
 * 400 Gb/s, then shown as if the vendor had said it; 4 NICs for 4 GPUs a
 * node), and a network nobody stated on several nodes is the GPU's common
 * one, said assumed in its rows (update_network_hints()): a "Container
 * cluster" of 4 nodes left at the form's None was planned as 4 unconnected
 * machines (walk41b TOP 1). The preset row shows the fabric it became. */
static void
fit_network (CpQuoteEditor *self,
             const CpQuote *before)
{
  gboolean refit = cp_quote_offer_refit_fabric (self->project, self->quote, before);

  if (!cp_quote_offer_assume_network (self->quote) && !refit)
    return;
  self->loading = TRUE;
  adw_combo_row_set_selected (self->network_preset_row, _cp_quote_editor_network_preset_of (self->quote));
  self->loading = FALSE;
}

/* A bare-metal quote that becomes a cluster (two nodes or more, with a
 * network between them) is a bare-metal cluster, as a sheet without a
 * kind column imports it (cp-quote-csv.c): a 4-node RoCE cluster typed in
 * the form was called "Bare-metal machine" in the form and the reports
 * (walk35 Y2). A kind the user picks is left as picked. */
static void
imply_cluster_offering (CpQuote *quote)
{
  if (cp_quote_is_cluster (quote) && quote->offering == CP_OFFERING_BARE_METAL)
    quote->offering = CP_OFFERING_BARE_METAL_CLUSTER;
}

static gboolean
commit_field (gpointer            user_data,
              const CpField      *field,
              const CpFieldValue *value,
              GError            **error)
{
  CpQuoteEditor *self = user_data;
  CpQuote candidate = { 0 };
  gboolean valid;
  CpQuote before = { 0 };
  gboolean first_offer;
  double memory_before_gb;
  /* What may change the network a quote's nodes need: the offer fills
   * the GPU it names (fill_gpus_from_offer()). */
  gboolean hardware = g_str_equal (field->key, "nodes-available") || g_str_equal (field->key, "gpus-per-node") ||
                      g_str_equal (field->key, "offering") || g_str_equal (field->key, "offer-name");

  if (self->quote == NULL || self->loading)
    return TRUE;

  cp_quote_copy (&candidate, self->quote);
  apply_value (self, field, &candidate, value);
  /* The report and the risks read it as a date: "2026-13-45" was kept
   * under the field's own hint "Date as YYYY-MM-DD". */
  if (g_str_equal (field->key, "valid-until") && candidate.valid_until != NULL && *candidate.valid_until != '\0' &&
      !cp_i18n_parse_iso_date (candidate.valid_until, NULL))
    {
      /* TRANSLATORS: %s is the text typed in the Valid until field */
      g_set_error (error, CP_MODEL_ERROR, CP_MODEL_ERROR_INVALID, _("“%s” is not a date such as 2026-06-30"),
                   candidate.valid_until);
      cp_quote_clear (&candidate);
      return FALSE;
    }
  /* Said in percent, as typed, with the field's name: the model's own
   * check speaks of a fraction (0.5). Its bound is the project's VAT
   * settings' (cp_settings_validate()). */
  if (g_str_equal (field->key, "vat-rate") && !(candidate.vat_rate >= 0 && candidate.vat_rate <= 0.5))
    {
      g_set_error (error, CP_MODEL_ERROR, CP_MODEL_ERROR_INVALID, _("VAT rate must be between 0 and 50%%"));
      cp_quote_clear (&candidate);
      return FALSE;
    }
  /* A GPU with no name would be printed as its id, "custom". */
  if (g_str_equal (field->key, "gpu-name") && (candidate.gpu.name == NULL || *g_strstrip (candidate.gpu.name) == '\0'))
    {
      g_set_error (error, CP_MODEL_ERROR, CP_MODEL_ERROR_INVALID, _("Type the GPU’s name, as the quote gives it"));
      cp_quote_clear (&candidate);
      return FALSE;
    }
  if (same_value (field, &candidate, self->quote))
    {
      cp_quote_clear (&candidate);
      return TRUE;
    }
  valid = validate_candidate (&candidate, self->quote, error);
  cp_quote_clear (&candidate);

  if (!valid)
    return FALSE;

  first_offer = g_str_equal (field->key, "offer-name") &&
                (self->quote->offer_name == NULL || *self->quote->offer_name == '\0');
  if (hardware)
    cp_quote_copy (&before, self->quote);
  memory_before_gb = self->quote->gpu.memory_nominal_gb;
  apply_value (self, field, self->quote, value);
  /* The network typed is the vendor's, no longer the common build. */
  if (g_str_equal (field->key, "network") || g_str_equal (field->key, "nics-per-node") ||
      g_str_equal (field->key, "nic-gbps"))
    self->quote->fabric_assumed = FALSE;
  if (g_str_has_suffix (field->key, "-terms"))
    clear_unstated_amounts (self->quote);
  if (g_str_equal (field->key, "offering"))
    self->quote->offering_stated = TRUE;
  /* One change: Undo takes the offer and the price it gave back together. */
  if (g_str_equal (field->key, "offer-name"))
    {
      if (first_offer)
        fill_gpus_from_offer (self);
      fill_price_from_offer (self);
      fill_hardware_from_offer (self, first_offer);
    }
  if (g_str_has_prefix (field->key, "gpu-"))
    {
      cp_gpu_spec_mark_typed (&self->quote->gpu, gpu_figure_of (field->key), memory_before_gb);
      self->gpu_from_offer = FALSE;
    }
  else if (g_str_equal (field->key, "intra-link-rate"))
    cp_link_spec_mark_typed (&self->quote->intra_link, TRUE);
  if (hardware)
    {
      fit_network (self, &before);
      cp_quote_clear (&before);
    }
  if (!g_str_equal (field->key, "offering"))
    imply_cluster_offering (self->quote);

  load_rows (self, FALSE);
  emit_changed (self, field->key);

  return TRUE;
}

/* The pickers change the quote and its field rows, never their lists. */
static void
on_gpu_picked (CpQuoteEditor *self,
               const char    *id)
{
  CpQuote before = { 0 };

  if (self->quote == NULL || self->loading || g_strcmp0 (id, self->quote->gpu.id) == 0)
    return;

  self->gpu_from_offer = FALSE;
  cp_quote_copy (&before, self->quote);
  if (g_strcmp0 (id, CP_SPEC_CUSTOM_ID) == 0)
    cp_gpu_spec_mark_typed (&self->quote->gpu, CP_N_GPU_FIGURES, 0);
  else
    {
      const CpGpuSpec *gpu = cp_project_find_gpu (self->project, id);
      const CpLinkSpec *link;

      g_return_if_fail (gpu != NULL);
      cp_quote_set_gpu (self->quote, gpu);

      /* The GPU's usual interconnect, which the link row can override. */
      link = gpu->default_intra_link ? cp_project_find_link (self->project, gpu->default_intra_link) : NULL;
      if (link != NULL)
        cp_quote_set_intra_link (self->quote, link);
    }
  fit_network (self, &before);
  cp_quote_clear (&before);

  load_rows (self, TRUE);
  emit_changed (self, "gpu");
}

static void
on_link_picked (CpQuoteEditor *self,
                const char    *id)
{
  if (self->quote == NULL || self->loading || g_strcmp0 (id, self->quote->intra_link.id) == 0)
    return;

  if (g_strcmp0 (id, CP_SPEC_CUSTOM_ID) == 0)
    cp_link_spec_mark_typed (&self->quote->intra_link, FALSE);
  else
    {
      const CpLinkSpec *link = cp_project_find_link (self->project, id);

      g_return_if_fail (link != NULL);
      cp_quote_set_intra_link (self->quote, link);
    }

  load_rows (self, TRUE);
  emit_changed (self, "intra-link");
}

static void
on_row_error_changed (CpQuoteEditor *self)
{
  g_signal_emit (self, signals[ERRORS_CHANGED], 0);
}

char *
cp_quote_editor_dup_error_notice (CpQuoteEditor *self)
{
  g_autofree char *name = NULL;
  guint index;

  g_return_val_if_fail (CP_IS_QUOTE_EDITOR (self), NULL);

  if (self->quote != NULL && g_ptr_array_find (self->project->quotes, self->quote, &index))
    name = cp_words_quote_name (self->project, (int) index);
  return cp_field_row_describe_errors ((CpFieldRow **) self->rows->pdata, self->rows->len, name);
}

/* The fabric list's own rows: libadwaita 1.2's check mark is set when a
 * row is bound inside the popup only, and a row recycled while scrolling
 * kept the mark of the item it showed before (walkthrough 22: "4 × 400
 * Gb/s RoCE" checked with the first row chosen). Each row here
 * follows the combo row's selection while it is bound. */
static void
update_preset_check (GtkListItem *list_item,
                     GParamSpec  *pspec,
                     AdwComboRow *combo)
{
  GtkWidget *box = gtk_list_item_get_child (list_item);
  GtkWidget *check = gtk_widget_get_last_child (box);

  gtk_widget_set_opacity (check, adw_combo_row_get_selected (combo) == gtk_list_item_get_position (list_item));
}

static void
on_preset_selected_changed (AdwComboRow *combo,
                            GParamSpec  *pspec,
                            GtkListItem *list_item)
{
  update_preset_check (list_item, NULL, combo);
}

static void
setup_preset_item (GtkSignalListItemFactory *factory,
                   GtkListItem              *list_item)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  GtkWidget *label = gtk_label_new (NULL);

  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_widget_set_hexpand (label, TRUE);
  gtk_box_append (GTK_BOX (box), label);
  gtk_box_append (GTK_BOX (box), gtk_image_new_from_icon_name ("object-select-symbolic"));
  gtk_list_item_set_child (list_item, box);
}

static void
bind_preset_item (GtkSignalListItemFactory *factory,
                  GtkListItem              *list_item,
                  AdwComboRow              *combo)
{
  GtkWidget *box = gtk_list_item_get_child (list_item);
  GtkStringObject *item = gtk_list_item_get_item (list_item);

  gtk_label_set_label (GTK_LABEL (gtk_widget_get_first_child (box)), gtk_string_object_get_string (item));
  g_signal_connect (combo, "notify::selected", G_CALLBACK (on_preset_selected_changed), list_item);
  g_signal_connect (list_item, "notify::position", G_CALLBACK (update_preset_check), combo);
  update_preset_check (list_item, NULL, combo);
}

static void
unbind_preset_item (GtkSignalListItemFactory *factory,
                    GtkListItem              *list_item,
                    AdwComboRow              *combo)
{
  g_signal_handlers_disconnect_by_func (combo, on_preset_selected_changed, list_item);
  g_signal_handlers_disconnect_by_func (list_item, update_preset_check, combo);
}

static void
on_network_preset_selected (CpQuoteEditor *self)
{
  guint selected;

  if (self->quote == NULL || self->loading)
    return;

  selected = adw_combo_row_get_selected (self->network_preset_row);
  if (selected == 0 || selected >= _cp_quote_editor_n_network_presets)
    return;

  self->quote->network = _cp_quote_editor_network_presets[selected].kind;
  self->quote->nics_per_node = _cp_quote_editor_network_presets[selected].nics;
  self->quote->nic_gbps = _cp_quote_editor_network_presets[selected].nic_gbps;
  self->quote->fabric_assumed = FALSE;
  imply_cluster_offering (self->quote);

  load_rows (self, FALSE);
  emit_changed (self, "network");
}

/* A form shown for another quote starts at its top (AdwPreferencesPage
 * has no scroll_to_top before libadwaita 1.3). */
static void
scroll_to_top (CpQuoteEditor *self)
{
  GtkWidget *scroller = adw_bin_get_child (ADW_BIN (self));

  while (scroller != NULL && !GTK_IS_SCROLLED_WINDOW (scroller))
    scroller = gtk_widget_get_first_child (scroller);
  if (scroller != NULL)
    gtk_adjustment_set_value (gtk_scrolled_window_get_vadjustment (GTK_SCROLLED_WINDOW (scroller)), 0);
}

void
cp_quote_editor_set_quote (CpQuoteEditor *self,
                           CpProject     *project,
                           CpQuote       *quote)
{
  g_return_if_fail (CP_IS_QUOTE_EDITOR (self));
  g_return_if_fail (project != NULL);
  g_return_if_fail (quote != NULL);

  ensure_form (self);
  if (quote != self->quote)
    {
      scroll_to_top (self);
      self->gpu_from_offer = FALSE;
    }
  self->project = project;
  self->quote = quote;
  fill_catalog_rows (self);
  load_rows (self, TRUE);
}

void
cp_quote_editor_reload (CpQuoteEditor *self)
{
  g_return_if_fail (CP_IS_QUOTE_EDITOR (self));

  if (self->quote == NULL)
    return;
  fill_catalog_rows (self);
  load_rows (self, FALSE);
}

static void
show_picker_row (CpPickerRow *row)
{
  cp_form_show_row (GTK_WIDGET (row), gtk_widget_get_first_child (GTK_WIDGET (cp_picker_row_get_drop_down (row))));
}

void
cp_quote_editor_show_row (CpQuoteEditor *self,
                          const char    *key)
{
  CpFieldRow *row;

  g_return_if_fail (CP_IS_QUOTE_EDITOR (self));
  g_return_if_fail (key != NULL);

  if (g_str_equal (key, "gpu"))
    show_picker_row (self->gpu_row);
  else if (g_str_equal (key, "intra-link"))
    show_picker_row (self->link_row);
  else if (g_str_equal (key, "network"))
    cp_form_show_row (GTK_WIDGET (self->network_preset_row), GTK_WIDGET (self->network_preset_row));
  else if ((row = cp_quote_editor_get_row (self, key)) != NULL)
    {
      /* A figure of "More Hardware Figures" is shown with them. */
      if (self->hardware_expander != NULL && gtk_widget_is_ancestor (GTK_WIDGET (row), GTK_WIDGET (self->hardware_expander)))
        adw_expander_row_set_expanded (self->hardware_expander, TRUE);
      cp_form_show_row (GTK_WIDGET (row), cp_field_row_get_input (row));
    }
}

CpFieldRow *
cp_quote_editor_get_row (CpQuoteEditor *self,
                         const char    *key)
{
  g_return_val_if_fail (CP_IS_QUOTE_EDITOR (self), NULL);

  ensure_form (self);
  for (guint i = 0; i < self->rows->len; i++)
    {
      CpFieldRow *row = g_ptr_array_index (self->rows, i);

      if (strcmp (cp_field_row_get_field (row)->key, key) == 0)
        return row;
    }
  return NULL;
}

CpPickerRow *
cp_quote_editor_get_gpu_row (CpQuoteEditor *self)
{
  g_return_val_if_fail (CP_IS_QUOTE_EDITOR (self), NULL);

  ensure_form (self);
  return self->gpu_row;
}

CpPickerRow *
cp_quote_editor_get_link_row (CpQuoteEditor *self)
{
  g_return_val_if_fail (CP_IS_QUOTE_EDITOR (self), NULL);

  ensure_form (self);
  return self->link_row;
}

AdwComboRow *
cp_quote_editor_get_network_preset_row (CpQuoteEditor *self)
{
  g_return_val_if_fail (CP_IS_QUOTE_EDITOR (self), NULL);

  ensure_form (self);
  return self->network_preset_row;
}

GtkWidget *
cp_quote_editor_new (void)
{
  return g_object_new (CP_TYPE_QUOTE_EDITOR, NULL);
}

static void
cp_quote_editor_dispose (GObject *object)
{
  CpQuoteEditor *self = (CpQuoteEditor *) object;

  /* AdwBin disposes its child, the template, itself. */
  self->quote = NULL;
  self->project = NULL;

  G_OBJECT_CLASS (cp_quote_editor_parent_class)->dispose (object);
}

static void
cp_quote_editor_finalize (GObject *object)
{
  CpQuoteEditor *self = (CpQuoteEditor *) object;

  g_clear_pointer (&self->rows, g_ptr_array_unref);

  G_OBJECT_CLASS (cp_quote_editor_parent_class)->finalize (object);
}

static void
cp_quote_editor_class_init (CpQuoteEditorClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = cp_quote_editor_dispose;
  object_class->finalize = cp_quote_editor_finalize;

  /**
   * CpQuoteEditor::changed:
   * @key: the field that changed ("gpu", "intra-link", "network" or a
   *   field key)
   *
   * The quote was changed and the model accepts it.
   */
  signals[CHANGED] =
    g_signal_new ("changed",
                  G_TYPE_FROM_CLASS (klass),
                  G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL,
                  G_TYPE_NONE, 1, G_TYPE_STRING);

  /**
   * CpQuoteEditor::errors-changed:
   *
   * A field started or stopped showing a refused value; see
   * cp_quote_editor_dup_error_notice().
   */
  signals[ERRORS_CHANGED] =
    g_signal_new ("errors-changed",
                  G_TYPE_FROM_CLASS (klass),
                  G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL,
                  G_TYPE_NONE, 0);

  g_type_ensure (CP_TYPE_PICKER_ROW);
  gtk_widget_class_set_template_from_resource (widget_class, RESOURCE_PREFIX "/ui/cp-quote-editor.ui");
  gtk_widget_class_bind_template_child (widget_class, CpQuoteEditor, offer_group);
  gtk_widget_class_bind_template_child (widget_class, CpQuoteEditor, hardware_group);
  gtk_widget_class_bind_template_child (widget_class, CpQuoteEditor, network_group);
  gtk_widget_class_bind_template_child (widget_class, CpQuoteEditor, price_group);
  gtk_widget_class_bind_template_child (widget_class, CpQuoteEditor, costs_group);
  gtk_widget_class_bind_template_child (widget_class, CpQuoteEditor, gpu_row);
  gtk_widget_class_bind_template_child (widget_class, CpQuoteEditor, link_row);
  gtk_widget_class_bind_template_child (widget_class, CpQuoteEditor, network_preset_row);
  gtk_widget_class_bind_template_callback (widget_class, on_gpu_picked);
  gtk_widget_class_bind_template_callback (widget_class, on_link_picked);
  gtk_widget_class_bind_template_callback (widget_class, on_network_preset_selected);
}

/* The form itself, built when a quote is first shown or a row asked for:
 * a window opens on a job, and the first frame paid for thirty rows it
 * did not show (issue 25). */
static void
ensure_form (CpQuoteEditor *self)
{
  g_autoptr(GtkStringList) presets = NULL;
  g_autoptr(GtkListItemFactory) preset_factory = NULL;

  if (self->built)
    return;
  self->built = TRUE;
  presets = gtk_string_list_new (NULL);
  gtk_widget_init_template (GTK_WIDGET (self));

  self->groups[GROUP_OFFER] = self->offer_group;
  self->groups[GROUP_HARDWARE] = self->hardware_group;
  self->groups[GROUP_NETWORK] = self->network_group;
  self->groups[GROUP_PRICE] = self->price_group;
  self->groups[GROUP_COSTS] = self->costs_group;
  cp_picker_row_set_ellipsize (self->gpu_row, PANGO_ELLIPSIZE_START);

  for (guint i = 0; i < _cp_quote_editor_n_network_presets; i++)
    gtk_string_list_append (presets, _(_cp_quote_editor_network_presets[i].label));
  adw_combo_row_set_model (self->network_preset_row, G_LIST_MODEL (presets));
  preset_factory = gtk_signal_list_item_factory_new ();
  g_signal_connect (preset_factory, "setup", G_CALLBACK (setup_preset_item), NULL);
  g_signal_connect (preset_factory, "bind", G_CALLBACK (bind_preset_item), self->network_preset_row);
  g_signal_connect (preset_factory, "unbind", G_CALLBACK (unbind_preset_item), self->network_preset_row);
  adw_combo_row_set_list_factory (self->network_preset_row, preset_factory);
  cp_form_row_wrap_at_words (ADW_ACTION_ROW (self->network_preset_row));
  cp_form_popup_fit_window (GTK_WIDGET (self->network_preset_row));

  for (guint i = 0; i < _cp_quote_editor_n_fields; i++)
    {
      const CpField *field = &_cp_quote_editor_fields[i];
      CpFieldRow *row = cp_field_row_new (field, commit_field, self);

      /* The price's reading takes two lines, as does its warning: the
       * form keeps its place when Billed per changes which one shows
       * (walkthrough 10: it moved 35 px and the next click missed). */
      if (g_strcmp0 (field->key, "price") == 0)
        cp_field_row_keep_hint_lines (row, 2);
      g_ptr_array_add (self->rows, row);
      g_signal_connect_object (row, "notify::error", G_CALLBACK (on_row_error_changed), self, G_CONNECT_SWAPPED);

      if (field->advanced)
        {
          if (self->hardware_expander == NULL)
            {
              self->hardware_expander = ADW_EXPANDER_ROW (adw_expander_row_new ());
              adw_preferences_row_set_title (ADW_PREFERENCES_ROW (self->hardware_expander),
                                             _("More Hardware Figures"));
              adw_preferences_group_add (self->groups[field->group], GTK_WIDGET (self->hardware_expander));
            }
          adw_expander_row_add_row (self->hardware_expander, GTK_WIDGET (row));
        }
      else
        adw_preferences_group_add (self->groups[field->group], GTK_WIDGET (row));
    }
}

static void
cp_quote_editor_init (CpQuoteEditor *self)
{
  self->rows = g_ptr_array_new ();
}
