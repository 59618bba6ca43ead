/* cp-import-dialog.c: the vendor sheet import preview.
 *
 * Reading a sheet of a few thousand rows takes a good part of a second:
 * the file is read on a worker of the store's (cp-store-async.h), its
 * rows on one of this dialog's, one piece of work at a time, each with
 * its own GCancellable so that a newer one (another file, another
 * mapping) or a close drops it. The rows are
 * listed in a GtkListView, which makes widgets only for the rows in view.
 * What the main thread still does comes in pieces that leave room for a
 * frame: a column's row a few at a time, and the reading a new one
 * replaces is freed on a worker (10,000 rows took 40 ms to free).
 */
#include "config.h"

#include <glib/gi18n.h>
#include <time.h>

#include "planner/cp-quote.h"
#include "store/cp-store-async.h"

#include "cp-import-dialog.h"
#include "cp-import-row.h"

/* As the window's exports: work that ends sooner shows no progress. */
#define PROGRESS_DELAY_MS 300
/* GTK 4.8's list view makes widgets for up to 200 rows
 * (GTK_LIST_VIEW_MAX_LIST_ITEMS), whatever is in view: 0.7 to 1.5 ms each
 * here, by the machine's load and the rows' text. The rows are handed to
 * it a few a frame, so that no frame waits for all 200: a fixed 10 a
 * frame took 10–20 ms of main-thread CPU a frame (bench-window --import).
 * So the count follows what the last frame cost: each frame that gives
 * rows is timed (its tick to its paint, the main thread's CPU time) and
 * the next one gets as many rows as fit in FRAME_BUDGET_MS at that rate.
 * Half of a 60 Hz frame: the frame's own style, layout and paint, and the
 * main window's frame, come on top. */
#define FRAME_BUDGET_MS 8.0
/* A new reading starts with this many rows a frame, and a frame gets at
 * most twice as many as the last: the first frames of a reading time
 * what a row costs before more are risked. */
#define ROWS_PER_FRAME 4
#define LIST_VIEW_MAX_WIDGETS 200
/* An AdwComboRow takes about 1.7 ms to make here (its popover and list
 * view come with it), and the frame that shows it lays it out: ten
 * columns at once held the main loop 17–19 ms, and three a frame, with
 * the rows growing in the same frames, still made that frame the
 * longest turn of a 10,000-row import (14–24 ms of CPU time, bench-window
 * --import at load 8–11; one a frame: 12–17 ms). */
#define COLUMNS_PER_TURN 1
/* A new reading lists its rows from the top again, ROWS_PER_FRAME at
 * first: dropping the 200 widgets of the last one at once took 12 ms, so
 * they go this many a frame while the worker reads. */
#define ROWS_DROPPED_PER_FRAME 40

struct _CpImportDialog
{
  AdwWindow            parent_instance;

  GtkButton           *accept_button;
  AdwActionRow        *file_row;
  AdwActionRow        *summary_row;
  AdwComboRow         *sheet_row;   /* a workbook's sheets; hidden for CSV */
  AdwEntryRow         *vendor_row;  /* the vendor of rows that name none, as detected or typed */
  GtkSpinner          *spinner;
  AdwPreferencesGroup *columns_group;
  GtkListView         *rows_view;
  GtkLabel            *row_details; /* the selected row's whole text, wrapped */

  CpProject           *project;     /* a copy: the rows are read with its catalogue and settings */
  char                *path;        /* the file shown */
  char                *vendor;      /* the vendor the user applied, kept for another sheet; NULL: detected */
  CpQuoteSheet        *sheet;       /* NULL until a file is read, or when it could not be */
  CpQuoteCsvResult    *result;      /* the rows as the mapping shown reads them */
  GListStore          *rows;        /* CpImportRow, one per row of the reading shown */
  GtkSliceListModel   *shown_rows;  /* the start of rows that rows_view has been given */
  guint                grow_id;     /* rows_view's tick callback that gives it more */
  GdkFrameClock       *grow_clock;  /* rows_view's frame clock while it grows */
  gulong               grown_id;    /* its after-paint handler that times the frames */
  guint                grow_rows;   /* rows the frame under way gave; 0: none */
  double               grow_cpu_ms; /* the main thread's CPU time when it gave them */
  guint                rows_per_frame; /* what the next frame may give, from the last frame's cost */
  guint                shrink_id;   /* the one that takes rows from it, before a new reading */
  GPtrArray           *combos;      /* AdwComboRow*, one per column, in column order */
  GtkStringList       *fields;      /* the combos' choices, while they are made */
  guint                columns_id;  /* the dialog's tick callback that makes the next combos */
  GCancellable        *cancellable; /* the work running, or the last one */
  gboolean             working;     /* a worker is reading for the dialog */
  struct _Reading     *pending;     /* read, waiting for shrink_id to end */
  gboolean             busy;        /* working, or combos still to make */
  guint                progress_id;
};

G_DEFINE_FINAL_TYPE (CpImportDialog, cp_import_dialog, ADW_TYPE_WINDOW)

enum {
  PROP_0,
  PROP_BUSY,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

enum {
  SIGNAL_QUOTES_ACCEPTED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static void read_rows (CpImportDialog *self);
static void free_in_thread (gpointer       data,
                            GDestroyNotify free_func);
static void start_shrinking (CpImportDialog *self);
typedef struct _Reading Reading;
static void reading_free (Reading *reading);

/* Combo positions: 0 is "not used", then the fields in CpQuoteColumn order. */
static int
field_at_position (guint position)
{
  return position == 0 ? CP_QUOTE_COLUMN_UNUSED : (int) position - 1;
}

static guint
position_of_field (int field)
{
  return field == CP_QUOTE_COLUMN_UNUSED ? 0 : (guint) field + 1;
}

static gboolean
show_progress (gpointer user_data)
{
  CpImportDialog *self = user_data;

  self->progress_id = 0;
  gtk_widget_set_visible (GTK_WIDGET (self->spinner), TRUE);
  gtk_spinner_start (self->spinner);
  adw_action_row_set_subtitle (self->summary_row, _("Reading the sheet…"));
  return G_SOURCE_REMOVE;
}

/* The progress of a reading is over, or never to be shown. */
static void
stop_progress (CpImportDialog *self)
{
  g_clear_handle_id (&self->progress_id, g_source_remove);
  gtk_spinner_stop (self->spinner);
  gtk_widget_set_visible (GTK_WIDGET (self->spinner), FALSE);
}

static void
set_busy (CpImportDialog *self,
          gboolean        busy)
{
  g_clear_handle_id (&self->progress_id, g_source_remove);
  if (busy)
    self->progress_id = g_timeout_add (PROGRESS_DELAY_MS, show_progress, self);
  else
    stop_progress (self);
  /* Rows read with another mapping than the one shown import nothing. */
  if (busy)
    gtk_widget_action_set_enabled (GTK_WIDGET (self), "import.accept", FALSE);
  if (self->busy == busy)
    return;
  self->busy = busy;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_BUSY]);
}

