/* cp-preferences-window.c: application preferences and the conventions of
 * the active window's project. */
#include "config.h"

#include <glib/gi18n.h>

#include "cp-field-row.h"
#include "cp-labels.h"
#include "cp-preferences-window.h"
#include "planner/cp-schedule.h"
#include "report/cp-reason-text.h"

#define F(member) G_STRUCT_OFFSET (CpSettings, member)

/* The project's planning assumptions a user may well change; each hint
 * carries the source of its default (cp-settings.c). */
static const CpField settings_fields[] = {
  { "longest-acceptable-run", N_("Longest acceptable run"),
    N_("Without a deadline, a longer run counts as too slow; the default 120 days is about BLOOM-176B’s 117, the longest published run"),
    N_("days"), CP_FIELD_DOUBLE, F (longest_acceptable_run_days) },
  { "dp-bucket", N_("Gradient bucket"),
    N_("The last bucket of gradients is reduced after the backward pass, not hidden by it; PyTorch DDP’s default is 25 MiB"),
    NULL, CP_FIELD_BYTES, F (dp_bucket_bytes) },
  { "overlap-compute-slowdown", N_("Compute slowdown under overlap"),
    N_("Seconds of compute lost per second of communication hidden behind it; measured 0.189 on average (Lee et al. 2025)"),
    NULL, CP_FIELD_DOUBLE, F (overlap_compute_slowdown) },
  { "kv-block", N_("KV-cache block"), N_("Serving: tokens per cache block; vLLM’s default is 16"),
    N_("tokens"), CP_FIELD_DOUBLE, F (kv_block_tokens) },
  { "cuda-graph-memory", N_("CUDA graph memory"),
    N_("Serving, per GPU: vLLM reports 0.11 to 0.96 GiB for its captured graphs"),
    NULL, CP_FIELD_BYTES, F (cuda_graph_bytes) },
  /* Per million GPU-hours, as the report's assumption ranges say it: per
   * GPU-hour the default read "1.97328e-05". */
  { "gpu-failure-rate", N_("GPU failures per million GPU-hours"),
    N_("Job interruptions, one machine included; the default is the Llama 3 run’s 419 in 54 days on 16,384 GPUs, 19.7: nearly one a day on 2,000 GPUs"),
    NULL, CP_FIELD_DOUBLE, F (gpu_failure_rate_per_hour), .shown_per_stored = 1e6 },
  { "restart-time", N_("Restart time"),
    N_("From an interruption to training again; synchronous training on large clusters takes about 10 minutes"),
    N_("s"), CP_FIELD_DOUBLE, F (restart_s) },
  { "checkpoint-interval", N_("Checkpoint interval"),
    N_("Training time between checkpoints; left empty, each option gets the Young/Daly optimum from its checkpoint time and failure rate"),
    N_("s"), CP_FIELD_DOUBLE, F (checkpoint_interval_s), .automatic = N_("Optimal") },
};

/* What the memo's amount to approve adds to the top of the project's
 * range; each default's source is in cp-settings.c. */
static const CpField budget_fields[] = {
  { "contingency", N_("Contingency"),
    /* xgettext:no-c-format */
    N_("Added to the top of the project’s range; the default 10% is the low end of the +10 to +30% that AACE International gives a budget-authorisation estimate (Class 3, 18R-97)"),
    N_("%"), CP_FIELD_DOUBLE, F (contingency_fraction), .percent = TRUE },
  { "prices-include-vat", N_("Prices include VAT"),
    N_("Business quotes in China state prices with VAT (含税); off, a quote that does not say is taken as without VAT and its rate is added: every quote is compared with VAT"),
    NULL, CP_FIELD_BOOL, F (prices_include_vat) },
  { "vat-rate", N_("VAT rate, services"),
    /* xgettext:no-c-format */
    N_("Containers and hosted machines: China’s VAT on IT and cloud computing services is 6% (财税〔2016〕36号)"),
    N_("%"), CP_FIELD_DOUBLE, F (vat_rate), .percent = TRUE },
  { "vat-rate-lease", N_("VAT rate, bare machines"),
    /* xgettext:no-c-format */
    N_("Bare metal: leasing a machine alone is leasing tangible movable property, 13% in China (Announcement [2019] No. 39)"),
    N_("%"), CP_FIELD_DOUBLE, F (vat_rate_lease), .percent = TRUE },
};

