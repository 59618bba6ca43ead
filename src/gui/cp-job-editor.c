/* cp-job-editor.c: the form of one job.
 *
 * Rows are made from a table of fields (cp-job-editor-fields.c); the model validates every value
 * before it is stored (cp_job_validate()), so the project only ever holds
 * a job the model can evaluate, while a refused text stays in its entry
 * with the reason under the field's title.
 */
#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "planner/cp-schedule.h"
#include "planner/cp-spec-edit.h"
#include "report/cp-reason-text.h"
#include "report/cp-spec-words.h"
#include "report/cp-vendor-name.h"

#include "cp-job-editor.h"
#include "cp-job-editor-private.h"
#include "cp-labels.h"
#include "cp-picker-row.h"

static const char * const group_expander_titles[N_GROUPS] = {
  [GROUP_MODEL] = N_("Architecture"),
  [GROUP_TRAINING] = N_("Parallelism and Measured Efficiency"),
};

struct _CpJobEditor
{
  AdwBin                parent_instance;

  AdwPreferencesGroup  *job_group;
  AdwPreferencesGroup  *model_group;
  AdwPreferencesGroup  *training_group;
  AdwPreferencesGroup  *inference_group;
  AdwPreferencesGroup  *team_group;
  AdwPreferencesGroup  *trial_group;
  CpPickerRow          *model_row;
  CpPickerRow          *trial_quote_row;
  CpPickerRow          *after_row;

  AdwPreferencesGroup  *groups[N_GROUPS];
  AdwExpanderRow       *expanders[N_GROUPS];
  /* The rows of a collapsed expander are made when it first opens or one
   * of them is asked for (ensure_advanced_rows): the window's first frame
   * does not show them (issue 25). */
  gboolean              advanced_built[N_GROUPS];
  /* The groups below the Model group (deferred_group()) are made after
   * the editor's first frame, or when one of their rows is asked for:
   * at the window's default size that frame shows the Job, Calendar and
   * Model groups only, and measuring the rest under them cost its first
   * frame some 300 million instructions (issue 25). */
  gboolean              deferred_built;
  guint                 deferred_idle_id;
  gulong                after_paint_id;
  GdkFrameClock        *after_paint_clock;
  GPtrArray            *rows;            /* CpFieldRow*, in table order */

  CpProject            *project;
  CpJob                *job;
  /* The keys of the fields the user set on this job since it was shown:
   * a kind change leaves them alone even when one equals the old kind's
   * default (20 TB typed on a pre-training job stays 20 TB). */
  GHashTable           *typed_keys;
  /* What the last kind change set to the new kind's default among the
   * values shown before and after it, said in a toast; NULL when none. */
  char                 *kind_note;
  /* The same words in the form, right under the Kind row, until the user
   * dismisses them or picks another job. A toast there covered the rows
   * it spoke of at 1024×700 (issue 26); a note in place covers nothing. */
  AdwActionRow         *kind_note_row;
  /* The job before that kind change, taking each value the user edits
   * since: a field edited after the change is no longer a default and
   * leaves the note ("Training tokens: 100M" stayed beside the 200M
   * typed, walk36 F12). */
  CpJob                *kind_note_before;
  gboolean              loading;
};

G_DEFINE_FINAL_TYPE (CpJobEditor, cp_job_editor, ADW_TYPE_BIN)

enum {
  CHANGED,
  ERRORS_CHANGED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static void ensure_advanced_rows (CpJobEditor *self,
                                  guint        group);
static void ensure_deferred_rows (CpJobEditor *self);

/* The groups under Job, Calendar and Model, out of sight in the form's
 * first frame. */
static gboolean
deferred_group (guint group)
{
  return group >= GROUP_TRAINING;
}

/* The row of @key if it has been made, without making any. */
static CpFieldRow *
find_row (CpJobEditor *self,
          const char  *key)
{
  for (guint i = 0; i < self->rows->len; i++)
    {
      CpFieldRow *row = g_ptr_array_index (self->rows, i);

      if (strcmp (cp_field_row_get_field (row)->key, key) == 0)
        return row;
    }
  return NULL;
}

static void
update_visibility (CpJobEditor *self)
{
  guint kind_bit = KIND (self->job->kind);

  for (guint i = 0; i < N_GROUPS; i++)
    gtk_widget_set_visible (GTK_WIDGET (self->groups[i]),
                            _cp_job_editor_group_shown_for (i, self->job->kind) &&
                            (!deferred_group (i) || self->deferred_built));

  for (guint i = 0; i < self->rows->len; i++)
    {
      CpFieldRow *row = g_ptr_array_index (self->rows, i);
      const CpField *field = cp_field_row_get_field (row);
      gboolean visible = field->kinds == 0 || (field->kinds & kind_bit) != 0;

      /* Experts are spread only where there are several. */
      if (strcmp (field->key, "expert-parallel") == 0)
        visible = visible && self->job->model.experts_total > 1;
      if (gtk_widget_get_visible (GTK_WIDGET (row)) != visible)
        gtk_widget_set_visible (GTK_WIDGET (row), visible);
      /* "0 uses the deadline" named a row a service does not show. */
      if (strcmp (field->key, "duration-days") == 0)
        cp_field_row_set_hint (row, self->job->kind == CP_TASK_INFERENCE ? _("How long the service runs") : NULL);
      /* "Training tokens, such as 2T or 100B" read as pre-training on a
       * LoRA job (walkthrough 22). */
      if (strcmp (field->key, "tokens") == 0)
        {
          gboolean fine_tuning = self->job->kind != CP_TASK_PRETRAIN;

          adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row),
                                         fine_tuning ? _("Fine-tuning tokens") : _(field->title));
          cp_field_row_set_hint (row, fine_tuning ? _("Such as 500M") : NULL);
        }
    }
}

/* One model of the picker, with what it is ordered by. */
typedef struct {
  const CpModelSpec *model;
  guint              catalog;      /* 0: the project's own, 1: built in */
  char              *family_key;   /* collation key of its family */
} ModelEntry;

static void
model_entry_clear (gpointer data)
{
  g_free (((ModelEntry *) data)->family_key);
}