/* What a worker's callback gets. It holds no reference on the dialog:
 * closing it (gtk_window_destroy) drops the last one, dispose cancels, and
 * a cancelled callback touches nothing. */
typedef struct {
  CpImportDialog *dialog;       /* alive while cancellable is not cancelled */
  GCancellable   *cancellable;
} Work;

static void
work_free (Work *work)
{
  g_object_unref (work->cancellable);
  g_free (work);
}

G_DEFINE_AUTOPTR_CLEANUP_FUNC (Work, work_free)

/* Drops the work running and starts marking the new one. */
static Work *
start_work (CpImportDialog *self)
{
  Work *work = g_new0 (Work, 1);

  if (self->cancellable != NULL)
    g_cancellable_cancel (self->cancellable);
  g_clear_object (&self->cancellable);
  self->cancellable = g_cancellable_new ();
  work->dialog = self;
  work->cancellable = g_object_ref (self->cancellable);
  self->working = TRUE;
  /* A reading read for the work dropped is not shown. */
  free_in_thread (g_steal_pointer (&self->pending), (GDestroyNotify) reading_free);
  start_shrinking (self);
  set_busy (self, TRUE);
  return work;
}

/* The worker's reading is in: the dialog is idle once its combos are
 * made too. */
static void
end_work (CpImportDialog *self)
{
  self->working = FALSE;
  /* The reading is in, whatever it says, while the columns' combos may
   * still be made: its progress shown later wrote "Reading the sheet…"
   * over the error, its spinner turning (walk38 F3). */
  stop_progress (self);
  if (self->columns_id == 0)
    set_busy (self, FALSE);
}

/* What a worker frees, away from the main thread. */
typedef struct {
  gpointer       data;
  GDestroyNotify free_func;
} Garbage;

static void
free_garbage_in_thread (GTask        *task,
                        gpointer      source_object,
                        gpointer      task_data,
                        GCancellable *cancellable)
{
  Garbage *garbage = task_data;

  g_clear_pointer (&garbage->data, garbage->free_func);
  g_task_return_boolean (task, TRUE);
}

/* Frees @data with @free_func on a worker: a reading of 10,000 rows and
 * its 10,000 list items are 40 ms of freeing. Nothing else may hold it;
 * GObjects in it may, their last reference dropped wherever it is. */
static void
free_in_thread (gpointer       data,
                GDestroyNotify free_func)
{
  g_autoptr(GTask) task = NULL;
  Garbage *garbage;

  if (data == NULL)
    return;
  garbage = g_new (Garbage, 1);
  garbage->data = data;
  garbage->free_func = free_func;
  task = g_task_new (NULL, NULL, NULL, NULL);
  g_task_set_source_tag (task, free_in_thread);
  g_task_set_task_data (task, garbage, g_free);
  g_task_run_in_thread (task, free_garbage_in_thread);
}

/* The dialog the work was for, or NULL when a newer piece of work or a
 * close dropped it. */
