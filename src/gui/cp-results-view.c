/* cp-results-view.c: the verdict, the comparison of quotes and the charts
 * for one job.
 *
 * Changes are folded into one idle that runs before the next frame is
 * laid out (sysprof's queue_reload pattern): it plans once
 * (cp_project_plan_job()), updates the table's CpOptionObject rows in
 * place (one splice when the ranking changes), and sets a label only when
 * its words changed, so a keystroke re-measures only what it changed.
 */
#include "config.h"

#include <glib/gi18n.h>
#include <math.h>

#include "planner/cp-units.h"
#include "report/cp-i18n.h"
#include "report/cp-reason-text.h"

#include "cp-labels.h"
#include "cp-option-object.h"
#include "cp-results-view.h"

/* Runs before GDK's layout and paint (GDK_PRIORITY_REDRAW is
 * G_PRIORITY_HIGH_IDLE + 20): a change shows in the frame after it. */
#define UPDATE_PRIORITY (G_PRIORITY_HIGH_IDLE + 10)
/* After that frame's paint. */
#define DETAILS_PRIORITY G_PRIORITY_LOW

typedef CpOptionText Column;

/* The narrowest a paragraph of the results wraps to, in characters. */
#define WRAPPED_MIN_CHARS 24

struct _CpResultsView
{
  AdwBin              parent_instance;

  GtkStack           *stack;
  GtkScrolledWindow  *page_scroller;
  GtkScrolledWindow  *table_scroller;
  GtkLabel           *notice_label;
  GtkLabel           *verdict_label;
  GtkLabel           *robustness_label;
  GtkLabel           *summary_label;
  GtkLabel           *layout_label;
  GtkLabel           *cluster_heading;
  GtkLabel           *cluster_label;
  GtkLabel           *changes_heading;
  GtkLabel           *changes_label;
  GtkLabel           *readout_label;
  GtkStack           *chart_stack;
  CpChartView        *cost_chart;
  CpChartView        *memory_chart;
  CpChartView        *serving_chart;
  GtkStackPage       *serving_page;
  GtkColumnView      *options_view;
  GtkLabel           *incomplete_label;
  GtkListBox         *reasons_list;
  GtkLabel           *risks_label;

  GListStore         *options;          /* CpOptionObject, by rank */
  GtkSortListModel   *sorted_options;
  GtkColumnViewColumn *rank_column;
  GtkColumnViewColumn *serving_columns[3]; /* shown for an inference job */
  CpPlan             *plan;
  CpMemoryUnit        memory_unit;
  guint               n_updates;

  /* The update waiting for the idle: the window keeps the project alive
   * and queues again whenever it replaces it. */
  const CpProject    *pending_project;
  int                 pending_job;
  guint               update_id;
  /* Whether the verdict holds and the paragraphs, one frame later, for
   * the project just planned. */
  const CpProject    *details_project;
  const CpJob        *details_job;
  guint               details_job_index;
  guint               details_id;
  GdkFrameClock      *after_paint_clock;
  gulong              after_paint_id;
};

G_DEFINE_FINAL_TYPE (CpResultsView, cp_results_view, ADW_TYPE_BIN)

static void
set_label (GtkLabel   *label,
           const char *text)
{
  if (g_strcmp0 (gtk_label_get_label (label), text) != 0)
    gtk_label_set_label (label, text);
}

static void
set_visible (GtkWidget *widget,
             gboolean   visible)
{
  if (gtk_widget_get_visible (widget) != visible)
    gtk_widget_set_visible (widget, visible);
}

static void
set_css_class (GtkWidget  *widget,
               const char *name,
               gboolean    on)
{
  if (on && !gtk_widget_has_css_class (widget, name))
    gtk_widget_add_css_class (widget, name);
  else if (!on && gtk_widget_has_css_class (widget, name))
    gtk_widget_remove_css_class (widget, name);
}

static char *
format_bytes (CpResultsView *self,
              double         bytes)
{
  return cp_format_bytes (bytes, self->memory_unit);
}

/* Time the run waits on communication, as a share of the run. */
static double
communication_share (const CpEstimate *estimate)
{
  return estimate->total_s > 0 ? estimate->exposed_communication_s / estimate->total_s : 0;
}

static char *
cell_text (CpResultsView   *self,
           const CpProject *project,
           const CpOption  *option,
           const char      *name,
           const char      *currency,
           const CpJob     *job,
           Column           column)
{
  const CpEstimate *estimate = &option->estimate;
  const char *lang = cp_labels_ui_language ();

  switch (column)
    {
    case CP_OPTION_TEXT_RANK:
      return g_strdup_printf ("%u", option->rank);
    case CP_OPTION_TEXT_QUOTE:
      return g_strdup (name);
    case CP_OPTION_TEXT_QUOTE_CELL:
      {
        const CpQuote *quote = g_ptr_array_index (project->quotes, option->quote_index);

        /* R6 says why (cp_quote_price_is_plausible()). */
        if (!cp_quote_price_is_plausible (quote, &project->settings))
          /* TRANSLATORS: a quote whose price looks typed in the wrong unit */
          return g_strdup_printf (_("⚠ %s (price?)"), name);
        return g_strdup (name);
      }
    case CP_OPTION_TEXT_FITS:
      return g_strdup (estimate->fits ? _("Yes") : _("No"));
    case CP_OPTION_TEXT_NODES:
      if (option->has_full_offer)
        /* TRANSLATORS: nodes used of nodes offered (total GPUs), e.g. "1 of 4 (8 GPUs)" */
        return g_strdup_printf (_("%u of %u (%u GPUs)"), estimate->nodes, option->full_offer.nodes, estimate->gpus);
      /* TRANSLATORS: nodes (total GPUs), e.g. "4 (32 GPUs)" */
      return g_strdup_printf (_("%u (%u GPUs)"), estimate->nodes, estimate->gpus);
    case CP_OPTION_TEXT_MEMORY:
      {
        g_autofree char *need = format_bytes (self, estimate->memory_per_gpu_bytes);
        g_autofree char *have = format_bytes (self, estimate->available_per_gpu_bytes);

        /* TRANSLATORS: memory per GPU needed / available; the second form
         * is for a job that does not fit */
        return g_strdup_printf (estimate->fits ? _("%s / %s") : _("%s / %s ✗"), need, have);
      }
    case CP_OPTION_TEXT_TECHNIQUE:
      return g_strdup (cp_words_technique (estimate->technique));
    case CP_OPTION_TEXT_DAYS:
      return cp_i18n_format_days (estimate->calendar_days, lang);
    case CP_OPTION_TEXT_DEADLINE:
      return cp_words_deadline_status (job, estimate, lang);
    case CP_OPTION_TEXT_COST:
      return cp_i18n_format_money (estimate->total_cost, currency, lang);
    case CP_OPTION_TEXT_COST_RANGE:
      {
        /* Plain numbers: the currency is on the figure above. */
        g_autofree char *low = cp_i18n_format_number (option->range.total_cost_low, 0, lang);
        g_autofree char *high = cp_i18n_format_number (option->range.total_cost_high, 0, lang);

        /* TRANSLATORS: an assumption's spread, low to high, e.g. "0.47–0.63" */
        return g_strdup_printf (_("%s–%s"), low, high);
      }
    case CP_OPTION_TEXT_DAYS_RANGE:
      {
        g_autofree char *low = cp_i18n_format_number (option->range.calendar_days_low, 1, lang);
        g_autofree char *high = cp_i18n_format_number (option->range.calendar_days_high, 1, lang);

        return g_strdup_printf (_("%s–%s"), low, high);
      }
    case CP_OPTION_TEXT_BREAKDOWN:
      {
        g_autofree char *compute = cp_i18n_format_money (estimate->compute_cost, currency, lang);
        g_autofree char *debug = cp_i18n_format_money (estimate->debug_cost, currency, lang);
        g_autofree char *network = cp_i18n_format_money (estimate->network_cost, currency, lang);
        g_autofree char *storage = cp_i18n_format_money (estimate->storage_cost, currency, lang);
        g_autofree char *fees = cp_i18n_format_money (estimate->fees_cost, currency, lang);
        g_autofree char *engineering = cp_i18n_format_money (estimate->engineering_cost, currency, lang);
        g_autofree char *total = cp_i18n_format_money (estimate->total_cost, currency, lang);
        g_autofree char *hours = cp_i18n_format_number (estimate->billed_hours, 1, lang);
        g_autofree char *run = cp_words_duration (estimate->total_s, lang);
        g_autofree char *goodput = cp_words_goodput (estimate->goodput, lang);
        g_autofree char *interruptions = cp_i18n_format_value (estimate->expected_interruptions, lang);
        g_autofree char *checkpoint = cp_words_duration (estimate->checkpoint_s, lang);
        g_autofree char *interval = cp_words_duration (estimate->checkpoint_interval_s, lang);
        g_autofree char *breakdown = NULL;
        g_autofree char *failures = NULL;

        breakdown = g_strdup_printf (_("Compute: %s\n"
                                       "Debugging on one machine: %s\n"
                                       "Network: %s\n"
                                       "Storage: %s\n"
                                       "Management and setup: %s\n"
                                       "Migration engineering: %s\n"
                                       "Total: %s\n\n"
                                       "Run time: %s; billed hours per node: %s\n"
                                       "Time figures: %s"),
                                     compute, debug, network, storage, fees, engineering, total,
                                     run, hours, cp_words_time_source (estimate->time_source));
        if (estimate->checkpoint_interval_s > 0)
          /* TRANSLATORS: a percentage, a number of interruptions, then two durations */
          failures = g_strdup_printf (_("Goodput: %s (%s interruptions expected; a %s checkpoint every %s)"),
                                      goodput, interruptions, checkpoint, interval);
        else
          /* TRANSLATORS: a percentage, then a number of interruptions */
          failures = g_strdup_printf (_("Time up: %s (%s interruptions expected)"), goodput, interruptions);
        return g_strdup_printf ("%s\n%s", breakdown, failures);
      }
    case CP_OPTION_TEXT_TOKEN_COST:
      /* Nothing served, nothing to price. */
      if (!(estimate->output_tokens_per_s > 0))
        return g_strdup ("—");
      return cp_i18n_format_money (estimate->cost_per_million_output_tokens, currency, lang);
    case CP_OPTION_TEXT_THROUGHPUT:
      if (!(estimate->output_tokens_per_s > 0))
        return g_strdup ("—");
      {
        g_autofree char *decode = cp_i18n_format_number (estimate->decode_tokens_per_s, 0, lang);
        g_autofree char *prefill = cp_i18n_format_number (estimate->prefill_tokens_per_s, 0, lang);

        /* TRANSLATORS: tokens per second of one replica: decoding at the running batch, then prefilling prompts */
        return g_strdup_printf (_("%s decode, %s prefill"), decode, prefill);
      }
    case CP_OPTION_TEXT_SERVED:
      if (!(estimate->output_tokens_per_s > 0))
        return g_strdup ("—");
      {
        g_autofree char *served = cp_i18n_format_number (estimate->concurrency_served, 0, lang);
        g_autofree char *per_s = cp_i18n_format_number (estimate->requests_per_s, estimate->requests_per_s < 10 ? 1 : 0, lang);

        const char *kv_source = cp_words_kv_source (estimate);
        g_autofree char *text = NULL;

        /* TRANSLATORS: concurrent requests the option carries (at most the target), then requests completed per second */
        text = g_strdup_printf (_("%s at once, %s/s"), served, per_s);
        if (kv_source == NULL)
          return g_steal_pointer (&text);
        /* TRANSLATORS: the requests served, then where the KV cache figure came from */
        return g_strdup_printf (_("%s (%s)"), text, kv_source);
      }
    case CP_N_OPTION_TEXTS:
    default:
      g_assert_not_reached ();
    }
}