#undef F

#define P(member) G_STRUCT_OFFSET (CpProject, member)

/* The report's sign-off and the first day of the project's calendar,
 * kept in the project. */
static const CpField report_fields[] = {
  /* Beside the sidebar's title, which only a click on it edits (walk41
   * F3). */
  { "project-name", N_("Project name"), NULL, NULL, CP_FIELD_TEXT, P (name) },
  { "prepared-by", N_("Prepared by"), NULL, NULL, CP_FIELD_TEXT, P (prepared_by) },
  { "reviewed-by", N_("Reviewed by"), NULL, NULL, CP_FIELD_TEXT, P (reviewed_by) },
  { "approved-by", N_("Approved by"), NULL, NULL, CP_FIELD_TEXT, P (approved_by) },
  { "signed-on", N_("Date of approval"), N_("Date as YYYY-MM-DD; empty: signed by hand on paper"),
    NULL, CP_FIELD_TEXT, P (signed_on) },
  { "start-date", N_("Project start"),
    N_("Date as YYYY-MM-DD, the first day of the calendar; empty: the day the report is made"),
    NULL, CP_FIELD_TEXT, P (start_date) },
};

/* What the team has for the project, against which page 1 and the
 * calendar tab set the amount to approve (walk40 F6: "we have 200,000
 * CNY" had nowhere to go). */
static const CpField project_budget_field = {
  "budget", N_("Budget"),
  N_("What the team has for the project; the report’s first page says whether the amount to approve fits in it, and what would bring it under"),
  NULL, CP_FIELD_COUNT, P (budget), .money = TRUE, .automatic = N_("Not stated"),
};

#undef P

struct _CpPreferencesWindow
{
  AdwPreferencesWindow  parent_instance;

  GtkSwitch            *autosave_switch;
  AdwComboRow          *language_row;
  AdwPreferencesGroup  *conventions_group;
  AdwComboRow          *memory_unit_row;
  AdwComboRow          *bytes_convention_row;
  AdwPreferencesGroup  *assumptions_group;
  CpFieldRow           *setting_rows[G_N_ELEMENTS (settings_fields)];
  AdwPreferencesGroup  *ranges_group;
  AdwPreferencesPage   *report_page;
  AdwPreferencesGroup  *report_group;
  AdwPreferencesGroup  *budget_group;
  CpFieldRow           *budget_rows[G_N_ELEMENTS (budget_fields)];
  CpFieldRow           *report_rows[G_N_ELEMENTS (report_fields)];
  CpFieldRow           *project_budget_row;
  AdwActionRow         *range_rows[CP_N_SPREADS];

  GSettings            *settings;
  CpWindow             *window;   /* weak */
  gboolean              loading;
};

G_DEFINE_FINAL_TYPE (CpPreferencesWindow, cp_preferences_window, ADW_TYPE_PREFERENCES_WINDOW)

/* The project's report language, as Export Report remembers it: NULL
 * follows the window's, which the first row names (walk37b U2). */
static void
on_language_selected (CpPreferencesWindow *self)
{
  static const char * const codes[] = { NULL, "en", "zh_CN" };
  guint selected = adw_combo_row_get_selected (self->language_row);
  CpProject *project;

  if (self->loading || self->window == NULL || selected >= G_N_ELEMENTS (codes))
    return;
  project = cp_window_get_project (self->window);
  if (g_strcmp0 (project->report_language, codes[selected]) == 0)
    return;
  g_free (project->report_language);
  project->report_language = g_strdup (codes[selected]);
  cp_window_project_changed (self->window, "report-language");
}

static void
on_convention_selected (CpPreferencesWindow *self)
{
  CpProject *project;

  if (self->loading || self->window == NULL)
    return;

  project = cp_window_get_project (self->window);
  project->settings.memory_unit = (CpMemoryUnit) adw_combo_row_get_selected (self->memory_unit_row);
  project->settings.bytes_convention = (CpBytesConvention) adw_combo_row_get_selected (self->bytes_convention_row);
  cp_window_project_changed (self->window, "settings");
}

