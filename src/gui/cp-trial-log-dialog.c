/* cp-trial-log-dialog.c: the trial log preview. */
#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "report/cp-reason-text.h"
#include "report/cp-vendor-name.h"

#include "cp-trial-log-dialog.h"

struct _CpTrialLogDialog
{
  AdwWindow            parent_instance;

  AdwPreferencesGroup *summary_group;
  AdwPreferencesGroup *warning_group;
  AdwPreferencesGroup *confirm_group;
  GtkCheckButton      *confirm_check;
  AdwPreferencesGroup *kept_group;
  AdwPreferencesGroup *shown_group;
  AdwPreferencesGroup *notes_group;
  AdwActionRow        *file_row;
  AdwComboRow         *quote_row;

  CpTrialLog          *log;
  const CpProject     *project;
  const CpJob         *job;
  CpTrialRun           trial;       /* what applying gives; quote_id NULL: nothing */
  guint                n_warnings;  /* applying then needs confirm_check */
  GPtrArray           *rows;        /* GtkWidget*, with the group each is in */
  GPtrArray           *row_groups;
};

G_DEFINE_FINAL_TYPE (CpTrialLogDialog, cp_trial_log_dialog, ADW_TYPE_WINDOW)

enum {
  SIGNAL_TRIAL_ACCEPTED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

/* Row names for the figures, so that tests and accessibility tools find them. */
static const char * const figure_names[CP_N_TRIAL_FIGURES] = {
  [CP_TRIAL_FIGURE_GPUS] = "trial-figure-gpus",
  [CP_TRIAL_FIGURE_PEAK_MEMORY] = "trial-figure-peak-memory",
  [CP_TRIAL_FIGURE_TOKENS_PER_S] = "trial-figure-tokens-per-s",
  [CP_TRIAL_FIGURE_STEP_S] = "trial-figure-step-s",
  [CP_TRIAL_FIGURE_SAMPLES_PER_S] = "trial-figure-samples-per-s",
  [CP_TRIAL_FIGURE_TFLOPS_PER_GPU] = "trial-figure-tflops-per-gpu",
  [CP_TRIAL_FIGURE_RUNTIME_S] = "trial-figure-runtime-s",
  [CP_TRIAL_FIGURE_GPU_BLOCKS] = "trial-figure-gpu-blocks",
  [CP_TRIAL_FIGURE_KV_CACHE_TOKENS] = "trial-figure-kv-cache-tokens",
  [CP_TRIAL_FIGURE_MAX_CONCURRENCY] = "trial-figure-max-concurrency",
};

static void
clear_rows (CpTrialLogDialog *self)
{
  for (guint i = 0; i < self->rows->len; i++)
    adw_preferences_group_remove (g_ptr_array_index (self->row_groups, i), g_ptr_array_index (self->rows, i));
  g_ptr_array_set_size (self->rows, 0);
  g_ptr_array_set_size (self->row_groups, 0);
}

static GtkWidget *
add_row (CpTrialLogDialog    *self,
         AdwPreferencesGroup *group,
         const char          *title,
         const char          *subtitle)
{
  GtkWidget *row = adw_action_row_new ();

  adw_preferences_row_set_use_markup (ADW_PREFERENCES_ROW (row), FALSE);
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), title);
  adw_action_row_set_title_lines (ADW_ACTION_ROW (row), 0);
  if (subtitle != NULL && *subtitle != '\0')
    adw_action_row_set_subtitle (ADW_ACTION_ROW (row), subtitle);
  adw_action_row_set_subtitle_lines (ADW_ACTION_ROW (row), 0);
  adw_preferences_group_add (group, row);
  g_ptr_array_add (self->rows, row);
  g_ptr_array_add (self->row_groups, group);
  return row;
}

