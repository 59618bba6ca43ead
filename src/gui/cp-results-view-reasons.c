/* cp-results-view-reasons.c: the reasons, the risks and the cluster
 * question's paragraphs of CpResultsView, worded once the details of the
 * job shown (whether its verdict holds, what would change it) have come
 * from the worker (details_cb() in cp-results-view.c). Rows and labels
 * are kept and changed in place, so that a change re-measures only the
 * words it changed. The view's struct is in cp-results-view-private.h.
 */
#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "report/cp-i18n.h"
#include "report/cp-reason-lines.h"
#include "report/cp-reason-text.h"

#include "cp-results-view.h"
#include "cp-results-view-private.h"

/* Whether @plan gives a reason under @rule. */
static gboolean
rule_applied (const CpPlan *plan,
              CpRule        rule)
{
  for (guint i = 0; i < plan->reasons->len; i++)
    if (g_array_index (plan->reasons, CpReason, i).rule == rule)
      return TRUE;
  return FALSE;
}

/* @words with the rule's name, before its " — ", in bold, as the
 * report's reasons read "Memory gap — …". */
static void
set_rule_words (GtkLabel   *label,
                const char *words)
{
  const char *dash = strstr (words, " — ");
  PangoAttrList *attributes;
  PangoAttribute *bold;

  if (g_strcmp0 (gtk_label_get_label (label), words) == 0)
    return;
  attributes = pango_attr_list_new ();
  bold = pango_attr_weight_new (PANGO_WEIGHT_BOLD);
  bold->start_index = 0;
  bold->end_index = dash != NULL ? (guint) (dash - words) : 0;
  pango_attr_list_insert (attributes, bold);
  gtk_label_set_attributes (label, attributes);
  pango_attr_list_unref (attributes);
  gtk_label_set_label (label, words);
}

/* One row a rule: its name ("R8"), its words, and for R8 the way to
 * the job form's switch its migration days rest on. */
static GtkListBoxRow *
new_reason_row (CpResultsView *self)
{
  GtkWidget *grid = gtk_grid_new ();
  GtkWidget *rule = gtk_label_new (NULL);
  GtkWidget *label = gtk_label_new (NULL);
  /* TRANSLATORS: under R8 in the window's reasons: shows the job form's row of the team's distributed-training
   * experience, which the migration days rest on */
  GtkWidget *team = gtk_button_new_with_mnemonic (_("Set the Team’s _Experience"));
  GtkListBoxRow *row;

  /* A grid, not a horizontal box: a box allocates its children by
   * measuring their widths for its height, and a wrapped label answers
   * that by laying its text out at a dozen widths or more (a binary
   * search, GTK 4.8), for every reason on every change; a grid measures
   * widths first. */
  gtk_widget_set_margin_top (grid, 8);
  gtk_widget_set_margin_bottom (grid, 8);
  gtk_widget_set_margin_start (grid, 12);
  gtk_widget_set_margin_end (grid, 12);
  gtk_grid_set_column_spacing (GTK_GRID (grid), 12);
  gtk_grid_set_row_spacing (GTK_GRID (grid), 4);
  gtk_widget_set_valign (rule, GTK_ALIGN_START);
  gtk_widget_add_css_class (rule, "cp-rule");
  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  gtk_label_set_wrap_mode (GTK_LABEL (label), PANGO_WRAP_WORD_CHAR);
  /* GTK measures a wrapped label's minimum width by laying it out at
   * width-chars, or at 0 (one character a line) without it: that costs
   * milliseconds per change of a long reason. */
  gtk_label_set_width_chars (GTK_LABEL (label), WRAPPED_MIN_CHARS);
  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_label_set_selectable (GTK_LABEL (label), TRUE);
  _cp_results_view_keep_selectable_unfocused (GTK_LABEL (label));
  gtk_widget_set_hexpand (label, TRUE);
  /* The job form's row of the team's experience, focused: R8 states the
   * assumption the cost chart's migration days rest on, and its switch
   * was far down the form (issue 26). */
  gtk_widget_set_name (team, "team-experience");
  gtk_widget_set_halign (team, GTK_ALIGN_START);
  gtk_widget_add_css_class (team, "link");
  gtk_actionable_set_action_name (GTK_ACTIONABLE (team), "win.show-job-field");
  gtk_actionable_set_action_target (GTK_ACTIONABLE (team), "s", "distributed-experience");
  gtk_widget_set_visible (team, FALSE);
  gtk_grid_attach (GTK_GRID (grid), rule, 0, 0, 1, 1);
  gtk_grid_attach (GTK_GRID (grid), label, 1, 0, 1, 1);
  gtk_grid_attach (GTK_GRID (grid), team, 1, 1, 1, 1);
  gtk_list_box_append (self->reasons_list, grid);
  row = GTK_LIST_BOX_ROW (gtk_widget_get_parent (grid));
  /* Reasons are read, not chosen: no Tab stop of their own (the R8
   * button is one). */
  gtk_widget_set_focusable (GTK_WIDGET (row), FALSE);
  return row;
}