static CpImportDialog *
work_dialog (Work         *work,
             const GError *error)
{
  if (g_cancellable_is_cancelled (work->cancellable) ||
      g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    return NULL;
  return work->dialog;
}

/* The main thread's CPU time: what a frame cost it, whatever else the
 * machine runs meanwhile (bench-window's measure too). */
static double
thread_cpu_ms (void)
{
  struct timespec ts;

  if (clock_gettime (CLOCK_THREAD_CPUTIME_ID, &ts) != 0)
    return g_get_monotonic_time () / 1000.0;
  return ts.tv_sec * 1000.0 + ts.tv_nsec / 1e6;
}

/* The frame that gave grow_rows rows is painted: the next one gives as
 * many as FRAME_BUDGET_MS holds at what this one cost a row (its fixed
 * part counted in, so the count stays on the safe side). */
static void
on_grown_frame_painted (GdkFrameClock  *clock,
                        CpImportDialog *self)
{
  double cost_ms = thread_cpu_ms () - self->grow_cpu_ms;
  guint fit;

  if (self->grow_rows == 0)
    return;
  fit = cost_ms > 0 ? (guint) (self->grow_rows * FRAME_BUDGET_MS / cost_ms) : 2 * self->grow_rows;
  self->rows_per_frame = CLAMP (fit, 1, 2 * self->grow_rows);
  self->grow_rows = 0;
}

static void
stop_growing (CpImportDialog *self)
{
  if (self->grow_id != 0)
    gtk_widget_remove_tick_callback (GTK_WIDGET (self->rows_view), self->grow_id);
  self->grow_id = 0;
  /* A closed dialog's clock went with its surface, and its handlers. */
  if (self->grow_clock != NULL && g_signal_handler_is_connected (self->grow_clock, self->grown_id))
    g_signal_handler_disconnect (self->grow_clock, self->grown_id);
  self->grown_id = 0;
  g_clear_object (&self->grow_clock);
  self->grow_rows = 0;
}

static gboolean
grow_shown_rows (GtkWidget     *widget,
                 GdkFrameClock *clock,
                 gpointer       user_data)
{
  CpImportDialog *self = user_data;
  guint shown = gtk_slice_list_model_get_size (self->shown_rows);
  guint size = shown + self->rows_per_frame;

  if (size < LIST_VIEW_MAX_WIDGETS && size < g_list_model_get_n_items (G_LIST_MODEL (self->rows)))
    {
      self->grow_rows = size - shown;
      self->grow_cpu_ms = thread_cpu_ms ();
      gtk_slice_list_model_set_size (self->shown_rows, size);
      return G_SOURCE_CONTINUE;
    }
  /* Past the widgets the list view keeps, more rows cost it nothing. */
  gtk_slice_list_model_set_size (self->shown_rows, G_MAXUINT);
  self->grow_id = 0;
  stop_growing (self);
  return G_SOURCE_REMOVE;
}

static void show_reading (CpImportDialog *self,
                          Reading        *reading);

static void
stop_shrinking (CpImportDialog *self)
{
  if (self->shrink_id != 0)
    gtk_widget_remove_tick_callback (GTK_WIDGET (self->rows_view), self->shrink_id);
  self->shrink_id = 0;
}

/* Takes ROWS_DROPPED_PER_FRAME rows off the list a frame, down to
 * ROWS_PER_FRAME; a reading that came meanwhile is shown then. */
static gboolean
shrink_shown_rows (GtkWidget     *widget,
                   GdkFrameClock *clock,
                   gpointer       user_data)
{
  CpImportDialog *self = user_data;
  /* Past LIST_VIEW_MAX_WIDGETS rows have no widgets to drop. */
  guint size = MIN (MIN (gtk_slice_list_model_get_size (self->shown_rows),
                         g_list_model_get_n_items (G_LIST_MODEL (self->rows))), LIST_VIEW_MAX_WIDGETS);

  size = size > ROWS_PER_FRAME + ROWS_DROPPED_PER_FRAME ? size - ROWS_DROPPED_PER_FRAME : ROWS_PER_FRAME;
  gtk_slice_list_model_set_size (self->shown_rows, size);
  if (size > ROWS_PER_FRAME)
    return G_SOURCE_CONTINUE;
  self->shrink_id = 0;
  if (self->pending != NULL)
    {
      Reading *reading = g_steal_pointer (&self->pending);

      end_work (self);
      show_reading (self, reading);
      reading_free (reading);
    }
  return G_SOURCE_REMOVE;
}

/* Starts taking rows off a list shown, for a new reading. A dialog not on
 * screen has no frames and no widgets to drop. */
static void
start_shrinking (CpImportDialog *self)
{
  guint shown = MIN (gtk_slice_list_model_get_size (self->shown_rows),
                     g_list_model_get_n_items (G_LIST_MODEL (self->rows)));

  stop_growing (self);
  if (self->shrink_id == 0 && shown > ROWS_PER_FRAME + ROWS_DROPPED_PER_FRAME &&
      gtk_widget_get_mapped (GTK_WIDGET (self->rows_view)))
    self->shrink_id = gtk_widget_add_tick_callback (GTK_WIDGET (self->rows_view), shrink_shown_rows, self, NULL);
}

/* Lists @n_rows @rows in place of the rows listed, in a new store: the
 * old one, and the rows only it holds, are freed on a worker. Splicing
 * 10,000 rows out of the store and 10,000 in took 15 ms here even with
 * the rows finalized elsewhere. */
static void
replace_rows (CpImportDialog *self,
              gpointer       *rows,
              guint           n_rows)
{
  GListStore *old = self->rows;

  stop_shrinking (self);
  self->rows = g_list_store_new (CP_TYPE_IMPORT_ROW);
  g_list_store_splice (self->rows, 0, 0, rows, n_rows);
  gtk_slice_list_model_set_size (self->shown_rows, ROWS_PER_FRAME);
  gtk_slice_list_model_set_model (self->shown_rows, G_LIST_MODEL (self->rows));
  free_in_thread (old, g_object_unref);
}

/* Gives the list view more rows, frame after frame, once the columns'
 * combos are made: on a loaded machine the frames that make row widgets
 * come back to back, and kept the combos waiting a second. */
static void
start_growing (CpImportDialog *self)
{
  if (self->grow_id != 0 || self->columns_id != 0 || self->shrink_id != 0 ||
      gtk_slice_list_model_get_size (self->shown_rows) >= g_list_model_get_n_items (G_LIST_MODEL (self->rows)))
    return;
  self->grow_id = gtk_widget_add_tick_callback (GTK_WIDGET (self->rows_view), grow_shown_rows, self, NULL);
  /* A dialog not on screen has no frames to time, nor to wait for. */
  self->grow_clock = gtk_widget_get_frame_clock (GTK_WIDGET (self->rows_view));
  if (self->grow_clock != NULL)
    self->grown_id = g_signal_connect (g_object_ref (self->grow_clock), "after-paint",
                                       G_CALLBACK (on_grown_frame_painted), self);
}

static void
show_rows (CpImportDialog *self,
           GPtrArray      *rows)
{
  replace_rows (self, rows->pdata, rows->len);
  start_growing (self);
}

/* A problem of the whole file or mapping: nothing can be imported. */
static void
show_problem (CpImportDialog *self,
              const char     *message,
              const char     *advice)
{
  g_autoptr(GPtrArray) rows = g_ptr_array_new_with_free_func (g_object_unref);

  free_in_thread (g_steal_pointer (&self->result), (GDestroyNotify) cp_quote_csv_result_free);
  g_ptr_array_add (rows, cp_import_row_new (message, advice, FALSE));
  show_rows (self, rows);
  adw_action_row_set_subtitle (self->summary_row, message);
  gtk_button_set_label (self->accept_button, _("_Import"));
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "import.accept", FALSE);
}