/* A model's family: its name before the word that gives its size ("Llama
 * 3.1" of "Llama 3.1 70B", "Qwen3" of "Qwen3 30B-A3B", "Mixtral" of
 * "Mixtral 8x7B"), the whole name when none does ("DeepSeek-V3"). */
static char *
model_family (const char *name)
{
  g_auto(GStrv) words = g_strsplit (name != NULL ? name : "", " ", -1);
  g_autoptr(GString) family = g_string_new (NULL);

  for (guint i = 0; words[i] != NULL; i++)
    {
      const char *w = words[i];

      if (i > 0 && g_ascii_isdigit (*w) && strpbrk (w, "BbMm") != NULL)
        break;
      if (family->len > 0)
        g_string_append_c (family, ' ');
      g_string_append (family, w);
    }
  return g_utf8_casefold (family->str, -1);
}

/* The project's own models first, then the built-in ones; in each, by
 * family in natural order ("Llama 2" before "Llama 3.1" before "Qwen2.5"),
 * then by size. The catalogue's own order put Qwen2.5 72B between
 * Mixtral and OPT 13B (walkthrough 22). */
static int
compare_model_entries (gconstpointer a,
                       gconstpointer b)
{
  const ModelEntry *x = a, *y = b;
  int by_family;

  if (x->catalog != y->catalog)
    return x->catalog < y->catalog ? -1 : 1;
  by_family = strcmp (x->family_key, y->family_key);
  if (by_family != 0)
    return by_family;
  if (x->model->params != y->model->params)
    return x->model->params < y->model->params ? -1 : 1;
  return g_utf8_collate (x->model->name, y->model->name);
}

/* The catalogue's models (the project's own hide a built-in entry of the
 * same id), ordered by compare_model_entries(); set only when the project
 * changes. */
static void
fill_model_row (CpJobEditor *self)
{
  g_autoptr(GPtrArray) ids = g_ptr_array_new ();
  g_autoptr(GPtrArray) labels = g_ptr_array_new ();
  g_autoptr(GHashTable) seen = g_hash_table_new (g_str_hash, g_str_equal);
  g_autoptr(GArray) entries = g_array_new (FALSE, FALSE, sizeof (ModelEntry));
  const CpCatalog *catalogs[2] = { self->project->custom, cp_catalog_get_builtin () };

  g_array_set_clear_func (entries, model_entry_clear);
  g_ptr_array_add (ids, (gpointer) "custom");
  g_ptr_array_add (labels, (gpointer) _("Custom"));

  for (guint c = 0; c < G_N_ELEMENTS (catalogs); c++)
    {
      if (catalogs[c] == NULL)
        continue;
      for (guint i = 0; i < cp_catalog_n_models (catalogs[c]); i++)
        {
          const CpModelSpec *model = cp_catalog_get_model (catalogs[c], i);
          g_autofree char *family = NULL;
          ModelEntry entry = { model, c, NULL };

          if (!g_hash_table_add (seen, model->id))
            continue;
          family = model_family (model->name);
          entry.family_key = g_utf8_collate_key_for_filename (family, -1);
          g_array_append_val (entries, entry);
        }
    }
  g_array_sort (entries, compare_model_entries);
  for (guint i = 0; i < entries->len; i++)
    {
      const CpModelSpec *model = g_array_index (entries, ModelEntry, i).model;

      g_ptr_array_add (ids, model->id);
      g_ptr_array_add (labels, model->name);
    }

  cp_picker_row_set_items (self->model_row, (const char * const *) ids->pdata,
                           (const char * const *) labels->pdata, ids->len,
                           self->job->model.id);
}

static void
fill_trial_quote_row (CpJobEditor *self)
{
  g_autoptr(GPtrArray) ids = g_ptr_array_new ();
  g_autoptr(GPtrArray) labels = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GPtrArray) whole_names = g_ptr_array_new_with_free_func (g_free);

  g_ptr_array_add (ids, NULL);
  g_ptr_array_add (labels, g_strdup (_("Not measured")));
  g_ptr_array_add (whole_names, NULL);

  for (guint i = 0; i < self->project->quotes->len; i++)
    {
      const CpQuote *quote = g_ptr_array_index (self->project->quotes, i);

      g_autofree char *whole = cp_words_quote_name (self->project, (int) i);
      /* Its vendor without the legal form (cp-vendor-name.c), as the
       * sidebar and the table name it. */
      g_autofree char *name = cp_quote_name_shorten_vendor (quote, self->project->quotes, whole);
      /* A machine of the quote: led by its GPUs, as the charts and the
       * table name quotes ("8 × A800 80GB SXM · 示例供应商 G — …"): the
       * vendor first left "示例供应商 A (Example v…" in a narrow form,
       * and the GPU is what tells the trial's machine apart (issue 26). */
      g_autofree char *hardware = g_strdup_printf (_("%u × %s"), quote->gpus_per_node,
                                                   quote->gpu.name != NULL ? cp_quote_gpu_model (quote->gpu.name)
                                                   : quote->gpu.id != NULL ? quote->gpu.id : "");
      g_autofree char *whole_hardware = g_strdup_printf (_("%u × %s"), quote->gpus_per_node,
                                                         quote->gpu.name != NULL ? quote->gpu.name
                                                         : quote->gpu.id != NULL ? quote->gpu.id : "");

      g_ptr_array_add (ids, quote->id);
      /* The vendor's name as everywhere else: "Vendor — offer", the
       * vendor alone without an offer name. */
      g_ptr_array_add (labels, g_strdup_printf (_("%s · %s"), hardware, name));
      /* Whole in the tooltip: the GPU with its maker and the vendor as
       * typed, which the row shortens (issue 26). */
      g_ptr_array_add (whole_names, g_strdup_printf (_("%s · %s"), whole_hardware, whole));
    }

  cp_picker_row_set_named_items (self->trial_quote_row, (const char * const *) ids->pdata,
                                 (const char * const *) labels->pdata, (const char * const *) whole_names->pdata,
                                 ids->len, self->job->trial.quote_id);
}

/* "With the project's start", then every other job this one may start
 * after without the order looping (cp_project_job_may_follow()). */
