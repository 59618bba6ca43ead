/* cp-csv-tokenizer.c: a sheet's bytes into records of fields.
 *
 * Owns the encoding (UTF-8 with or without BOM, GB18030, as Excel saves
 * it), the delimiter guess, RFC 4180 quoting and the size limits; knows
 * nothing of what the fields mean (cp-quote-header.c, cp-quote-csv.c). */

#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "cp-csv-tokenizer.h"
#include "cp-file-read.h"

void
cp_csv_record_free (gpointer data)
{
  CpCsvRecord *r = data;

  g_ptr_array_unref (r->fields);
  g_free (r->error);
  g_free (r);
}

gboolean
cp_csv_is_blank (const char *text)
{
  if (text == NULL)
    return TRUE;
  for (; *text; text++)
    if (!g_ascii_isspace (*text))
      return FALSE;
  return TRUE;
}

static gboolean
cp_csv_record_is_blank (const CpCsvRecord *r)
{
  for (guint i = 0; i < r->fields->len; i++)
    if (!cp_csv_is_blank (g_ptr_array_index (r->fields, i)))
      return FALSE;
  return TRUE;
}

static char
detect_delimiter (const char *text)
{
  guint commas = 0, tabs = 0, semicolons = 0;
  gboolean quoted = FALSE;

  /* From the header line only: the first line decides. */
  for (const char *p = text; *p && (quoted || (*p != '\n' && *p != '\r')); p++)
    {
      if (*p == '"')
        quoted = !quoted;
      else if (!quoted && *p == ',')
        commas++;
      else if (!quoted && *p == '\t')
        tabs++;
      else if (!quoted && *p == ';')
        semicolons++;
    }
  if (tabs > commas && tabs >= semicolons)
    return '\t';
  if (semicolons > commas)
    return ';';
  return ',';
}

void
cp_csv_set_too_large (GError **error)
{
  g_set_error (error, CP_QUOTE_CSV_ERROR, CP_QUOTE_CSV_ERROR_TOO_LARGE,
               _("the file is larger than a price list can be (at most %d MiB, %d quotes "
                 "and %d columns); it was not read"),
               CP_QUOTE_CSV_MAX_BYTES / (1024 * 1024), CP_QUOTE_CSV_MAX_RECORDS,
               CP_QUOTE_CSV_MAX_FIELDS);
}

/* RFC 4180, with CR, LF or CRLF line ends; a newline inside quotes is kept
 * as "\n". Stops with an error past CP_QUOTE_CSV_MAX_RECORDS records or
 * CP_QUOTE_CSV_MAX_FIELDS fields in one. */
GPtrArray *
cp_csv_tokenize (const char *text, GError **error)
{
  g_autoptr(GPtrArray) records = g_ptr_array_new_with_free_func (cp_csv_record_free);
  char delim = detect_delimiter (text);
  const char *p = text;
  guint line = 1;

  while (*p)
    {
      CpCsvRecord *r = g_new0 (CpCsvRecord, 1);
      gboolean end_of_record = FALSE;

      r->line = line;
      r->fields = g_ptr_array_new_with_free_func (g_free);

      while (!end_of_record)
        {
          GString *field;

          if (r->fields->len >= CP_QUOTE_CSV_MAX_FIELDS)
            {
              cp_csv_record_free (r);
              cp_csv_set_too_large (error);
              return NULL;
            }
          field = g_string_new (NULL);

          /* Spaces before an opening quote are tolerated. */
          const char *q = p;
          while (*q == ' ')
            q++;
          if (*q == '"')
            {
              guint open_line = line;
              gboolean closed = FALSE;

              p = q + 1;
              while (*p)
                {
                  if (*p == '"' && p[1] == '"')
                    {
                      g_string_append_c (field, '"');
                      p += 2;
                    }
                  else if (*p == '"')
                    {
                      p++;
                      closed = TRUE;
                      break;
                    }
                  else if (*p == '\r' || *p == '\n')
                    {
                      p += (*p == '\r' && p[1] == '\n') ? 2 : 1;
                      g_string_append_c (field, '\n');
                      line++;
                    }
                  else
                    g_string_append_c (field, *p++);
                }
              if (!closed && r->error == NULL)
                r->error = g_strdup_printf (_("line %u: a quoted field is not closed"), open_line);
              /* Text between the closing quote and the delimiter. */
              while (*p == ' ')
                p++;
              if (*p && *p != delim && *p != '\r' && *p != '\n')
                {
                  if (r->error == NULL)
                    r->error = g_strdup_printf (_("line %u: unexpected text after a closing quote"),
                                                line);
                  while (*p && *p != delim && *p != '\r' && *p != '\n')
                    g_string_append_c (field, *p++);
                }
            }
          else
            {
              while (*p && *p != delim && *p != '\r' && *p != '\n')
                g_string_append_c (field, *p++);
            }

          g_ptr_array_add (r->fields, g_string_free (field, FALSE));

          if (*p == delim)
            p++;
          else
            {
              if (*p == '\r' || *p == '\n')
                {
                  p += (*p == '\r' && p[1] == '\n') ? 2 : 1;
                  line++;
                }
              end_of_record = TRUE;
            }
        }

      if (cp_csv_record_is_blank (r) && r->error == NULL)
        cp_csv_record_free (r);
      else if (records->len > CP_QUOTE_CSV_MAX_RECORDS)   /* the header is one more */
        {
          cp_csv_record_free (r);
          cp_csv_set_too_large (error);
          return NULL;
        }
      else
        g_ptr_array_add (records, r);
    }
  return g_steal_pointer (&records);
}

char *
cp_csv_to_utf8 (const char *data, gsize len, GError **error)
{
  const char *nul = memchr (data, '\0', len);

  /* Every later step reads C strings: a NUL would silently end the sheet
   * there, and the lines after it would never be reported. */
  if (nul != NULL)
    {
      guint line = 1;

      for (const char *p = data; p < nul; p++)
        line += *p == '\n';
      g_set_error (error, CP_QUOTE_CSV_ERROR, CP_QUOTE_CSV_ERROR_ENCODING,
                   _("line %u holds a NUL byte, which no text file has; "
                     "export the sheet again as CSV"), line);
      return NULL;
    }
  if (len >= 3 && memcmp (data, "\xef\xbb\xbf", 3) == 0)
    {
      data += 3;
      len -= 3;
    }
  if (g_utf8_validate_len (data, len, NULL))
    return g_strndup (data, len);
  {
    char *converted = g_convert (data, len, "UTF-8", "GB18030", NULL, NULL, NULL);
    if (converted)
      return converted;
  }
  g_set_error (error, CP_QUOTE_CSV_ERROR, CP_QUOTE_CSV_ERROR_ENCODING,
               _("the file is not UTF-8 text; save it as “CSV UTF-8”"));
  return NULL;
}

/* Refuses what cannot be a price list before a byte of it is read. */
char *
cp_csv_read_file_contents (const char *path, gsize *len, GError **error)
{
  return cp_file_read_at_most (path, CP_QUOTE_CSV_MAX_BYTES, CP_QUOTE_CSV_ERROR, CP_QUOTE_CSV_ERROR_IO,
                               cp_csv_set_too_large, len, error);
}