static GtkExpression *
item_text_expression (Column column)
{
  GtkExpression *item = gtk_property_expression_new (GTK_TYPE_LIST_ITEM, NULL, "item");

  return gtk_property_expression_new (CP_TYPE_OPTION_OBJECT, item, cp_option_text_property (column));
}

/* A selectable label that takes the focus selects all its text
 * (GtkSettings:gtk-label-select-on-focus): the summary was shown selected
 * after F6 moved to the results, and the cost breakdown when its popover
 * opened. Such labels stay selectable with the mouse, but are no Tab
 * stop; can-focus as well, since GtkLabel's focus handler claims to have
 * taken the focus even when it may not, which stopped F6 there. */
static void
keep_selectable_unfocused (GtkLabel *label)
{
  if (!gtk_label_get_selectable (label))
    return;
  gtk_widget_set_focusable (GTK_WIDGET (label), FALSE);
  gtk_widget_set_can_focus (GTK_WIDGET (label), FALSE);
}

/* Labels are bound to the row's object once, when the cell is made: an
 * in-place update then changes exactly the labels whose text changed. */
static void
setup_cell (GtkSignalListItemFactory *factory,
            GtkListItem              *item,
            CpResultsView            *self)
{
  Column column = GPOINTER_TO_INT (g_object_get_data (G_OBJECT (factory), "column"));

  if (column == CP_OPTION_TEXT_BREAKDOWN)
    {
      GtkWidget *button = gtk_menu_button_new ();
      GtkWidget *popover = gtk_popover_new ();
      GtkWidget *label = gtk_label_new (NULL);

      gtk_label_set_selectable (GTK_LABEL (label), TRUE);
      keep_selectable_unfocused (GTK_LABEL (label));
      gtk_label_set_xalign (GTK_LABEL (label), 0);
      gtk_widget_add_css_class (label, "numeric");
      gtk_popover_set_child (GTK_POPOVER (popover), label);
      gtk_menu_button_set_popover (GTK_MENU_BUTTON (button), popover);
      gtk_menu_button_set_icon_name (GTK_MENU_BUTTON (button), "view-more-symbolic");
      gtk_widget_set_tooltip_text (button, _("Cost breakdown"));
      gtk_widget_add_css_class (button, "flat");
      gtk_expression_bind (item_text_expression (column), label, "label", item);
      gtk_list_item_set_child (item, button);
    }
  else
    {
      GtkWidget *label = gtk_label_new (NULL);

      gtk_label_set_xalign (GTK_LABEL (label), column == CP_OPTION_TEXT_QUOTE || column == CP_OPTION_TEXT_TECHNIQUE ? 0 : 1);
      if (column == CP_OPTION_TEXT_QUOTE)
        {
          /* "Vendor — offer", cut at its end: the vendor, first, tells
           * the rows apart in a narrow window; the tooltip has it whole.
           * Two lines, as high as the cost and its range beside it, since
           * vendors often share a prefix ("示例供应商 A", "示例供应商 B"). */
          gtk_label_set_ellipsize (GTK_LABEL (label), PANGO_ELLIPSIZE_END);
          gtk_label_set_wrap (GTK_LABEL (label), TRUE);
          gtk_label_set_wrap_mode (GTK_LABEL (label), PANGO_WRAP_WORD_CHAR);
          gtk_label_set_lines (GTK_LABEL (label), 2);
          gtk_label_set_width_chars (GTK_LABEL (label), 10);
          gtk_expression_bind (item_text_expression (column), label, "tooltip-text", item);
          gtk_expression_bind (item_text_expression (CP_OPTION_TEXT_QUOTE_CELL), label, "label", item);
        }
      else
        {
          gtk_widget_add_css_class (label, "numeric");
          gtk_expression_bind (item_text_expression (column), label, "label", item);
        }
      if (column == CP_OPTION_TEXT_TECHNIQUE)
        {
          /* The longest text of the table, last: cut, it leaves the
           * width to the Quote column (the Layout line has it whole). */
          gtk_label_set_ellipsize (GTK_LABEL (label), PANGO_ELLIPSIZE_END);
          gtk_label_set_width_chars (GTK_LABEL (label), 12);
          /* Its natural width capped too: the spare width then goes to
           * the Quote column, which wants more than every other. */
          gtk_label_set_max_width_chars (GTK_LABEL (label), 18);
          gtk_expression_bind (item_text_expression (column), label, "tooltip-text", item);
        }
      if (column == CP_OPTION_TEXT_COST || column == CP_OPTION_TEXT_DAYS)
        {
          /* The band over the assumptions' spread, small under the
           * expected figure: the column keeps its width. */
          GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);
          GtkWidget *range = gtk_label_new (NULL);

          gtk_label_set_xalign (GTK_LABEL (range), 1);
          gtk_widget_add_css_class (range, "numeric");
          gtk_widget_add_css_class (range, "caption");
          gtk_widget_add_css_class (range, "dim-label");
          gtk_widget_set_tooltip_text (range, _("Low to high: every assumption at its optimistic or its pessimistic end"));
          gtk_expression_bind (item_text_expression (column == CP_OPTION_TEXT_COST ? CP_OPTION_TEXT_COST_RANGE
                                                                                   : CP_OPTION_TEXT_DAYS_RANGE),
                               range, "label", item);
          gtk_box_append (GTK_BOX (box), label);
          gtk_box_append (GTK_BOX (box), range);
          gtk_list_item_set_child (item, box);
          return;
        }
      gtk_list_item_set_child (item, label);
    }
}

