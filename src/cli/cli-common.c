/* cli-common.c: option values, tables and XML shared by the subcommands. */
#include "config.h"

#include "cli-common.h"
#include "report/cp-i18n.h"
#include "report/cp-reason-text.h"

#include <gio/gio.h>
#include <glib/gi18n.h>
#include <math.h>
#include <string.h>

#include "planner/cp-units.h"

/* The program name carries the usage line's placeholders ("PROJECT
 * QUOTE") for --help; an error names the command alone. */
static char *
command_name (void)
{
  g_auto(GStrv) words = g_strsplit (g_get_prgname (), " ", -1);
  GString *command = g_string_new (NULL);

  for (guint i = 0; words[i] != NULL && !g_ascii_isupper (words[i][0]); i++)
    g_string_append_printf (command, "%s%s", i > 0 ? " " : "", words[i]);
  return g_string_free (command, FALSE);
}

static int
print_error (int         status,
             const char *format,
             va_list     args)
{
  g_autofree char *message = g_strdup_vprintf (format, args);
  g_autofree char *command = command_name ();

  g_printerr ("%s: %s\n", command, message);
  return status;
}

void
cp_cli_warn_problems (const CpProject *project)
{
  g_autoptr(GPtrArray) problems = cp_project_find_problems (project);

  for (guint i = 0; i < problems->len; i++)
    g_printerr (_("Warning: %s\n"), (const char *) g_ptr_array_index (problems, i));
}

int
cp_cli_usage_error (const char *format,
                    ...)
{
  va_list args;
  int status;

  va_start (args, format);
  status = print_error (CP_CLI_EXIT_USAGE, format, args);
  va_end (args);
  return status;
}

/* The item @text names among @ids (the items' ids in the project's
 * order), by id or by position from 1; a text that is the id of one and
 * the position of another is refused, naming both. */
static int
find_by_id_or_position (const char *const *ids, guint n, const char *option, const char *text,
                        gboolean are_jobs)
{
  guint64 position;
  int found_id = -1, found_position = -1;

  for (guint i = 0; i < n && text != NULL; i++)
    if (g_strcmp0 (ids[i], text) == 0)
      {
        found_id = (int) i;
        break;
      }
  if (text != NULL && g_ascii_string_to_unsigned (text, 10, 1, n, &position, NULL))
    found_position = (int) position - 1;
  if (found_id >= 0 && found_position >= 0 && found_id != found_position)
    {
      if (are_jobs)
        /* TRANSLATORS: an option (--job), what was given ("2"), the position of
         * the job with that id, the id of the job at that position; then how to
         * name each one */
        cp_cli_usage_error (_("%s: “%s” is both the id of job %u and the position of job “%s”; "
                              "write %u for the first or “%s” for the second"),
                            option, text, found_id + 1, ids[found_position], found_id + 1, ids[found_position]);
      else
        /* TRANSLATORS: an option (--quote), what was given ("2"), the position
         * of the quote with that id, the id of the quote at that position; then
         * how to name each one */
        cp_cli_usage_error (_("%s: “%s” is both the id of quote %u and the position of quote “%s”; "
                              "write %u for the first or “%s” for the second"),
                            option, text, found_id + 1, ids[found_position], found_id + 1, ids[found_position]);
      return CP_CLI_AMBIGUOUS;
    }
  if (found_id >= 0)
    return found_id;
  return found_position >= 0 ? found_position : CP_CLI_NOT_FOUND;
}

int
cp_cli_find_job (const CpProject *project, const char *option, const char *text)
{
  g_autofree const char **ids = g_new0 (const char *, project->jobs->len + 1);

  for (guint i = 0; i < project->jobs->len; i++)
    ids[i] = ((const CpJob *) g_ptr_array_index (project->jobs, i))->id;
  return find_by_id_or_position (ids, project->jobs->len, option, text, TRUE);
}

int
cp_cli_find_quote (const CpProject *project, const char *option, const char *text)
{
  g_autofree const char **ids = g_new0 (const char *, project->quotes->len + 1);

  for (guint i = 0; i < project->quotes->len; i++)
    ids[i] = ((const CpQuote *) g_ptr_array_index (project->quotes, i))->id;
  return find_by_id_or_position (ids, project->quotes->len, option, text, FALSE);
}