static CpImportRow *
describe_row (const CpQuoteCsvRow    *row,
              const CpQuoteCsvResult *result,
              const CpQuoteSheet     *sheet)
{
  const CpSettings *settings = cp_quote_sheet_get_settings (sheet);
  g_autoptr(GString) subtitle = g_string_new (NULL);
  g_autofree char *title = NULL;
  g_autofree char *place = cp_quote_sheet_format_place (sheet, row->line, TRUE);

  if (row->quote_index >= 0)
    {
      const CpQuote *quote = g_ptr_array_index (result->quotes, row->quote_index);
      g_autofree char *text = cp_quote_describe (quote, settings);
      if (row->incomplete->len > 0)
        /* Translators: where the row is ("Line 7", "Row 7 of sheet “报价”") and a description of the quote */
        title = g_strdup_printf (_("%s, imported as incomplete: %s"), place, text);
      else
        /* Translators: where the row is ("Line 7", "Row 7 of sheet “报价”") and a description of the quote */
        title = g_strdup_printf (_("%s: %s"), place, text);
    }
  else
    /* Translators: where the row is ("Line 7", "Row 7 of sheet “报价”") */
    title = g_strdup_printf (_("%s: not imported"), place);

  for (guint w = 0; w < row->warnings->len; w++)
    {
      /* Translators: what to know before relying on an imported quote, "the offer expired on 2026-06-30: …" */
      g_autofree char *line = g_strdup_printf (_("Warning: %s"), (const char *) g_ptr_array_index (row->warnings, w));
      g_string_append_printf (subtitle, "%s%s", subtitle->len ? "\n" : "", line);
    }
  /* A cluster lacking only its network is ranked on one machine, as the
   * results say (_cp_results_view_describe_incomplete()). */
  gboolean one_machine = row->quote_index >= 0 &&
                         cp_quote_get_missing_in (g_ptr_array_index (result->quotes, row->quote_index), settings) ==
                         CP_QUOTE_MISSING_NETWORK;

  for (guint p = 0; p < row->incomplete->len; p++)
    {
      const char *what = g_ptr_array_index (row->incomplete, p);
      g_autofree char *line = one_machine
        /* Translators: a cluster quote imported without its network's NICs or rate, "no NICs or NIC rate for its nodes" */
        ? g_strdup_printf (_("Incomplete: %s (ranked on one machine only until it is filled in)"), what)
        : g_strdup_printf (_("Incomplete: %s (left out of the ranking until it is filled in)"), what);
      g_string_append_printf (subtitle, "%s%s", subtitle->len ? "\n" : "", line);
    }
  for (guint p = 0; p < row->problems->len; p++)
    g_string_append_printf (subtitle, "%s%s", subtitle->len ? "\n" : "",
                            (const char *) g_ptr_array_index (row->problems, p));
  for (guint a = 0; a < row->assumptions->len; a++)
    {
      g_autofree char *line = g_strdup_printf (_("Assumed: %s"),
                                               (const char *) g_ptr_array_index (row->assumptions, a));
      g_string_append_printf (subtitle, "%s%s", subtitle->len ? "\n" : "", line);
    }
  /* A warning or an incomplete quote takes the warning icon, as a row not
   * imported does. */
  return cp_import_row_new (title, subtitle->str,
                            row->quote_index >= 0 && row->incomplete->len == 0 && row->warnings->len == 0);
}

/* One reading of the sheet's rows, made on a worker: the store's result
 * and the rows as the list shows them, described there too (thousands of
 * descriptions are work the main thread need not do). */
struct _Reading {
  CpQuoteCsvResult *result;
  GPtrArray        *rows;          /* CpImportRow */
  guint             n_importable;
};

static void
reading_free (Reading *reading)
{
  g_clear_pointer (&reading->result, cp_quote_csv_result_free);
  g_clear_pointer (&reading->rows, g_ptr_array_unref);
  g_free (reading);
}

/* The store's messages come through gettext in the process's language,
 * the user's, which nothing changes after startup (cp_i18n_push_language
 * changes only the calling thread's report language): safe here. */
static void
read_rows_in_thread (GTask        *task,
                     gpointer      source_object,
                     gpointer      task_data,
                     GCancellable *cancellable)
{
  const CpQuoteSheet *sheet = task_data;
  GError *error = NULL;
  Reading *reading;

  if (g_task_return_error_if_cancelled (task))
    return;
  reading = g_new0 (Reading, 1);
  reading->result = cp_quote_sheet_read (sheet, &error);
  if (reading->result == NULL)
    {
      reading_free (reading);
      g_task_return_error (task, error);
      return;
    }
  reading->rows = g_ptr_array_new_full (reading->result->rows->len, g_object_unref);
  for (guint i = 0; i < reading->result->rows->len; i++)
    {
      const CpQuoteCsvRow *row = g_ptr_array_index (reading->result->rows, i);

      g_ptr_array_add (reading->rows, describe_row (row, reading->result, sheet));
      reading->n_importable += row->quote_index >= 0;
    }
  g_task_return_pointer (task, reading, (GDestroyNotify) reading_free);
}

/* Lists @reading, the rows as the mapping shown reads them. */
static void
show_reading (CpImportDialog *self,
              Reading        *reading)
{
  guint n_rows = reading->result->rows->len;
  guint n_ok = reading->n_importable;
  g_autofree char *summary = NULL;
  g_autofree char *label = NULL;

  free_in_thread (g_steal_pointer (&self->result), (GDestroyNotify) cp_quote_csv_result_free);
  self->result = g_steal_pointer (&reading->result);
  show_rows (self, reading->rows);

  summary = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u of %u row can be imported",
                                          "%u of %u rows can be imported", n_rows),
                             n_ok, n_rows);
  label = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "_Import %u Quote", "_Import %u Quotes", n_ok), n_ok);
  adw_action_row_set_subtitle (self->summary_row, summary);
  gtk_button_set_label (self->accept_button, label);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "import.accept", n_ok > 0);
}

static void
read_rows_cb (GObject      *source,
              GAsyncResult *result,
              gpointer      user_data)
{
  g_autoptr(Work) work = user_data;
  g_autoptr(GError) error = NULL;
  Reading *reading = g_task_propagate_pointer (G_TASK (result), &error);
  CpImportDialog *self = work_dialog (work, error);

  if (self == NULL)
    {
      /* A reading dropped unseen is as large as one shown. */
      free_in_thread (reading, (GDestroyNotify) reading_free);
      return;
    }
  if (reading != NULL && self->shrink_id != 0)
    {
      /* Shown, and the dialog idle, once the last rows are off. */
      self->pending = reading;
      return;
    }
  end_work (self);
  if (reading == NULL)
    show_problem (self, error->message, _("Choose a column for it under Columns."));
  else
    {
      show_reading (self, reading);
      reading_free (reading);
    }
}

/* The rows of a copy of the sheet, its mapping as shown now. */
static void
read_rows (CpImportDialog *self)
{
  Work *work = start_work (self);
  g_autoptr(GTask) task = g_task_new (NULL, work->cancellable, read_rows_cb, work);

  g_task_set_source_tag (task, read_rows);
  g_task_set_task_data (task, cp_quote_sheet_copy (self->sheet), (GDestroyNotify) cp_quote_sheet_free);
  /* A mapping changed again, or a close, wants no old rows. No low
   * priority: it is the callback's too, which the spinner's frames starve. */
  g_task_set_return_on_cancel (task, TRUE);
  g_task_run_in_thread (task, read_rows_in_thread);
}