/* Fits, Deadline and Memory turn red for an option that fails them. */
static void
update_status (GtkWidget *label)
{
  CpOptionObject *object = g_object_get_data (G_OBJECT (label), "cp-option");
  Column column = GPOINTER_TO_INT (g_object_get_data (G_OBJECT (label), "cp-column"));
  const CpEstimate *estimate;
  gboolean bad;

  if (object == NULL)
    return;
  estimate = &cp_option_object_get_option (object)->estimate;
  if (column == CP_OPTION_TEXT_DEADLINE && estimate->output_tokens_per_s > 0)
    bad = estimate->fits && !cp_option_object_get_option (object)->feasible;
  else if (column == CP_OPTION_TEXT_DEADLINE)
    bad = cp_option_object_get_has_deadline (object) && estimate->fits && !estimate->meets_deadline;
  else
    bad = !estimate->fits;
  set_css_class (label, "error", bad);
}

static gboolean
is_status_column (Column column)
{
  return column == CP_OPTION_TEXT_FITS || column == CP_OPTION_TEXT_DEADLINE || column == CP_OPTION_TEXT_MEMORY;
}

static void
bind_cell (GtkSignalListItemFactory *factory,
           GtkListItem              *item,
           CpResultsView            *self)
{
  Column column = GPOINTER_TO_INT (g_object_get_data (G_OBJECT (factory), "column"));
  CpOptionObject *object = gtk_list_item_get_item (item);
  GtkWidget *label = gtk_list_item_get_child (item);

  if (!is_status_column (column))
    return;

  g_object_set_data (G_OBJECT (label), "cp-option", object);
  g_object_set_data (G_OBJECT (label), "cp-column", GINT_TO_POINTER (column));
  g_signal_connect_object (object, column == CP_OPTION_TEXT_DEADLINE ? "notify::deadline-text" : "notify::fits",
                           G_CALLBACK (update_status), label, G_CONNECT_SWAPPED);
  update_status (label);
}

static void
unbind_cell (GtkSignalListItemFactory *factory,
             GtkListItem              *item,
             CpResultsView            *self)
{
  Column column = GPOINTER_TO_INT (g_object_get_data (G_OBJECT (factory), "column"));
  CpOptionObject *object = gtk_list_item_get_item (item);
  GtkWidget *label = gtk_list_item_get_child (item);

  if (!is_status_column (column) || object == NULL)
    return;

  g_signal_handlers_disconnect_by_func (object, update_status, label);
  g_object_set_data (G_OBJECT (label), "cp-option", NULL);
}

static GtkColumnViewColumn *
add_column (CpResultsView *self,
            Column         column,
            const char    *title,
            const char    *property,
            gboolean       expand)
{
  GtkListItemFactory *factory = gtk_signal_list_item_factory_new ();
  GtkColumnViewColumn *view_column;

  g_object_set_data (G_OBJECT (factory), "column", GINT_TO_POINTER (column));
  g_signal_connect (factory, "setup", G_CALLBACK (setup_cell), self);
  g_signal_connect (factory, "bind", G_CALLBACK (bind_cell), self);
  g_signal_connect (factory, "unbind", G_CALLBACK (unbind_cell), self);

  view_column = gtk_column_view_column_new (title, factory);
  gtk_column_view_column_set_expand (view_column, expand);
  gtk_column_view_column_set_resizable (view_column, TRUE);

  if (property != NULL)
    {
      GtkExpression *expression = gtk_property_expression_new (CP_TYPE_OPTION_OBJECT, NULL, property);
      GtkSorter *sorter = column == CP_OPTION_TEXT_QUOTE
                          ? GTK_SORTER (gtk_string_sorter_new (expression))
                          : GTK_SORTER (gtk_numeric_sorter_new (expression));

      gtk_column_view_column_set_sorter (view_column, sorter);
      g_object_unref (sorter);
    }

  gtk_column_view_append_column (self->options_view, view_column);
  g_object_unref (view_column);

  return view_column;
}

static void
on_readout_changed (CpResultsView *self,
                    GParamSpec    *pspec,
                    CpChartView   *chart)
{
  const char *readout = cp_chart_view_get_readout (chart);

  set_label (self->readout_label, readout ? readout : "");
}

static const CpOption *
find_option (const CpPlan *plan,
             guint         rank)
{
  for (guint i = 0; i < plan->options->len; i++)
    {
      const CpOption *option = &g_array_index (plan->options, CpOption, i);

      if (option->rank == rank)
        return option;
    }
  return NULL;
}

static char *
describe_recommendation (const CpProject *project,
                         const CpPlan    *plan,
                         const char      *lang)
{
  const CpOption *best;
  const CpQuote *quote;
  g_autofree char *name = NULL;
  g_autofree char *cost = NULL;
  g_autofree char *days = NULL;

  if (plan->recommended < 0 || (guint) plan->recommended >= plan->options->len)
    return plan->options->len == 0
           ? g_strdup (_("No quote is complete yet: fill in what the quotes below lack to compare them."))
           : cp_words_not_feasible (project, plan, lang);

  best = &g_array_index (plan->options, CpOption, plan->recommended);
  quote = g_ptr_array_index (project->quotes, best->quote_index);
  name = cp_words_quote_name (project, best->quote_index);
  cost = cp_i18n_format_money (best->estimate.total_cost, quote->currency, lang);
  days = cp_i18n_format_days (best->estimate.calendar_days, lang);

  /* TRANSLATORS: "Recommended: <quote> with 4 nodes (32 GPUs): ¥1,234 in total, 12.5 days." */
  return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                       "Recommended: %s with %u node (%u GPUs): %s in total, %s.",
                                       "Recommended: %s with %u nodes (%u GPUs): %s in total, %s.",
                                       best->estimate.nodes),
                          name, best->estimate.nodes, best->estimate.gpus, cost, days);
}

/* "4 nodes: 1.2 days, ¥15,000, communication 35% of the run". */
static char *
describe_offer (const CpEstimate *estimate,
                const char       *currency,
                const char       *lang)
{
  g_autofree char *days = cp_i18n_format_days (estimate->calendar_days, lang);
  g_autofree char *cost = cp_i18n_format_money (estimate->total_cost, currency, lang);
  g_autofree char *share = cp_i18n_format_percent (communication_share (estimate), lang);

  if (!estimate->fits)
    /* TRANSLATORS: an offer at a node count where the job does not fit in memory */
    return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                         "%u node: the job does not fit in memory",
                                         "%u nodes: the job does not fit in memory",
                                         estimate->nodes), estimate->nodes);
  /* TRANSLATORS: node count, calendar time, total cost, share of the run spent waiting on communication */
  return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                       "%u node: %s, %s, communication %s of the run",
                                       "%u nodes: %s, %s, communication %s of the run",
                                       estimate->nodes),
                          estimate->nodes, days, cost, share);
}

/* Why the whole offer is slower or dearer than the node count chosen,
 * from the two estimates' own components. */