static void
fill_after_row (CpJobEditor *self)
{
  g_autoptr(GPtrArray) ids = g_ptr_array_new ();
  g_autoptr(GPtrArray) labels = g_ptr_array_new ();
  guint index;

  g_ptr_array_add (ids, NULL);
  g_ptr_array_add (labels, (gpointer) _("With the project’s start"));
  if (g_ptr_array_find (self->project->jobs, self->job, &index))
    for (guint i = 0; i < self->project->jobs->len; i++)
      {
        const CpJob *other = g_ptr_array_index (self->project->jobs, i);

        if (!cp_project_job_may_follow (self->project, index, i))
          continue;
        g_ptr_array_add (ids, other->id);
        g_ptr_array_add (labels, other->name != NULL && *other->name != '\0' ? other->name : other->id);
      }

  cp_picker_row_set_items (self->after_row, (const char * const *) ids->pdata,
                           (const char * const *) labels->pdata, ids->len,
                           self->job->after_job_id);
}

/* A model whose figures were edited is no longer the catalogue's: the
 * picker's first entry then carries its name, marked edited in the
 * window's language, "LLaMA 7B (edited)" (cp-spec-edit.h). */
static void
show_model_choice (CpJobEditor *self)
{
  const CpModelSpec *model = &self->job->model;
  gboolean custom = g_strcmp0 (model->id, CP_SPEC_CUSTOM_ID) == 0;
  g_autofree char *label = custom && model->name != NULL && *model->name != '\0'
                           ? cp_words_spec_name (model->name, model->source) : NULL;

  cp_picker_row_set_label (self->model_row, 0, label != NULL ? label : _("Custom"));
  cp_picker_row_select_id (self->model_row, model->id);
}

/* What an automatic global batch is for this job: pretraining follows
 * published runs of the model's size (cp_job_global_batch_tokens()),
 * raised on a cluster to fill its pipelines (cp_job_largest_batch_tokens()). */
static void
update_global_batch_hint (CpJobEditor *self)
{
  CpFieldRow *row = find_row (self, "global-batch");
  CpJob rule = *self->job;   /* shallow: only read */
  g_autofree char *hint = NULL;
  double sequences;

  /* Not made yet: ensure_deferred_rows() sets it. */
  if (row == NULL)
    return;
  if (self->job->kind != CP_TASK_PRETRAIN)
    {
      guint recipe = cp_task_kind_default_global_batch (self->job->kind);

      if (recipe > 0)
        hint = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                             /* TRANSLATORS: %u is a number of sequences */
                                             "Sequences per optimizer step; automatic: %u, as published fine-tuning recipes",
                                             "Sequences per optimizer step; automatic: %u, as published fine-tuning recipes",
                                             recipe),
                                recipe);
      cp_field_row_set_hint (row, hint);
      return;
    }
  rule.global_batch = 0;
  sequences = cp_job_global_batch_tokens (&rule) / MAX (rule.seq_len, 1);
  hint = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                       /* TRANSLATORS: %.0f is a number of sequences of the job's length */
                                       "Sequences per optimizer step; automatic: %.0f, as published runs of this size, more where a cluster’s pipelines need it",
                                       "Sequences per optimizer step; automatic: %.0f, as published runs of this size, more where a cluster’s pipelines need it",
                                       (gulong) sequences),
                          sequences);
  cp_field_row_set_hint (row, hint);
}

/* FP8 chosen: the quotes' GPUs without FP8 run the job in BF16, at its
 * rate (cp_gpu dense_fp8_flops 0), which the figures then show without a
 * word (walkthrough 20: FP8 on an A800 changed nothing silently). */
static void
update_precision_hint (CpJobEditor *self)
{
  CpFieldRow *row = find_row (self, "precision");
  g_autoptr(GPtrArray) names = g_ptr_array_new ();
  g_autofree char *list = NULL;
  g_autofree char *hint = NULL;

  if (row == NULL)
    return;
  for (guint i = 0; self->job->precision == CP_PRECISION_FP8 && i < self->project->quotes->len; i++)
    {
      const CpQuote *quote = g_ptr_array_index (self->project->quotes, i);
      const char *name = quote->gpu.name != NULL ? cp_labels_catalog_name (quote->gpu.name) : quote->gpu.id;
      gboolean named = FALSE;

      if (quote->gpu.dense_fp8_flops > 0 || name == NULL)
        continue;
      for (guint j = 0; j < names->len; j++)
        named = named || strcmp (g_ptr_array_index (names, j), name) == 0;
      if (!named)
        g_ptr_array_add (names, (gpointer) name);
    }
  if (names->len > 0)
    {
      g_ptr_array_add (names, NULL);
      /* TRANSLATORS: joins the GPUs named in "… have no FP8" */
      list = g_strjoinv (C_("gpu list", ", "), (char **) names->pdata);
      hint = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                           /* TRANSLATORS: under Precision when FP8 is chosen; %s names GPUs of the quotes */
                                           "%s has no FP8: the job runs in BF16 on it",
                                           "%s have no FP8: the job runs in BF16 on them",
                                           names->len - 1),
                              list);
    }
  cp_field_row_set_hint (row, hint);
}

/* The team's size and day cost a job starts with are the form's
 * examples (cp_job_init()), nobody's figures: each row says so while
 * nobody typed it (cp_job_figure_assumed()), as the report says
 * "assumed" (walk37 F15). */
static void
update_team_cost_hints (CpJobEditor *self)
{
  static const struct {
    const char  *key;
    CpJobStated  figure;
  } figures[] = {
    { "engineers", CP_JOB_STATED_ENGINEERS },
    { "engineer-day-cost", CP_JOB_STATED_ENGINEER_DAY_COST },
  };

  for (guint i = 0; i < G_N_ELEMENTS (figures); i++)
    {
      CpFieldRow *row = cp_job_editor_get_row (self, figures[i].key);

      if (row != NULL)
        cp_field_row_set_hint (row, cp_job_figure_assumed (self->job, figures[i].figure)
                               /* TRANSLATORS: under the Engineers and Engineer-day cost rows while they hold the form's example */
                               ? _("Assumed: the form’s example; type the team’s own")
                               : NULL);
    }
}