static void
add_reading (CpTrialLogDialog     *self,
             const CpTrialReading *reading)
{
  g_autofree char *value = cp_trial_reading_format_value (reading, self->project->settings.memory_unit);
  g_autofree char *subtitle = NULL;
  GtkWidget *row, *label;

  if (reading->line > 0)
    /* TRANSLATORS: a line number, the line's text, then how the figure was read */
    subtitle = g_strdup_printf (_("Line %u: %s\n%s"), reading->line, reading->line_text, reading->source);
  else
    subtitle = g_strdup (reading->source);
  row = add_row (self, reading->applied ? self->kept_group : self->shown_group,
                 cp_trial_figure_get_label (reading->figure), subtitle);
  gtk_widget_set_name (row, figure_names[reading->figure]);
  label = gtk_label_new (value);
  gtk_widget_add_css_class (label, "numeric");
  gtk_label_set_selectable (GTK_LABEL (label), TRUE);
  adw_action_row_add_suffix (ADW_ACTION_ROW (row), label);
  g_object_set_data (G_OBJECT (row), "value-label", label);
}

static const CpQuote *
selected_quote (CpTrialLogDialog *self)
{
  guint position = adw_combo_row_get_selected (self->quote_row);

  if (position >= self->project->quotes->len)
    return NULL;
  return g_ptr_array_index (self->project->quotes, position);
}

/* A log that looks like another model's applies only once confirmed. */
static void
update_apply (CpTrialLogDialog *self)
{
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "trial-log.apply",
                                 self->trial.quote_id != NULL &&
                                 (self->n_warnings == 0 || gtk_check_button_get_active (self->confirm_check)));
}

/* Reads the log again for the machine chosen and lists the figures. */
static void
refresh (CpTrialLogDialog *self)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) readings = NULL;
  const CpQuote *quote = selected_quote (self);
  GPtrArray *notes = cp_trial_log_get_notes (self->log);
  gboolean any_shown = FALSE;

  clear_rows (self);
  g_clear_pointer (&self->trial.quote_id, g_free);
  memset (&self->trial, 0, sizeof self->trial);
  if (quote != NULL)
    readings = cp_trial_log_resolve (self->log, self->job, quote, &self->trial, &error);

  if (readings == NULL)
    add_row (self, self->kept_group, error ? error->message : _("Choose the machine that ran the trial"), NULL);
  else
    for (guint i = 0; i < readings->len; i++)
      {
        const CpTrialReading *reading = g_ptr_array_index (readings, i);
        add_reading (self, reading);
        any_shown = any_shown || !reading->applied;
      }
  if (readings != NULL && self->trial.quote_id == NULL)
    add_row (self, self->kept_group,
             _("Nothing here that a trial run keeps"),
             _("A trial run keeps peak memory, throughput, step time and, for a serving job, the KV-cache size; this log gives none of them."));

  for (guint i = 0; i < notes->len; i++)
    add_row (self, self->notes_group, g_ptr_array_index (notes, i), NULL);
  self->n_warnings = 0;
  /* Even a log with nothing to apply says when it is of another model. */
  if (readings != NULL)
    {
      g_autoptr(GPtrArray) warnings = cp_trial_log_check_job (self->log, self->job, &self->trial);
      char *machine_mismatch = cp_trial_log_check_quote (self->log, quote);

      /* The machine is the first thing to set right: it goes first. */
      if (machine_mismatch != NULL)
        g_ptr_array_insert (warnings, 0, machine_mismatch);

      for (guint i = 0; i < warnings->len; i++)
        {
          GtkWidget *row = add_row (self, self->warning_group, g_ptr_array_index (warnings, i), NULL);
          GtkWidget *icon = gtk_image_new_from_icon_name ("dialog-warning-symbolic");

          gtk_widget_add_css_class (icon, "warning");
          adw_action_row_add_prefix (ADW_ACTION_ROW (row), icon);
          gtk_widget_set_name (row, "trial-log-warning");
        }
      self->n_warnings = warnings->len;
    }
  /* Another machine is another question: the confirmation starts over. */
  gtk_check_button_set_active (self->confirm_check, FALSE);
  adw_preferences_group_set_description (self->warning_group,
                                         self->trial.quote_id != NULL
                                         ? _("Its figures would replace what the planner works out for this job’s "
                                             "model. They are used only if you confirm below.")
                                         : NULL);
  gtk_widget_set_tooltip_text (GTK_WIDGET (self->quote_row),
                               quote != NULL ? g_object_get_data (G_OBJECT (self->quote_row), quote->id) : NULL);
  gtk_widget_set_visible (GTK_WIDGET (self->warning_group), self->n_warnings > 0);
  gtk_widget_set_visible (GTK_WIDGET (self->confirm_group), self->n_warnings > 0 && self->trial.quote_id != NULL);
  gtk_widget_set_visible (GTK_WIDGET (self->shown_group), any_shown);
  gtk_widget_set_visible (GTK_WIDGET (self->notes_group), notes->len > 0);
  update_apply (self);
}

