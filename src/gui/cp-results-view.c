/* cp-results-view.c: the verdict, the comparison of quotes and the charts
 * for one job.
 *
 * Everything here is recomputed from the model on every change: the plan
 * (cp_project_plan_job()), the words of its reasons in the window's
 * language, the table and both charts.
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

typedef enum {
  COLUMN_RANK,
  COLUMN_QUOTE,
  COLUMN_NODES,
  COLUMN_MEMORY,
  COLUMN_TECHNIQUE,
  COLUMN_DAYS,
  COLUMN_DEADLINE,
  COLUMN_COST,
  COLUMN_BREAKDOWN,
  N_COLUMNS
} Column;

struct _CpResultsView
{
  AdwBin              parent_instance;

  GtkStack           *stack;
  GtkLabel           *verdict_label;
  GtkLabel           *summary_label;
  GtkLabel           *changes_heading;
  GtkLabel           *changes_label;
  GtkLabel           *readout_label;
  GtkStack           *chart_stack;
  CpChartView        *cost_chart;
  CpChartView        *memory_chart;
  GtkColumnView      *options_view;
  GtkListBox         *reasons_list;
  GtkLabel           *risks_label;

  GListStore         *options;
  GtkSortListModel   *sorted_options;
  GtkColumnViewColumn *rank_column;
  CpPlan             *plan;
  CpMemoryUnit        memory_unit;
};

G_DEFINE_FINAL_TYPE (CpResultsView, cp_results_view, ADW_TYPE_BIN)

static char *
format_bytes (CpResultsView *self,
              double         bytes)
{
  return cp_format_bytes (bytes, self->memory_unit);
}

static char *
cell_text (CpResultsView  *self,
           CpOptionObject *object,
           Column          column)
{
  const CpOption *option = cp_option_object_get_option (object);
  const CpEstimate *estimate = &option->estimate;
  const char *lang = cp_labels_ui_language ();

  switch (column)
    {
    case COLUMN_RANK:
      return g_strdup_printf ("%u", option->rank);
    case COLUMN_QUOTE:
      return g_strdup (cp_option_object_get_quote_name (object));
    case COLUMN_NODES:
      /* TRANSLATORS: nodes (total GPUs), e.g. "4 (32 GPUs)" */
      return g_strdup_printf (_("%u (%u GPUs)"), estimate->nodes, estimate->gpus);
    case COLUMN_MEMORY:
      {
        g_autofree char *need = format_bytes (self, estimate->memory_per_gpu_bytes);
        g_autofree char *have = format_bytes (self, estimate->available_per_gpu_bytes);

        /* TRANSLATORS: memory per GPU needed / available; the second form
         * is for a job that does not fit */
        return g_strdup_printf (estimate->fits ? _("%s / %s") : _("%s / %s ✗"), need, have);
      }
    case COLUMN_TECHNIQUE:
      return g_strdup (cp_words_technique (estimate->technique));
    case COLUMN_DAYS:
      return cp_i18n_format_days (estimate->calendar_days, lang);
    case COLUMN_DEADLINE:
      if (!cp_option_object_get_has_deadline (object))
        return g_strdup (_("No deadline"));
      return g_strdup (estimate->meets_deadline ? _("Met") : _("Missed"));
    case COLUMN_COST:
      return cp_i18n_format_money (estimate->total_cost, cp_option_object_get_currency (object), lang);
    case COLUMN_BREAKDOWN:
      {
        const char *currency = cp_option_object_get_currency (object);
        g_autofree char *compute = cp_i18n_format_money (estimate->compute_cost, currency, lang);
        g_autofree char *debug = cp_i18n_format_money (estimate->debug_cost, currency, lang);
        g_autofree char *network = cp_i18n_format_money (estimate->network_cost, currency, lang);
        g_autofree char *storage = cp_i18n_format_money (estimate->storage_cost, currency, lang);
        g_autofree char *fees = cp_i18n_format_money (estimate->fees_cost, currency, lang);
        g_autofree char *engineering = cp_i18n_format_money (estimate->engineering_cost, currency, lang);
        g_autofree char *total = cp_i18n_format_money (estimate->total_cost, currency, lang);
        g_autofree char *hours = cp_i18n_format_number (estimate->billed_hours, 1, lang);
        g_autofree char *run = cp_words_duration (estimate->total_s, lang);

        return g_strdup_printf (_("Compute: %s\n"
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
      }
    case N_COLUMNS:
    default:
      g_assert_not_reached ();
    }
}