static void
load_rows (CpJobEditor *self,
           gboolean     reset)
{
  self->loading = TRUE;

  show_model_choice (self);
  cp_picker_row_select_id (self->trial_quote_row, self->job->trial.quote_id);
  cp_picker_row_select_id (self->after_row, self->job->after_job_id);

  for (guint i = 0; i < self->rows->len; i++)
    {
      CpFieldRow *row = g_ptr_array_index (self->rows, i);

      cp_field_row_set_currency (row, self->project->settings.currency);
      cp_field_row_load (row, self->job, reset);
    }

  update_visibility (self);
  update_global_batch_hint (self);
  update_precision_hint (self);
  update_team_cost_hints (self);
  self->loading = FALSE;
}

static void
emit_changed (CpJobEditor *self,
              const char  *key)
{
  g_signal_emit (self, signals[CHANGED], 0, key);
}

/* The quote whose machine ran the job's trial, or NULL. */
static const CpQuote *
trial_quote (CpJobEditor *self,
             const CpJob *job)
{
  for (guint i = 0; job->trial.quote_id != NULL && i < self->project->quotes->len; i++)
    {
      const CpQuote *quote = g_ptr_array_index (self->project->quotes, i);

      if (g_strcmp0 (quote->id, job->trial.quote_id) == 0)
        return quote;
    }
  return NULL;
}

/* The model's checks, then, with @on_machine, the trial's figures against
 * its machine: 64 GPUs used on an 8-GPU machine is a typo, not a
 * measurement (walkthrough 20). A log whose warnings the user confirmed
 * (Read Trial Log…, as the CLI's --force) is taken as it is. */
static gboolean
validate_on_project (CpJobEditor  *self,
                     const CpJob  *job,
                     gboolean      on_machine,
                     GError      **error)
{
  return cp_job_validate (job, error) &&
         (!on_machine || cp_job_validate_trial_machine (job, trial_quote (self, job), error));
}

/* A job loaded from a file may already be one the model refuses; an edit
 * elsewhere that leaves that same problem in place is still accepted. */
static gboolean
validate_candidate (CpJobEditor  *self,
                    const CpJob  *candidate,
                    const CpJob  *current,
                    gboolean      on_machine,
                    GError      **error)
{
  g_autoptr(GError) candidate_error = NULL;
  g_autoptr(GError) current_error = NULL;

  if (validate_on_project (self, candidate, on_machine, &candidate_error))
    return TRUE;

  if (!validate_on_project (self, current, on_machine, &current_error) &&
      g_strcmp0 (current_error->message, candidate_error->message) == 0)
    return TRUE;

  g_propagate_error (error, g_steal_pointer (&candidate_error));
  return FALSE;
}


/* What becomes of a value the user saw: "Training tokens set to 1B, the
 * default for LoRA fine-tuning". A kind change that reset an untouched
 * default said nothing, and 100B tokens turned into 1B behind the
 * user's back (meeting walkthrough). Fields only one of the two kinds
 * shows are left out: a row that appears is seen with its value. NULL
 * when nothing the user saw changed. */
static char *
describe_kind_defaults (CpJobEditor *self,
                        const CpJob *job,
                        const CpJob *old)
{
  g_autoptr(GString) items = g_string_new (NULL);
  g_autofree char *first = NULL;
  guint n = 0;

  for (guint i = 0; i < _cp_job_editor_n_fields; i++)
    {
      const CpField *field = &_cp_job_editor_fields[i];
      CpFieldRow *row;
      g_autofree char *value = NULL;
      g_autofree char *item = NULL;

      if (strcmp (field->key, "kind") == 0 || field->group == GROUP_MODEL ||
          !_cp_job_editor_field_shown_for (field, job->kind) || !_cp_job_editor_field_shown_for (field, old->kind) ||
          cp_field_same_value (field, job, old))
        continue;
      row = cp_job_editor_get_row (self, field->key);
      if (field->kind == CP_FIELD_ENUM && field->choice != NULL)
        value = g_strdup (field->choice (G_STRUCT_MEMBER (int, job, field->offset)));
      else if (field->kind == CP_FIELD_BOOL)
        value = g_strdup (G_STRUCT_MEMBER (gboolean, job, field->offset) ? _("On") : _("Off"));
      else
        {
          /* As the row, loaded with the new value, shows it. */
          value = cp_field_row_dup_value_text (row);
          if (value != NULL && field->unit != NULL)
            {
              char *with_unit = g_strdup_printf ("%s %s", value, _(field->unit));

              g_free (value);
              value = with_unit;
            }
        }
      if (value == NULL)
        continue;
      /* TRANSLATORS: a field and the value a kind change gave it, e.g. "Training tokens: 1B" */
      item = g_strdup_printf (_("%s: %s"), _(field->title), value);
      if (n > 0)
        /* TRANSLATORS: separates the fields a kind change set */
        g_string_append (items, _("; "));
      g_string_append (items, item);
      if (n == 0)
        first = g_strdup_printf (_("%s set to %s"), _(field->title), value);
      n++;
    }
  if (n == 0)
    return NULL;
  if (n == 1)
    /* TRANSLATORS: e.g. "Training tokens set to 1B, the default for LoRA fine-tuning" */
    return g_strdup_printf (_("%s, the default for %s"), first, cp_labels_task_kind (job->kind));
  /* TRANSLATORS: a job kind, then the fields a kind change set, e.g. "Training tokens: 1B; Duration: 30 days" */
  return g_strdup_printf (_("Set to the defaults for %s: %s"), cp_labels_task_kind (job->kind), items->str);
}

static void
show_kind_note (CpJobEditor *self)
{
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (self->kind_note_row),
                                 self->kind_note != NULL ? self->kind_note : "");
  gtk_widget_set_visible (GTK_WIDGET (self->kind_note_row), self->kind_note != NULL);
}

static void
on_kind_note_dismissed (CpJobEditor *self)
{
  g_clear_pointer (&self->kind_note, g_free);
  g_clear_pointer (&self->kind_note_before, cp_job_free);
  show_kind_note (self);
}