int
cp_cli_failure (const char *format,
                ...)
{
  va_list args;
  int status;

  va_start (args, format);
  status = print_error (CP_CLI_EXIT_FAILED, format, args);
  va_end (args);
  return status;
}

GOptionContext *
cp_cli_option_context_new (const char *command,
                           const char *summary)
{
  g_autofree char *prgname = g_strconcat ("compute-planner-cli ", command, NULL);
  GOptionContext *context = g_option_context_new (NULL);

  /* GOption prints the program name in "Usage:"; the subcommand belongs
   * there too. */
  g_set_prgname (prgname);
  g_option_context_set_translation_domain (context, GETTEXT_PACKAGE);
  if (summary != NULL)
    g_option_context_set_summary (context, summary);
  return context;
}

/* GOption reads option values in the locale's character set and says
 * only "Invalid byte sequence in conversion input": which option, which
 * value and what to do are said here. */
static void
report_unreadable_argument (char **given)
{
  const char *charset = NULL;

  g_get_charset (&charset);
  for (guint i = 1; given[i] != NULL; i++)
    {
      g_autofree char *converted = g_locale_to_utf8 (given[i], -1, NULL, NULL, NULL);
      const char *value = given[i];
      g_autofree char *option = NULL;
      g_autofree char *shown = NULL;

      if (converted != NULL)
        continue;
      if (g_str_has_prefix (value, "--") && strchr (value, '=') != NULL)
        {
          option = g_strndup (value, strchr (value, '=') - value);
          value = strchr (value, '=') + 1;
        }
      else if (given[i - 1][0] == '-')
        option = g_strdup (given[i - 1]);
      else
        continue;   /* a file name: GOption does not convert those */
      shown = g_utf8_make_valid (value, -1);
      /* TRANSLATORS: an option, its value as typed, and the locale's character set */
      cp_cli_usage_error (_("%s: “%s” cannot be read in this locale’s character set (%s); "
                            "run under a UTF-8 locale, e.g. LANG=C.UTF-8"), option, shown, charset);
      return;
    }
  /* TRANSLATORS: no argument could be singled out; the locale's character set */
  cp_cli_usage_error (_("an argument cannot be read in this locale’s character set (%s); "
                        "run under a UTF-8 locale, e.g. LANG=C.UTF-8"), charset);
}

gboolean
cp_cli_parse_options (GOptionContext   *context,
                      int              *argc,
                      char           ***argv,
                      gboolean          allow_arguments)
{
  g_autoptr(GError) error = NULL;
  /* GOption rewrites argv; the words as given name a value it could not read. */
  g_auto(GStrv) given = g_strdupv (*argv);

  if (!g_option_context_parse (context, argc, argv, &error))
    {
      if (error->domain == G_CONVERT_ERROR)
        report_unreadable_argument (given);
      else
        cp_cli_usage_error ("%s", error->message);
      return FALSE;
    }
  if (!allow_arguments && *argc > 1)
    {
      cp_cli_usage_error (_("unexpected argument “%s”"), (*argv)[1]);
      return FALSE;
    }
  return TRUE;
}

gboolean
cp_cli_parse_project_options (GOptionContext     *context,
                              const GOptionEntry *entries,
                              int                *argc,
                              char             ***argv)
{
  g_option_context_add_main_entries (context, entries, GETTEXT_PACKAGE);
  if (!cp_cli_parse_options (context, argc, argv, TRUE))
    return FALSE;
  if (*argc < 2)
    {
      cp_cli_usage_error (_("missing the project file"));
      return FALSE;
    }
  if (*argc > 2)
    {
      cp_cli_usage_error (_("unexpected argument “%s”"), (*argv)[2]);
      return FALSE;
    }
  return TRUE;
}

static gboolean
option_message (const char *option,
                const char *message)
{
  g_autofree char *command = command_name ();

  g_printerr ("%s: %s: %s\n", command, option, message);
  return FALSE;
}

static gboolean
option_error (const char   *option,
              const GError *error)
{
  return option_message (option, error->message);
}