static void
on_quote_selected (CpTrialLogDialog *self)
{
  refresh (self);
}

static void
apply_action (GtkWidget  *widget,
              const char *action_name,
              GVariant   *parameter)
{
  CpTrialLogDialog *self = CP_TRIAL_LOG_DIALOG (widget);

  if (self->trial.quote_id == NULL || (self->n_warnings > 0 && !gtk_check_button_get_active (self->confirm_check)))
    return;
  g_signal_emit (self, signals[SIGNAL_TRIAL_ACCEPTED], 0, &self->trial);
  gtk_window_destroy (GTK_WINDOW (self));
}

static void
cancel_action (GtkWidget  *widget,
               const char *action_name,
               GVariant   *parameter)
{
  gtk_window_destroy (GTK_WINDOW (widget));
}

AdwComboRow *
cp_trial_log_dialog_get_quote_row (CpTrialLogDialog *self)
{
  g_return_val_if_fail (CP_IS_TRIAL_LOG_DIALOG (self), NULL);

  return self->quote_row;
}

static void
cp_trial_log_dialog_finalize (GObject *object)
{
  CpTrialLogDialog *self = CP_TRIAL_LOG_DIALOG (object);

  g_clear_pointer (&self->trial.quote_id, g_free);
  g_clear_pointer (&self->log, cp_trial_log_free);
  g_clear_pointer (&self->rows, g_ptr_array_unref);
  g_clear_pointer (&self->row_groups, g_ptr_array_unref);

  G_OBJECT_CLASS (cp_trial_log_dialog_parent_class)->finalize (object);
}

static void
cp_trial_log_dialog_class_init (CpTrialLogDialogClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->finalize = cp_trial_log_dialog_finalize;

  /**
   * CpTrialLogDialog::trial-accepted:
   * @trial: the CpTrialRun shown, owned by the dialog
   *
   * The user chose to use the figures.
   */
  signals[SIGNAL_TRIAL_ACCEPTED] =
    g_signal_new ("trial-accepted", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                  G_TYPE_NONE, 1, G_TYPE_POINTER);

  gtk_widget_class_set_template_from_resource (widget_class, RESOURCE_PREFIX "/ui/cp-trial-log-dialog.ui");
  gtk_widget_class_bind_template_child (widget_class, CpTrialLogDialog, summary_group);
  gtk_widget_class_bind_template_child (widget_class, CpTrialLogDialog, warning_group);
  gtk_widget_class_bind_template_child (widget_class, CpTrialLogDialog, confirm_group);
  gtk_widget_class_bind_template_child (widget_class, CpTrialLogDialog, confirm_check);
  gtk_widget_class_bind_template_callback (widget_class, update_apply);
  gtk_widget_class_bind_template_child (widget_class, CpTrialLogDialog, kept_group);
  gtk_widget_class_bind_template_child (widget_class, CpTrialLogDialog, shown_group);
  gtk_widget_class_bind_template_child (widget_class, CpTrialLogDialog, notes_group);
  gtk_widget_class_bind_template_child (widget_class, CpTrialLogDialog, file_row);
  gtk_widget_class_bind_template_child (widget_class, CpTrialLogDialog, quote_row);
  gtk_widget_class_install_action (widget_class, "trial-log.apply", NULL, apply_action);
  gtk_widget_class_install_action (widget_class, "trial-log.cancel", NULL, cancel_action);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "trial-log.cancel", NULL);
}

static void
cp_trial_log_dialog_init (CpTrialLogDialog *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));

  self->rows = g_ptr_array_new ();
  self->row_groups = g_ptr_array_new ();
}