static void
add_kind_note_row (CpJobEditor *self)
{
  GtkWidget *icon = gtk_image_new_from_icon_name ("dialog-information-symbolic");
  GtkWidget *close = gtk_button_new_from_icon_name ("window-close-symbolic");

  self->kind_note_row = ADW_ACTION_ROW (adw_action_row_new ());
  gtk_widget_set_name (GTK_WIDGET (self->kind_note_row), "kind-note");
  adw_preferences_row_set_use_markup (ADW_PREFERENCES_ROW (self->kind_note_row), FALSE);
  /* Every field it names, on as many lines as it takes. */
  adw_action_row_set_title_lines (self->kind_note_row, 0);
  gtk_accessible_update_property (GTK_ACCESSIBLE (icon), GTK_ACCESSIBLE_PROPERTY_LABEL, _("Information"), -1);
  adw_action_row_add_prefix (self->kind_note_row, icon);
  gtk_widget_set_valign (close, GTK_ALIGN_CENTER);
  gtk_widget_add_css_class (close, "flat");
  gtk_widget_set_tooltip_text (close, _("Dismiss"));
  g_signal_connect_object (close, "clicked", G_CALLBACK (on_kind_note_dismissed), self, G_CONNECT_SWAPPED);
  adw_action_row_add_suffix (self->kind_note_row, close);
  gtk_widget_set_visible (GTK_WIDGET (self->kind_note_row), FALSE);
  adw_preferences_group_add (self->job_group, GTK_WIDGET (self->kind_note_row));
}

/* The kind decides which fields the job needs: the candidate takes the
 * new kind's defaults where it had none, or, if that is still refused,
 * wherever the old kind hid the field. */
static gboolean
commit_kind (CpJobEditor        *self,
             const CpField      *field,
             const CpFieldValue *value,
             GError            **error)
{
  CpJob candidate = { 0 };
  CpTaskKind old_kind = self->job->kind;

  cp_job_copy (&candidate, self->job);
  _cp_job_editor_apply_value (field, &candidate, value);
  _cp_job_editor_adopt_kind_defaults (&candidate, old_kind, self->typed_keys, FALSE);
  if (!cp_job_validate (&candidate, NULL))
    {
      cp_job_clear (&candidate);
      cp_job_copy (&candidate, self->job);
      _cp_job_editor_apply_value (field, &candidate, value);
      _cp_job_editor_adopt_kind_defaults (&candidate, old_kind, self->typed_keys, TRUE);
    }
  if (!validate_candidate (self, &candidate, self->job, TRUE, error))
    {
      cp_job_clear (&candidate);
      return FALSE;
    }

  cp_job_copy (self->job, &candidate);
  cp_job_clear (&candidate);
  return TRUE;
}

static gboolean
commit_field (gpointer            user_data,
              const CpField      *field,
              const CpFieldValue *value,
              GError            **error)
{
  CpJobEditor *self = user_data;
  CpJob candidate = { 0 };
  g_autoptr(CpJob) before = NULL;
  gboolean valid;

  if (self->job == NULL || self->loading)
    return TRUE;

  if (strcmp (field->key, "kind") == 0)
    {
      if (value->index == (int) self->job->kind)
        return TRUE;
      before = cp_job_dup (self->job);
      if (!commit_kind (self, field, value, error))
        return FALSE;
    }
  else
    {
      cp_job_copy (&candidate, self->job);
      _cp_job_editor_apply_value (field, &candidate, value);
      if (cp_field_same_value (field, &candidate, self->job))
        {
          /* "7e9" for 7B, or a text typed and typed back: nothing changed,
           * but the value is now the user's, the default's typed too: the
           * report no longer lists it as assumed (D15). */
          CpJobStated stated = cp_job_stated_by_key (field->key);

          g_hash_table_add (self->typed_keys, (gpointer) field->key);
          cp_job_clear (&candidate);
          if ((self->job->stated_fields & stated) != stated)
            {
              self->job->stated_fields |= stated;
              update_team_cost_hints (self);
              emit_changed (self, field->key);
            }
          return TRUE;
        }
      valid = validate_candidate (self, &candidate, self->job, TRUE, error);
      cp_job_clear (&candidate);

      if (!valid)
        return FALSE;

      _cp_job_editor_apply_value (field, self->job, value);
      if (self->kind_note_before != NULL)
        _cp_job_editor_apply_value (field, self->kind_note_before, value);
      g_hash_table_add (self->typed_keys, (gpointer) field->key);
      self->job->stated_fields |= cp_job_stated_by_key (field->key);
      /* Saying what the team knows describes it (R8): the other switch is
       * then the user's answer too, no longer the assumption. */
      if (strcmp (field->key, "distributed-experience") == 0 || strcmp (field->key, "ops-engineer") == 0)
        self->job->team_stated = TRUE;
      if (field->group == GROUP_MODEL)
        /* Its name stays the catalogue's, its source says it was
         * edited, in no language (walk37 F2). */
        cp_model_spec_mark_typed (&self->job->model, field->key);
    }

  /* The kind and the experts decide which rows show; the kind, the
   * parameters and the sequence length what an automatic batch is. */
  update_visibility (self);
  update_global_batch_hint (self);
  update_precision_hint (self);
  update_team_cost_hints (self);

  /* Other rows may show values derived from this one. */
  self->loading = TRUE;
  show_model_choice (self);
  for (guint i = 0; i < self->rows->len; i++)
    cp_field_row_load (g_ptr_array_index (self->rows, i), self->job, FALSE);
  self->loading = FALSE;

  if (strcmp (field->key, "kind") == 0)
    {
      g_clear_pointer (&self->kind_note, g_free);
      g_clear_pointer (&self->kind_note_before, cp_job_free);
      self->kind_note = describe_kind_defaults (self, self->job, before);
      if (self->kind_note != NULL)
        self->kind_note_before = g_steal_pointer (&before);
      show_kind_note (self);
    }
  else if (self->kind_note_before != NULL)
    {
      /* Said again without the fields edited since; gone with the last. */
      g_clear_pointer (&self->kind_note, g_free);
      self->kind_note = describe_kind_defaults (self, self->job, self->kind_note_before);
      if (self->kind_note == NULL)
        g_clear_pointer (&self->kind_note_before, cp_job_free);
      show_kind_note (self);
    }

  emit_changed (self, field->key);

  return TRUE;
}

