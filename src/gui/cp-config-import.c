/* cp-config-import.c: a model from config.json in the window. */
#include "config.h"

#include <glib/gi18n.h>

#include "planner/cp-units.h"
#include "store/cp-model-config.h"
#include "store/cp-store-async.h"
#include "cp-config-import.h"
#include "cp-window-private.h"

/* A fresh id for a model whose id the project already has. */
static char *
free_model_id (const CpProject *project, const char *id)
{
  char *candidate = g_strdup (id);

  for (guint n = 2; cp_catalog_find_model (project->custom, candidate); n++)
    {
      g_free (candidate);
      candidate = g_strdup_printf ("%s-%u", id, n);
    }
  return candidate;
}

/* Whether the project's own catalogue has @model already: the same name
 * and architecture, as a second import of one file gives (walkthrough 22
 * added it twice without a word). A file of the same name with other
 * figures (a model edited since) is a model of its own. */
static gboolean
same_model_added (const CpProject   *project,
                  const CpModelSpec *model)
{
  for (guint i = 0; project->custom != NULL && i < cp_catalog_n_models (project->custom); i++)
    {
      const CpModelSpec *added = cp_catalog_get_model (project->custom, i);

      if (g_strcmp0 (added->name, model->name) == 0 && added->params == model->params &&
          added->layers == model->layers && added->hidden == model->hidden &&
          added->experts_total == model->experts_total)
        return TRUE;
    }
  return FALSE;
}

/* The figures read from @config and what was assumed, one per line. */
static char *
describe_model (const CpModelConfig *config)
{
  const CpModelSpec *m = &config->model;
  g_autofree char *params = cp_format_count (m->params);
  g_autofree char *active = cp_format_count (m->active_params);
  GString *body = g_string_new (NULL);

  g_string_append_printf (body, _("%s parameters, %s active per token; %u layers, hidden %u, "
                                  "%u heads (%u key/value), FFN %u, vocabulary %u."),
                          params, active, m->layers, m->hidden, m->heads, m->kv_heads, m->ffn, m->vocab);
  if (m->experts_total > 1)
    {
      g_string_append_c (body, '\n');
      g_string_append_printf (body, _("%u experts, %u per token, %u shared, expert FFN %u, "
                                      "%u leading dense layers."),
                              m->experts_total, m->experts_active, m->shared_experts,
                              cp_model_spec_expert_ffn (m), m->dense_layers);
    }
  if (m->kv_lora_rank > 0)
    {
      g_string_append_c (body, '\n');
      g_string_append_printf (body, _("Multi-head latent attention: kv rank %u, q rank %u."),
                              m->kv_lora_rank, m->q_lora_rank);
    }
  for (guint i = 0; i < config->notes->len; i++)
    {
      g_string_append_c (body, '\n');
      g_string_append_printf (body, _("Assumed: %s"), (const char *) g_ptr_array_index (config->notes, i));
    }
  return g_string_free (body, FALSE);
}

static void
on_details_clicked (AdwToast *toast,
                    CpWindow *window)
{
  const char *heading = g_object_get_data (G_OBJECT (toast), "heading");
  const char *body = g_object_get_data (G_OBJECT (toast), "body");
  AdwMessageDialog *dialog = ADW_MESSAGE_DIALOG (adw_message_dialog_new (GTK_WINDOW (window), heading, body));

  adw_message_dialog_add_response (dialog, "close", _("_Close"));
  gtk_window_present (GTK_WINDOW (dialog));
}

/* A success is said in a toast (HIG: no dialog to dismiss when nothing
 * went wrong); what was read and assumed is one click away. */
static void
show_model (CpWindow *window, const CpModelConfig *config)
{
  g_autofree char *params = cp_format_count (config->model.params);
  /* TRANSLATORS: a toast; %s is a model's name, then its parameter count such as 72.7B */
  g_autofree char *title = g_strdup_printf (_("Model “%s” added, %s parameters"), config->model.name, params);
  AdwToast *toast = adw_toast_new (title);

  g_object_set_data_full (G_OBJECT (toast), "heading",
                          g_strdup_printf (_("Model “%s” Added"), config->model.name), g_free);
  g_object_set_data_full (G_OBJECT (toast), "body", describe_model (config), g_free);
  adw_toast_set_button_label (toast, _("_Details"));
  g_signal_connect_object (toast, "button-clicked", G_CALLBACK (on_details_clicked), window, 0);
  /* Until dismissed, as a written report's: Details is the only way to
   * what was read from the file. */
  adw_toast_set_timeout (toast, 0);
  _cp_window_add_toast (window, toast);
}

static void
read_config_cb (GObject      *source,
                GAsyncResult *result,
                gpointer      user_data)
{
  g_autoptr(CpWindow) window = user_data;
  g_autoptr(GError) error = NULL;
  g_autoptr(CpModelConfig) config = cp_model_config_read_file_finish (result, &error);
  CpProject *project;

  if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    return;
  if (config == NULL)
    {
      cp_window_show_error (window, _("Could Not Import the Model"), error);
      return;
    }
  project = cp_window_get_project (window);
  if (same_model_added (project, &config->model))
    {
      /* TRANSLATORS: a toast; %s is a model's name */
      g_autofree char *title = g_strdup_printf (_("Model “%s” is already in the catalogue"), config->model.name);

      _cp_window_toast (window, title);
      return;
    }
  {
    char *id = free_model_id (project, config->model.id);
    g_free (config->model.id);
    config->model.id = id;
  }
  cp_catalog_add_model (project->custom, &config->model);
  cp_window_project_changed (window, "catalog");
  show_model (window, config);
}

static void
on_response (GtkNativeDialog *native,
             int              response,
             CpWindow        *window)
{
  g_autoptr(GFile) file = NULL;
  g_autofree char *path = NULL;

  if (response == GTK_RESPONSE_ACCEPT)
    file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (native));
  g_object_unref (native);
  if (file == NULL || (path = g_file_get_path (file)) == NULL)
    return;

  /* Read on a worker, off the main loop (issue 24); the window stays
   * alive until the callback. */
  cp_model_config_read_file_async (path, NULL, read_config_cb, g_object_ref (window));
}

void
cp_config_import_choose (CpWindow *window)
{
  GtkFileChooserNative *native;
  g_autoptr(GtkFileFilter) filter = gtk_file_filter_new ();

  native = gtk_file_chooser_native_new (_("Import Model from config.json"), GTK_WINDOW (window),
                                        GTK_FILE_CHOOSER_ACTION_OPEN, _("_Import"), _("_Cancel"));
  gtk_native_dialog_set_modal (GTK_NATIVE_DIALOG (native), TRUE);
  gtk_file_filter_set_name (filter, _("Hugging Face model configuration (config.json)"));
  gtk_file_filter_add_pattern (filter, "*.json");
  gtk_file_filter_add_mime_type (filter, "application/json");
  gtk_file_chooser_add_filter (GTK_FILE_CHOOSER (native), filter);
  g_signal_connect (native, "response", G_CALLBACK (on_response), window);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (native));
}