CpTrialLogDialog *
cp_trial_log_dialog_new (GtkWindow       *parent,
                         CpTrialLog      *log,
                         const char      *file_name,
                         const CpProject *project,
                         const CpJob     *job)
{
  CpTrialLogDialog *self = g_object_new (CP_TYPE_TRIAL_LOG_DIALOG, "transient-for", parent, NULL);
  g_autoptr(GtkStringList) quotes = gtk_string_list_new (NULL);
  g_autofree char *formats = NULL;
  g_autofree char *read_as = NULL;
  const CpGpuSpec *logged_gpu;
  gboolean chosen = FALSE;
  guint selected = 0;

  g_return_val_if_fail (project->quotes->len > 0, self);

  self->log = log;
  self->project = project;
  self->job = job;

  formats = cp_trial_log_describe_formats (log);
  /* TRANSLATORS: the programs whose output a log holds, "Megatron-LM, nvidia-smi" */
  read_as = g_strdup_printf (_("Read as %s output"), formats);
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (self->file_row), file_name);
  adw_action_row_set_subtitle (self->file_row, read_as);

  for (guint i = 0; i < project->quotes->len; i++)
    {
      const CpQuote *quote = g_ptr_array_index (project->quotes, i);
      g_autofree char *name = cp_words_quote_name (project, (int) i);
      g_autofree char *short_name = cp_quote_name_shorten_vendor (quote, project->quotes, name);
      g_autofree char *hardware = g_strdup_printf (_("%u × %s"), quote->gpus_per_node,
                                                   quote->gpu.name != NULL ? cp_quote_gpu_model (quote->gpu.name)
                                                   : quote->gpu.id != NULL ? quote->gpu.id : "");
      /* The machine as the job form's trial picker names it, the GPU
       * first and the vendor without its legal form (cp-vendor-name.c):
       * a label cut short loses the vendor's end, not the GPU. */
      g_autofree char *label = g_strdup_printf (_("%s · %s"), hardware, short_name);
      /* The whole name is the row's tooltip. */
      /* TRANSLATORS: GPUs per node, the GPU's name, the vendor, then the offer */
      char *whole = g_strdup_printf (_("%u × %s — %s — %s"), quote->gpus_per_node,
                                     quote->gpu.name ? quote->gpu.name : quote->gpu.id,
                                     quote->vendor ? quote->vendor : "",
                                     quote->offer_name ? quote->offer_name : "");

      gtk_string_list_append (quotes, label);
      g_object_set_data_full (G_OBJECT (self->quote_row), quote->id, whole, g_free);
      if (g_strcmp0 (quote->id, job->trial.quote_id) == 0)
        {
          g_autofree char *mismatch = cp_trial_log_check_quote (log, quote);

          selected = i;
          chosen = mismatch == NULL;
        }
    }
  /* A job without a trial machine yet: the first quote with the GPU the
   * log names, if it names one, else the first whose machine could have
   * run it; a machine the log cannot be of is never chosen for the user. */
  logged_gpu = cp_trial_log_find_gpu (log, project);
  for (guint pass = 0; pass < 2 && !chosen; pass++)
    for (guint i = 0; !chosen && i < project->quotes->len; i++)
      {
        const CpQuote *quote = g_ptr_array_index (project->quotes, i);
        g_autofree char *mismatch = NULL;

        if (pass == 0 && (logged_gpu == NULL || g_strcmp0 (quote->gpu.id, logged_gpu->id) != 0))
          continue;
        mismatch = cp_trial_log_check_quote (log, quote);
        if (mismatch == NULL)
          {
            selected = i;
            chosen = TRUE;
          }
      }
  adw_combo_row_set_model (self->quote_row, G_LIST_MODEL (quotes));
  adw_combo_row_set_selected (self->quote_row, chosen ? selected : GTK_INVALID_LIST_POSITION);
  /* Connected after the model is set: setting it notifies "selected". */
  g_signal_connect_object (self->quote_row, "notify::selected", G_CALLBACK (on_quote_selected), self,
                           G_CONNECT_SWAPPED);
  refresh (self);
  return self;
}