static void
load_setting_rows (CpPreferencesWindow *self,
                   const CpProject     *project)
{
  const char *lang = cp_labels_ui_language ();
  CpSpread spreads[CP_N_SPREADS];
  guint n = MIN (cp_range_get_spreads (&project->settings, spreads, G_N_ELEMENTS (spreads)), CP_N_SPREADS);

  for (guint i = 0; i < G_N_ELEMENTS (self->setting_rows); i++)
    cp_field_row_load (self->setting_rows[i], &project->settings, TRUE);
  for (guint i = 0; i < G_N_ELEMENTS (self->report_rows); i++)
    cp_field_row_load (self->report_rows[i], project, TRUE);
  for (guint i = 0; i < G_N_ELEMENTS (self->budget_rows); i++)
    cp_field_row_load (self->budget_rows[i], &project->settings, TRUE);
  cp_field_row_set_currency (self->project_budget_row, project->settings.currency);
  cp_field_row_load (self->project_budget_row, project, TRUE);
  /* Each spread follows its setting: shown at the settings in force. */
  for (guint i = 0; i < n; i++)
    {
      g_autofree char *value = cp_words_spread_value (project, spreads[i].kind, spreads[i].expected, lang);
      g_autofree char *range = cp_words_spread_range (project, &spreads[i], lang);
      /* TRANSLATORS: an assumption's range, its value in force, then the range's source */
      g_autofree char *subtitle = g_strdup_printf (_("%s around %s. %s"), range, value,
                                                   cp_words_spread_source (spreads[i].kind));

      adw_action_row_set_subtitle (self->range_rows[i], subtitle);
    }
}

/* A value the model refuses stays in its entry with the reason; the
 * project keeps its last valid settings. */
static gboolean
commit_setting (gpointer            user_data,
                const CpField      *field,
                const CpFieldValue *value,
                GError            **error)
{
  CpPreferencesWindow *self = user_data;
  CpProject *project;
  CpSettings candidate;

  if (self->loading || self->window == NULL)
    return TRUE;

  project = cp_window_get_project (self->window);
  candidate = project->settings;
  cp_field_apply (field, &candidate, value);
  /* The model's bounds (cp_settings_validate(): 0, or 1e-9 to 0.01 per
   * GPU-hour) said in the unit the row is typed in. */
  if (g_str_equal (field->key, "gpu-failure-rate") &&
      candidate.gpu_failure_rate_per_hour != 0 &&
      (candidate.gpu_failure_rate_per_hour < 1e-9 || candidate.gpu_failure_rate_per_hour > 0.01))
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                   _("GPU failures per million GPU-hours must be 0 or between 0.001 and 10,000"));
      return FALSE;
    }
  if (!cp_settings_validate (&candidate, error))
    return FALSE;

  project->settings = candidate;
  cp_window_project_changed (self->window, field->key);
  /* The change may have replaced nothing, but rows must show the
   * settings of the project the window now holds. */
  self->loading = TRUE;
  load_setting_rows (self, cp_window_get_project (self->window));
  self->loading = FALSE;
  return TRUE;
}

/* Names are taken as typed, within their length (cp-text-limit.h); a
 * date must be a real day, or empty. */
static gboolean
commit_report_field (gpointer            user_data,
                     const CpField      *field,
                     const CpFieldValue *value,
                     GError            **error)
{
  CpPreferencesWindow *self = user_data;
  g_autofree char *text = g_strstrip (g_strdup (value->text != NULL ? value->text : ""));
  CpFieldValue stripped = *value;

  if (self->loading || self->window == NULL)
    return TRUE;
  if ((g_str_equal (field->key, "signed-on") || g_str_equal (field->key, "start-date")) &&
      *text != '\0' && !cp_schedule_parse_date (text, NULL))
    {
      /* TRANSLATORS: a field's title, then what was typed in it */
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                   _("%s: “%s” is not a date such as 2027-03-01"), _(field->title), text);
      return FALSE;
    }

  /* A project is never nameless: the sidebar keeps its name too. */
  if (g_str_equal (field->key, "project-name") && *text == '\0')
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA, _("must not be empty"));
      return FALSE;
    }
  stripped.text = text;
  {
    g_autoptr(CpProject) candidate = cp_project_new ();

    cp_field_apply (field, candidate, &stripped);
    if (!cp_project_validate_text (candidate, error))
      return FALSE;
  }
  cp_field_apply (field, cp_window_get_project (self->window), &stripped);
  cp_window_project_changed (self->window, field->key);
  return TRUE;
}

