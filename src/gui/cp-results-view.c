/* cp-results-view.c: the verdict, the comparison of quotes and the charts
 * for one job.
 *
 * Changes are folded into one idle that runs before the next frame is
 * laid out (sysprof's queue_reload pattern): it reads the job's plan from
 * the project's analysis (cp-project-analysis.h: planned once per change,
 * only for the jobs the change touched), updates the table's
 * CpOptionObject rows in place (one splice when the ranking changes), and
 * sets a label only when its words changed, so a keystroke re-measures
 * only what it changed. The sweep the cost and serving charts draw is made
 * on a worker, and the charts take it in place when it comes; whether the
 * verdict holds and the paragraphs below the table follow after that
 * frame's paint. The paragraphs' words are in cp-results-view-words.c.
 */
#include "config.h"

#include <glib/gi18n.h>
#include <math.h>

#include "planner/cp-project-analysis.h"
#include "planner/cp-units.h"
#include "report/cp-i18n.h"
#include "report/cp-reason-text.h"
#include "report/cp-report-async.h"

#include "cp-labels.h"
#include "cp-option-object.h"
#include "cp-results-view.h"
#include "cp-results-view-private.h"

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
  CpChartView        *timeline_chart;
  GCancellable       *timeline_cancellable; /* the timeline being made */
  const CpProject    *timeline_project;     /* borrowed: its timeline, not yet made */
  GtkColumnView      *options_view;
  GtkLabel           *incomplete_label;
  GtkListBox         *reasons_list;
  GtkLabel           *risks_label;

  GListStore         *options;          /* CpOptionObject, by rank */
  GtkSortListModel   *sorted_options;
  GtkColumnViewColumn *rank_column;
  GtkColumnViewColumn *serving_columns[3]; /* shown for an inference job */
  CpProjectAnalysis  *analysis;         /* of the project shown */
  const CpPlan       *plan;             /* the analysis's, of the job shown */
  GCancellable       *sweep_cancellable; /* the sweep being made on a worker */
  int                 chart_job;        /* whose sweep the charts show, or -1 */
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
  guint               readout_id;
  CpChartView        *readout_chart;  /* the chart whose readout readout_id shows */
  GdkFrameClock      *after_paint_clock;
  gulong              after_paint_id;
  GdkSurface         *surface;          /* the window's, whose width sizes the text */
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

/* Fits, using more than 90% of each GPU's memory: the main risks the
 * reports and this view list say so with the same test and words
 * (cp_words_memory_near_limit()); the table warns beside "Yes" too, as a
 * meeting read "Fits: Yes" at 79.6 of 80 GiB. */
static gboolean
option_fits_tightly (const CpOption *option)
{
  g_autofree char *near_limit = cp_words_memory_near_limit (&option->estimate, cp_labels_ui_language ());

  return near_limit != NULL;
}

/* The run's billed hours per node as the vendor bills them: whole hours
 * (or the quote's steps, or its minimum term), with the rule. On one
 * machine the run continues the debugging rental (cp-estimate-cost.c), so
 * the rounded figure is that rental's and the run's share (by hours) is
 * said after it: shown alone, "31.2" read as if billing were not hourly. */