/* A field guessed from the column's cells says so, with the evidence;
 * one the header named or the user chose says nothing. */
static void
show_evidence (CpImportDialog *self,
               guint           column,
               AdwComboRow    *combo)
{
  const char *evidence = cp_quote_sheet_get_evidence (self->sheet, column);
  const char *label = cp_quote_sheet_get_column_label (self->sheet, column);
  /* A second price ("月租" beside "单价") has no field of its own: the combo
   * shows "Not used" while the rows are priced from it too. */
  gboolean read_beside = g_strcmp0 (label, cp_quote_column_get_label (cp_quote_sheet_get_field (self->sheet, column))) != 0;
  /* Translators: a column's field was guessed from its cells: "5 of 6 cells are GPU names" */
  g_autofree char *text = evidence == NULL ? NULL
                          /* Translators: what a column is read as ("Second price"), and why */
                          : read_beside    ? g_strdup_printf (_("%s: %s"), label, evidence)
                                           : g_strdup_printf (_("Guessed: %s"), evidence);

  adw_action_row_set_subtitle (ADW_ACTION_ROW (combo), text);
}

static void
on_field_selected (AdwComboRow    *combo,
                   GParamSpec     *pspec,
                   CpImportDialog *self)
{
  guint column = GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (combo), "column"));
  int field = field_at_position (adw_combo_row_get_selected (combo));

  if (cp_quote_sheet_get_field (self->sheet, column) == field)
    return;
  cp_quote_sheet_set_field (self->sheet, column, field);
  /* A field has one column: the one that had it shows "not used" now. */
  for (guint i = 0; i < self->combos->len; i++)
    {
      AdwComboRow *other = g_ptr_array_index (self->combos, i);
      guint position = position_of_field (cp_quote_sheet_get_field (self->sheet, i));
      if (other != combo && adw_combo_row_get_selected (other) != position)
        {
          g_signal_handlers_block_by_func (other, on_field_selected, self);
          adw_combo_row_set_selected (other, position);
          g_signal_handlers_unblock_by_func (other, on_field_selected, self);
        }
      show_evidence (self, i, other);
    }
  read_rows (self);
}

static void
stop_columns (CpImportDialog *self)
{
  if (self->columns_id != 0)
    gtk_widget_remove_tick_callback (GTK_WIDGET (self), self->columns_id);
  self->columns_id = 0;
  g_clear_object (&self->fields);
}

static void
clear_columns (CpImportDialog *self)
{
  stop_columns (self);
  for (guint i = 0; i < self->combos->len; i++)
    adw_preferences_group_remove (self->columns_group, g_ptr_array_index (self->combos, i));
  g_ptr_array_set_size (self->combos, 0);
}

/* The next few columns' combos, one frame's worth; the dialog stays busy
 * until the last is made. A combo made later shows the field its column
 * has then. */
static gboolean
build_some_columns (GtkWidget     *widget,
                    GdkFrameClock *clock,
                    gpointer       user_data)
{
  CpImportDialog *self = user_data;
  guint n_columns = cp_quote_sheet_get_n_columns (self->sheet);
  guint end = MIN (self->combos->len + COLUMNS_PER_TURN, n_columns);

  for (guint i = self->combos->len; i < end; i++)
    {
      AdwComboRow *combo = ADW_COMBO_ROW (adw_combo_row_new ());
      const char *header = cp_quote_sheet_get_header (self->sheet, i);

      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (combo), *header ? header : _("(no header)"));
      adw_preferences_row_set_use_markup (ADW_PREFERENCES_ROW (combo), FALSE);
      adw_combo_row_set_model (combo, G_LIST_MODEL (self->fields));
      adw_combo_row_set_selected (combo, position_of_field (cp_quote_sheet_get_field (self->sheet, i)));
      show_evidence (self, i, combo);
      g_object_set_data (G_OBJECT (combo), "column", GUINT_TO_POINTER (i));
      /* Connected after the model and selection are set: both notify. */
      g_signal_connect (combo, "notify::selected", G_CALLBACK (on_field_selected), self);
      adw_preferences_group_add (self->columns_group, GTK_WIDGET (combo));
      g_ptr_array_add (self->combos, combo);
    }
  if (self->combos->len < n_columns)
    return G_SOURCE_CONTINUE;
  self->columns_id = 0;
  g_clear_object (&self->fields);
  if (!self->working)
    set_busy (self, FALSE);
  start_growing (self);
  return G_SOURCE_REMOVE;
}

static void
build_columns (CpImportDialog *self)
{
  stop_columns (self);
  self->fields = gtk_string_list_new (NULL);
  gtk_string_list_append (self->fields, cp_quote_column_get_label (CP_QUOTE_COLUMN_UNUSED));
  for (int f = 0; f < CP_N_QUOTE_COLUMNS; f++)
    gtk_string_list_append (self->fields, cp_quote_column_get_label (f));
  /* In the frames themselves: an idle, even just below the redraw's
   * priority, waited while frames came back to back (the progress
   * spinner's on a loaded machine, all of them under a software GL). A
   * dialog not on screen has no frames: its combos are made at once. */
  if (!gtk_widget_get_mapped (GTK_WIDGET (self)))
    {
      self->columns_id = 1;     /* not a callback's: build_some_columns() clears it */
      while (build_some_columns (GTK_WIDGET (self), NULL, self) == G_SOURCE_CONTINUE)
        ;
      return;
    }
  self->columns_id = gtk_widget_add_tick_callback (GTK_WIDGET (self), build_some_columns, self, NULL);
}

static void on_sheet_selected (AdwComboRow    *row,
                               GParamSpec     *pspec,
                               CpImportDialog *self);

/* A workbook's sheets, the one read selected; the model is set once per
 * file, never from the selection handler. */