/* A budget of 0 is none stated; the parser refuses a negative one. */
static gboolean
commit_budget (gpointer            user_data,
               const CpField      *field,
               const CpFieldValue *value,
               GError            **error)
{
  CpPreferencesWindow *self = user_data;
  CpProject *project;

  if (self->loading || self->window == NULL)
    return TRUE;
  project = cp_window_get_project (self->window);
  if (project->budget == value->number)
    return TRUE;
  cp_field_apply (field, project, value);
  cp_window_project_changed (self->window, field->key);
  return TRUE;
}

/* What was typed and not yet committed in @row, committed as Enter would;
 * TRUE when the row refused it (its reason then shows under its title). */
static gboolean
commit_row_edit (CpFieldRow *row)
{
  g_autofree char *error_before = g_strdup (cp_field_row_get_error (row));
  const char *error_after;

  cp_field_row_commit_edit (row);
  error_after = cp_field_row_get_error (row);
  return error_after != NULL && g_strcmp0 (error_before, error_after) != 0;
}

/* A preferences window keeps what was typed when it closes, by its close
 * button or Escape, as libadwaita's entry rows do with apply on close: a
 * name typed under Reviewed by and not confirmed with Enter was lost
 * (walkthrough 21). A value just refused keeps the window open on it, its
 * reason shown, so that it does not vanish unseen; closing again leaves
 * the project's last valid value. */
static gboolean
cp_preferences_window_close_request (GtkWindow *window)
{
  CpPreferencesWindow *self = CP_PREFERENCES_WINDOW (window);
  CpFieldRow *refused = NULL;
  CpFieldRow * const *groups[] = { self->report_rows, self->setting_rows, &self->project_budget_row, self->budget_rows };
  const guint sizes[] = { G_N_ELEMENTS (self->report_rows), G_N_ELEMENTS (self->setting_rows), 1,
                          G_N_ELEMENTS (self->budget_rows) };

  for (guint g = 0; g < G_N_ELEMENTS (groups); g++)
    for (guint i = 0; i < sizes[g]; i++)
      if (commit_row_edit (groups[g][i]) && refused == NULL)
        refused = groups[g][i];
  if (refused != NULL)
    {
      GtkWidget *page = gtk_widget_get_ancestor (GTK_WIDGET (refused), ADW_TYPE_PREFERENCES_PAGE);

      if (page != NULL)
        adw_preferences_window_set_visible_page (ADW_PREFERENCES_WINDOW (self), ADW_PREFERENCES_PAGE (page));
      gtk_widget_grab_focus (cp_field_row_get_input (refused));
      return TRUE;
    }
  if (GTK_WINDOW_CLASS (cp_preferences_window_parent_class)->close_request != NULL)
    return GTK_WINDOW_CLASS (cp_preferences_window_parent_class)->close_request (window);
  return FALSE;
}

/* Escape in a field's entry closes the window, keeping what was typed;
 * the row's own Escape, which gives back the saved value, suits a form
 * beside the results, not a dialog that Escape dismisses. */
static gboolean
on_field_escape (GtkEventControllerKey *controller,
                 guint                  keyval,
                 guint                  keycode,
                 GdkModifierType        state,
                 CpPreferencesWindow   *self)
{
  if (keyval != GDK_KEY_Escape || (state & gtk_accelerator_get_default_mod_mask ()) != 0)
    return FALSE;
  gtk_window_close (GTK_WINDOW (self));
  return TRUE;
}

static void
close_on_escape (CpPreferencesWindow *self,
                 CpFieldRow          *row)
{
  GtkWidget *input = cp_field_row_get_input (row);
  GtkEventController *keys;

  if (!GTK_IS_EDITABLE (input))
    return;
  keys = gtk_event_controller_key_new ();
  gtk_event_controller_set_propagation_phase (keys, GTK_PHASE_CAPTURE);
  g_signal_connect (keys, "key-pressed", G_CALLBACK (on_field_escape), self);
  gtk_widget_add_controller (input, keys);
}