static char *
billed_hours_text (const CpProject *project,
                   const CpOption  *option,
                   const char      *lang)
{
  const CpEstimate *estimate = &option->estimate;
  const CpQuote *quote = g_ptr_array_index (project->quotes, option->quote_index);
  double run_h = estimate->total_s / 3600.0;
  double debug_h = estimate->debug_days * 24.0;
  gboolean shared = estimate->nodes == 1 && debug_h > 0 && run_h > 0;
  /* Undoes the run's share: what the rental was rounded to. */
  double rental_h = shared ? estimate->billed_hours * (run_h + debug_h) / run_h : estimate->billed_hours;
  double term_h = cp_quote_minimum_term_h (quote, &project->settings);
  double step_h = cp_quote_billing_granularity_h (quote, &project->settings);
  double rental_shown_h = round (rental_h * 10) / 10;
  g_autofree char *rental = cp_i18n_format_number (rental_shown_h, rental_shown_h == floor (rental_shown_h) ? 0 : 1, lang);
  g_autofree char *run = cp_i18n_format_number (estimate->billed_hours, 1, lang);
  g_autofree char *rule = NULL;

  if (term_h > 0 && rental_h <= term_h + 1e-6)
    {
      g_autofree char *term = cp_i18n_format_number (term_h, 0, lang);

      /* TRANSLATORS: how billed hours were counted; %s is the quote's minimum term in hours */
      rule = g_strdup_printf (_("the minimum term of %s hours"), term);
    }
  else if (step_h == 1)
    rule = g_strdup (_("by the hour, rounded up"));
  else if (step_h == 24)
    rule = g_strdup (_("by the day, rounded up"));
  else if (step_h == project->settings.hours_per_month)
    rule = g_strdup (_("by the month, rounded up to whole months"));
  else if (step_h > 0)
    {
      g_autofree char *step = cp_i18n_format_number (step_h, step_h == floor (step_h) ? 0 : 1, lang);

      /* TRANSLATORS: how billed hours were counted; %s is the quote's billing step in hours */
      rule = g_strdup_printf (_("in steps of %s hours, rounded up"), step);
    }
  else
    rule = g_strdup (_("as used, not rounded"));

  if (shared)
    /* TRANSLATORS: hours billed for one machine, the billing rule, then the run's part of those hours */
    return g_strdup_printf (_("Billed: %s hours of one machine, debugging and the run together (%s)\n"
                              "The run's share of them: %s hours"), rental, rule, run);
  /* TRANSLATORS: hours billed per node, then the billing rule */
  return g_strdup_printf (_("Billed: %s hours per node (%s)"), rental, rule);
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

  /* A layout the job pins and this offer cannot take ran nothing: no
   * memory, time or cost to show ("0 B", "0.0 days", "0 CNY" were shown),
   * and the details say why (issue 20). */
  if (cp_estimate_layout_refused (estimate))
    switch (column)
      {
      case CP_OPTION_TEXT_MEMORY:
      case CP_OPTION_TEXT_TECHNIQUE:
      case CP_OPTION_TEXT_DAYS:
      case CP_OPTION_TEXT_COST:
      case CP_OPTION_TEXT_COST_RANGE:
      case CP_OPTION_TEXT_DAYS_RANGE:
        return g_strdup ("—");
      case CP_OPTION_TEXT_BREAKDOWN:
        return cp_words_refusal (project, job, g_ptr_array_index (project->quotes, option->quote_index), estimate,
                                 lang);
      default:
        break;
      }

  switch (column)
    {
    case CP_OPTION_TEXT_RANK:
      return g_strdup_printf ("%u", option->rank);
    case CP_OPTION_TEXT_QUOTE:
      return g_strdup (name);
    case CP_OPTION_TEXT_QUOTE_CELL:
      {
        const CpQuote *quote = g_ptr_array_index (project->quotes, option->quote_index);

        /* The GPU on the first line, whole; the vendor and offer on the
         * second, cut at its end in a narrow window (the tooltip has the
         * whole name): the GPU is what tells options apart. */
        /* TRANSLATORS: the Quote cell's first line: GPUs per node × GPU name */
        g_autofree char *hardware = g_strdup_printf (_("%u × %s"), quote->gpus_per_node,
                                                     quote->gpu.name ? quote->gpu.name : "");

        /* R6 says why (cp_quote_price_is_plausible()). */
        if (!cp_quote_price_is_plausible (quote, &project->settings))
          /* TRANSLATORS: a quote whose price looks typed in the wrong unit */
          return g_strdup_printf (_("⚠ %s (price?)\n%s"), hardware, name);
        return g_strdup_printf ("%s\n%s", hardware, name);
      }
    case CP_OPTION_TEXT_FITS:
      if (option_fits_tightly (option))
        /* TRANSLATORS: the Fits column: fits, above 90% of each GPU's memory */
        return g_strdup (_("⚠ Tight"));
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
        if (option_fits_tightly (option))
          /* TRANSLATORS: memory per GPU needed / available, above 90% of it */
          return g_strdup_printf (_("⚠ %s / %s"), need, have);
        return g_strdup_printf (estimate->fits ? _("%s / %s") : _("%s / %s ✗"), need, have);
      }
    case CP_OPTION_TEXT_TECHNIQUE:
      /* A table cell, in sentence case as the report's ("As configured"). */
      return g_strdup (cp_words_capitalised (cp_words_technique (estimate->technique)));
    case CP_OPTION_TEXT_DAYS:
      /* An option that cannot run has no time or cost to compare: the
       * report leaves them out, and a figure here was read as a price
       * for running it (walkthrough 8). */
      if (!estimate->fits)
        return g_strdup ("—");
      return cp_i18n_format_days (estimate->calendar_days, lang);
    case CP_OPTION_TEXT_DEADLINE:
      return cp_words_deadline_status (job, estimate, lang);
    case CP_OPTION_TEXT_COST:
      if (!estimate->fits)
        return g_strdup ("—");
      return cp_words_plan_money (self->plan, estimate->total_cost, currency, lang);
    case CP_OPTION_TEXT_COST_RANGE:
      if (self->plan->cost_unknown || !estimate->fits)
        return g_strdup ("—");
      {
        /* Plain numbers: the currency is on the figure above. */
        g_autofree char *low = cp_i18n_format_number (option->range.total_cost_low, 0, lang);
        g_autofree char *high = cp_i18n_format_number (option->range.total_cost_high, 0, lang);

        /* TRANSLATORS: an assumption's spread, low to high, e.g. "0.47–0.63" */
        return g_strdup_printf (_("%s–%s"), low, high);
      }
    case CP_OPTION_TEXT_DAYS_RANGE:
      if (!estimate->fits)
        return g_strdup ("—");
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
        g_autofree char *billed = billed_hours_text (project, option, lang);
        g_autofree char *run = cp_words_duration (estimate->total_s, lang);
        g_autofree char *goodput = cp_words_goodput (estimate->goodput, lang);
        g_autofree char *interruptions = cp_i18n_format_value (estimate->expected_interruptions, lang);
        g_autofree char *checkpoint = cp_words_duration (estimate->checkpoint_s, lang);
        g_autofree char *interval = cp_words_duration (estimate->checkpoint_interval_s, lang);
        g_autofree char *breakdown = NULL;
        g_autofree char *failures = NULL;

        if (self->plan->cost_unknown)
          /* TRANSLATORS: an option's details when no quote has a price to compare: run time, billed hours, time source */
          breakdown = g_strdup_printf (_("Cost: unknown without a price to compare\n\n"
                                         "Run time: %s\n%s\n"
                                         "Time figures: %s"),
                                       run, billed, cp_words_time_source (estimate->time_source));
        else
          breakdown = g_strdup_printf (_("Compute: %s\n"
                                       "Debugging on one machine: %s\n"
                                       "Network: %s\n"
                                       "Storage: %s\n"
                                       "Management and setup: %s\n"
                                       "Migration engineering: %s\n"
                                       "Total: %s\n\n"
                                       "Run time: %s\n%s\n"
                                       "Time figures: %s"),
                                     compute, debug, network, storage, fees, engineering, total,
                                     run, billed, cp_words_time_source (estimate->time_source));
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
      return cp_words_plan_money (self->plan, estimate->cost_per_million_output_tokens, currency, lang);
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
           * Each of its two lines is cut, never wrapped: the table is as
           * high as GTK 4.8 measures its rows, for an unbounded width, and
           * a line wrapped in the narrower column made each row taller
           * than measured, leaving one row in view (meeting walkthrough).
           * 20 characters show "8 × NVIDIA A800 80GB S…" and keep Rank to
           * Deadline in view at 1024 px. */
          gtk_label_set_ellipsize (GTK_LABEL (label), PANGO_ELLIPSIZE_END);
          gtk_label_set_width_chars (GTK_LABEL (label), 20);
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

/* Fits, Deadline and Memory turn red for an option that fails them; Fits
 * and Memory amber for one that fits above 90% of its memory, with the
 * main risk's words in a tooltip. */
static void
update_status (GtkWidget *label)
{
  CpOptionObject *object = g_object_get_data (G_OBJECT (label), "cp-option");
  Column column = GPOINTER_TO_INT (g_object_get_data (G_OBJECT (label), "cp-column"));
  const CpOption *option;
  const CpEstimate *estimate;
  g_autofree char *near_limit = NULL;
  gboolean bad;

  if (object == NULL)
    return;
  option = cp_option_object_get_option (object);
  estimate = &option->estimate;
  if (column == CP_OPTION_TEXT_DEADLINE && estimate->output_tokens_per_s > 0)
    bad = estimate->fits && !option->feasible;
  else if (column == CP_OPTION_TEXT_DEADLINE)
    bad = cp_option_object_get_has_deadline (object) && estimate->fits && !estimate->meets_deadline;
  else
    {
      bad = !estimate->fits;
      near_limit = cp_words_memory_near_limit (estimate, cp_labels_ui_language ());
    }
  set_css_class (label, "error", bad);
  set_css_class (label, "warning", near_limit != NULL);
  gtk_widget_set_tooltip_text (label, near_limit);
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
  {
    /* Its own text changes with every status it shows. */
    g_autofree char *signal = g_strconcat ("notify::", cp_option_text_property (column), NULL);

    g_signal_connect_object (object, signal, G_CALLBACK (update_status), label, G_CONNECT_SWAPPED);
  }
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

/* The readout speaks of the chart on screen only: a hidden tab's last
 * words stayed beside the one shown (meeting walkthrough: a memory figure
 * over the cost chart). */
static gboolean
readout_cb (gpointer user_data)
{
  CpResultsView *self = user_data;
  gboolean shown = self->readout_chart != NULL &&
                   gtk_stack_get_visible_child (self->chart_stack) == GTK_WIDGET (self->readout_chart);
  const char *readout = shown ? cp_chart_view_get_readout (self->readout_chart) : NULL;

  self->readout_id = 0;
  set_label (self->readout_label, readout ? readout : "");
  return G_SOURCE_REMOVE;
}

/* A chart says its readout from its size_allocate; the label beside the
 * tabs, above the chart, is already placed by then, and a text set in
 * that layout was painted unplaced (GTK: "Trying to snapshot GtkBox
 * without a current allocation", on a window widened from 1024 to
 * 1920 px). It follows before the next frame. */
static void
on_readout_changed (CpResultsView *self,
                    GParamSpec    *pspec,
                    CpChartView   *chart)
{
  self->readout_chart = chart;
  if (self->readout_id == 0)
    self->readout_id = g_idle_add_full (G_PRIORITY_HIGH_IDLE, readout_cb, self, NULL);
}

/* The reasons' rows are kept and their labels changed in place. */
static void
fill_reasons (CpResultsView   *self,
              const CpProject *project,
              const char      *lang)
{
  g_autoptr(GArray) rules = g_array_new (FALSE, FALSE, sizeof (CpRule));
  g_autoptr(GPtrArray) lines = _cp_results_view_reason_lines (project, self->plan, lang, rules);
  guint i;

  for (i = 0; i < lines->len; i++)
    {
      CpRule reason_rule = g_array_index (rules, CpRule, i);
      const char *words = g_ptr_array_index (lines, i);
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
      set_label (GTK_LABEL (rule), cp_rule_to_string (reason_rule));
      if (g_strcmp0 (gtk_widget_get_tooltip_text (rule), cp_words_rule (reason_rule)) != 0)
        gtk_widget_set_tooltip_text (rule, cp_words_rule (reason_rule));
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
  gboolean doubt = FALSE;

  self->details_id = 0;
  if (self->plan == NULL || self->details_project == NULL)
    return G_SOURCE_REMOVE;

  /* The same plan, its robustness added in place. */
  self->plan = cp_project_analysis_get_full_plan (self->analysis, self->details_job_index);
  robustness = _cp_results_view_describe_robustness (self->details_project, self->plan, lang, &doubt);
  set_label (self->robustness_label, robustness);
  set_visible (GTK_WIDGET (self->robustness_label), *robustness != '\0');
  set_css_class (GTK_WIDGET (self->robustness_label), "warning", doubt);

  cluster = _cp_results_view_describe_cluster_question (self->analysis, self->details_job_index, self->plan, lang);
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

static void
on_timeline_ready (GObject      *source,
                   GAsyncResult *result,
                   gpointer      user_data)
{
  g_autoptr(CpResultsView) self = user_data;
  g_autoptr(GError) error = NULL;
  CpChartData *chart = cp_report_timeline_finish (result, &error);

  /* A newer project's timeline is on its way, or the view is gone. */
  if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    return;
  /* Jobs whose order loops have no calendar: the job form says why. */
  cp_chart_view_set_data (self->timeline_chart, chart);
}

/* The project's calendar plans every job, on a worker thread: only while
 * its tab is shown, so that an edit elsewhere plans the one job it
 * touches (gui-plan-calls). A change made while the tab is hidden is
 * drawn when it is shown. */
static void
make_timeline (CpResultsView *self)
{
  const CpProject *project = g_steal_pointer (&self->timeline_project);

  self->timeline_cancellable = g_cancellable_new ();
  cp_report_timeline_async (project, cp_labels_ui_language (), self->timeline_cancellable,
                            on_timeline_ready, g_object_ref (self));
}

static gboolean
timeline_shown (CpResultsView *self)
{
  return g_strcmp0 (gtk_stack_get_visible_child_name (self->chart_stack), "timeline") == 0;
}

static void
update_timeline (CpResultsView   *self,
                 const CpProject *project)
{
  g_cancellable_cancel (self->timeline_cancellable);
  g_clear_object (&self->timeline_cancellable);
  self->timeline_project = NULL;
  if (project == NULL || project->jobs->len == 0 || project->quotes->len == 0)
    {
      cp_chart_view_set_data (self->timeline_chart, NULL);
      return;
    }
  self->timeline_project = project;
  if (timeline_shown (self))
    make_timeline (self);
}

static void
on_chart_shown (CpResultsView *self)
{
  if (self->timeline_project != NULL && timeline_shown (self))
    make_timeline (self);
  /* The readout of the tab left goes; the new tab's comes with the pointer. */
  set_label (self->readout_label, "");
}

/* The cost and serving charts from the job's sweep. */
static void
set_sweep_charts (CpResultsView   *self,
                  const CpProject *project,
                  guint            job_index,
                  const CpSweep   *sweep)
{
  const CpJob *job = g_ptr_array_index (project->jobs, job_index);
  const char *lang = cp_labels_ui_language ();

  self->chart_job = (int) job_index;
  cp_chart_view_set_data (self->cost_chart, cp_chart_data_new_cost (project, job_index, self->plan, sweep, lang));
  /* Only a service is priced per token. */
  cp_chart_view_set_data (self->serving_chart, job->kind == CP_TASK_INFERENCE
                                               ? cp_chart_data_new_serving (project, job_index, self->plan, sweep, lang)
                                               : NULL);
}

static void
sweep_in_thread (GTask        *task,
                 gpointer      source_object,
                 gpointer      task_data,
                 GCancellable *cancellable)
{
  if (g_task_return_error_if_cancelled (task))
    return;
  g_task_return_pointer (task, cp_sweep_order_run (task_data), (GDestroyNotify) cp_sweep_free);
}

static void
on_sweep_ready (GObject      *source,
                GAsyncResult *result,
                gpointer      user_data)
{
  g_autoptr(CpResultsView) self = user_data;
  const CpSweepOrder *order = g_task_get_task_data (G_TASK (result));
  g_autoptr(GError) error = NULL;
  CpSweep *sweep = g_task_propagate_pointer (G_TASK (result), &error);
  const CpSweep *kept;

  /* A newer change's sweep is on its way, or the view is gone. */
  if (sweep == NULL)
    return;
  g_clear_object (&self->sweep_cancellable);
  /* Made for an older generation of the project (a job changed, added or
   * deleted since), it is dropped. With a change waiting, the project has
   * changed already and the analysis does not know yet: that change's
   * update draws the charts. */
  kept = cp_project_analysis_take_sweep (self->analysis, order, sweep);
  if (kept == NULL || self->update_id != 0 || self->plan == NULL)
    return;
  set_sweep_charts (self, cp_project_analysis_get_project (self->analysis), order->job_index, kept);
}

/* The job's sweep, kept in the analysis, drawn at once; else made on a
 * worker over a copy of the project, and the charts keep what they show
 * until it comes (for another job, they show nothing meanwhile). */
static void
update_sweep_charts (CpResultsView   *self,
                     const CpProject *project,
                     guint            job_index)
{
  const CpSweep *sweep = cp_project_analysis_peek_sweep (self->analysis, job_index);
  g_autoptr(GTask) task = NULL;

  g_cancellable_cancel (self->sweep_cancellable);
  g_clear_object (&self->sweep_cancellable);
  if (sweep != NULL)
    {
      set_sweep_charts (self, project, job_index, sweep);
      return;
    }
  if (self->chart_job != (int) job_index)
    {
      cp_chart_view_set_data (self->cost_chart, NULL);
      cp_chart_view_set_data (self->serving_chart, NULL);
      self->chart_job = -1;
    }
  self->sweep_cancellable = g_cancellable_new ();
  task = g_task_new (NULL, self->sweep_cancellable, on_sweep_ready, g_object_ref (self));
  g_task_set_source_tag (task, update_sweep_charts);
  g_task_set_return_on_cancel (task, TRUE);
  g_task_set_task_data (task, cp_project_analysis_order_sweep (self->analysis, job_index),
                        (GDestroyNotify) cp_sweep_order_free);
  g_task_run_in_thread (task, sweep_in_thread);
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

  self->plan = NULL;
  update_timeline (self, project);

  if (project == NULL || job_index < 0 || (guint) job_index >= project->jobs->len ||
      project->quotes->len == 0)
    {
      if (g_list_model_get_n_items (G_LIST_MODEL (self->options)) > 0)
        g_list_store_remove_all (self->options);
      g_cancellable_cancel (self->sweep_cancellable);
      g_clear_object (&self->sweep_cancellable);
      self->chart_job = -1;
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
  if (self->analysis == NULL)
    self->analysis = cp_project_analysis_new (project, CP_CHART_COST_MAX_POINTS);
  else
    cp_project_analysis_update (self->analysis, project);
  self->plan = cp_project_analysis_get_plan (self->analysis, (guint) job_index);
  no_option = self->plan->options->len == 0;

  /* The CLI's and the reports' words: "No complete quote yet", or the
   * verdict, which says when its cost needs a price. */
  set_label (self->verdict_label, cp_words_plan_verdict (self->plan));
  set_css_class (GTK_WIDGET (self->verdict_label), "error",
                 !no_option && self->plan->verdict == CP_VERDICT_NOT_FEASIBLE);

  summary = _cp_results_view_describe_recommendation (project, self->plan, lang);
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
  layout = _cp_results_view_describe_layout (project, job, self->plan, lang);
  set_label (self->layout_label, layout);
  set_visible (GTK_WIDGET (self->layout_label), *layout != '\0');


  changes = _cp_results_view_describe_changes (project, job, self->plan, lang);
  set_label (self->changes_label, changes);
  set_visible (GTK_WIDGET (self->changes_heading), *changes != '\0');
  set_visible (GTK_WIDGET (self->changes_label), *changes != '\0');

  fill_options (self, project, job);

  incomplete = _cp_results_view_describe_incomplete (project);
  set_label (self->incomplete_label, incomplete);
  set_visible (GTK_WIDGET (self->incomplete_label), *incomplete != '\0');

  /* The verdict, the table and the charts show in the frame after the
   * change; the paragraphs below them in the next. */
  self->details_project = project;
  self->details_job = job;
  self->details_job_index = job_index;
  queue_details (self);

  cp_chart_view_set_data (self->memory_chart, cp_chart_data_new_memory (project, job_index, self->plan, lang));
  if (gtk_stack_page_get_visible (self->serving_page) != (job->kind == CP_TASK_INFERENCE))
    gtk_stack_page_set_visible (self->serving_page, job->kind == CP_TASK_INFERENCE);
  update_sweep_charts (self, project, (guint) job_index);

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

  return self->update_id != 0 || self->details_id != 0 || self->after_paint_id != 0 ||
         self->sweep_cancellable != NULL;
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
                                                       : kind == CP_CHART_SERVING ? "serving"
                                                       : kind == CP_CHART_TIMELINE ? "timeline" : "cost");
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

  return kind == CP_CHART_MEMORY ? self->memory_chart : kind == CP_CHART_SERVING ? self->serving_chart
         : kind == CP_CHART_TIMELINE ? self->timeline_chart : self->cost_chart;
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

/* Stops what is pending for the project shown: its workers' results then
 * come back cancelled and are dropped. */
static void
cancel_pending (CpResultsView *self)
{
  g_clear_handle_id (&self->update_id, g_source_remove);
  g_clear_handle_id (&self->readout_id, g_source_remove);
  cancel_details (self);
  self->timeline_project = NULL;
  g_cancellable_cancel (self->timeline_cancellable);
  g_clear_object (&self->timeline_cancellable);
  g_cancellable_cancel (self->sweep_cancellable);
  g_clear_object (&self->sweep_cancellable);
  self->pending_project = NULL;
}

/* On a wide window, a projector's 1920 px, the verdict and the summary
 * under it grow (style.css), so the room reads the recommendation from
 * the back; at 1024 px they keep the sizes that leave the table in view.
 * Follows the window's surface width, maximised and full screen too
 * (libadwaita 1.2 has no AdwBreakpoint). */
#define LARGE_TEXT_FROM_PX 1400
#define LARGER_TEXT_FROM_PX 1800

static void
on_surface_width (CpResultsView *self)
{
  int width = self->surface != NULL ? gdk_surface_get_width (self->surface) : 0;

  set_css_class (GTK_WIDGET (self), "cp-text-large", width >= LARGE_TEXT_FROM_PX && width < LARGER_TEXT_FROM_PX);
  set_css_class (GTK_WIDGET (self), "cp-text-larger", width >= LARGER_TEXT_FROM_PX);
}

static void
forget_surface (CpResultsView *self)
{
  if (self->surface == NULL)
    return;
  g_signal_handlers_disconnect_by_func (self->surface, on_surface_width, self);
  g_clear_object (&self->surface);
}

static void
cp_results_view_realize (GtkWidget *widget)
{
  CpResultsView *self = CP_RESULTS_VIEW (widget);

  GTK_WIDGET_CLASS (cp_results_view_parent_class)->realize (widget);
  forget_surface (self);
  self->surface = g_object_ref (gtk_native_get_surface (gtk_widget_get_native (widget)));
  g_signal_connect_swapped (self->surface, "notify::width", G_CALLBACK (on_surface_width), self);
  on_surface_width (self);
}

static void
cp_results_view_unrealize (GtkWidget *widget)
{
  forget_surface (CP_RESULTS_VIEW (widget));
  GTK_WIDGET_CLASS (cp_results_view_parent_class)->unrealize (widget);
}

/* Out of its window, the view no longer has the window's project: a
 * worker's task keeps the view alive past the window (it holds a
 * reference, so dispose waits for it), and its result must not reach a
 * project the window has freed. The analysis's generation cannot tell
 * (the window frees its project without changing it), and the pending
 * update and paragraphs, idles that read the project, are not tasks. */
static void
cp_results_view_unroot (GtkWidget *widget)
{
  cancel_pending (CP_RESULTS_VIEW (widget));
  GTK_WIDGET_CLASS (cp_results_view_parent_class)->unroot (widget);
}

static void
cp_results_view_dispose (GObject *object)
{
  CpResultsView *self = (CpResultsView *) object;

  /* AdwBin disposes its child, the template, itself. */
  cancel_pending (self);
  g_clear_object (&self->sorted_options);
  g_clear_object (&self->options);

  G_OBJECT_CLASS (cp_results_view_parent_class)->dispose (object);
}

static void
cp_results_view_finalize (GObject *object)
{
  CpResultsView *self = (CpResultsView *) object;

  self->plan = NULL;
  g_clear_pointer (&self->analysis, cp_project_analysis_free);

  G_OBJECT_CLASS (cp_results_view_parent_class)->finalize (object);
}

static void
cp_results_view_class_init (CpResultsViewClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = cp_results_view_dispose;
  widget_class->unroot = cp_results_view_unroot;
  widget_class->realize = cp_results_view_realize;
  widget_class->unrealize = cp_results_view_unrealize;
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
  gtk_widget_class_bind_template_child (widget_class, CpResultsView, timeline_chart);
  gtk_widget_class_bind_template_child (widget_class, CpResultsView, serving_chart);
  gtk_widget_class_bind_template_child (widget_class, CpResultsView, serving_page);
  gtk_widget_class_bind_template_child (widget_class, CpResultsView, options_view);
  gtk_widget_class_bind_template_child (widget_class, CpResultsView, reasons_list);
  gtk_widget_class_bind_template_child (widget_class, CpResultsView, risks_label);
}

/* Moves @adjustment by @delta wheel turns (GTK's own wheel step, or
 * @delta pixels for a smooth device) as far as it goes; TRUE when it
 * moved. */
static gboolean
scroll_adjustment (GtkAdjustment *adjustment,
                   double         delta,
                   gboolean       wheel)
{
  double value = gtk_adjustment_get_value (adjustment);
  double step = wheel ? pow (gtk_adjustment_get_page_size (adjustment), 2.0 / 3.0) : 1;
  double end = gtk_adjustment_get_upper (adjustment) - gtk_adjustment_get_page_size (adjustment);
  double target = CLAMP (value + delta * step, gtk_adjustment_get_lower (adjustment), MAX (end, 0));

  if (fabs (target - value) < 0.5)
    return FALSE;
  gtk_adjustment_set_value (adjustment, target);
  return TRUE;
}

/* The table scrolls sideways only, but GTK 4.8's scrolled window takes
 * every wheel turn once it can scroll along either axis: the page stopped
 * moving when the table came under the pointer. A turn down over the
 * table brings its columns on the right into view until the last one
 * shows, a turn up those on the left until the first does, and then the
 * page moves: a mouse with one wheel reaches Calendar to Technique at
 * 1024 px (meeting walkthrough: the wheel moved only the page) and still
 * scrolls past the table. Sideways turns and Shift+wheel stay the
 * table's own. */
static gboolean
on_table_scroll (GtkEventControllerScroll *controller,
                 double                    dx,
                 double                    dy,
                 CpResultsView            *self)
{
  GdkModifierType state = gtk_event_controller_get_current_event_state (GTK_EVENT_CONTROLLER (controller));
  gboolean wheel = gtk_event_controller_scroll_get_unit (controller) == GDK_SCROLL_UNIT_WHEEL;

  if (dy == 0 || (state & GDK_SHIFT_MASK) != 0)
    return GDK_EVENT_PROPAGATE;
  if (!scroll_adjustment (gtk_scrolled_window_get_hadjustment (self->table_scroller), dy, wheel))
    scroll_adjustment (gtk_scrolled_window_get_vadjustment (self->page_scroller), dy, wheel);
  return GDK_EVENT_STOP;
}

static void
cp_results_view_init (CpResultsView *self)
{
  GtkNoSelection *selection;
  GtkEventController *table_scroll;

  gtk_widget_init_template (GTK_WIDGET (self));
  g_signal_connect_swapped (self->chart_stack, "notify::visible-child-name",
                            G_CALLBACK (on_chart_shown), self);

  table_scroll = gtk_event_controller_scroll_new (GTK_EVENT_CONTROLLER_SCROLL_VERTICAL);
  gtk_event_controller_set_propagation_phase (table_scroll, GTK_PHASE_CAPTURE);
  g_signal_connect (table_scroll, "scroll", G_CALLBACK (on_table_scroll), self);
  gtk_widget_add_controller (GTK_WIDGET (self->table_scroller), table_scroll);

  self->options = g_list_store_new (CP_TYPE_OPTION_OBJECT);
  self->chart_job = -1;

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
  /* Titled: untitled, its button read as part of the Deadline column. */
  add_column (self, CP_OPTION_TEXT_BREAKDOWN, _("Breakdown"), NULL, FALSE);
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