static void
show_sheets (CpImportDialog *self)
{
  guint n = cp_quote_sheet_get_n_sheets (self->sheet);
  int shown = cp_quote_sheet_get_sheet (self->sheet);

  g_signal_handlers_block_by_func (self->sheet_row, on_sheet_selected, self);
  if (adw_combo_row_get_model (self->sheet_row) == NULL
      || g_list_model_get_n_items (adw_combo_row_get_model (self->sheet_row)) != n)
    {
      g_autoptr(GtkStringList) names = gtk_string_list_new (NULL);
      for (guint i = 0; i < n; i++)
        gtk_string_list_append (names, cp_quote_sheet_get_sheet_name (self->sheet, i));
      adw_combo_row_set_model (self->sheet_row, G_LIST_MODEL (names));
    }
  if (shown >= 0 && adw_combo_row_get_selected (self->sheet_row) != (guint) shown)
    adw_combo_row_set_selected (self->sheet_row, (guint) shown);
  g_signal_handlers_unblock_by_func (self->sheet_row, on_sheet_selected, self);
  /* One sheet is no choice. */
  gtk_widget_set_visible (GTK_WIDGET (self->sheet_row), n > 1);
}

/* The vendor the user applied stays for another sheet of the file; else
 * the sheet's own (title row, file name), with where it came from. */
static void
show_vendor (CpImportDialog *self)
{
  const char *source;

  if (self->vendor != NULL)
    cp_quote_sheet_set_vendor (self->sheet, self->vendor);
  source = cp_quote_sheet_get_vendor_source (self->sheet);
  gtk_editable_set_text (GTK_EDITABLE (self->vendor_row), cp_quote_sheet_get_vendor (self->sheet)
                                                          ? cp_quote_sheet_get_vendor (self->sheet) : "");
  if (source != NULL)
    {
      /* Translators: where the vendor's name was found ("the title row “…”") */
      g_autofree char *tip = g_strdup_printf (_("For the rows that name no vendor. Read from %s; type another "
                                                "name and press Enter to change it."), source);
      gtk_widget_set_tooltip_text (GTK_WIDGET (self->vendor_row), tip);
    }
  else
    gtk_widget_set_tooltip_text (GTK_WIDGET (self->vendor_row),
                                 _("For the rows that name no vendor: type a name and press Enter."));
  gtk_widget_set_sensitive (GTK_WIDGET (self->vendor_row), TRUE);
}

/* Enter or the apply button: the rows that name no vendor are read again
 * with this one ("" leaves them without). */
static void
on_vendor_applied (AdwEntryRow    *row,
                   CpImportDialog *self)
{
  const char *text = gtk_editable_get_text (GTK_EDITABLE (row));

  if (self->sheet == NULL)
    return;
  g_free (self->vendor);
  self->vendor = g_strstrip (g_strdup (text));
  cp_quote_sheet_set_vendor (self->sheet, self->vendor);
  gtk_widget_set_tooltip_text (GTK_WIDGET (self->vendor_row),
                               _("For the rows that name no vendor: type a name and press Enter."));
  read_rows (self);
}

static void
read_sheet_cb (GObject      *source,
               GAsyncResult *result,
               gpointer      user_data)
{
  g_autoptr(Work) work = user_data;
  g_autoptr(GError) error = NULL;
  CpQuoteSheet *sheet = cp_quote_sheet_new_from_file_finish (result, &error);
  CpImportDialog *self = work_dialog (work, error);

  if (self == NULL)
    {
      g_clear_pointer (&sheet, cp_quote_sheet_free);
      return;
    }
  if (sheet == NULL)
    {
      end_work (self);
      show_problem (self, error->message, _("Choose another file, or correct this one and choose it again."));
      return;
    }
  self->sheet = sheet;
  show_sheets (self);
  show_vendor (self);
  build_columns (self);
  read_rows (self);
}

/* Reads @sheet_index of the file at self->path (-1: the first with rows),
 * dropping what was shown. */
static void
read_sheet (CpImportDialog *self,
            int             sheet_index)
{
  Work *work = start_work (self);

  clear_columns (self);
  free_in_thread (g_steal_pointer (&self->result), (GDestroyNotify) cp_quote_csv_result_free);
  g_clear_pointer (&self->sheet, cp_quote_sheet_free);
  gtk_widget_set_sensitive (GTK_WIDGET (self->vendor_row), FALSE);
  replace_rows (self, NULL, 0);
  adw_action_row_set_subtitle (self->summary_row, NULL);
  gtk_button_set_label (self->accept_button, _("_Import"));
  /* Reading through the store refuses a file too large to be a price list
   * before loading it. */
  cp_quote_sheet_new_from_file_async (self->path, sheet_index, self->project, work->cancellable,
                                      read_sheet_cb, work);
}

static void
on_sheet_selected (AdwComboRow    *row,
                   GParamSpec     *pspec,
                   CpImportDialog *self)
{
  guint selected = adw_combo_row_get_selected (row);

  if (self->path == NULL || selected == GTK_INVALID_LIST_POSITION
      || (self->sheet != NULL && cp_quote_sheet_get_sheet (self->sheet) == (int) selected))
    return;
  read_sheet (self, (int) selected);
}

void
cp_import_dialog_open_file (CpImportDialog *self,
                            const char     *path)
{
  g_autofree char *name = NULL;

  g_return_if_fail (CP_IS_IMPORT_DIALOG (self));
  g_return_if_fail (path != NULL);

  name = g_filename_display_basename (path);
  g_free (self->path);
  self->path = g_strdup (path);
  /* A name typed for one vendor's file is not another's. */
  g_clear_pointer (&self->vendor, g_free);
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (self->file_row), name);
  /* Another file's sheets are another list. */
  g_signal_handlers_block_by_func (self->sheet_row, on_sheet_selected, self);
  adw_combo_row_set_model (self->sheet_row, NULL);
  g_signal_handlers_unblock_by_func (self->sheet_row, on_sheet_selected, self);
  gtk_widget_set_visible (GTK_WIDGET (self->sheet_row), FALSE);
  read_sheet (self, -1);
}

void
cp_import_dialog_add_sheet_filter (GtkFileChooser *chooser)
{
  g_autoptr(GtkFileFilter) filter = gtk_file_filter_new ();

  gtk_file_filter_set_name (filter, _("Quote tables (CSV, Excel, OpenDocument)"));
  gtk_file_filter_add_pattern (filter, "*.csv");
  gtk_file_filter_add_pattern (filter, "*.xlsx");
  gtk_file_filter_add_pattern (filter, "*.ods");
  gtk_file_filter_add_mime_type (filter, "text/csv");
  gtk_file_filter_add_mime_type (filter, "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet");
  gtk_file_filter_add_mime_type (filter, "application/vnd.oasis.opendocument.spreadsheet");
  gtk_file_chooser_add_filter (chooser, filter);
}