static void
explain_more_nodes (GString          *text,
                    const CpEstimate *best,
                    const CpEstimate *full,
                    const char       *currency,
                    const char       *lang)
{
  const struct {
    const char *words;
    double      best;
    double      full;
  } costs[] = {
    { N_("GPU time"), best->compute_cost, full->compute_cost },
    { N_("the network fee"), best->network_cost, full->network_cost },
    { N_("storage"), best->storage_cost, full->storage_cost },
    { N_("management and setup fees"), best->fees_cost, full->fees_cost },
    { N_("migration engineering"), best->engineering_cost, full->engineering_cost },
  };
  guint largest = 0;

  if (full->total_s >= best->total_s)
    {
      g_autofree char *share = cp_i18n_format_percent (communication_share (full), lang);

      g_string_append (text, "\n");
      g_string_append_printf (text,
                              _("More nodes are slower here: waiting on the network between nodes takes %s of the run, more than the extra GPUs save."),
                              share);
    }
  else if (full->calendar_days >= best->calendar_days)
    {
      g_autofree char *best_run = cp_words_duration (best->total_s, lang);
      g_autofree char *full_run = cp_words_duration (full->total_s, lang);
      g_autofree char *migration = cp_i18n_format_days (full->migration_days - best->migration_days, lang);

      g_string_append (text, "\n");
      g_string_append_printf (text,
                              _("More nodes shorten the run (%s against %s), but moving to a cluster adds %s of migration, so the job does not finish sooner."),
                              full_run, best_run, migration);
    }

  if (full->total_cost <= best->total_cost)
    return;

  for (guint i = 1; i < G_N_ELEMENTS (costs); i++)
    if (costs[i].full - costs[i].best > costs[largest].full - costs[largest].best)
      largest = i;

  {
    g_autofree char *from = cp_i18n_format_money (costs[largest].best, currency, lang);
    g_autofree char *to = cp_i18n_format_money (costs[largest].full, currency, lang);

    g_string_append (text, "\n");
    /* TRANSLATORS: a cost component such as "GPU time", then its amounts at the chosen count and on the whole offer */
    g_string_append_printf (text, _("More nodes cost more: most of the difference is %s, %s instead of %s."),
                            _(costs[largest].words), to, from);
  }
}

/* One machine or the cluster: for every quote offering several nodes, the
 * node count the plan chose and the whole offer beside it, with why the
 * extra nodes do not pay when they do not. */
static char *
describe_cluster_question (const CpProject *project,
                           const CpPlan    *plan,
                           const char      *lang)
{
  g_autoptr(GString) text = g_string_new (NULL);

  for (guint i = 0; i < plan->options->len; i++)
    {
      const CpOption *option = &g_array_index (plan->options, CpOption, i);
      const CpQuote *quote = g_ptr_array_index (project->quotes, option->quote_index);
      const CpEstimate *best = &option->estimate;
      const CpEstimate *full = &option->full_offer;
      g_autofree char *name = NULL;
      g_autofree char *chosen = NULL;

      if (!cp_quote_is_cluster (quote))
        continue;

      name = cp_words_quote_name (project, option->quote_index);
      chosen = describe_offer (best, quote->currency, lang);
      if (text->len > 0)
        g_string_append (text, "\n\n");
      /* TRANSLATORS: quote name, then its best node count with time, cost and communication share */
      g_string_append_printf (text, _("%s — best at %s."), name, chosen);

      if (!option->has_full_offer)
        continue;

      {
        g_autofree char *whole = describe_offer (full, quote->currency, lang);

        g_string_append (text, "\n");
        /* TRANSLATORS: the quote's whole offer, with time, cost and communication share */
        g_string_append_printf (text, _("Whole offer, %s."), whole);
      }

      if (!full->fits)
        continue;
      {
        g_autofree char *calendar = cp_words_calendar (full, lang);

        g_string_append (text, "\n");
        /* TRANSLATORS: what the whole offer's calendar is made of: "16.3 days = 0.9 days of run + …" */
        g_string_append_printf (text, _("Its calendar: %s."), calendar);
      }
      explain_more_nodes (text, best, full, quote->currency, lang);
    }

  return g_string_free (g_steal_pointer (&text), FALSE);
}

/* What the user could change to get another answer: the runner-up's price,
 * the memory or the deadline a single machine lacks, the deadline that
 * would call for a cluster. Each line speaks of one option with that
 * option's own estimate, and promises only what that option delivers. */
static char *
describe_changes (CpResultsView   *self,
                  const CpProject *project,
                  const CpJob     *job,
                  const CpPlan    *plan,
                  const char      *lang)
{
  g_autoptr(GString) text = g_string_new (NULL);
  const CpOption *best = NULL;
  const CpOption *runner_up = NULL;
  const CpOption *single = NULL;
  const CpOption *fastest_cluster = NULL;
  const CpEstimate *fastest_cluster_estimate = NULL;

  if (plan->recommended >= 0 && (guint) plan->recommended < plan->options->len)
    best = &g_array_index (plan->options, CpOption, plan->recommended);
  if (best != NULL)
    {
      runner_up = find_option (plan, best->rank + 1);
      if (runner_up != NULL && !runner_up->feasible)
        runner_up = NULL;
    }

  for (guint i = 0; i < plan->options->len; i++)
    {
      const CpOption *option = &g_array_index (plan->options, CpOption, i);
      const CpQuote *quote = g_ptr_array_index (project->quotes, option->quote_index);
      const CpEstimate *candidates[2] = { &option->estimate, option->has_full_offer ? &option->full_offer : NULL };

      if (!cp_quote_is_cluster (quote))
        {
          if (single == NULL || option->rank < single->rank)
            single = option;
          continue;
        }
      for (guint c = 0; c < G_N_ELEMENTS (candidates); c++)
        if (candidates[c] != NULL && candidates[c]->nodes > 1 && candidates[c]->fits &&
            (fastest_cluster_estimate == NULL ||
             candidates[c]->calendar_days < fastest_cluster_estimate->calendar_days))
          {
            fastest_cluster = option;
            fastest_cluster_estimate = candidates[c];
          }
    }

  /* With nothing feasible, the plan's own answer: the node count or the
   * deadline that would make each option meet it. */
  for (guint i = 0; i < plan->reasons->len; i++)
    {
      const CpReason *reason = &g_array_index (plan->reasons, CpReason, i);

      if (reason->outcome == CP_OUTCOME_NODES_MEET_DEADLINE || reason->outcome == CP_OUTCOME_DEADLINE_NEEDED)
        {
          g_autofree char *words = cp_reason_text (reason, project, plan, lang);

          g_string_append_printf (text, "• %s\n", words);
        }
    }

  if (best != NULL && runner_up != NULL && runner_up->estimate.total_cost > 0)
    {
      const CpQuote *quote = g_ptr_array_index (project->quotes, runner_up->quote_index);
      g_autofree char *name = cp_words_quote_name (project, runner_up->quote_index);
      g_autofree char *target = cp_i18n_format_money (best->estimate.total_cost, quote->currency, lang);
      g_autofree char *share = cp_i18n_format_percent (1.0 - best->estimate.total_cost / runner_up->estimate.total_cost, lang);

      g_string_append_printf (text, _("• %s would be recommended if its total cost fell below %s (%s lower).\n"),
                              name, target, share);
    }

  if (single != NULL && !single->feasible && single->estimate.nodes <= 1)
    {
      g_autofree char *name = cp_words_quote_name (project, single->quote_index);

      if (!single->estimate.fits)
        {
          g_autofree char *need = format_bytes (self, single->estimate.memory_per_gpu_bytes);
          g_autofree char *have = format_bytes (self, single->estimate.available_per_gpu_bytes);

          g_string_append_printf (text, _("• A single machine would need %s per GPU even with %s; %s offers %s.\n"),
                                  need, cp_words_technique (single->estimate.technique), name, have);
        }
      /* With nothing feasible the plan's own lines above say it. */
      else if (job->deadline_days > 0 && !single->estimate.meets_deadline && plan->best_available < 0)
        {
          g_autofree char *days = cp_i18n_format_days (single->estimate.calendar_days, lang);

          g_string_append_printf (text, _("• %s would finish in %s: a deadline at least that long lets a single machine do the job.\n"),
                                  name, days);
        }
    }

  /* Only a cluster that really finishes sooner makes a shorter deadline
   * an argument for it. */
  if (best != NULL && best->estimate.nodes <= 1 && fastest_cluster != NULL &&
      fastest_cluster_estimate->calendar_days < best->estimate.calendar_days)
    {
      const CpQuote *quote = g_ptr_array_index (project->quotes, fastest_cluster->quote_index);
      g_autofree char *days = cp_i18n_format_days (best->estimate.calendar_days, lang);
      g_autofree char *name = cp_words_quote_name (project, fastest_cluster->quote_index);
      g_autofree char *cluster_days = cp_i18n_format_days (fastest_cluster_estimate->calendar_days, lang);
      g_autofree char *cost = cp_i18n_format_money (fastest_cluster_estimate->total_cost, quote->currency, lang);

      /* TRANSLATORS: the recommended option's days; a cluster quote, its node count, its days and its cost */
      g_string_append_printf (text, g_dngettext (GETTEXT_PACKAGE,
                                                 "• A deadline shorter than %s would call for a cluster: %s on %u node finishes in %s for %s.\n",
                                                 "• A deadline shorter than %s would call for a cluster: %s on %u nodes finishes in %s for %s.\n",
                                                 fastest_cluster_estimate->nodes),
                              days, name, fastest_cluster_estimate->nodes, cluster_days, cost);
    }

  if (text->len > 0)
    g_string_truncate (text, text->len - 1);

  return g_string_free (g_steal_pointer (&text), FALSE);
}