static void
setup_cell (GtkSignalListItemFactory *factory,
            GtkListItem              *item,
            CpResultsView            *self)
{
  Column column = GPOINTER_TO_INT (g_object_get_data (G_OBJECT (factory), "column"));

  if (column == COLUMN_BREAKDOWN)
    {
      GtkWidget *button = gtk_menu_button_new ();
      GtkWidget *popover = gtk_popover_new ();
      GtkWidget *label = gtk_label_new (NULL);

      gtk_label_set_selectable (GTK_LABEL (label), TRUE);
      gtk_label_set_xalign (GTK_LABEL (label), 0);
      gtk_widget_add_css_class (label, "numeric");
      gtk_popover_set_child (GTK_POPOVER (popover), label);
      gtk_menu_button_set_popover (GTK_MENU_BUTTON (button), popover);
      gtk_menu_button_set_icon_name (GTK_MENU_BUTTON (button), "view-more-symbolic");
      gtk_widget_set_tooltip_text (button, _("Cost breakdown"));
      gtk_widget_add_css_class (button, "flat");
      gtk_list_item_set_child (item, button);
    }
  else
    {
      GtkWidget *label = gtk_label_new (NULL);

      gtk_label_set_xalign (GTK_LABEL (label), column == COLUMN_QUOTE || column == COLUMN_TECHNIQUE ? 0 : 1);
      if (column == COLUMN_QUOTE)
        {
          gtk_label_set_ellipsize (GTK_LABEL (label), PANGO_ELLIPSIZE_END);
          gtk_label_set_width_chars (GTK_LABEL (label), 14);
        }
      else
        gtk_widget_add_css_class (label, "numeric");
      gtk_list_item_set_child (item, label);
    }
}

static void
bind_cell (GtkSignalListItemFactory *factory,
           GtkListItem              *item,
           CpResultsView            *self)
{
  Column column = GPOINTER_TO_INT (g_object_get_data (G_OBJECT (factory), "column"));
  CpOptionObject *object = gtk_list_item_get_item (item);
  g_autofree char *text = cell_text (self, object, column);
  GtkWidget *child = gtk_list_item_get_child (item);

  if (column == COLUMN_BREAKDOWN)
    {
      GtkWidget *popover = GTK_WIDGET (gtk_menu_button_get_popover (GTK_MENU_BUTTON (child)));

      gtk_label_set_label (GTK_LABEL (gtk_popover_get_child (GTK_POPOVER (popover))), text);
      return;
    }

  gtk_label_set_label (GTK_LABEL (child), text);
  if (column == COLUMN_QUOTE)
    gtk_widget_set_tooltip_text (child, text);

  if (column == COLUMN_MEMORY || column == COLUMN_DEADLINE)
    {
      gboolean bad = column == COLUMN_MEMORY
                     ? !cp_option_object_get_option (object)->estimate.fits
                     : cp_option_object_get_has_deadline (object) &&
                       !cp_option_object_get_option (object)->estimate.meets_deadline;

      if (bad)
        gtk_widget_add_css_class (child, "error");
      else
        gtk_widget_remove_css_class (child, "error");
    }
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

  view_column = gtk_column_view_column_new (title, factory);
  gtk_column_view_column_set_expand (view_column, expand);
  gtk_column_view_column_set_resizable (view_column, TRUE);

  if (property != NULL)
    {
      GtkExpression *expression = gtk_property_expression_new (CP_TYPE_OPTION_OBJECT, NULL, property);
      GtkSorter *sorter = column == COLUMN_QUOTE
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

  gtk_label_set_label (self->readout_label, readout ? readout : "");
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
    return g_strdup (project->quotes->len == 0
                     ? _("Add a quote to compare what finishing this job would cost.")
                     : _("No quote can finish this job as it stands: see the reasons below."));

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

/* What the user could change to get another answer: the runner-up's price,
 * the memory or the deadline a single machine lacks, the deadline that
 * would need a cluster. All from the plan's own estimates. */
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
  gboolean has_cluster = FALSE;

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

      if (cp_quote_is_cluster (quote))
        has_cluster = TRUE;
      else if (single == NULL || option->rank < single->rank)
        single = option;
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
      else if (job->deadline_days > 0 && !single->estimate.meets_deadline)
        {
          g_autofree char *days = cp_i18n_format_days (single->estimate.calendar_days, lang);

          g_string_append_printf (text, _("• %s would finish in %s: a deadline at least that long lets a single machine do the job.\n"),
                                  name, days);
        }
    }

  if (best != NULL && has_cluster && job->deadline_days > 0 && best->estimate.nodes <= 1)
    {
      g_autofree char *days = cp_i18n_format_days (best->estimate.calendar_days, lang);

      g_string_append_printf (text, _("• A deadline shorter than %s would call for a cluster.\n"), days);
    }

  if (text->len > 0)
    g_string_truncate (text, text->len - 1);

  return g_string_free (g_steal_pointer (&text), FALSE);
}