static gboolean
check_bounds (const char *option,
              const char *text,
              double      value,
              double      min,
              double      max)
{
  char min_text[G_ASCII_DTOSTR_BUF_SIZE];
  char max_text[G_ASCII_DTOSTR_BUF_SIZE];
  g_autofree char *message = NULL;

  if (value >= min && value <= max)
    return TRUE;
  g_ascii_formatd (min_text, sizeof min_text, "%.15g", min);
  g_ascii_formatd (max_text, sizeof max_text, "%.15g", max);
  message = g_strdup_printf (_("“%s” is out of range (%s to %s)"), text, min_text, max_text);
  return option_message (option, message);
}

/* A count from @min to @max; with @zero_allowed, 0 ("none", "not stated")
 * as well. */
static gboolean
parse_count_in_range (const char *option,
                      const char *text,
                      double      min,
                      double      max,
                      gboolean    zero_allowed,
                      double     *out)
{
  g_autoptr(GError) error = NULL;
  double value;

  if (text == NULL)
    return TRUE;
  if (!cp_parse_count (text, &value, &error))
    return option_error (option, error);
  if (!(zero_allowed && value == 0) && !check_bounds (option, text, value, min, max))
    return FALSE;
  *out = value;
  return TRUE;
}

gboolean
cp_cli_parse_count_option (const char *option,
                           const char *text,
                           double      min,
                           double      max,
                           double     *out)
{
  return parse_count_in_range (option, text, min, max, FALSE, out);
}

gboolean
cp_cli_parse_zero_or_at_least_option (const char *option,
                                      const char *text,
                                      double      smallest,
                                      double      max,
                                      double     *out)
{
  return parse_count_in_range (option, text, smallest, max, TRUE, out);
}

gboolean
cp_cli_parse_uint_option (const char *option,
                          const char *text,
                          guint       min,
                          guint       max,
                          guint      *out)
{
  double value;

  if (text == NULL)
    return TRUE;
  if (!cp_cli_parse_count_option (option, text, min, max, &value))
    return FALSE;
  if (value != floor (value))
    {
      g_autofree char *message = g_strdup_printf (_("“%s” is not a whole number"), text);
      return option_message (option, message);
    }
  *out = (guint) value;
  return TRUE;
}

gboolean
cp_cli_parse_fraction_option (const char *option,
                              const char *text,
                              double     *out)
{
  g_autofree char *number = NULL;
  g_autoptr(GError) error = NULL;
  gboolean percent;
  double value;

  if (text == NULL)
    return TRUE;
  number = g_strstrip (g_strdup (text));
  percent = g_str_has_suffix (number, "%");
  if (percent)
    number[strlen (number) - 1] = '\0';
  if (!cp_parse_count (number, &value, &error))
    return option_error (option, error);
  if (percent)
    value /= 100.0;
  /* The model's own floor (cp-settings.c): below 1% nothing is left to
   * plan with. */
  if (!(value >= 0.01 && value <= 1))
    {
      g_autofree char *message =
        g_strdup_printf (_("“%s” must be a fraction from 0.01 to 1 (or a percentage from 1%% to 100%%)"), text);
      return option_message (option, message);
    }
  *out = value;
  return TRUE;
}

gboolean
cp_cli_parse_bytes_option (const char *option,
                           const char *text,
                           double     *out)
{
  g_autoptr(GError) error = NULL;
  double value;

  if (text == NULL)
    return TRUE;
  if (!cp_parse_bytes (text, &value, &error))
    return option_error (option, error);
  *out = value;
  return TRUE;
}

gboolean
cp_cli_parse_price_option (const char  *option,
                           const char  *text,
                           CpPriceUnit  implied,
                           guint        gpus_per_node,
                           double      *out,
                           char         currency[4])
{
  g_autoptr(GError) error = NULL;
  CpPriceText price;
  CpPriceUnit unit = implied;
  double value;

  if (text == NULL)
    return TRUE;
  if (!cp_parse_price_text (text, &price, &error))
    return option_error (option, error);
  value = price.amount;
  if (price.period != CP_PRICE_PERIOD_NONE)
    cp_price_text_to_model (&price, gpus_per_node, &value, &unit);
  /* A time only ("98 元/小时") is a machine's, as everywhere. */
  if (unit != implied)
    {
      g_autofree char *message =
        g_strdup_printf (_("“%s” is not a price in the unit this option takes"), text);
      return option_message (option, message);
    }
  *out = value;
  if (price.currency[0] != '\0')
    memcpy (currency, price.currency, 4);
  return TRUE;
}