/* The training layout of the option the summary speaks about (the
 * recommended one, else the best-ranked), and when the search chose it,
 * the runner-up and why it lost; "" for a job without a layout. */
static char *
describe_layout (const CpProject *project,
                 const CpJob     *job,
                 const CpPlan    *plan,
                 const char      *lang)
{
  const CpOption *option = NULL;
  const CpEstimate *estimate;
  g_autofree char *name = NULL;
  g_autofree char *words = NULL;
  g_autofree char *chosen = NULL;
  g_autofree char *how = NULL;
  gboolean recommended = plan->recommended >= 0 && (guint) plan->recommended < plan->options->len;
  CpLayout layout;

  if (!cp_task_kind_is_training (job->kind))
    return g_strdup ("");
  option = recommended ? &g_array_index (plan->options, CpOption, plan->recommended) : find_option (plan, 1);
  if (option == NULL)
    return g_strdup ("");

  estimate = &option->estimate;
  name = cp_words_quote_name (project, option->quote_index);
  cp_estimate_chosen_layout (estimate, &layout);
  words = cp_words_layout (&layout, lang);
  /* The layout's words leave out what the technique ladder may add. */
  if (estimate->cpu_offload)
    {
      /* TRANSLATORS: a training layout in words, then the optimizer states kept in CPU memory */
      char *offloaded = g_strdup_printf (_("%s, CPU offload"), words);

      g_free (words);
      words = offloaded;
    }
  if (recommended)
    /* TRANSLATORS: the recommended option's quote and its layout */
    chosen = g_strdup_printf (_("Recommended option, %s: %s."), name, words);
  else
    /* TRANSLATORS: the best-ranked option's quote and its layout, when none is recommended */
    chosen = g_strdup_printf (_("Best-ranked option, %s: %s."), name, words);

  how = cp_words_layout_choice (project, estimate, lang);

  /* TRANSLATORS: "Layout:" then the chosen layout, then how it was chosen */
  return g_strdup_printf (_("Layout: %s %s"), chosen, how);
}

/* Quotes left out of the ranking, each with what it lacks. */
static char *
describe_incomplete (const CpProject *project)
{
  g_autoptr(GString) text = g_string_new (NULL);

  for (guint i = 0; i < project->quotes->len; i++)
    {
      CpQuoteMissing missing = cp_quote_get_missing (g_ptr_array_index (project->quotes, i));
      g_autofree char *name = NULL;
      g_autofree char *what = NULL;

      if (missing == CP_QUOTE_MISSING_NONE)
        continue;
      name = cp_words_quote_name (project, (int) i);
      what = cp_labels_quote_missing (missing);
      if (text->len > 0)
        g_string_append (text, "\n");
      /* TRANSLATORS: a quote left out of the comparison; %s says what it lacks */
      g_string_append_printf (text, _("%s is incomplete and left out of the ranking: %s."), name, what);
    }

  return g_string_free (g_steal_pointer (&text), FALSE);
}

/* The reasons' rows are kept and their labels changed in place. */
static void
fill_reasons (CpResultsView   *self,
              const CpProject *project,
              const char      *lang)
{
  guint i;

  for (i = 0; i < self->plan->reasons->len; i++)
    {
      const CpReason *reason = &g_array_index (self->plan->reasons, CpReason, i);
      g_autofree char *words = cp_reason_text (reason, project, self->plan, lang);
      GtkListBoxRow *row = gtk_list_box_get_row_at_index (self->reasons_list, (int) i);
      GtkWidget *grid, *rule, *label;

      if (row == NULL)
        {
          /* A grid, not a horizontal box: a box allocates its children
           * by measuring their widths for its height, and a wrapped
           * label answers that by laying its text out at a dozen widths
           * or more (a binary search, GTK 4.8), for every reason on
           * every change; a grid measures widths first. */
          grid = gtk_grid_new ();
          rule = gtk_label_new (NULL);
          label = gtk_label_new (NULL);
          gtk_widget_set_margin_top (grid, 8);
          gtk_widget_set_margin_bottom (grid, 8);
          gtk_widget_set_margin_start (grid, 12);
          gtk_widget_set_margin_end (grid, 12);
          gtk_widget_set_valign (rule, GTK_ALIGN_START);
          gtk_widget_add_css_class (rule, "cp-rule");
          gtk_label_set_wrap (GTK_LABEL (label), TRUE);
          gtk_label_set_wrap_mode (GTK_LABEL (label), PANGO_WRAP_WORD_CHAR);
          /* GTK measures a wrapped label's minimum width by laying it out
           * at width-chars, or at 0 (one character a line) without it:
           * that costs milliseconds per change of a long reason. */
          gtk_label_set_width_chars (GTK_LABEL (label), WRAPPED_MIN_CHARS);
          gtk_label_set_xalign (GTK_LABEL (label), 0);
          gtk_label_set_selectable (GTK_LABEL (label), TRUE);
          keep_selectable_unfocused (GTK_LABEL (label));
          gtk_widget_set_hexpand (label, TRUE);
          gtk_grid_set_column_spacing (GTK_GRID (grid), 12);
          gtk_grid_attach (GTK_GRID (grid), rule, 0, 0, 1, 1);
          gtk_grid_attach (GTK_GRID (grid), label, 1, 0, 1, 1);
          gtk_list_box_append (self->reasons_list, grid);
          row = gtk_list_box_get_row_at_index (self->reasons_list, (int) i);
          /* Reasons are read, not chosen: no Tab stop of their own. */
          gtk_widget_set_focusable (GTK_WIDGET (row), FALSE);
        }
      grid = gtk_list_box_row_get_child (row);
      rule = gtk_widget_get_first_child (grid);
      label = gtk_widget_get_next_sibling (rule);
      set_label (GTK_LABEL (rule), cp_rule_to_string (reason->rule));
      if (g_strcmp0 (gtk_widget_get_tooltip_text (rule), cp_words_rule (reason->rule)) != 0)
        gtk_widget_set_tooltip_text (rule, cp_words_rule (reason->rule));
      set_label (GTK_LABEL (label), words);
    }

  for (GtkListBoxRow *row; (row = gtk_list_box_get_row_at_index (self->reasons_list, (int) i)) != NULL;)
    gtk_list_box_remove (self->reasons_list, GTK_WIDGET (row));
}