/* The reasons rule by rule, as the report lists them (each rule once,
 * its findings under it: the window listed R1, R2, R4, R6 four times, R8
 * twice, where the report read R1 to R9 once each; issue 26), and the
 * vendors' questions apart. The rows are kept and their labels changed
 * in place. */
void
_cp_results_view_fill_reasons (CpResultsView   *self,
                               const CpProject *project,
                               const char      *lang)
{
  g_autoptr(GPtrArray) lines = cp_reason_rule_lines (project, self->plan, lang, CP_REASON_IN_WINDOW);
  g_autoptr(GPtrArray) questions = cp_reason_vendor_questions (project, self->plan, lang);
  g_autoptr(GString) asked = g_string_new (NULL);
  gboolean team_rule = rule_applied (self->plan, CP_RULE_R8_MIGRATION);
  guint i;

  for (i = 0; i < lines->len; i++)
    {
      const CpReasonRuleLine *line = g_ptr_array_index (lines, i);
      GtkListBoxRow *row = gtk_list_box_get_row_at_index (self->reasons_list, (int) i);
      GtkWidget *grid, *rule, *label, *team;

      if (row == NULL)
        row = new_reason_row (self);
      grid = gtk_list_box_row_get_child (row);
      rule = gtk_grid_get_child_at (GTK_GRID (grid), 0, 0);
      label = gtk_grid_get_child_at (GTK_GRID (grid), 1, 0);
      team = gtk_grid_get_child_at (GTK_GRID (grid), 1, 1);
      _cp_results_view_set_label (GTK_LABEL (rule), line->label);
      set_rule_words (GTK_LABEL (label), line->text);
      _cp_results_view_set_visible (team, team_rule && line->rule == CP_RULE_R8_MIGRATION);
      _cp_results_view_set_visible (GTK_WIDGET (row), TRUE);
    }

  for (GtkListBoxRow *row; (row = gtk_list_box_get_row_at_index (self->reasons_list, (int) i)) != NULL;)
    gtk_list_box_remove (self->reasons_list, GTK_WIDGET (row));

  for (i = 0; i < questions->len; i++)
    g_string_append_printf (asked, "%s• %s", i > 0 ? "\n" : "", (const char *) g_ptr_array_index (questions, i));
  _cp_results_view_set_label (self->questions_label, asked->str);
  _cp_results_view_set_visible (GTK_WIDGET (self->questions_label), asked->len > 0);
}

/* The risks of the option answered with, the same the report lists; then
 * those of the runners-up the report lists that the first does not name
 * (cp_option_risks_beyond()), each under its rank and quote. */