gboolean
cp_cli_parse_count_of_option (const char     *option,
                              const char     *text,
                              CpPriceSubject  subject,
                              guint           min,
                              guint           max,
                              guint          *out)
{
  g_autoptr(GError) error = NULL;
  guint value;

  if (text == NULL)
    return TRUE;
  if (!cp_parse_count_of (text, subject, &value, &error))
    return option_error (option, error);
  if (!check_bounds (option, text, value, min, max))
    return FALSE;
  *out = value;
  return TRUE;
}

gboolean
cp_cli_parse_days_option (const char *option,
                          const char *text,
                          double      hours_per_month,
                          double      max_days,
                          double     *out_days)
{
  g_autoptr(GError) error = NULL;
  double days;

  if (text == NULL)
    return TRUE;
  if (!cp_parse_duration_days (text, hours_per_month, &days, &error))
    return option_error (option, error);
  if (!check_bounds (option, text, days, 0, max_days))
    return FALSE;
  *out_days = days;
  return TRUE;
}

gboolean
cp_cli_parse_duration_option (const char *option,
                              const char *text,
                              double      hours_per_month,
                              double      smallest_h,
                              double      max_h,
                              double     *out_h)
{
  g_autoptr(GError) error = NULL;
  double value;

  if (text == NULL)
    return TRUE;
  if (!cp_parse_duration_h (text, hours_per_month, &value, NULL, &error))
    return option_error (option, error);
  if (value != 0 && !check_bounds (option, text, value, smallest_h, max_h))
    return FALSE;
  *out_h = value;
  return TRUE;
}

gboolean
cp_cli_check_network_given (const CpQuote *quote)
{
  const char *options;

  if ((cp_quote_get_missing (quote) & CP_QUOTE_MISSING_NETWORK) == 0)
    return TRUE;
  options = quote->nics_per_node == 0 && quote->nic_gbps <= 0 ? "--nics, --nic-gbps"
            : quote->nics_per_node == 0                        ? "--nics"
                                                               : "--nic-gbps";
  /* TRANSLATORS: the options missing ("--nics, --nic-gbps"), then the nodes of the quote */
  cp_cli_usage_error (g_dngettext (GETTEXT_PACKAGE,
                                   "%s: %u node joined by a network needs its network cards per node (--nics) "
                                   "and the line rate of one in Gb/s (--nic-gbps), as the vendor states them",
                                   "%s: %u nodes joined by a network need their network cards per node (--nics) "
                                   "and the line rate of one in Gb/s (--nic-gbps), as the vendor states them",
                                   quote->nodes_available),
                      options, quote->nodes_available);
  return FALSE;
}

gboolean
cp_cli_bad_choice (const char *option,
                   const char *text,
                   const char *choices)
{
  g_autofree char *message = g_strdup_printf (_("“%s” is not one of: %s"), text, choices);

  return option_message (option, message);
}

/* Figures */

char *
cp_cli_format_number (double value,
                      int    decimals)
{
  char buf[G_ASCII_DTOSTR_BUF_SIZE];
  g_autofree char *format = g_strdup_printf ("%%.%df", decimals);
  GString *out;
  const char *digits, *point;
  gsize n_int;

  if (!isfinite (value))
    return g_strdup ("—");
  /* What rounds to zero prints as "0", never "-0". */
  if (fabs (value) < 0.5 * pow (10, -decimals))
    value = 0;
  g_ascii_formatd (buf, sizeof buf, format, value);
  digits = buf[0] == '-' ? buf + 1 : buf;
  point = strchr (digits, '.');
  n_int = point != NULL ? (gsize) (point - digits) : strlen (digits);

  /* Thousands grouped with ',' and '.' as the point: the style of both
   * English and Chinese business documents. */
  out = g_string_new (buf[0] == '-' ? "-" : "");
  for (gsize i = 0; i < n_int; i++)
    {
      if (i > 0 && (n_int - i) % 3 == 0)
        g_string_append_c (out, ',');
      g_string_append_c (out, digits[i]);
    }
  if (point != NULL)
    g_string_append (out, point);
  return g_string_free (out, FALSE);
}