/* The risks of the option answered with, the same the report lists. */
static void
fill_risks (CpResultsView *self,
            const char    *lang)
{
  g_autoptr(GString) text = g_string_new (NULL);
  const CpOption *subject = cp_plan_get_subject (self->plan);
  g_autoptr(GPtrArray) risks = subject != NULL && self->details_job != NULL
                               ? cp_option_risks (self->details_project, self->details_job, subject, lang)
                               : g_ptr_array_new ();

  for (guint i = 0; i < risks->len; i++)
    g_string_append_printf (text, "%s• %s", text->len > 0 ? "\n" : "", (const char *) g_ptr_array_index (risks, i));

  set_label (self->risks_label, text->len > 0 ? text->str : _("None named for this verdict."));
}

/* One CpOptionObject per quote, updated in place; the store changes (in
 * one splice) only when options come, go or change rank. */
static void
fill_options (CpResultsView   *self,
              const CpProject *project,
              const CpJob     *job)
{
  guint n_old = g_list_model_get_n_items (G_LIST_MODEL (self->options));
  g_autoptr(GHashTable) by_quote = g_hash_table_new_full (g_direct_hash, g_direct_equal, NULL, g_object_unref);
  g_autoptr(GPtrArray) objects = g_ptr_array_new_with_free_func (g_object_unref);
  gboolean same_order = n_old == self->plan->options->len;

  for (guint i = 0; i < n_old; i++)
    {
      CpOptionObject *object = g_list_model_get_item (G_LIST_MODEL (self->options), i);

      g_hash_table_insert (by_quote, GINT_TO_POINTER (cp_option_object_get_option (object)->quote_index), object);
    }

  for (guint i = 0; i < self->plan->options->len; i++)
    {
      const CpOption *option = &g_array_index (self->plan->options, CpOption, i);
      const CpQuote *quote = g_ptr_array_index (project->quotes, option->quote_index);
      g_autofree char *name = cp_words_quote_name (project, option->quote_index);
      gboolean has_deadline = job->deadline_days > 0;
      CpOptionObject *object = g_hash_table_lookup (by_quote, GINT_TO_POINTER (option->quote_index));
      char *texts[CP_N_OPTION_TEXTS];

      if (object == NULL)
        object = cp_option_object_new ();
      else
        g_object_ref (object);

      if (same_order)
        {
          CpOptionObject *shown = g_list_model_get_item (G_LIST_MODEL (self->options), i);

          same_order = shown == object;
          g_object_unref (shown);
        }

      for (guint t = 0; t < CP_N_OPTION_TEXTS; t++)
        texts[t] = cell_text (self, project, option, name, quote->currency, job, (Column) t);
      cp_option_object_update (object, option, (const char * const *) texts, quote->currency, has_deadline);
      for (guint t = 0; t < CP_N_OPTION_TEXTS; t++)
        g_free (texts[t]);

      g_ptr_array_add (objects, object);
    }

  if (!same_order)
    g_list_store_splice (self->options, 0, n_old, objects->pdata, objects->len);

  for (guint c = 0; c < G_N_ELEMENTS (self->serving_columns); c++)
    if (gtk_column_view_column_get_visible (self->serving_columns[c]) != (job->kind == CP_TASK_INFERENCE))
      gtk_column_view_column_set_visible (self->serving_columns[c], job->kind == CP_TASK_INFERENCE);
}

static void
show_page (CpResultsView *self,
           const char    *name)
{
  if (g_strcmp0 (gtk_stack_get_visible_child_name (self->stack), name) != 0)
    gtk_stack_set_visible_child_name (self->stack, name);
}

/* Whether the verdict holds across the assumptions' band: the plan's
 * robustness reason, in words; empty when nothing was compared. */
static char *
describe_robustness (const CpProject *project,
                     const CpPlan    *plan,
                     const char      *lang)
{
  for (guint i = 0; i < plan->reasons->len; i++)
    {
      const CpReason *reason = &g_array_index (plan->reasons, CpReason, i);

      if (reason->outcome == CP_OUTCOME_VERDICT_HOLDS || reason->outcome == CP_OUTCOME_VERDICT_FLIPS)
        return cp_reason_text (reason, project, plan, lang);
    }
  return g_strdup ("");
}

/* Whether the verdict holds across the assumptions' band (a search of
 * more estimates than the rest of the plan) and the long paragraphs (one
 * machine or the cluster, the reasons, the risks). Until then the line
 * under the verdict keeps its words: hidden and shown again, it would
 * move everything below it on every keystroke. */
static gboolean
details_cb (gpointer user_data)
{
  CpResultsView *self = user_data;
  const char *lang = cp_labels_ui_language ();
  g_autofree char *robustness = NULL;
  g_autofree char *cluster = NULL;

  self->details_id = 0;
  if (self->plan == NULL || self->details_project == NULL)
    return G_SOURCE_REMOVE;

  cp_project_plan_add_robustness (self->details_project, self->details_job_index, self->plan);
  robustness = describe_robustness (self->details_project, self->plan, lang);
  set_label (self->robustness_label, robustness);
  set_visible (GTK_WIDGET (self->robustness_label), *robustness != '\0');
  set_css_class (GTK_WIDGET (self->robustness_label), "warning", !self->plan->verdict_robust);

  cluster = describe_cluster_question (self->details_project, self->plan, lang);
  set_label (self->cluster_label, cluster);
  set_visible (GTK_WIDGET (self->cluster_heading), *cluster != '\0');
  set_visible (GTK_WIDGET (self->cluster_label), *cluster != '\0');
  fill_reasons (self, self->details_project, lang);
  fill_risks (self, lang);
  self->details_project = NULL;
  return G_SOURCE_REMOVE;
}

static void
on_after_paint (GdkFrameClock *clock,
                CpResultsView *self)
{
  g_clear_signal_handler (&self->after_paint_id, clock);
  g_clear_object (&self->after_paint_clock);
  if (self->details_id == 0 && self->details_project != NULL)
    self->details_id = g_idle_add_full (DETAILS_PRIORITY, details_cb, self, NULL);
}

/* After the frame that shows the verdict has been painted: an idle alone
 * could run while the frame clock waits for its tick, before the paint. */
static void
queue_details (CpResultsView *self)
{
  GdkFrameClock *clock = gtk_widget_get_mapped (GTK_WIDGET (self))
                         ? gtk_widget_get_frame_clock (GTK_WIDGET (self)) : NULL;

  if (self->details_id != 0 || self->after_paint_id != 0)
    return;
  if (clock == NULL)
    {
      self->details_id = g_idle_add_full (DETAILS_PRIORITY, details_cb, self, NULL);
      return;
    }
  /* Held: the clock goes away with the window's surface. */
  self->after_paint_clock = g_object_ref (clock);
  self->after_paint_id = g_signal_connect (clock, "after-paint", G_CALLBACK (on_after_paint), self);
  gdk_frame_clock_request_phase (clock, GDK_FRAME_CLOCK_PHASE_PAINT);
}

static void
cancel_details (CpResultsView *self)
{
  g_clear_handle_id (&self->details_id, g_source_remove);
  /* A clock disposed with its surface has dropped its handlers already. */
  if (self->after_paint_id != 0 && g_signal_handler_is_connected (self->after_paint_clock, self->after_paint_id))
    g_signal_handler_disconnect (self->after_paint_clock, self->after_paint_id);
  self->after_paint_id = 0;
  g_clear_object (&self->after_paint_clock);
  self->details_project = NULL;
}