void
_cp_results_view_fill_risks (CpResultsView *self,
                             const char    *lang)
{
  g_autoptr(GString) text = g_string_new (NULL);
  g_autoptr(GString) others = g_string_new (NULL);
  /* Each runner-up's title in bold, as the report prints it. */
  PangoAttrList *titles = pango_attr_list_new ();
  const CpOption *subject = cp_plan_get_subject (self->plan);
  g_autoptr(GPtrArray) risks = subject != NULL && self->details_job != NULL
                               ? cp_option_risks (self->details_project, self->details_job, subject, lang)
                               : g_ptr_array_new ();

  for (guint i = 0; i < risks->len; i++)
    g_string_append_printf (text, "%s• %s", text->len > 0 ? "\n" : "", (const char *) g_ptr_array_index (risks, i));
  _cp_results_view_set_label (self->risks_label, text->len > 0 ? text->str : _("None named for this verdict."));

  for (guint i = 0; subject != NULL && self->details_job != NULL &&
                    i < MIN (self->plan->options->len, CP_OPTION_RISKS_LISTED); i++)
    {
      const CpOption *option = &g_array_index (self->plan->options, CpOption, i);
      g_autoptr(GPtrArray) own = NULL;
      g_autoptr(GPtrArray) beyond = NULL;
      g_autofree char *name = NULL;
      g_autofree char *rank = NULL;
      guint shared;

      if (option == subject)
        continue;
      own = cp_option_risks (self->details_project, self->details_job, option, lang);
      beyond = cp_option_risks_beyond (own, risks, &shared);
      if (beyond->len == 0)
        continue;
      name = cp_words_quote_name (self->details_project, option->quote_index);
      rank = cp_i18n_format_number (option->rank, 0, lang);
      if (others->len > 0)
        g_string_append (others, "\n\n");
      {
        PangoAttribute *bold = pango_attr_weight_new (PANGO_WEIGHT_BOLD);

        bold->start_index = (guint) others->len;
        /* TRANSLATORS: above a runner-up's risks in the window's Main Risks: its rank, then its quote */
        g_string_append_printf (others, _("%s. %s, besides the risks above:"), rank, name);
        bold->end_index = (guint) others->len;
        pango_attr_list_insert (titles, bold);
      }
      for (guint r = 0; r < beyond->len; r++)
        g_string_append_printf (others, "\n• %s", (const char *) g_ptr_array_index (beyond, r));
    }
  if (g_strcmp0 (gtk_label_get_label (self->other_risks_label), others->str) != 0)
    {
      gtk_label_set_attributes (self->other_risks_label, titles);
      gtk_label_set_label (self->other_risks_label, others->str);
    }
  pango_attr_list_unref (titles);
  _cp_results_view_set_visible (GTK_WIDGET (self->other_risks_label), others->len > 0);
}

/* The cluster question's words, one label per quote, shown after the one
 * label that says "Calculating…" meanwhile, in its place. As one
 * label, the words for fifty quotes (10 KB) took 35–50 ms of the main
 * thread per change of a 20 × 50 project to measure (bench-window, "all
 * work"): Pango counts each line's characters from the start of its
 * text, so a text's cost grew with the square of its lines. A label per
 * quote keeps that to its own lines, and a quote whose words did not
 * change keeps its label as it was, measured. Each label but the last
 * ends in a line break: the blank line between quotes as before. They
 * stand in the page's own box, between cluster_label and
 * reasons_heading: in a box of their own, GTK 4.8 kept the size request
 * mode that box had before its first label (constant size), measured
 * their height for no width, one line per paragraph, and the words ran
 * over the Reasons heading below them (walkthrough 14, 1024 px). */
void
_cp_results_view_set_cluster_text (CpResultsView *self,
                                   const char    *text)
{
  g_auto(GStrv) paragraphs = *text != '\0' ? g_strsplit (text, "\n\n", -1) : g_new0 (char *, 1);
  guint n = g_strv_length (paragraphs);
  GtkWidget *end = GTK_WIDGET (self->reasons_heading);
  GtkWidget *label = gtk_widget_get_next_sibling (GTK_WIDGET (self->cluster_label));

  g_free (self->cluster_text);
  self->cluster_text = g_strdup (text);
  for (guint i = 0; i < n; i++)
    {
      g_autofree char *words = i + 1 < n ? g_strconcat (paragraphs[i], "\n", NULL) : g_strdup (paragraphs[i]);

      if (label == end)
        {
          label = gtk_label_new (NULL);
          gtk_label_set_xalign (GTK_LABEL (label), 0);
          gtk_label_set_wrap (GTK_LABEL (label), TRUE);
          gtk_label_set_width_chars (GTK_LABEL (label), WRAPPED_MIN_CHARS);
          gtk_label_set_selectable (GTK_LABEL (label), TRUE);
          _cp_results_view_keep_selectable_unfocused (GTK_LABEL (label));
          gtk_widget_insert_before (label, gtk_widget_get_parent (end), end);
        }
      _cp_results_view_set_label (GTK_LABEL (label), words);
      _cp_results_view_set_visible (label, TRUE);
      label = gtk_widget_get_next_sibling (label);
    }
  /* Kept for another job's quotes. */
  for (; label != end; label = gtk_widget_get_next_sibling (label))
    _cp_results_view_set_visible (label, FALSE);
  _cp_results_view_set_visible (GTK_WIDGET (self->cluster_label), FALSE);
}

/* Hides the cluster question's words, kept for the next job's. */
void
_cp_results_view_hide_cluster_paragraphs (CpResultsView *self)
{
  for (GtkWidget *label = gtk_widget_get_next_sibling (GTK_WIDGET (self->cluster_label));
       label != GTK_WIDGET (self->reasons_heading); label = gtk_widget_get_next_sibling (label))
    _cp_results_view_set_visible (label, FALSE);
}