char *
cp_cli_format_duration (double seconds)
{
  g_autofree char *s = cp_cli_format_number (seconds, seconds < 100 ? 2 : 0);
  g_autofree char *h = cp_cli_format_number (seconds / 3600.0, 1);
  g_autofree char *d = cp_cli_format_number (seconds / 86400.0, 2);

  /* TRANSLATORS: seconds, then the same time in hours and in days */
  return g_strdup_printf (_("%s s (%s h, %s days)"), s, h, d);
}

/* As the reasons and the report write money (cp_i18n_format_money()), in
 * the interface's language: "12,968 CNY" in English, "¥12,968" in
 * Chinese, where the tables had said "12,968 CNY" beside the reasons'
 * "¥12,968"; whole units from 100 on, cents below. A table's "161.95 CNY"
 * beside R6's "162 CNY" were two roundings of one figure (issue 20). */
char *
cp_cli_format_money (double      amount,
                     const char *currency)
{
  /* The language the reasons are written in (cli-estimate.c). */
  return cp_i18n_format_money (amount, currency, C_("language code", "en"));
}

char *
cp_cli_format_money_whole (double      amount,
                           const char *currency)
{
  g_autofree char *number = cp_cli_format_number (round (fabs (amount)), 0);
  /* "¥0" or "0 CNY": where the number goes, so that which currencies
   * take a symbol in which language stays cp_i18n_format_money()'s rule. */
  g_autofree char *pattern = cp_i18n_format_money (0, currency, C_("language code", "en"));
  g_auto(GStrv) around = g_strsplit (pattern, "0", 2);
  g_autofree char *whole = g_strjoinv (number, around);

  return round (amount) < 0 ? g_strconcat ("-", whole, NULL) : g_steal_pointer (&whole);
}

char *
cp_cli_format_money_range (double      low,
                           double      high,
                           const char *currency)
{
  g_autofree char *low_text = cp_cli_format_money (low, currency);
  g_autofree char *high_text = cp_cli_format_money (high, currency);

  if (g_strcmp0 (low_text, high_text) == 0)
    return g_steal_pointer (&low_text);
  /* TRANSLATORS: a cost's range, low to high */
  return g_strdup_printf (_("%s – %s"), low_text, high_text);
}

const char *
cp_cli_yes_no (gboolean value)
{
  /* The window's and the report's words: "Fits  Yes", never "yes". */
  return cp_words_yes_no (value);
}

/* Tables */

struct _CpCliTable {
  guint      n_columns;
  gboolean  *right;
  GPtrArray *rows;   /* GStrv with n_columns cells, or a one-element GStrv for a heading */
  GArray    *is_heading;
};

CpCliTable *
cp_cli_table_new (guint n_columns)
{
  CpCliTable *table = g_new0 (CpCliTable, 1);

  table->n_columns = MAX (n_columns, 1);
  table->right = g_new0 (gboolean, table->n_columns);
  table->rows = g_ptr_array_new_with_free_func ((GDestroyNotify) g_strfreev);
  table->is_heading = g_array_new (FALSE, FALSE, sizeof (gboolean));
  return table;
}

void
cp_cli_table_free (CpCliTable *table)
{
  if (table == NULL)
    return;
  g_free (table->right);
  g_ptr_array_unref (table->rows);
  g_array_unref (table->is_heading);
  g_free (table);
}

void
cp_cli_table_set_right_aligned (CpCliTable *table,
                                guint       column,
                                gboolean    right)
{
  g_return_if_fail (column < table->n_columns);
  table->right[column] = right;
}

void
cp_cli_table_add_row (CpCliTable *table,
                      const char *first,
                      ...)
{
  char **cells = g_new0 (char *, table->n_columns + 1);
  const char *cell = first;
  gboolean heading = FALSE;
  va_list args;

  va_start (args, first);
  for (guint i = 0; i < table->n_columns; i++)
    {
      cells[i] = g_strdup (cell != NULL ? cell : "");
      if (cell != NULL)
        cell = va_arg (args, const char *);
    }
  va_end (args);
  g_ptr_array_add (table->rows, cells);
  g_array_append_val (table->is_heading, heading);
}