static void
fill_reasons (CpResultsView   *self,
              const CpProject *project,
              const char      *lang)
{
  GtkWidget *child;

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self->reasons_list))) != NULL)
    gtk_list_box_remove (self->reasons_list, child);

  for (guint i = 0; i < self->plan->reasons->len; i++)
    {
      const CpReason *reason = &g_array_index (self->plan->reasons, CpReason, i);
      g_autofree char *words = cp_reason_text (reason, project, self->plan, lang);
      GtkWidget *box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 12);
      GtkWidget *rule = gtk_label_new (cp_rule_to_string (reason->rule));
      GtkWidget *label = gtk_label_new (words);

      gtk_widget_set_margin_top (box, 8);
      gtk_widget_set_margin_bottom (box, 8);
      gtk_widget_set_margin_start (box, 12);
      gtk_widget_set_margin_end (box, 12);
      gtk_widget_set_valign (rule, GTK_ALIGN_START);
      gtk_widget_add_css_class (rule, "cp-rule");
      gtk_widget_set_tooltip_text (rule, cp_words_rule (reason->rule));
      gtk_label_set_wrap (GTK_LABEL (label), TRUE);
      gtk_label_set_wrap_mode (GTK_LABEL (label), PANGO_WRAP_WORD_CHAR);
      gtk_label_set_xalign (GTK_LABEL (label), 0);
      gtk_label_set_selectable (GTK_LABEL (label), TRUE);
      gtk_widget_set_hexpand (label, TRUE);
      gtk_box_append (GTK_BOX (box), rule);
      gtk_box_append (GTK_BOX (box), label);
      gtk_list_box_append (self->reasons_list, box);
    }
}

static void
fill_risks (CpResultsView *self)
{
  g_autoptr(GString) text = g_string_new (NULL);

  for (guint i = 0; self->plan->risks != NULL && i < self->plan->risks->len; i++)
    {
      CpRisk risk = g_array_index (self->plan->risks, CpRisk, i);

      g_string_append_printf (text, "%s• %s", text->len > 0 ? "\n" : "", cp_words_risk (risk));
    }

  gtk_label_set_label (self->risks_label, text->len > 0 ? text->str : _("None named for this verdict."));
}