void
cp_results_view_update (CpResultsView   *self,
                        const CpProject *project,
                        int              job_index)
{
  const char *lang = cp_labels_ui_language ();
  const CpJob *job;
  g_autofree char *summary = NULL;
  g_autofree char *price_check = NULL;
  g_autofree char *layout = NULL;
  g_autofree char *changes = NULL;
  g_autofree char *incomplete = NULL;
  gboolean no_option;

  g_return_if_fail (CP_IS_RESULTS_VIEW (self));

  g_clear_handle_id (&self->update_id, g_source_remove);
  cancel_details (self);
  self->pending_project = NULL;
  self->n_updates++;

  g_clear_pointer (&self->plan, cp_plan_free);

  if (project == NULL || job_index < 0 || (guint) job_index >= project->jobs->len ||
      project->quotes->len == 0)
    {
      if (g_list_model_get_n_items (G_LIST_MODEL (self->options)) > 0)
        g_list_store_remove_all (self->options);
      cp_chart_view_set_data (self->cost_chart, NULL);
      cp_chart_view_set_data (self->memory_chart, NULL);
      cp_chart_view_set_data (self->serving_chart, NULL);
      set_label (self->verdict_label, "");
      set_visible (GTK_WIDGET (self->robustness_label), FALSE);
      /* A job without quotes is not "not feasible": nothing was compared. */
      show_page (self, project != NULL && job_index >= 0 && (guint) job_index < project->jobs->len
                       ? "no-quotes" : "empty");
      return;
    }

  job = g_ptr_array_index (project->jobs, job_index);
  self->memory_unit = project->settings.memory_unit;
  self->plan = cp_project_plan_job_without_robustness (project, job_index);
  no_option = self->plan->options->len == 0;

  set_label (self->verdict_label, no_option ? _("Quotes Incomplete") : cp_words_plan_verdict (self->plan));
  set_css_class (GTK_WIDGET (self->verdict_label), "error",
                 !no_option && self->plan->verdict == CP_VERDICT_NOT_FEASIBLE);

  summary = describe_recommendation (project, self->plan, lang);
  price_check = cp_words_price_check (project, self->plan, lang);
  if (price_check != NULL)
    {
      /* The figure above rests on that price: the warning goes with it,
       * not only on the quote's form and in the reasons. */
      char *marked = g_strdup_printf ("%s\n%s", summary, price_check);

      g_free (summary);
      summary = marked;
    }
  set_label (self->summary_label, summary);
  layout = describe_layout (project, job, self->plan, lang);
  set_label (self->layout_label, layout);
  set_visible (GTK_WIDGET (self->layout_label), *layout != '\0');


  changes = describe_changes (self, project, job, self->plan, lang);
  set_label (self->changes_label, changes);
  set_visible (GTK_WIDGET (self->changes_heading), *changes != '\0');
  set_visible (GTK_WIDGET (self->changes_label), *changes != '\0');

  fill_options (self, project, job);

  incomplete = describe_incomplete (project);
  set_label (self->incomplete_label, incomplete);
  set_visible (GTK_WIDGET (self->incomplete_label), *incomplete != '\0');

  /* The verdict, the table and the charts show in the frame after the
   * change; the paragraphs below them in the next. */
  self->details_project = project;
  self->details_job = job;
  self->details_job_index = job_index;
  queue_details (self);

  {
    g_autoptr(CpSweep) sweep = cp_project_sweep_job (project, job_index, CP_CHART_COST_MAX_POINTS);

    cp_chart_view_set_data (self->cost_chart, cp_chart_data_new_cost (project, job_index, self->plan, sweep, lang));
    cp_chart_view_set_data (self->memory_chart, cp_chart_data_new_memory (project, job_index, self->plan, lang));
    /* Only a service is priced per token. */
    cp_chart_view_set_data (self->serving_chart, job->kind == CP_TASK_INFERENCE
                                                 ? cp_chart_data_new_serving (project, job_index, self->plan, sweep, lang)
                                                 : NULL);
    if (gtk_stack_page_get_visible (self->serving_page) != (job->kind == CP_TASK_INFERENCE))
      gtk_stack_page_set_visible (self->serving_page, job->kind == CP_TASK_INFERENCE);
  }

  show_page (self, "results");
}

static gboolean
update_cb (gpointer user_data)
{
  CpResultsView *self = user_data;

  self->update_id = 0;
  cp_results_view_update (self, self->pending_project, self->pending_job);
  return G_SOURCE_REMOVE;
}

void
cp_results_view_queue_update (CpResultsView   *self,
                              const CpProject *project,
                              int              job_index)
{
  g_return_if_fail (CP_IS_RESULTS_VIEW (self));

  self->pending_project = project;
  self->pending_job = job_index;
  /* Paragraphs of the old plan would read a project that may be gone. */
  cancel_details (self);
  if (self->update_id == 0)
    self->update_id = g_idle_add_full (UPDATE_PRIORITY, update_cb, self, NULL);
}

gboolean
cp_results_view_get_update_pending (CpResultsView *self)
{
  g_return_val_if_fail (CP_IS_RESULTS_VIEW (self), FALSE);

  return self->update_id != 0 || self->details_id != 0 || self->after_paint_id != 0;
}

guint
cp_results_view_get_n_updates (CpResultsView *self)
{
  g_return_val_if_fail (CP_IS_RESULTS_VIEW (self), 0);

  return self->n_updates;
}

void
cp_results_view_set_notice (CpResultsView *self,
                            const char    *notice)
{
  g_return_if_fail (CP_IS_RESULTS_VIEW (self));

  set_label (self->notice_label, notice != NULL ? notice : "");
  set_visible (GTK_WIDGET (self->notice_label), notice != NULL && *notice != '\0');
}

const char *
cp_results_view_get_notice (CpResultsView *self)
{
  g_return_val_if_fail (CP_IS_RESULTS_VIEW (self), NULL);

  return gtk_widget_get_visible (GTK_WIDGET (self->notice_label)) ? gtk_label_get_label (self->notice_label) : NULL;
}

void
cp_results_view_show_chart (CpResultsView *self,
                            CpChartKind    kind)
{
  g_return_if_fail (CP_IS_RESULTS_VIEW (self));

  /* A job that is not a service has no serving chart to show. */
  if (kind == CP_CHART_SERVING && !gtk_stack_page_get_visible (self->serving_page))
    return;
  gtk_stack_set_visible_child_name (self->chart_stack, kind == CP_CHART_MEMORY ? "memory"
                                                       : kind == CP_CHART_SERVING ? "serving" : "cost");
}

const char *
cp_results_view_get_cluster_text (CpResultsView *self)
{
  g_return_val_if_fail (CP_IS_RESULTS_VIEW (self), NULL);

  return gtk_label_get_label (self->cluster_label);
}

const char *
cp_results_view_get_layout_text (CpResultsView *self)
{
  g_return_val_if_fail (CP_IS_RESULTS_VIEW (self), NULL);

  return gtk_widget_get_visible (GTK_WIDGET (self->layout_label)) ? gtk_label_get_label (self->layout_label) : "";
}

const char *
cp_results_view_get_changes_text (CpResultsView *self)
{
  g_return_val_if_fail (CP_IS_RESULTS_VIEW (self), NULL);

  return gtk_label_get_label (self->changes_label);
}

const char *
cp_results_view_get_incomplete_text (CpResultsView *self)
{
  g_return_val_if_fail (CP_IS_RESULTS_VIEW (self), NULL);

  return gtk_label_get_label (self->incomplete_label);
}

const char *
cp_results_view_get_page (CpResultsView *self)
{
  g_return_val_if_fail (CP_IS_RESULTS_VIEW (self), NULL);

  return gtk_stack_get_visible_child_name (self->stack);
}

const CpPlan *
cp_results_view_get_plan (CpResultsView *self)
{
  g_return_val_if_fail (CP_IS_RESULTS_VIEW (self), NULL);

  return self->plan;
}

GListModel *
cp_results_view_get_options (CpResultsView *self)
{
  g_return_val_if_fail (CP_IS_RESULTS_VIEW (self), NULL);

  return G_LIST_MODEL (self->sorted_options);
}

CpChartView *
cp_results_view_get_chart (CpResultsView *self,
                           CpChartKind    kind)
{
  g_return_val_if_fail (CP_IS_RESULTS_VIEW (self), NULL);

  return kind == CP_CHART_MEMORY ? self->memory_chart : kind == CP_CHART_SERVING ? self->serving_chart : self->cost_chart;
}

const char *
cp_results_view_get_verdict_text (CpResultsView *self)
{
  g_return_val_if_fail (CP_IS_RESULTS_VIEW (self), NULL);

  return gtk_label_get_label (self->verdict_label);
}

GtkWidget *
cp_results_view_new (void)
{
  return g_object_new (CP_TYPE_RESULTS_VIEW, NULL);
}

static void
cp_results_view_dispose (GObject *object)
{
  CpResultsView *self = (CpResultsView *) object;

  /* AdwBin disposes its child, the template, itself. */
  g_clear_handle_id (&self->update_id, g_source_remove);
  cancel_details (self);
  self->pending_project = NULL;
  g_clear_object (&self->sorted_options);
  g_clear_object (&self->options);

  G_OBJECT_CLASS (cp_results_view_parent_class)->dispose (object);
}