/* The picker changes the job and its field rows, never its own list. */
static void
on_model_picked (CpJobEditor *self,
                 const char  *id)
{
  if (self->job == NULL || self->loading || g_strcmp0 (id, self->job->model.id) == 0)
    return;

  if (g_strcmp0 (id, "custom") == 0)
    /* The fields stay as they are; they are simply no longer the
     * catalogue's. */
    cp_model_spec_mark_typed (&self->job->model, NULL);
  else
    {
      const CpModelSpec *model = cp_project_find_model (self->project, id);

      g_return_if_fail (model != NULL);
      cp_job_set_model (self->job, model);
    }

  load_rows (self, TRUE);
  emit_changed (self, "model");
}

static void
on_trial_quote_picked (CpJobEditor *self,
                       const char  *id)
{
  if (self->job == NULL || self->loading || g_strcmp0 (id, self->job->trial.quote_id) == 0)
    return;

  g_free (self->job->trial.quote_id);
  self->job->trial.quote_id = g_strdup (id);

  /* The trial ran on that quote's machine: its GPUs and their peak are
   * what the measurement is carried from. */
  for (guint i = 0; id != NULL && i < self->project->quotes->len; i++)
    {
      const CpQuote *quote = g_ptr_array_index (self->project->quotes, i);

      if (g_strcmp0 (quote->id, id) != 0)
        continue;
      /* No trial uses more GPUs than the machine it ran on has. */
      if (self->job->trial.gpus == 0 || self->job->trial.gpus > quote->gpus_per_node)
        self->job->trial.gpus = quote->gpus_per_node;
      self->job->trial.gpu_dense_flops = quote->gpu.dense_bf16_flops;
      self->job->trial.gpu_memory_nominal_gb = quote->gpu.memory_nominal_gb;
    }

  load_rows (self, FALSE);
  emit_changed (self, "trial-quote");
}

static void
on_after_picked (CpJobEditor *self,
                 const char  *id)
{
  if (self->job == NULL || self->loading || g_strcmp0 (id, self->job->after_job_id) == 0)
    return;

  g_free (self->job->after_job_id);
  self->job->after_job_id = g_strdup (id);
  emit_changed (self, "starts-after");
}

gboolean
cp_job_editor_apply_trial (CpJobEditor      *self,
                           const CpTrialRun *trial,
                           GError          **error)
{
  CpJob candidate = { 0 };
  gboolean valid;

  g_return_val_if_fail (CP_IS_JOB_EDITOR (self), FALSE);
  g_return_val_if_fail (self->job != NULL && trial != NULL, FALSE);

  cp_job_copy (&candidate, self->job);
  g_free (candidate.trial.quote_id);
  candidate.trial = *trial;
  candidate.trial.quote_id = g_strdup (trial->quote_id);
  valid = validate_candidate (self, &candidate, self->job, FALSE, error);
  if (valid)
    {
      g_free (self->job->trial.quote_id);
      self->job->trial = candidate.trial;
      candidate.trial.quote_id = NULL;
    }
  cp_job_clear (&candidate);
  if (!valid)
    return FALSE;

  load_rows (self, FALSE);
  emit_changed (self, "trial-log");
  return TRUE;
}

static void
on_row_error_changed (CpJobEditor *self)
{
  g_signal_emit (self, signals[ERRORS_CHANGED], 0);
}

char *
cp_job_editor_dup_error_notice (CpJobEditor *self)
{
  g_return_val_if_fail (CP_IS_JOB_EDITOR (self), NULL);

  return cp_field_row_describe_errors ((CpFieldRow **) self->rows->pdata, self->rows->len, NULL);
}

/* A form shown for another job starts at its top (AdwPreferencesPage
 * has no scroll_to_top before libadwaita 1.3). */
static void
scroll_to_top (CpJobEditor *self)
{
  GtkWidget *scroller = adw_bin_get_child (ADW_BIN (self));

  while (scroller != NULL && !GTK_IS_SCROLLED_WINDOW (scroller))
    scroller = gtk_widget_get_first_child (scroller);
  if (scroller != NULL)
    gtk_adjustment_set_value (gtk_scrolled_window_get_vadjustment (GTK_SCROLLED_WINDOW (scroller)), 0);
}

void
cp_job_editor_set_job (CpJobEditor *self,
                       CpProject   *project,
                       CpJob       *job)
{
  g_return_if_fail (CP_IS_JOB_EDITOR (self));
  g_return_if_fail (project != NULL);
  g_return_if_fail (job != NULL);

  if (job != self->job)
    {
      scroll_to_top (self);
      g_hash_table_remove_all (self->typed_keys);
      /* The note spoke of the job shown before. */
      g_clear_pointer (&self->kind_note, g_free);
      g_clear_pointer (&self->kind_note_before, cp_job_free);
      show_kind_note (self);
    }
  self->project = project;
  self->job = job;
  /* The lists follow the catalogue and the quotes; the picker leaves
   * them alone when nothing changed. */
  self->loading = TRUE;
  fill_model_row (self);
  fill_trial_quote_row (self);
  fill_after_row (self);
  self->loading = FALSE;
  load_rows (self, TRUE);
}

void
cp_job_editor_reload (CpJobEditor *self)
{
  g_return_if_fail (CP_IS_JOB_EDITOR (self));

  if (self->job == NULL)
    return;
  self->loading = TRUE;
  fill_model_row (self);
  fill_trial_quote_row (self);
  fill_after_row (self);
  self->loading = FALSE;
  load_rows (self, FALSE);
}

CpFieldRow *
cp_job_editor_get_row (CpJobEditor *self,
                       const char  *key)
{
  g_return_val_if_fail (CP_IS_JOB_EDITOR (self), NULL);

  for (guint i = 0; i < _cp_job_editor_n_fields; i++)
    if (strcmp (_cp_job_editor_fields[i].key, key) == 0)
      {
        if (deferred_group (_cp_job_editor_fields[i].group))
          ensure_deferred_rows (self);
        if (_cp_job_editor_fields[i].advanced)
          ensure_advanced_rows (self, _cp_job_editor_fields[i].group);
      }
  return find_row (self, key);
}

/* The keyboard's place in a picker row: its drop-down's button. */
static void
show_picker_row (CpPickerRow *row)
{
  cp_form_show_row (GTK_WIDGET (row), gtk_widget_get_first_child (GTK_WIDGET (cp_picker_row_get_drop_down (row))));
}