CpFieldRow *
cp_preferences_window_get_report_row (CpPreferencesWindow *self,
                                      const char          *key)
{
  g_return_val_if_fail (CP_IS_PREFERENCES_WINDOW (self), NULL);

  for (guint i = 0; i < G_N_ELEMENTS (self->report_rows); i++)
    if (g_strcmp0 (cp_field_row_get_field (self->report_rows[i])->key, key) == 0)
      return self->report_rows[i];
  return NULL;
}

CpFieldRow *
cp_preferences_window_get_setting_row (CpPreferencesWindow *self,
                                       const char          *key)
{
  g_return_val_if_fail (CP_IS_PREFERENCES_WINDOW (self), NULL);

  for (guint i = 0; i < G_N_ELEMENTS (self->setting_rows); i++)
    if (g_strcmp0 (cp_field_row_get_field (self->setting_rows[i])->key, key) == 0)
      return self->setting_rows[i];
  for (guint i = 0; i < G_N_ELEMENTS (self->budget_rows); i++)
    if (g_strcmp0 (cp_field_row_get_field (self->budget_rows[i])->key, key) == 0)
      return self->budget_rows[i];
  if (g_strcmp0 (key, project_budget_field.key) == 0)
    return self->project_budget_row;
  return NULL;
}

/* What the window leaves of its parent above and below: about a header
 * bar's height, so that the project's title stays in sight. */
#define PARENT_MARGIN_PX 48

GtkWidget *
cp_preferences_window_new (GSettings *settings,
                           CpWindow  *window)
{
  CpPreferencesWindow *self = g_object_new (CP_TYPE_PREFERENCES_WINDOW,
                                            "transient-for", window,
                                            NULL);

  self->loading = TRUE;

  /* As tall as its window allows, less about a header bar's height each
   * side: the .ui's 640 px left most of the project's page below a
   * scroll in a 1600 × 1000 window (issue 26). A window not yet shown
   * keeps the .ui's height. */
  if (window != NULL && gtk_widget_get_height (GTK_WIDGET (window)) > 2 * PARENT_MARGIN_PX)
    {
      int width, height;

      gtk_window_get_default_size (GTK_WINDOW (self), &width, &height);
      gtk_window_set_default_size (GTK_WINDOW (self), width,
                                   gtk_widget_get_height (GTK_WIDGET (window)) - 2 * PARENT_MARGIN_PX);
    }

  if (settings != NULL)
    {
      self->settings = g_object_ref (settings);
      g_settings_bind (settings, "autosave", self->autosave_switch, "active", G_SETTINGS_BIND_DEFAULT);
    }
  else
    gtk_widget_set_sensitive (GTK_WIDGET (self->autosave_switch), FALSE);

  if (window != NULL && cp_window_get_project (window) != NULL)
    {
      const CpProject *project = cp_window_get_project (window);
      const char *lang = project->report_language;

      g_set_weak_pointer (&self->window, window);
      adw_combo_row_set_selected (self->language_row,
                                  lang == NULL || *lang == '\0' ? 0 : g_str_has_prefix (lang, "zh") ? 2 : 1);
      adw_combo_row_set_selected (self->memory_unit_row, project->settings.memory_unit);
      adw_combo_row_set_selected (self->bytes_convention_row, project->settings.bytes_convention);
      load_setting_rows (self, project);
    }
  else
    {
      gtk_widget_set_sensitive (GTK_WIDGET (self->language_row), FALSE);
      gtk_widget_set_visible (GTK_WIDGET (self->conventions_group), FALSE);
      gtk_widget_set_visible (GTK_WIDGET (self->assumptions_group), FALSE);
      gtk_widget_set_visible (GTK_WIDGET (self->ranges_group), FALSE);
      gtk_widget_set_visible (GTK_WIDGET (self->report_page), FALSE);
    }

  self->loading = FALSE;

  return GTK_WIDGET (self);
}