static void
cp_results_view_finalize (GObject *object)
{
  CpResultsView *self = (CpResultsView *) object;

  g_clear_pointer (&self->plan, cp_plan_free);

  G_OBJECT_CLASS (cp_results_view_parent_class)->finalize (object);
}

static void
cp_results_view_class_init (CpResultsViewClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = cp_results_view_dispose;
  object_class->finalize = cp_results_view_finalize;

  g_type_ensure (CP_TYPE_CHART_VIEW);

  gtk_widget_class_set_template_from_resource (widget_class, RESOURCE_PREFIX "/ui/cp-results-view.ui");
  gtk_widget_class_bind_template_child (widget_class, CpResultsView, stack);
  gtk_widget_class_bind_template_child (widget_class, CpResultsView, notice_label);
  gtk_widget_class_bind_template_child (widget_class, CpResultsView, verdict_label);
  gtk_widget_class_bind_template_child (widget_class, CpResultsView, robustness_label);
  gtk_widget_class_bind_template_child (widget_class, CpResultsView, page_scroller);
  gtk_widget_class_bind_template_child (widget_class, CpResultsView, table_scroller);
  gtk_widget_class_bind_template_child (widget_class, CpResultsView, cluster_heading);
  gtk_widget_class_bind_template_child (widget_class, CpResultsView, cluster_label);
  gtk_widget_class_bind_template_child (widget_class, CpResultsView, incomplete_label);
  gtk_widget_class_bind_template_child (widget_class, CpResultsView, summary_label);
  gtk_widget_class_bind_template_child (widget_class, CpResultsView, layout_label);
  gtk_widget_class_bind_template_child (widget_class, CpResultsView, changes_heading);
  gtk_widget_class_bind_template_child (widget_class, CpResultsView, changes_label);
  gtk_widget_class_bind_template_child (widget_class, CpResultsView, readout_label);
  gtk_widget_class_bind_template_child (widget_class, CpResultsView, chart_stack);
  gtk_widget_class_bind_template_child (widget_class, CpResultsView, cost_chart);
  gtk_widget_class_bind_template_child (widget_class, CpResultsView, memory_chart);
  gtk_widget_class_bind_template_child (widget_class, CpResultsView, serving_chart);
  gtk_widget_class_bind_template_child (widget_class, CpResultsView, serving_page);
  gtk_widget_class_bind_template_child (widget_class, CpResultsView, options_view);
  gtk_widget_class_bind_template_child (widget_class, CpResultsView, reasons_list);
  gtk_widget_class_bind_template_child (widget_class, CpResultsView, risks_label);
}

/* The table scrolls sideways only, but GTK 4.8's scrolled window takes
 * every wheel turn once it can scroll along either axis: the page stopped
 * moving when the table came under the pointer. Turns up and down go to
 * the page, by GTK's own wheel step; sideways (and Shift+wheel) to the
 * table. */
static gboolean
on_table_scroll (GtkEventControllerScroll *controller,
                 double                    dx,
                 double                    dy,
                 CpResultsView            *self)
{
  GdkModifierType state = gtk_event_controller_get_current_event_state (GTK_EVENT_CONTROLLER (controller));
  GtkAdjustment *page = gtk_scrolled_window_get_vadjustment (self->page_scroller);
  double step = 1;

  if (dy == 0 || (state & GDK_SHIFT_MASK) != 0)
    return GDK_EVENT_PROPAGATE;
  if (gtk_event_controller_scroll_get_unit (controller) == GDK_SCROLL_UNIT_WHEEL)
    step = pow (gtk_adjustment_get_page_size (page), 2.0 / 3.0);
  gtk_adjustment_set_value (page, gtk_adjustment_get_value (page) + dy * step);
  return GDK_EVENT_STOP;
}

static void
cp_results_view_init (CpResultsView *self)
{
  GtkNoSelection *selection;
  GtkEventController *table_scroll;

  gtk_widget_init_template (GTK_WIDGET (self));

  table_scroll = gtk_event_controller_scroll_new (GTK_EVENT_CONTROLLER_SCROLL_VERTICAL);
  gtk_event_controller_set_propagation_phase (table_scroll, GTK_PHASE_CAPTURE);
  g_signal_connect (table_scroll, "scroll", G_CALLBACK (on_table_scroll), self);
  gtk_widget_add_controller (GTK_WIDGET (self->table_scroller), table_scroll);

  self->options = g_list_store_new (CP_TYPE_OPTION_OBJECT);

  /* What decides comes first: the cost, whether it fits and meets the
   * deadline (kept in view at 1024 px), then the details. */
  self->rank_column = add_column (self, CP_OPTION_TEXT_RANK, _("Rank"), "rank", FALSE);
  add_column (self, CP_OPTION_TEXT_QUOTE, _("Quote"), "quote-name", TRUE);
  add_column (self, CP_OPTION_TEXT_COST, _("Total cost"), "total-cost", FALSE);
  add_column (self, CP_OPTION_TEXT_FITS, _("Fits"), "fits", FALSE);
  add_column (self, CP_OPTION_TEXT_DEADLINE, _("Deadline"), "meets-deadline", FALSE);
  /* A service is priced by the token. */
  self->serving_columns[0] = add_column (self, CP_OPTION_TEXT_TOKEN_COST, _("Per million output tokens"),
                                         "cost-per-million-output-tokens", FALSE);
  self->serving_columns[1] = add_column (self, CP_OPTION_TEXT_THROUGHPUT, _("Tokens/s per replica"), NULL, FALSE);
  self->serving_columns[2] = add_column (self, CP_OPTION_TEXT_SERVED, _("Requests served"), NULL, FALSE);
  for (guint c = 0; c < G_N_ELEMENTS (self->serving_columns); c++)
    gtk_column_view_column_set_visible (self->serving_columns[c], FALSE);
  add_column (self, CP_OPTION_TEXT_BREAKDOWN, "", NULL, FALSE);
  add_column (self, CP_OPTION_TEXT_DAYS, _("Calendar"), "calendar-days", FALSE);
  add_column (self, CP_OPTION_TEXT_NODES, _("Nodes"), "nodes", FALSE);
  add_column (self, CP_OPTION_TEXT_MEMORY, _("Memory per GPU"), "fits", FALSE);
  add_column (self, CP_OPTION_TEXT_TECHNIQUE, _("Technique"), "technique", FALSE);

  self->sorted_options = gtk_sort_list_model_new (G_LIST_MODEL (g_object_ref (self->options)),
                                                  g_object_ref (gtk_column_view_get_sorter (self->options_view)));
  selection = gtk_no_selection_new (G_LIST_MODEL (g_object_ref (self->sorted_options)));
  gtk_column_view_set_model (self->options_view, GTK_SELECTION_MODEL (selection));
  g_object_unref (selection);
  gtk_column_view_sort_by_column (self->options_view, self->rank_column, GTK_SORT_ASCENDING);

  {
    GtkLabel *paragraphs[] = {
      self->notice_label, self->verdict_label, self->robustness_label, self->summary_label, self->layout_label,
      self->cluster_label,
      self->changes_label, self->incomplete_label, self->risks_label,
    };

    for (guint i = 0; i < G_N_ELEMENTS (paragraphs); i++)
      {
        gtk_label_set_width_chars (paragraphs[i], WRAPPED_MIN_CHARS);
        keep_selectable_unfocused (paragraphs[i]);
      }
  }

  g_signal_connect_object (self->cost_chart, "notify::readout", G_CALLBACK (on_readout_changed),
                           self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->memory_chart, "notify::readout", G_CALLBACK (on_readout_changed),
                           self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->serving_chart, "notify::readout", G_CALLBACK (on_readout_changed),
                           self, G_CONNECT_SWAPPED);
}

void
cp_results_view_scroll_to_top (CpResultsView *self)
{
  g_return_if_fail (CP_IS_RESULTS_VIEW (self));

  gtk_adjustment_set_value (gtk_scrolled_window_get_vadjustment (self->page_scroller), 0);
}