void
cp_job_editor_show_row (CpJobEditor *self,
                        const char  *key)
{
  CpFieldRow *row;
  GtkWidget *expander;

  g_return_if_fail (CP_IS_JOB_EDITOR (self));
  g_return_if_fail (key != NULL);

  if (g_str_equal (key, "model"))
    show_picker_row (self->model_row);
  else if (g_str_equal (key, "trial-quote"))
    show_picker_row (self->trial_quote_row);
  else if (g_str_equal (key, "starts-after"))
    show_picker_row (self->after_row);
  else if ((row = cp_job_editor_get_row (self, key)) != NULL)
    {
      /* A row of the advanced fields is shown with them. */
      expander = gtk_widget_get_ancestor (GTK_WIDGET (row), ADW_TYPE_EXPANDER_ROW);
      if (expander != NULL)
        adw_expander_row_set_expanded (ADW_EXPANDER_ROW (expander), TRUE);
      cp_form_show_row (GTK_WIDGET (row), cp_field_row_get_input (row));
    }
}

const char *
cp_job_editor_get_kind_note (CpJobEditor *self)
{
  g_return_val_if_fail (CP_IS_JOB_EDITOR (self), NULL);

  return self->kind_note;
}

CpPickerRow *
cp_job_editor_get_model_row (CpJobEditor *self)
{
  g_return_val_if_fail (CP_IS_JOB_EDITOR (self), NULL);

  return self->model_row;
}

CpPickerRow *
cp_job_editor_get_after_row (CpJobEditor *self)
{
  g_return_val_if_fail (CP_IS_JOB_EDITOR (self), NULL);

  return self->after_row;
}

CpPickerRow *
cp_job_editor_get_trial_quote_row (CpJobEditor *self)
{
  g_return_val_if_fail (CP_IS_JOB_EDITOR (self), NULL);

  return self->trial_quote_row;
}

GtkWidget *
cp_job_editor_new (void)
{
  return g_object_new (CP_TYPE_JOB_EDITOR, NULL);
}

static void
cp_job_editor_dispose (GObject *object)
{
  CpJobEditor *self = (CpJobEditor *) object;

  /* AdwBin disposes its child, the template, itself. */
  self->job = NULL;
  self->project = NULL;
  g_clear_handle_id (&self->deferred_idle_id, g_source_remove);
  g_clear_signal_handler (&self->after_paint_id, self->after_paint_clock);
  self->after_paint_clock = NULL;

  G_OBJECT_CLASS (cp_job_editor_parent_class)->dispose (object);
}

static void
cp_job_editor_finalize (GObject *object)
{
  CpJobEditor *self = (CpJobEditor *) object;

  g_clear_pointer (&self->rows, g_ptr_array_unref);
  g_clear_pointer (&self->typed_keys, g_hash_table_unref);
  g_clear_pointer (&self->kind_note, g_free);
  g_clear_pointer (&self->kind_note_before, cp_job_free);

  G_OBJECT_CLASS (cp_job_editor_parent_class)->finalize (object);
}

static void cp_job_editor_map   (GtkWidget *widget);
static void cp_job_editor_unmap (GtkWidget *widget);

static void
cp_job_editor_class_init (CpJobEditorClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = cp_job_editor_dispose;
  object_class->finalize = cp_job_editor_finalize;
  widget_class->map = cp_job_editor_map;
  widget_class->unmap = cp_job_editor_unmap;

  /**
   * CpJobEditor::changed:
   * @key: the field that changed ("model", "trial-quote", "trial-log" or a field key)
   *
   * The job was changed and the model accepts it.
   */
  signals[CHANGED] =
    g_signal_new ("changed",
                  G_TYPE_FROM_CLASS (klass),
                  G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL,
                  G_TYPE_NONE, 1, G_TYPE_STRING);

  /**
   * CpJobEditor::errors-changed:
   *
   * A field started or stopped showing a refused value; see
   * cp_job_editor_dup_error_notice().
   */
  signals[ERRORS_CHANGED] =
    g_signal_new ("errors-changed",
                  G_TYPE_FROM_CLASS (klass),
                  G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL,
                  G_TYPE_NONE, 0);

  g_type_ensure (CP_TYPE_PICKER_ROW);
  gtk_widget_class_set_template_from_resource (widget_class, RESOURCE_PREFIX "/ui/cp-job-editor.ui");
  gtk_widget_class_bind_template_child (widget_class, CpJobEditor, job_group);
  gtk_widget_class_bind_template_child (widget_class, CpJobEditor, model_group);
  gtk_widget_class_bind_template_child (widget_class, CpJobEditor, training_group);
  gtk_widget_class_bind_template_child (widget_class, CpJobEditor, inference_group);
  gtk_widget_class_bind_template_child (widget_class, CpJobEditor, team_group);
  gtk_widget_class_bind_template_child (widget_class, CpJobEditor, trial_group);
  gtk_widget_class_bind_template_child (widget_class, CpJobEditor, model_row);
  gtk_widget_class_bind_template_child (widget_class, CpJobEditor, trial_quote_row);
  gtk_widget_class_bind_template_child (widget_class, CpJobEditor, after_row);
  gtk_widget_class_bind_template_callback (widget_class, on_model_picked);
  gtk_widget_class_bind_template_callback (widget_class, on_trial_quote_picked);
  gtk_widget_class_bind_template_callback (widget_class, on_after_picked);
}

static CpFieldRow *
make_row (CpJobEditor   *self,
          const CpField *field)
{
  CpFieldRow *row = cp_field_row_new (field, commit_field, self);
  guint position = 0;

  /* In the order of _cp_job_editor_fields, which the error notice follows. */
  while (position < self->rows->len &&
         cp_field_row_get_field (g_ptr_array_index (self->rows, position)) < field)
    position++;
  g_ptr_array_insert (self->rows, (int) position, row);
  g_signal_connect_object (row, "notify::error", G_CALLBACK (on_row_error_changed), self, G_CONNECT_SWAPPED);
  return row;
}