gboolean
cp_import_dialog_get_busy (CpImportDialog *self)
{
  g_return_val_if_fail (CP_IS_IMPORT_DIALOG (self), FALSE);

  return self->busy;
}

GListModel *
cp_import_dialog_get_rows (CpImportDialog *self)
{
  g_return_val_if_fail (CP_IS_IMPORT_DIALOG (self), NULL);

  return G_LIST_MODEL (self->rows);
}

/* A label at the end of @box, each of its lines cut short with "…" rather
 * than wrapped: GTK 4.8's list view keeps 200 rows, and measuring that
 * many wrapping labels took about 2 s (bench-window --import; wrapped
 * still, a 10,000-row sheet's longest main-loop turn went from 24 to
 * 96 ms). The row's tooltip and the label under the list (row_selected())
 * have the whole text. */
static GtkWidget *
append_label (GtkWidget *box)
{
  GtkWidget *label = gtk_label_new (NULL);

  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_label_set_ellipsize (GTK_LABEL (label), PANGO_ELLIPSIZE_END);
  gtk_box_append (GTK_BOX (box), label);
  return label;
}

static void
setup_row (GtkSignalListItemFactory *factory,
           GtkListItem              *item)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 12);
  GtkWidget *texts = gtk_box_new (GTK_ORIENTATION_VERTICAL, 3);
  GtkWidget *icon = gtk_image_new ();
  GtkWidget *title = append_label (texts);
  GtkWidget *subtitle = append_label (texts);

  g_object_set (box, "margin-top", 8, "margin-bottom", 8, "margin-start", 12, "margin-end", 12, NULL);
  gtk_widget_set_valign (icon, GTK_ALIGN_START);
  gtk_widget_add_css_class (subtitle, "dim-label");
  gtk_widget_add_css_class (subtitle, "caption");
  gtk_box_append (GTK_BOX (box), icon);
  gtk_box_append (GTK_BOX (box), texts);
  gtk_list_item_set_child (item, box);
  gtk_list_item_set_activatable (item, FALSE);
  g_object_set_data (G_OBJECT (item), "icon", icon);
  g_object_set_data (G_OBJECT (item), "title", title);
  g_object_set_data (G_OBJECT (item), "subtitle", subtitle);
}

/* @complete: the row imports as a complete quote; a row imported
 * incomplete (no price yet) gets the warning icon too, its subtitle
 * saying why. */
static void
bind_row (GtkSignalListItemFactory *factory,
          GtkListItem              *item)
{
  CpImportRow *row = gtk_list_item_get_item (item);
  GtkWidget *icon = g_object_get_data (G_OBJECT (item), "icon");
  GtkWidget *subtitle = g_object_get_data (G_OBJECT (item), "subtitle");
  gboolean complete = cp_import_row_get_complete (row);
  g_autofree char *tooltip = g_strjoin ("\n", cp_import_row_get_title (row), cp_import_row_get_subtitle (row), NULL);

  gtk_image_set_from_icon_name (GTK_IMAGE (icon), complete ? "emblem-ok-symbolic" : "dialog-warning-symbolic");
  gtk_widget_remove_css_class (icon, complete ? "warning" : "success");
  gtk_widget_add_css_class (icon, complete ? "success" : "warning");
  gtk_label_set_text (g_object_get_data (G_OBJECT (item), "title"), cp_import_row_get_title (row));
  gtk_label_set_text (GTK_LABEL (subtitle), cp_import_row_get_subtitle (row));
  gtk_widget_set_visible (subtitle, *cp_import_row_get_subtitle (row) != '\0');
  gtk_widget_set_tooltip_text (gtk_list_item_get_child (item), g_strchomp (tooltip));
}

/* The selected row's title and lines in full, wrapped under the list:
 * cut with "…", the assumptions that say which of a row's two prices is
 * the quote's and how its VAT was read could not be read at 1024 px
 * (walk41b F6). The first row is selected as the rows arrive. */
static void
row_selected (GtkSingleSelection *selection,
              GParamSpec         *pspec,
              CpImportDialog     *self)
{
  CpImportRow *row = gtk_single_selection_get_selected_item (selection);
  g_autofree char *text = row != NULL ? g_strjoin ("\n", cp_import_row_get_title (row),
                                                   cp_import_row_get_subtitle (row), NULL) : NULL;

  gtk_label_set_text (self->row_details, text != NULL ? g_strchomp (text) : "");
  gtk_widget_set_visible (GTK_WIDGET (self->row_details), row != NULL);
}

static void
on_file_chosen (GtkNativeDialog *chooser,
                int              response,
                CpImportDialog  *self)
{
  g_autoptr(GFile) file = response == GTK_RESPONSE_ACCEPT ? gtk_file_chooser_get_file (GTK_FILE_CHOOSER (chooser))
                                                          : NULL;
  g_autofree char *path = file != NULL ? g_file_get_path (file) : NULL;

  g_object_unref (chooser);
  if (path != NULL)
    cp_import_dialog_open_file (self, path);
}

static void
choose_file_action (GtkWidget  *widget,
                    const char *action_name,
                    GVariant   *parameter)
{
  GtkFileChooserNative *chooser = gtk_file_chooser_native_new (_("Import Quotes"), GTK_WINDOW (widget),
                                                               GTK_FILE_CHOOSER_ACTION_OPEN, _("_Import"),
                                                               _("_Cancel"));

  cp_import_dialog_add_sheet_filter (GTK_FILE_CHOOSER (chooser));
  gtk_native_dialog_set_modal (GTK_NATIVE_DIALOG (chooser), TRUE);
  g_signal_connect_object (chooser, "response", G_CALLBACK (on_file_chosen), widget, 0);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (chooser));
}

static void
accept_action (GtkWidget  *widget,
               const char *action_name,
               GVariant   *parameter)
{
  CpImportDialog *self = CP_IMPORT_DIALOG (widget);

  if (self->result == NULL || self->busy)
    return;
  g_signal_emit (self, signals[SIGNAL_QUOTES_ACCEPTED], 0, self->result);
  gtk_window_destroy (GTK_WINDOW (self));
}