void
cp_cli_table_add_label_value (CpCliTable *table,
                              const char *label,
                              char       *value)
{
  g_autofree char *text = value;

  cp_cli_table_add_row (table, label, text, NULL);
}

void
cp_cli_table_add_heading (CpCliTable *table,
                          const char *title)
{
  char **cells = g_new0 (char *, 2);
  gboolean heading = TRUE;

  cells[0] = g_strdup (title);
  g_ptr_array_add (table->rows, cells);
  g_array_append_val (table->is_heading, heading);
}

/* Columns a terminal gives the text: East Asian wide characters take two. */
static guint
display_width (const char *text)
{
  guint width = 0;

  for (const char *p = text; *p != '\0'; p = g_utf8_next_char (p))
    {
      gunichar c = g_utf8_get_char (p);

      if (g_unichar_iszerowidth (c))
        continue;
      width += g_unichar_iswide (c) ? 2 : 1;
    }
  return width;
}

static void
pad (FILE *out,
     guint n)
{
  for (guint i = 0; i < n; i++)
    fputc (' ', out);
}

void
cp_cli_table_print (const CpCliTable *table,
                    FILE             *out)
{
  g_autofree guint *widths = g_new0 (guint, table->n_columns);

  for (guint r = 0; r < table->rows->len; r++)
    {
      char **cells = g_ptr_array_index (table->rows, r);

      if (g_array_index (table->is_heading, gboolean, r))
        continue;
      for (guint c = 0; c < table->n_columns; c++)
        widths[c] = MAX (widths[c], display_width (cells[c]));
    }

  for (guint r = 0; r < table->rows->len; r++)
    {
      char **cells = g_ptr_array_index (table->rows, r);

      if (g_array_index (table->is_heading, gboolean, r))
        {
          fprintf (out, "%s%s\n", r > 0 ? "\n" : "", cells[0]);
          continue;
        }
      fputs ("  ", out);
      for (guint c = 0; c < table->n_columns; c++)
        {
          guint fill = widths[c] - display_width (cells[c]);
          gboolean last = c + 1 == table->n_columns;

          if (table->right[c])
            pad (out, fill);
          fputs (cells[c], out);
          if (!table->right[c] && !last)
            pad (out, fill);
          if (!last)
            fputs ("  ", out);
        }
      fputc ('\n', out);
    }
}

/* XML */

xmlTextWriterPtr
cp_cli_xml_begin (xmlBufferPtr *buffer,
                  const char   *root)
{
  xmlTextWriterPtr writer;

  *buffer = xmlBufferCreate ();
  writer = xmlNewTextWriterMemory (*buffer, 0);
  xmlTextWriterSetIndent (writer, 1);
  xmlTextWriterSetIndentString (writer, BAD_CAST "  ");
  xmlTextWriterStartDocument (writer, NULL, "UTF-8", NULL);
  xmlTextWriterStartElement (writer, BAD_CAST root);
  xmlTextWriterWriteAttribute (writer, BAD_CAST "generator", BAD_CAST "compute-planner-cli");
  xmlTextWriterWriteAttribute (writer, BAD_CAST "version", BAD_CAST PACKAGE_VERSION);
  return writer;
}

void
cp_cli_xml_text (xmlTextWriterPtr  writer,
                 const char       *name,
                 const char       *text)
{
  xmlTextWriterWriteElement (writer, BAD_CAST name, BAD_CAST (text != NULL ? text : ""));
}

void
cp_cli_xml_double (xmlTextWriterPtr  writer,
                   const char       *name,
                   double            value)
{
  char buf[G_ASCII_DTOSTR_BUF_SIZE];

  cp_cli_xml_text (writer, name, cp_format_double_shortest (value, buf));
}

void
cp_cli_xml_uint (xmlTextWriterPtr  writer,
                 const char       *name,
                 guint             value)
{
  char buf[16];

  g_snprintf (buf, sizeof buf, "%u", value);
  cp_cli_xml_text (writer, name, buf);
}

void
cp_cli_xml_bool (xmlTextWriterPtr  writer,
                 const char       *name,
                 gboolean          value)
{
  cp_cli_xml_text (writer, name, value ? "true" : "false");
}