static void
ensure_advanced_rows (CpJobEditor *self,
                      guint        group)
{
  if (self->advanced_built[group] || self->expanders[group] == NULL)
    return;
  self->advanced_built[group] = TRUE;

  for (guint i = 0; i < _cp_job_editor_n_fields; i++)
    {
      const CpField *field = &_cp_job_editor_fields[i];
      CpFieldRow *row;

      if (!field->advanced || field->group != group)
        continue;
      row = make_row (self, field);
      adw_expander_row_add_row (self->expanders[group], GTK_WIDGET (row));
      if (self->job != NULL)
        {
          gboolean loading = self->loading;

          self->loading = TRUE;
          cp_field_row_set_currency (row, self->project->settings.currency);
          cp_field_row_load (row, self->job, TRUE);
          self->loading = loading;
        }
    }
  if (self->job != NULL)
    update_visibility (self);
}

static void
on_expanded (CpJobEditor    *self,
             GParamSpec     *pspec,
             AdwExpanderRow *expander)
{
  for (guint group = 0; group < N_GROUPS; group++)
    if (self->expanders[group] == expander && adw_expander_row_get_expanded (expander))
      ensure_advanced_rows (self, group);
}

/* The rows of the groups deferred or not (deferred_group()), each under
 * its group in table order; an advanced field only makes its group's
 * expander (ensure_advanced_rows()). */
static void
add_rows (CpJobEditor *self,
          gboolean     deferred)
{
  for (guint i = 0; i < _cp_job_editor_n_fields; i++)
    {
      const CpField *field = &_cp_job_editor_fields[i];
      CpFieldRow *row;

      if (deferred_group (field->group) != deferred)
        continue;
      if (field->advanced)
        {
          if (self->expanders[field->group] == NULL)
            {
              self->expanders[field->group] =
                ADW_EXPANDER_ROW (adw_expander_row_new ());
              adw_preferences_row_set_title (ADW_PREFERENCES_ROW (self->expanders[field->group]),
                                             _(group_expander_titles[field->group]));
              adw_preferences_group_add (self->groups[field->group],
                                         GTK_WIDGET (self->expanders[field->group]));
              g_signal_connect_object (self->expanders[field->group], "notify::expanded",
                                       G_CALLBACK (on_expanded), self, G_CONNECT_SWAPPED);
            }
          continue;
        }
      row = make_row (self, field);
      adw_preferences_group_add (self->groups[field->group], GTK_WIDGET (row));
    }
}

static void
ensure_deferred_rows (CpJobEditor *self)
{
  if (self->deferred_built)
    return;
  self->deferred_built = TRUE;
  g_clear_handle_id (&self->deferred_idle_id, g_source_remove);
  g_clear_signal_handler (&self->after_paint_id, self->after_paint_clock);
  self->after_paint_clock = NULL;

  add_rows (self, TRUE);
  if (self->job != NULL)
    {
      gboolean loading = self->loading;

      self->loading = TRUE;
      for (guint i = 0; i < self->rows->len; i++)
        {
          CpFieldRow *row = g_ptr_array_index (self->rows, i);

          if (!deferred_group (cp_field_row_get_field (row)->group))
            continue;
          cp_field_row_set_currency (row, self->project->settings.currency);
          cp_field_row_load (row, self->job, TRUE);
        }
      update_global_batch_hint (self);
      update_precision_hint (self);
      self->loading = loading;
    }
  /* The groups show as the job's kind has them. */
  if (self->job != NULL)
    update_visibility (self);
  else
    for (guint i = 0; i < N_GROUPS; i++)
      if (deferred_group (i))
        gtk_widget_set_visible (GTK_WIDGET (self->groups[i]), TRUE);
}

static gboolean
on_deferred_idle (gpointer user_data)
{
  CpJobEditor *self = user_data;

  self->deferred_idle_id = 0;
  ensure_deferred_rows (self);
  return G_SOURCE_REMOVE;
}

/* The first frame that showed the form is painted: the rest of it is
 * made before the next. */
static void
on_first_frame_painted (GdkFrameClock *clock,
                        CpJobEditor   *self)
{
  g_clear_signal_handler (&self->after_paint_id, self->after_paint_clock);
  self->after_paint_clock = NULL;
  if (self->deferred_idle_id == 0)
    self->deferred_idle_id = g_idle_add_full (G_PRIORITY_HIGH_IDLE, on_deferred_idle, self, NULL);
}

static void
cp_job_editor_map (GtkWidget *widget)
{
  CpJobEditor *self = CP_JOB_EDITOR (widget);

  GTK_WIDGET_CLASS (cp_job_editor_parent_class)->map (widget);
  if (!self->deferred_built && self->after_paint_id == 0)
    {
      self->after_paint_clock = gtk_widget_get_frame_clock (widget);
      self->after_paint_id = g_signal_connect (self->after_paint_clock, "after-paint",
                                               G_CALLBACK (on_first_frame_painted), self);
    }
}

static void
cp_job_editor_unmap (GtkWidget *widget)
{
  CpJobEditor *self = CP_JOB_EDITOR (widget);

  /* Not painted after all: mapped again, it waits for that frame. */
  g_clear_signal_handler (&self->after_paint_id, self->after_paint_clock);
  self->after_paint_clock = NULL;
  GTK_WIDGET_CLASS (cp_job_editor_parent_class)->unmap (widget);
}

static void
cp_job_editor_init (CpJobEditor *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));

  self->rows = g_ptr_array_new ();
  self->typed_keys = g_hash_table_new (g_str_hash, g_str_equal);

  self->groups[GROUP_JOB] = self->job_group;
  self->groups[GROUP_MODEL] = self->model_group;
  self->groups[GROUP_TRAINING] = self->training_group;
  self->groups[GROUP_INFERENCE] = self->inference_group;
  self->groups[GROUP_TEAM] = self->team_group;
  self->groups[GROUP_TRIAL] = self->trial_group;

  add_rows (self, FALSE);
  for (guint i = 0; i < N_GROUPS; i++)
    if (deferred_group (i))
      gtk_widget_set_visible (GTK_WIDGET (self->groups[i]), FALSE);
  /* At the end of the Job group: under Kind it pushed Deadline down as it
   * appeared, and the click meant for Deadline landed on its close button
   * (walkthrough 14, 1024 × 700). */
  add_kind_note_row (self);
}
