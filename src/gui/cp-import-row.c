/* cp-import-row.c: one row of the import preview.
 *
 * Immutable: a new reading of the sheet replaces every item in one
 * splice, so a list item never sees its row change.
 */
#include "config.h"

#include "cp-import-row.h"

struct _CpImportRow
{
  GObject   parent_instance;

  char     *title;
  char     *subtitle;
  gboolean  complete;
};

G_DEFINE_FINAL_TYPE (CpImportRow, cp_import_row, G_TYPE_OBJECT)

CpImportRow *
cp_import_row_new (const char *title,
                   const char *subtitle,
                   gboolean    complete)
{
  CpImportRow *self = g_object_new (CP_TYPE_IMPORT_ROW, NULL);

  self->title = g_strdup (title);
  self->subtitle = g_strdup (subtitle != NULL ? subtitle : "");
  self->complete = complete;
  return self;
}

const char *
cp_import_row_get_title (CpImportRow *self)
{
  g_return_val_if_fail (CP_IS_IMPORT_ROW (self), NULL);

  return self->title;
}

const char *
cp_import_row_get_subtitle (CpImportRow *self)
{
  g_return_val_if_fail (CP_IS_IMPORT_ROW (self), NULL);

  return self->subtitle;
}

gboolean
cp_import_row_get_complete (CpImportRow *self)
{
  g_return_val_if_fail (CP_IS_IMPORT_ROW (self), FALSE);

  return self->complete;
}

static void
cp_import_row_finalize (GObject *object)
{
  CpImportRow *self = CP_IMPORT_ROW (object);

  g_free (self->title);
  g_free (self->subtitle);
  G_OBJECT_CLASS (cp_import_row_parent_class)->finalize (object);
}

static void
cp_import_row_class_init (CpImportRowClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = cp_import_row_finalize;
}

static void
cp_import_row_init (CpImportRow *self)
{
}