static void
cancel_action (GtkWidget  *widget,
               const char *action_name,
               GVariant   *parameter)
{
  gtk_window_destroy (GTK_WINDOW (widget));
}

static void
cp_import_dialog_get_property (GObject    *object,
                               guint       prop_id,
                               GValue     *value,
                               GParamSpec *pspec)
{
  CpImportDialog *self = CP_IMPORT_DIALOG (object);

  switch (prop_id)
    {
    case PROP_BUSY:
      g_value_set_boolean (value, self->busy);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

/* Closing drops the last reference, and stops the reading: its callback
 * then touches nothing. */
static void
cp_import_dialog_dispose (GObject *object)
{
  CpImportDialog *self = CP_IMPORT_DIALOG (object);

  if (self->cancellable != NULL)
    g_cancellable_cancel (self->cancellable);
  g_clear_object (&self->cancellable);
  g_clear_handle_id (&self->progress_id, g_source_remove);
  stop_columns (self);
  stop_shrinking (self);
  free_in_thread (g_steal_pointer (&self->pending), (GDestroyNotify) reading_free);
  stop_growing (self);
  G_OBJECT_CLASS (cp_import_dialog_parent_class)->dispose (object);
}

static void
cp_import_dialog_finalize (GObject *object)
{
  CpImportDialog *self = CP_IMPORT_DIALOG (object);

  g_clear_pointer (&self->result, cp_quote_csv_result_free);
  g_clear_pointer (&self->sheet, cp_quote_sheet_free);
  g_clear_pointer (&self->project, cp_project_free);
  g_clear_pointer (&self->path, g_free);
  g_clear_pointer (&self->vendor, g_free);
  g_clear_object (&self->shown_rows);
  g_clear_object (&self->rows);
  g_clear_pointer (&self->combos, g_ptr_array_unref);
  G_OBJECT_CLASS (cp_import_dialog_parent_class)->finalize (object);
}

static void
cp_import_dialog_class_init (CpImportDialogClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->get_property = cp_import_dialog_get_property;
  object_class->dispose = cp_import_dialog_dispose;
  object_class->finalize = cp_import_dialog_finalize;

  properties[PROP_BUSY] =
    g_param_spec_boolean ("busy", NULL, NULL, FALSE, G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  signals[SIGNAL_QUOTES_ACCEPTED] =
    g_signal_new ("quotes-accepted", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                  G_TYPE_NONE, 1, G_TYPE_POINTER);

  gtk_widget_class_set_template_from_resource (widget_class, RESOURCE_PREFIX "/ui/cp-import-dialog.ui");
  gtk_widget_class_bind_template_child (widget_class, CpImportDialog, accept_button);
  gtk_widget_class_bind_template_child (widget_class, CpImportDialog, file_row);
  gtk_widget_class_bind_template_child (widget_class, CpImportDialog, summary_row);
  gtk_widget_class_bind_template_child (widget_class, CpImportDialog, sheet_row);
  gtk_widget_class_bind_template_callback (widget_class, on_sheet_selected);
  gtk_widget_class_bind_template_child (widget_class, CpImportDialog, vendor_row);
  gtk_widget_class_bind_template_callback (widget_class, on_vendor_applied);
  gtk_widget_class_bind_template_child (widget_class, CpImportDialog, spinner);
  gtk_widget_class_bind_template_child (widget_class, CpImportDialog, columns_group);
  gtk_widget_class_bind_template_child (widget_class, CpImportDialog, rows_view);
  gtk_widget_class_bind_template_child (widget_class, CpImportDialog, row_details);
  gtk_widget_class_install_action (widget_class, "import.accept", NULL, accept_action);
  gtk_widget_class_install_action (widget_class, "import.cancel", NULL, cancel_action);
  gtk_widget_class_install_action (widget_class, "import.choose-file", NULL, choose_file_action);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "import.cancel", NULL);
}

static void
cp_import_dialog_init (CpImportDialog *self)
{
  g_autoptr(GtkListItemFactory) factory = gtk_signal_list_item_factory_new ();
  g_autoptr(GtkSingleSelection) selection = NULL;

  gtk_widget_init_template (GTK_WIDGET (self));
  self->rows_per_frame = ROWS_PER_FRAME;
  self->combos = g_ptr_array_new ();
  self->rows = g_list_store_new (CP_TYPE_IMPORT_ROW);
  g_signal_connect (factory, "setup", G_CALLBACK (setup_row), NULL);
  g_signal_connect (factory, "bind", G_CALLBACK (bind_row), NULL);
  gtk_list_view_set_factory (self->rows_view, factory);
  self->shown_rows = gtk_slice_list_model_new (g_object_ref (G_LIST_MODEL (self->rows)), 0, ROWS_PER_FRAME);
  selection = gtk_single_selection_new (g_object_ref (G_LIST_MODEL (self->shown_rows)));
  g_signal_connect_object (selection, "notify::selected-item", G_CALLBACK (row_selected), self, 0);
  gtk_list_view_set_model (self->rows_view, GTK_SELECTION_MODEL (selection));
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "import.accept", FALSE);
}

/* What the preview leaves of its window on each side: about a header
 * bar's height, so that the window's title stays in sight above it and
 * the preview reads as its dialog. */
#define PARENT_MARGIN_PX 48

CpImportDialog *
cp_import_dialog_new (GtkWindow       *parent,
                      const CpProject *project)
{
  CpImportDialog *self = g_object_new (CP_TYPE_IMPORT_DIALOG, "transient-for", parent, NULL);
  int parent_width = parent != NULL ? gtk_widget_get_width (GTK_WIDGET (parent)) : 0;
  int parent_height = parent != NULL ? gtk_widget_get_height (GTK_WIDGET (parent)) : 0;

  /* As large as its window allows: a sheet's rows and columns are what
   * the user checks before importing, and at 760 × 640 a 1920 × 1080
   * window showed a dozen of them (issue 26). A window not yet shown
   * keeps the .ui's size. */
  if (parent_width > 2 * PARENT_MARGIN_PX && parent_height > 2 * PARENT_MARGIN_PX)
    gtk_window_set_default_size (GTK_WINDOW (self), parent_width - 2 * PARENT_MARGIN_PX,
                                 parent_height - 2 * PARENT_MARGIN_PX);
  self->project = cp_project_copy (project);
  return self;
}