static void
cp_preferences_window_dispose (GObject *object)
{
  CpPreferencesWindow *self = (CpPreferencesWindow *) object;

  g_clear_weak_pointer (&self->window);
  g_clear_object (&self->settings);

  G_OBJECT_CLASS (cp_preferences_window_parent_class)->dispose (object);
}

/* Opened on a page other than the first (Report Sign-Off opens the
 * Report page), the focus starts in that page: GTK gave it to the first
 * tab of the switcher, and "General" looked chosen (walkthrough 22). */
static void
cp_preferences_window_show (GtkWidget *widget)
{
  AdwPreferencesWindow *window = ADW_PREFERENCES_WINDOW (widget);
  AdwPreferencesPage *page = adw_preferences_window_get_visible_page (window);

  GTK_WIDGET_CLASS (cp_preferences_window_parent_class)->show (widget);
  if (page != NULL && g_strcmp0 (adw_preferences_page_get_name (page), "report") == 0)
    gtk_widget_child_focus (GTK_WIDGET (page), GTK_DIR_TAB_FORWARD);
}

static void
cp_preferences_window_class_init (CpPreferencesWindowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  GtkWindowClass *window_class = GTK_WINDOW_CLASS (klass);

  object_class->dispose = cp_preferences_window_dispose;
  window_class->close_request = cp_preferences_window_close_request;
  widget_class->show = cp_preferences_window_show;

  gtk_widget_class_set_template_from_resource (widget_class, RESOURCE_PREFIX "/ui/cp-preferences-window.ui");
  gtk_widget_class_bind_template_child (widget_class, CpPreferencesWindow, autosave_switch);
  gtk_widget_class_bind_template_child (widget_class, CpPreferencesWindow, language_row);
  gtk_widget_class_bind_template_child (widget_class, CpPreferencesWindow, conventions_group);
  gtk_widget_class_bind_template_child (widget_class, CpPreferencesWindow, memory_unit_row);
  gtk_widget_class_bind_template_child (widget_class, CpPreferencesWindow, bytes_convention_row);
  gtk_widget_class_bind_template_child (widget_class, CpPreferencesWindow, assumptions_group);
  gtk_widget_class_bind_template_callback (widget_class, on_language_selected);
  gtk_widget_class_bind_template_callback (widget_class, on_convention_selected);
}

static void
setup_whole_choice (GtkSignalListItemFactory *factory,
                    GtkListItem              *item)
{
  GtkWidget *label = gtk_label_new (NULL);

  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_list_item_set_child (item, label);
}

static void
bind_whole_choice (GtkSignalListItemFactory *factory,
                   GtkListItem              *item)
{
  gtk_label_set_label (GTK_LABEL (gtk_list_item_get_child (item)),
                       gtk_string_object_get_string (gtk_list_item_get_item (item)));
}

/* The choice shown in @row, whole: libadwaita cuts it to give the title
 * and its one-line subtitle their natural width, and the Chinese window
 * read "GiB（框架…" for "GiB（框架口径）" (session 14). Shown whole, the
 * subtitle wraps instead. The popup keeps libadwaita's own rows, with
 * their check mark. */
static void
show_choice_whole (AdwComboRow *row)
{
  GtkListItemFactory *factory = gtk_signal_list_item_factory_new ();

  adw_combo_row_set_list_factory (row, adw_combo_row_get_factory (row));
  g_signal_connect (factory, "setup", G_CALLBACK (setup_whole_choice), NULL);
  g_signal_connect (factory, "bind", G_CALLBACK (bind_whole_choice), NULL);
  adw_combo_row_set_factory (row, factory);
  g_object_unref (factory);
}