void
cp_cli_xml_money (xmlTextWriterPtr  writer,
                  const char       *name,
                  double            amount,
                  const char       *currency)
{
  char buf[G_ASCII_DTOSTR_BUF_SIZE];

  xmlTextWriterStartElement (writer, BAD_CAST name);
  xmlTextWriterWriteAttribute (writer, BAD_CAST "currency", BAD_CAST (currency != NULL ? currency : ""));
  xmlTextWriterWriteString (writer, BAD_CAST cp_format_double_shortest (amount, buf));
  xmlTextWriterEndElement (writer);
}

gboolean
cp_cli_xml_finish (xmlTextWriterPtr   writer,
                   xmlBufferPtr       buffer,
                   const char        *path,
                   GError           **error)
{
  gboolean ok = TRUE;
  const char *content;
  gsize len;

  xmlTextWriterEndDocument (writer);
  xmlFreeTextWriter (writer);   /* flushes into @buffer */
  content = (const char *) xmlBufferContent (buffer);
  len = (gsize) xmlBufferLength (buffer);

  if (path == NULL || strcmp (path, "-") == 0)
    {
      if (fwrite (content, 1, len, stdout) != len || fflush (stdout) != 0)
        {
          g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_FAILED,
                               _("Could not write to standard output"));
          ok = FALSE;
        }
    }
  else
    ok = g_file_set_contents (path, content, (gssize) len, error);

  xmlBufferFree (buffer);
  return ok;
}

void
cp_cli_xml_reasons (xmlTextWriterPtr  w,
                    const CpProject  *project,
                    const CpPlan     *plan)
{
  const char *lang = C_("language code", "en");

  xmlTextWriterStartElement (w, BAD_CAST "reasons");
  for (guint i = 0; i < plan->reasons->len; i++)
    {
      const CpReason *r = &g_array_index (plan->reasons, CpReason, i);
      g_autofree char *text = cp_reason_text (r, project, plan, lang);

      xmlTextWriterStartElement (w, BAD_CAST "reason");
      xmlTextWriterWriteAttribute (w, BAD_CAST "rule", BAD_CAST cp_rule_to_string (r->rule));
      xmlTextWriterWriteAttribute (w, BAD_CAST "outcome", BAD_CAST cp_outcome_to_string (r->outcome));
      if (r->quote_index >= 0 && (guint) r->quote_index < project->quotes->len)
        xmlTextWriterWriteAttribute (w, BAD_CAST "quote",
                                     BAD_CAST ((const CpQuote *) g_ptr_array_index (project->quotes, r->quote_index))->id);
      for (guint v = 0; v < G_N_ELEMENTS (r->values); v++)
        cp_cli_xml_double (w, "value", r->values[v]);
      cp_cli_xml_text (w, "text", text);
      xmlTextWriterEndElement (w);
    }
  xmlTextWriterEndElement (w);

  xmlTextWriterStartElement (w, BAD_CAST "risks");
  for (guint i = 0; i < plan->risks->len; i++)
    cp_cli_xml_text (w, "risk", cp_risk_to_string (g_array_index (plan->risks, CpRisk, i)));
  xmlTextWriterEndElement (w);
}

void
cp_cli_xml_spreads (xmlTextWriterPtr  w,
                    const CpSettings *settings)
{
  CpSpread spreads[CP_N_SPREADS];
  guint n = cp_range_get_spreads (settings, spreads, G_N_ELEMENTS (spreads));

  xmlTextWriterStartElement (w, BAD_CAST "spreads");
  for (guint i = 0; i < MIN (n, G_N_ELEMENTS (spreads)); i++)
    {
      char buf[G_ASCII_DTOSTR_BUF_SIZE];

      xmlTextWriterStartElement (w, BAD_CAST "spread");
      xmlTextWriterWriteAttribute (w, BAD_CAST "key", BAD_CAST spreads[i].key);
      xmlTextWriterWriteAttribute (w, BAD_CAST "unit", BAD_CAST spreads[i].unit);
      xmlTextWriterWriteAttribute (w, BAD_CAST "low", BAD_CAST cp_format_double_shortest (spreads[i].low, buf));
      xmlTextWriterWriteAttribute (w, BAD_CAST "high", BAD_CAST cp_format_double_shortest (spreads[i].high, buf));
      xmlTextWriterWriteAttribute (w, BAD_CAST "pessimistic", BAD_CAST (spreads[i].low_is_pessimistic ? "low" : "high"));
      xmlTextWriterWriteAttribute (w, BAD_CAST "source", BAD_CAST spreads[i].source);
      xmlTextWriterWriteString (w, BAD_CAST cp_format_double_shortest (spreads[i].expected, buf));
      xmlTextWriterEndElement (w);
    }
  xmlTextWriterEndElement (w);
}