void
cp_results_view_update (CpResultsView   *self,
                        const CpProject *project,
                        int              job_index)
{
  const char *lang = cp_labels_ui_language ();
  const CpJob *job;
  g_autofree char *summary = NULL;
  g_autofree char *changes = NULL;

  g_return_if_fail (CP_IS_RESULTS_VIEW (self));

  g_clear_pointer (&self->plan, cp_plan_free);
  g_list_store_remove_all (self->options);

  if (project == NULL || job_index < 0 || (guint) job_index >= project->jobs->len)
    {
      cp_chart_view_set_data (self->cost_chart, NULL);
      cp_chart_view_set_data (self->memory_chart, NULL);
      gtk_stack_set_visible_child_name (self->stack, "empty");
      return;
    }

  job = g_ptr_array_index (project->jobs, job_index);
  self->memory_unit = project->settings.memory_unit;
  self->plan = cp_project_plan_job (project, job_index);

  gtk_label_set_label (self->verdict_label, cp_words_verdict (self->plan->verdict));
  if (self->plan->verdict == CP_VERDICT_NOT_FEASIBLE)
    gtk_widget_add_css_class (GTK_WIDGET (self->verdict_label), "error");
  else
    gtk_widget_remove_css_class (GTK_WIDGET (self->verdict_label), "error");

  summary = describe_recommendation (project, self->plan, lang);
  gtk_label_set_label (self->summary_label, summary);

  changes = describe_changes (self, project, job, self->plan, lang);
  gtk_label_set_label (self->changes_label, changes);
  gtk_widget_set_visible (GTK_WIDGET (self->changes_heading), *changes != '\0');
  gtk_widget_set_visible (GTK_WIDGET (self->changes_label), *changes != '\0');

  for (guint i = 0; i < self->plan->options->len; i++)
    {
      const CpOption *option = &g_array_index (self->plan->options, CpOption, i);
      const CpQuote *quote = g_ptr_array_index (project->quotes, option->quote_index);
      g_autofree char *name = cp_words_quote_name (project, option->quote_index);
      g_autoptr(CpOptionObject) object = cp_option_object_new (option, name, quote->currency,
                                                               job->deadline_days > 0);

      g_list_store_append (self->options, object);
    }

  fill_reasons (self, project, lang);
  fill_risks (self);

  {
    g_autoptr(CpSweep) sweep = cp_project_sweep_job (project, job_index, CP_CHART_COST_MAX_POINTS);

    cp_chart_view_set_data (self->cost_chart, cp_chart_data_new_cost (project, job_index, self->plan, sweep, lang));
    cp_chart_view_set_data (self->memory_chart, cp_chart_data_new_memory (project, job_index, self->plan, lang));
  }

  gtk_stack_set_visible_child_name (self->stack, "results");
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

  return kind == CP_CHART_MEMORY ? self->memory_chart : self->cost_chart;
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
  gtk_widget_class_bind_template_child (widget_class, CpResultsView, verdict_label);
  gtk_widget_class_bind_template_child (widget_class, CpResultsView, summary_label);
  gtk_widget_class_bind_template_child (widget_class, CpResultsView, changes_heading);
  gtk_widget_class_bind_template_child (widget_class, CpResultsView, changes_label);
  gtk_widget_class_bind_template_child (widget_class, CpResultsView, readout_label);
  gtk_widget_class_bind_template_child (widget_class, CpResultsView, chart_stack);
  gtk_widget_class_bind_template_child (widget_class, CpResultsView, cost_chart);
  gtk_widget_class_bind_template_child (widget_class, CpResultsView, memory_chart);
  gtk_widget_class_bind_template_child (widget_class, CpResultsView, options_view);
  gtk_widget_class_bind_template_child (widget_class, CpResultsView, reasons_list);
  gtk_widget_class_bind_template_child (widget_class, CpResultsView, risks_label);
}

static void
cp_results_view_init (CpResultsView *self)
{
  GtkNoSelection *selection;

  gtk_widget_init_template (GTK_WIDGET (self));

  self->options = g_list_store_new (CP_TYPE_OPTION_OBJECT);

  /* What decides comes first: the cost and the time, then the details. */
  self->rank_column = add_column (self, COLUMN_RANK, _("Rank"), "rank", FALSE);
  add_column (self, COLUMN_QUOTE, _("Quote"), "quote-name", TRUE);
  add_column (self, COLUMN_COST, _("Total cost"), "total-cost", FALSE);
  add_column (self, COLUMN_BREAKDOWN, "", NULL, FALSE);
  add_column (self, COLUMN_DAYS, _("Calendar"), "calendar-days", FALSE);
  add_column (self, COLUMN_DEADLINE, _("Deadline"), "meets-deadline", FALSE);
  add_column (self, COLUMN_NODES, _("Nodes"), "nodes", FALSE);
  add_column (self, COLUMN_MEMORY, _("Memory per GPU"), "fits", FALSE);
  add_column (self, COLUMN_TECHNIQUE, _("Technique"), "technique", FALSE);

  self->sorted_options = gtk_sort_list_model_new (G_LIST_MODEL (g_object_ref (self->options)),
                                                  g_object_ref (gtk_column_view_get_sorter (self->options_view)));
  selection = gtk_no_selection_new (G_LIST_MODEL (g_object_ref (self->sorted_options)));
  gtk_column_view_set_model (self->options_view, GTK_SELECTION_MODEL (selection));
  g_object_unref (selection);
  gtk_column_view_sort_by_column (self->options_view, self->rank_column, GTK_SORT_ASCENDING);

  g_signal_connect_object (self->cost_chart, "notify::readout", G_CALLBACK (on_readout_changed),
                           self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->memory_chart, "notify::readout", G_CALLBACK (on_readout_changed),
                           self, G_CONNECT_SWAPPED);
}