static void
cp_preferences_window_init (CpPreferencesWindow *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));

  show_choice_whole (self->language_row);
  show_choice_whole (self->memory_unit_row);
  show_choice_whole (self->bytes_convention_row);

  for (guint i = 0; i < G_N_ELEMENTS (settings_fields); i++)
    {
      self->setting_rows[i] = cp_field_row_new (&settings_fields[i], commit_setting, self);
      close_on_escape (self, self->setting_rows[i]);
      adw_preferences_group_add (self->assumptions_group, GTK_WIDGET (self->setting_rows[i]));
    }

  /* What the results' low and high figures move, read-only: the spreads
   * come from their sources, not from a preference. */
  self->ranges_group = ADW_PREFERENCES_GROUP (adw_preferences_group_new ());
  gtk_widget_set_name (GTK_WIDGET (self->ranges_group), "ranges");
  adw_preferences_group_set_title (self->ranges_group, _("Ranges of the Assumptions"));
  adw_preferences_group_set_description (self->ranges_group,
                                         _("Each time and cost has a low and a high figure: these assumptions all at their optimistic, then all at their pessimistic end. A figure a trial run measured does not vary."));
  for (guint i = 0; i < CP_N_SPREADS; i++)
    {
      self->range_rows[i] = ADW_ACTION_ROW (adw_action_row_new ());
      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (self->range_rows[i]), cp_words_spread_title (i));
      adw_action_row_set_subtitle_lines (self->range_rows[i], 0);
      gtk_widget_set_name (GTK_WIDGET (self->range_rows[i]), cp_spread_kind_to_string (i));
      adw_preferences_group_add (self->ranges_group, GTK_WIDGET (self->range_rows[i]));
    }
  adw_preferences_page_add (ADW_PREFERENCES_PAGE (gtk_widget_get_ancestor (GTK_WIDGET (self->assumptions_group),
                                                                           ADW_TYPE_PREFERENCES_PAGE)),
                            self->ranges_group);

  /* The project's own report page: who signs it, and when its calendar
   * starts. */
  self->report_group = ADW_PREFERENCES_GROUP (adw_preferences_group_new ());
  gtk_widget_set_name (GTK_WIDGET (self->report_group), "report");
  adw_preferences_group_set_title (self->report_group, _("Report of This Project"));
  adw_preferences_group_set_description (self->report_group,
                                         _("The project’s name, the sign-off on the report’s first page, and the day the project’s calendar starts."));
  for (guint i = 0; i < G_N_ELEMENTS (report_fields); i++)
    {
      self->report_rows[i] = cp_field_row_new (&report_fields[i], commit_report_field, self);
      close_on_escape (self, self->report_rows[i]);
      adw_preferences_group_add (self->report_group, GTK_WIDGET (self->report_rows[i]));
    }
  /* A page of its own, which Report Sign-Off… in the window's menu opens:
   * at the bottom of the general page a lead did not find who signs the
   * report before exporting it (walkthrough 13). The export dialog's
   * Prepared by edits the same field of the project. */
  self->report_page = ADW_PREFERENCES_PAGE (adw_preferences_page_new ());
  gtk_widget_set_name (GTK_WIDGET (self->report_page), "report-page");
  adw_preferences_page_set_name (self->report_page, "report");
  adw_preferences_page_set_title (self->report_page, _("Report"));
  adw_preferences_page_set_icon_name (self->report_page, "x-office-document-symbolic");
  adw_preferences_page_add (self->report_page, self->report_group);
  adw_preferences_window_add (ADW_PREFERENCES_WINDOW (self), self->report_page);

  /* Beside the sign-off: what the approver is asked to sign for. */
  self->budget_group = ADW_PREFERENCES_GROUP (adw_preferences_group_new ());
  gtk_widget_set_name (GTK_WIDGET (self->budget_group), "amount-to-approve");
  adw_preferences_group_set_title (self->budget_group, _("Amount to Approve"));
  adw_preferences_group_set_description (self->budget_group,
                                         _("The report’s amount to approve is the top of the project’s range, plus the contingency, plus VAT when the prices exclude it."));
  self->project_budget_row = cp_field_row_new (&project_budget_field, commit_budget, self);
  close_on_escape (self, self->project_budget_row);
  adw_preferences_group_add (self->budget_group, GTK_WIDGET (self->project_budget_row));
  for (guint i = 0; i < G_N_ELEMENTS (budget_fields); i++)
    {
      self->budget_rows[i] = cp_field_row_new (&budget_fields[i], commit_setting, self);
      close_on_escape (self, self->budget_rows[i]);
      adw_preferences_group_add (self->budget_group, GTK_WIDGET (self->budget_rows[i]));
    }
  adw_preferences_page_add (self->report_page, self->budget_group);
}