void
cp_cli_xml_range (xmlTextWriterPtr  w,
                  const CpRange    *range,
                  const char       *currency)
{
  cp_cli_xml_double (w, "total-s-low", range->total_s_low);
  cp_cli_xml_double (w, "total-s-high", range->total_s_high);
  cp_cli_xml_double (w, "calendar-days-low", range->calendar_days_low);
  cp_cli_xml_double (w, "calendar-days-high", range->calendar_days_high);
  /* Without a price there is no cost to bound. */
  if (currency != NULL)
    {
      cp_cli_xml_money (w, "total-cost-low", range->total_cost_low, currency);
      cp_cli_xml_money (w, "total-cost-high", range->total_cost_high, currency);
    }
  cp_cli_xml_bool (w, "fits-pessimistic", range->fits_pessimistic);
}

/* Whether moving @kind along its spread can change the plan of some job
 * from @first to @last: a service's list named debugging and migration,
 * then said its answer did not depend on them (walk37 F16). */
static gboolean
spread_moves_jobs (const CpProject   *project,
                   CpProjectAnalysis *analysis,
                   guint              first,
                   guint              last,
                   CpSpreadKind       kind)
{
  for (guint j = first; j <= last; j++)
    {
      const CpPlan *plan = cp_project_analysis_get_full_plan (analysis, j);

      if (plan != NULL && cp_plan_spread_matters (plan, g_ptr_array_index (project->jobs, j), kind))
        return TRUE;
    }
  return FALSE;
}

void
cp_cli_print_spreads (const CpProject   *project,
                      CpProjectAnalysis *analysis,
                      guint              first,
                      guint              last)
{
  const char *lang = C_("language code", "en");
  CpSpread spreads[CP_N_SPREADS];
  guint n = cp_range_get_spreads (&project->settings, spreads, G_N_ELEMENTS (spreads));
  gboolean any = FALSE;

  for (guint i = 0; i < MIN (n, G_N_ELEMENTS (spreads)) && !any; i++)
    any = spread_moves_jobs (project, analysis, first, last, spreads[i].kind);
  if (!any)
    {
      printf ("%s\n", _("Ranges: no assumption with a range moves these figures."));
      return;
    }
  printf ("%s\n", _("Ranges: low and high figures move every assumption below to its optimistic or its pessimistic end together:"));
  for (guint i = 0; i < MIN (n, G_N_ELEMENTS (spreads)); i++)
    {
      g_autofree char *value = NULL;
      g_autofree char *range = NULL;

      if (!spread_moves_jobs (project, analysis, first, last, spreads[i].kind))
        continue;
      value = cp_words_spread_value (project, spreads[i].kind, spreads[i].expected, lang);
      range = cp_words_spread_range (project, &spreads[i], lang);

      /* TRANSLATORS: an assumption, its value, its spread and the spread's source */
      printf (_("  %s: %s (%s; %s)\n"), cp_words_spread_title (spreads[i].kind), value, range,
              cp_words_spread_source (spreads[i].kind));
    }
}

gboolean
cp_cli_parse_share (const char *option,
                    const char *text,
                    double     *out)
{
  g_autofree char *number = g_strstrip (g_strdup (text));
  gboolean percent = g_str_has_suffix (number, "%");

  if (percent)
    number[strlen (number) - 1] = '\0';
  if (!cp_parse_count (number, out, NULL))
    {
      /* TRANSLATORS: an option, then what was typed */
      cp_cli_usage_error (_("%s: “%s” is not a percentage such as 10%% or a fraction such as 0.1"), option, text);
      return FALSE;
    }
  if (percent)
    *out /= 100.0;
  return TRUE;
}
