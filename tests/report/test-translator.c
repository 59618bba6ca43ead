/* test-translator.c: the report's own gettext (CpTranslator) and the
 * per-thread report language, on the build tree's zh_CN catalogue and on
 * catalogues written here byte by byte. */
#include "config.h"

#include <locale.h>
#include <string.h>
#include <glib/gstdio.h>

#include "report/cp-i18n.h"
#include "report/cp-report-async.h"
#include "report/cp-report.h"
#include "report/cp-translator.h"
#include "report-fixture.h"

static char *
temp_path (const char *name)
{
  static char *dir = NULL;

  if (dir == NULL)
    dir = g_dir_make_tmp ("cp-translator-XXXXXX", NULL);
  g_assert_nonnull (dir);
  return g_build_filename (dir, name, NULL);
}

/* The build tree's catalogue, compiled by msgfmt from po/zh_CN.po (the
 * one cp_i18n_get_translator() reads from the build tree). */
static char *
chinese_mo_path (void)
{
  const char *localedir = g_getenv ("CP_LOCALEDIR");

  return g_build_filename (localedir != NULL ? localedir : BUILD_LOCALEDIR,
                           "zh_CN", "LC_MESSAGES", GETTEXT_PACKAGE ".mo", NULL);
}

/* A message of an MO file: msgid and msgstr as msgfmt stores them, plural
 * forms separated by NUL bytes (hence the lengths). */
typedef struct {
  const char *msgid;
  gsize       msgid_length;
  const char *msgstr;
  gsize       msgstr_length;
} MoEntry;

#define MO_ENTRY(id, str) { id, sizeof id - 1, str, sizeof str - 1 }

static void
append_word (GByteArray *out,
             guint32     word,
             gboolean    swapped)
{
  guint32 stored = swapped ? GUINT32_SWAP_LE_BE (word) : word;

  g_byte_array_append (out, (const guint8 *) &stored, sizeof stored);
}

/* The layout of the gettext manual's "The Format of GNU MO Files": the
 * header, the table of originals, that of translations, then the strings,
 * each followed by a NUL. No hash table (its size may be 0). */
static char *
write_mo (const char    *name,
          const MoEntry *entries,
          guint          n_entries,
          gboolean       swapped)
{
  g_autoptr(GByteArray) out = g_byte_array_new ();
  g_autoptr(GError) error = NULL;
  char *path = temp_path (name);
  guint32 originals = 28;
  guint32 translations = originals + 8 * n_entries;
  guint32 offset = translations + 8 * n_entries;

  append_word (out, 0x950412de, swapped);
  append_word (out, 0, swapped);
  append_word (out, n_entries, swapped);
  append_word (out, originals, swapped);
  append_word (out, translations, swapped);
  append_word (out, 0, swapped);
  append_word (out, offset, swapped);
  for (guint i = 0; i < n_entries; i++)
    {
      append_word (out, entries[i].msgid_length, swapped);
      append_word (out, offset, swapped);
      offset += entries[i].msgid_length + 1;
    }
  for (guint i = 0; i < n_entries; i++)
    {
      append_word (out, entries[i].msgstr_length, swapped);
      append_word (out, offset, swapped);
      offset += entries[i].msgstr_length + 1;
    }
  for (guint i = 0; i < n_entries; i++)
    g_byte_array_append (out, (const guint8 *) entries[i].msgid, entries[i].msgid_length + 1);
  for (guint i = 0; i < n_entries; i++)
    g_byte_array_append (out, (const guint8 *) entries[i].msgstr, entries[i].msgstr_length + 1);

  g_assert_true (g_file_set_contents (path, (const char *) out->data, out->len, &error));
  g_assert_no_error (error);
  return path;
}

/* Messages of po/zh_CN.po, as a translator wrote them there. */
static void
test_translator_chinese_catalogue (void)
{
  g_autofree char *path = chinese_mo_path ();
  g_autoptr(GError) error = NULL;
  g_autoptr(CpTranslator) translator = cp_translator_new_from_file (path, &error);
  const char *untranslated = "A message no catalogue has";

  g_assert_no_error (error);
  g_assert_nonnull (translator);
  /* "Plural-Forms: nplurals=1; plural=0;" */
  g_assert_cmpuint (cp_translator_get_n_plurals (translator), ==, 1);

  g_assert_cmpstr (cp_translator_gettext (translator, "Compute Planner"), ==, "算力方案规划");
  g_assert_cmpstr (cp_translator_gettext (translator, "Compute plan: %s"), ==, "算力方案：%s");
  g_assert_cmpstr (cp_translator_gettext (translator, "%s days"), ==, "%s 天");
  /* One form in Chinese, whatever the number. */
  for (gulong n = 0; n < 3; n++)
    g_assert_cmpstr (cp_translator_ngettext (translator, "%u machine of %u × %s each (%u GPUs)",
                                             "%u machines of %u × %s each (%u GPUs)", n),
                     ==, "%u 台机器，每台 %u × %s（共 %u 块 GPU）");
  g_assert_cmpstr (cp_translator_ngettext (translator, "%u machine of %u × %s each (%u GPUs)",
                                           "%u machines of %u × %s each (%u GPUs)", 1000001),
                   ==, "%u 台机器，每台 %u × %s（共 %u 块 GPU）");
  /* msgctxt "shortcut window", msgid "General"; the context matters. */
  g_assert_cmpstr (cp_translator_pgettext (translator, "shortcut window", "General"), ==, "常规");
  g_assert_cmpstr (cp_translator_pgettext (translator, "language code", "en"), ==, "zh_CN");
  g_assert_cmpstr (cp_translator_pgettext (translator, "another context", "General"), ==, "General");

  /* Missing: the source itself, the very string passed in. */
  g_assert_true (cp_translator_gettext (translator, untranslated) == untranslated);
  g_assert_cmpstr (cp_translator_ngettext (translator, "%u cat", "%u cats", 1), ==, "%u cat");
  g_assert_cmpstr (cp_translator_ngettext (translator, "%u cat", "%u cats", 3), ==, "%u cats");
}

/* English is the sources' language: no catalogue, n != 1 for plurals. */
static void
test_translator_source (void)
{
  g_autoptr(CpTranslator) translator = cp_translator_new_source ();
  const char *msgid = "Compute Planner";

  g_assert_cmpuint (cp_translator_get_n_plurals (translator), ==, 2);
  g_assert_true (cp_translator_gettext (translator, msgid) == msgid);
  g_assert_cmpstr (cp_translator_ngettext (translator, "%u machine", "%u machines", 1), ==, "%u machine");
  g_assert_cmpstr (cp_translator_ngettext (translator, "%u machine", "%u machines", 0), ==, "%u machines");
  g_assert_cmpstr (cp_translator_ngettext (translator, "%u machine", "%u machines", 2), ==, "%u machines");
  g_assert_cmpstr (cp_translator_pgettext (translator, "shortcut window", "General"), ==, "General");
}

/* Russian's rule, the gettext manual's example of three forms ("Plural
 * forms"): 1, 21, 101 take the first; 2-4, 22-24 the second; 0, 5-20,
 * 11-14, 25-30, 111 the third. */
static void
test_translator_plural_rule (void)
{
  static const MoEntry entries[] = {
    MO_ENTRY ("", "Content-Type: text/plain; charset=UTF-8\n"
                  "Plural-Forms: nplurals=3; plural=(n%10==1 && n%100!=11 ? 0 : "
                  "n%10>=2 && n%10<=4 && (n%100<10 || n%100>=20) ? 1 : 2);\n"),
    MO_ENTRY ("%u file\0%u files", "%u файл\0%u файла\0%u файлов"),
    MO_ENTRY ("Open", "Открыть"),
  };
  static const struct { gulong n; const char *form; } expected[] = {
    { 1, "%u файл" }, { 21, "%u файл" }, { 101, "%u файл" },
    { 2, "%u файла" }, { 4, "%u файла" }, { 22, "%u файла" }, { 24, "%u файла" },
    { 0, "%u файлов" }, { 5, "%u файлов" }, { 11, "%u файлов" }, { 14, "%u файлов" },
    { 20, "%u файлов" }, { 25, "%u файлов" }, { 111, "%u файлов" },
  };

  for (int swapped = 0; swapped < 2; swapped++)
    {
      /* Both byte orders an MO file may be written in. */
      g_autofree char *path = write_mo (swapped ? "ru-swapped.mo" : "ru.mo", entries, G_N_ELEMENTS (entries), swapped);
      g_autoptr(GError) error = NULL;
      g_autoptr(CpTranslator) translator = cp_translator_new_from_file (path, &error);

      g_assert_no_error (error);
      g_assert_cmpuint (cp_translator_get_n_plurals (translator), ==, 3);
      g_assert_cmpstr (cp_translator_gettext (translator, "Open"), ==, "Открыть");
      for (guint i = 0; i < G_N_ELEMENTS (expected); i++)
        g_assert_cmpstr (cp_translator_ngettext (translator, "%u file", "%u files", expected[i].n), ==,
                         expected[i].form);
    }
}

/* Rules a catalogue may get wrong are refused or answered safely. */
static void
test_translator_bad_rules (void)
{
  static const char *const refused[] = {
    "Plural-Forms: nplurals=2; plural=n !;\n",
    "Plural-Forms: nplurals=2; plural=(n > 1;\n",
    "Plural-Forms: nplurals=2; plural=n ? 1;\n",
    "Plural-Forms: nplurals=0; plural=0;\n",
    "Plural-Forms: nplurals=2; plural=n = 1;\n",
    "Plural-Forms: nplurals=2; plural=m != 1;\n",
    "Plural-Forms: nplurals=2;\n",
  };
  GString *deep = g_string_new ("Plural-Forms: nplurals=2; plural=");

  for (guint i = 0; i < G_N_ELEMENTS (refused); i++)
    {
      MoEntry entries[] = { { "", 0, refused[i], strlen (refused[i]) } };
      g_autofree char *path = write_mo ("bad-rule.mo", entries, 1, FALSE);
      g_autoptr(GError) error = NULL;
      g_autoptr(CpTranslator) translator = cp_translator_new_from_file (path, &error);

      g_assert_null (translator);
      g_assert_error (error, CP_REPORT_ERROR, CP_REPORT_ERROR_NO_TRANSLATION);
      g_assert_nonnull (strstr (error->message, path));
    }

  /* A chain of a hundred thousand sums: refused as no language's rule. */
  {
    GString *chain = g_string_new ("Plural-Forms: nplurals=2; plural=n");
    MoEntry entries[1];
    g_autofree char *path = NULL;
    g_autoptr(GError) error = NULL;
    g_autoptr(CpTranslator) translator = NULL;

    for (guint i = 0; i < 100000; i++)
      g_string_append (chain, "+n");
    g_string_append (chain, ";\n");
    entries[0] = (MoEntry) { "", 0, chain->str, chain->len };
    path = write_mo ("chain-rule.mo", entries, 1, FALSE);
    translator = cp_translator_new_from_file (path, &error);
    g_assert_null (translator);
    g_assert_error (error, CP_REPORT_ERROR, CP_REPORT_ERROR_NO_TRANSLATION);
    g_string_free (chain, TRUE);
  }

  /* Two hundred parentheses, short enough a rule but nested past any
   * language's: refused before the parser recurses that deep. */
  for (guint i = 0; i < 200; i++)
    g_string_append_c (deep, '(');
  g_string_append_c (deep, 'n');
  for (guint i = 0; i < 200; i++)
    g_string_append_c (deep, ')');
  g_string_append (deep, ";\n");
  {
    MoEntry entries[] = { { "", 0, deep->str, deep->len } };
    g_autofree char *path = write_mo ("deep-rule.mo", entries, 1, FALSE);
    g_autoptr(GError) error = NULL;
    g_autoptr(CpTranslator) translator = cp_translator_new_from_file (path, &error);

    g_assert_null (translator);
    g_assert_error (error, CP_REPORT_ERROR, CP_REPORT_ERROR_NO_TRANSLATION);
  }
  g_string_free (deep, TRUE);

  /* A zero divisor, and a rule naming a form the header does not have,
   * pick the first form (gettext's answer to the latter). */
  {
    static const MoEntry entries[] = {
      MO_ENTRY ("", "Plural-Forms: nplurals=2; plural=n / (n - n) + (n == 7) * 5;\n"),
      MO_ENTRY ("%u day\0%u days", "one\0other"),
    };
    g_autofree char *path = write_mo ("odd-rule.mo", entries, G_N_ELEMENTS (entries), FALSE);
    g_autoptr(GError) error = NULL;
    g_autoptr(CpTranslator) translator = cp_translator_new_from_file (path, &error);

    g_assert_no_error (error);
    g_assert_cmpstr (cp_translator_ngettext (translator, "%u day", "%u days", 3), ==, "one");
    g_assert_cmpstr (cp_translator_ngettext (translator, "%u day", "%u days", 7), ==, "one");
  }

  /* No Plural-Forms header: the Germanic rule, as for gettext. */
  {
    static const MoEntry entries[] = {
      MO_ENTRY ("", "Content-Type: text/plain; charset=UTF-8\n"),
      MO_ENTRY ("%u day\0%u days", "%u Tag\0%u Tage"),
    };
    g_autofree char *path = write_mo ("no-rule.mo", entries, G_N_ELEMENTS (entries), FALSE);
    g_autoptr(GError) error = NULL;
    g_autoptr(CpTranslator) translator = cp_translator_new_from_file (path, &error);

    g_assert_no_error (error);
    g_assert_cmpstr (cp_translator_ngettext (translator, "%u day", "%u days", 1), ==, "%u Tag");
    g_assert_cmpstr (cp_translator_ngettext (translator, "%u day", "%u days", 2), ==, "%u Tage");
  }
}

/* What is not a readable catalogue is refused with a message naming it. */
static void
test_translator_bad_files (void)
{
  g_autofree char *missing = temp_path ("missing.mo");
  g_autofree char *text = temp_path ("not-mo.mo");
  g_autofree char *truncated = temp_path ("truncated.mo");
  g_autofree char *latin1 = NULL;
  g_autofree char *chinese = chinese_mo_path ();
  g_autofree char *contents = NULL;
  gsize length = 0;

  {
    g_autoptr(GError) error = NULL;

    g_assert_null (cp_translator_new_from_file (missing, &error));
    g_assert_error (error, G_FILE_ERROR, G_FILE_ERROR_NOENT);
    g_assert_nonnull (strstr (error->message, missing));
  }

  g_assert_true (g_file_set_contents (text, "msgid \"Open\"\nmsgstr \"Öffnen\"\n", -1, NULL));
  {
    g_autoptr(GError) error = NULL;

    g_assert_null (cp_translator_new_from_file (text, &error));
    g_assert_error (error, CP_REPORT_ERROR, CP_REPORT_ERROR_NO_TRANSLATION);
    g_assert_nonnull (strstr (error->message, text));
  }

  /* The real catalogue cut short at every few bytes: tables that point
   * past the end are refused, never read. */
  g_assert_true (g_file_get_contents (chinese, &contents, &length, NULL));
  for (gsize cut = 0; cut < length; cut += 1 + length / 97)
    {
      g_autoptr(GError) error = NULL;

      g_assert_true (g_file_set_contents (truncated, contents, (gssize) cut, NULL));
      g_assert_null (cp_translator_new_from_file (truncated, &error));
      g_assert_error (error, CP_REPORT_ERROR, CP_REPORT_ERROR_NO_TRANSLATION);
    }

  /* Report text goes to pango as UTF-8. */
  {
    static const MoEntry entries[] = {
      MO_ENTRY ("", "Content-Type: text/plain; charset=ISO-8859-1\n"),
      MO_ENTRY ("Open", "\xd6" "ffnen"),
    };
    g_autoptr(GError) error = NULL;

    latin1 = write_mo ("latin1.mo", entries, G_N_ELEMENTS (entries), FALSE);
    g_assert_null (cp_translator_new_from_file (latin1, &error));
    g_assert_error (error, CP_REPORT_ERROR, CP_REPORT_ERROR_NO_TRANSLATION);
  }

  g_unlink (text);
  g_unlink (truncated);
  g_unlink (latin1);
}

/* Without the zh_CN catalogue a Chinese report is refused, saying where
 * it was looked for; English needs none. */
static void
test_translator_no_catalogue (void)
{
  if (g_test_subprocess ())
    {
      g_autofree char *empty = g_dir_make_tmp ("cp-no-catalogue-XXXXXX", NULL);
      g_autoptr(GError) error = NULL;

      g_setenv ("CP_LOCALEDIR", empty, TRUE);
      g_assert_true (cp_i18n_check_language ("en", NULL));
      g_assert_false (cp_i18n_check_language ("zh_CN", &error));
      g_assert_error (error, CP_REPORT_ERROR, CP_REPORT_ERROR_NO_TRANSLATION);
      g_assert_nonnull (strstr (error->message, empty));
      g_assert_nonnull (strstr (error->message, "zh_CN/LC_MESSAGES/" GETTEXT_PACKAGE ".mo"));
      {
        g_autofree char *path = temp_path ("refused.pdf");
        g_autoptr(CpProject) project = report_fixture_small ();
        g_autoptr(GError) pdf_error = NULL;

        g_assert_false (cp_report_pdf_write (project, "zh_CN", path, &pdf_error));
        g_assert_error (pdf_error, CP_REPORT_ERROR, CP_REPORT_ERROR_NO_TRANSLATION);
        g_assert_false (g_file_test (path, G_FILE_TEST_EXISTS));
      }
      g_rmdir (empty);
      return;
    }
  g_test_trap_subprocess (NULL, 0, G_TEST_SUBPROCESS_DEFAULT);
  g_test_trap_assert_passed ();
}

/* Pushes nest, per thread; outside a push the report code speaks the
 * process's language (English here: LANG=C.UTF-8, no LANGUAGE). */
static void
test_language_push (void)
{
  g_assert_cmpstr (cp_i18n_gettext ("Compute Planner"), ==, "Compute Planner");
  cp_i18n_push_language ("zh_CN");
  g_assert_cmpstr (cp_i18n_gettext ("Compute Planner"), ==, "算力方案规划");
  g_assert_cmpstr (cp_i18n_ngettext ("%s month", "%s months", 4), ==, "%s 个月");
  g_assert_cmpstr (cp_i18n_pgettext ("shortcut window", "General"), ==, "常规");
  cp_i18n_push_language ("en");
  g_assert_cmpstr (cp_i18n_gettext ("Compute Planner"), ==, "Compute Planner");
  g_assert_cmpstr (cp_i18n_ngettext ("%s month", "%s months", 4), ==, "%s months");
  cp_i18n_pop_language ();
  g_assert_cmpstr (cp_i18n_gettext ("Compute Planner"), ==, "算力方案规划");
  cp_i18n_pop_language ();
  g_assert_cmpstr (cp_i18n_gettext ("Compute Planner"), ==, "Compute Planner");
  /* The environment is left as it was. */
  g_assert_null (g_getenv ("LANGUAGE"));
}

static char *
pdf_text (const char *pdf)
{
  g_autofree char *out = NULL;
  int status = 0;
  const char *argv[] = { "pdftotext", "-enc", "UTF-8", pdf, "-", NULL };

  if (!g_spawn_sync (NULL, (char **) argv, NULL, G_SPAWN_SEARCH_PATH | G_SPAWN_STDERR_TO_DEV_NULL,
                     NULL, NULL, &out, NULL, &status, NULL) ||
      !g_spawn_check_wait_status (status, NULL))
    return NULL;
  return g_steal_pointer (&out);
}

typedef struct {
  GMainLoop *loop;
  GError    *error;
  guint      main_thread_checks;
} ExportRun;

static void
on_exported (GObject      *source,
             GAsyncResult *result,
             gpointer      user_data)
{
  ExportRun *run = user_data;

  cp_report_export_finish (result, &run->error);
  g_main_loop_quit (run->loop);
}

/* The window's part while the report is made: its own words. */
static gboolean
translate_on_main_thread (gpointer user_data)
{
  ExportRun *run = user_data;

  g_assert_cmpstr (cp_i18n_gettext ("Compute Planner"), ==, "Compute Planner");
  g_assert_cmpstr (cp_i18n_ngettext ("%u machine", "%u machines", 2), ==, "%u machines");
  run->main_thread_checks++;
  return G_SOURCE_CONTINUE;
}

/* A Chinese report made by the export's worker while the main thread
 * keeps translating into English: each gets its own language. */
static void
test_report_in_worker (void)
{
  g_autoptr(CpProject) project = report_fixture_large ();
  g_autofree char *pdf = temp_path ("worker-zh.pdf");
  g_autofree char *xml = temp_path ("worker-zh.xml");
  g_autofree char *text = NULL;
  g_autofree char *xml_text = NULL;
  ExportRun run = { g_main_loop_new (NULL, FALSE), NULL, 0 };
  guint checks;

  g_free (project->name);
  project->name = g_strdup ("Thread Test");
  cp_report_export_async (project, NULL, "zh_CN", pdf, xml, NULL, on_exported, &run);
  checks = g_idle_add (translate_on_main_thread, &run);
  g_main_loop_run (run.loop);
  g_source_remove (checks);
  g_main_loop_unref (run.loop);
  g_assert_no_error (run.error);
  /* The main thread was not held while the worker laid the report out. */
  g_assert_cmpuint (run.main_thread_checks, >, 1);

  text = pdf_text (pdf);
  if (text == NULL)
    {
      g_test_skip ("pdftotext is not installed");
      return;
    }
  /* "Compute plan: %s" of po/zh_CN.po. */
  g_assert_nonnull (strstr (text, "算力方案：Thread Test"));
  g_assert_null (strstr (text, "Compute plan:"));
  g_assert_true (g_file_get_contents (xml, &xml_text, NULL, NULL));
  g_assert_nonnull (strstr (xml_text, "lang=\"zh-CN\""));
  /* Verdicts in po/zh_CN.po's words, none left in English. */
  g_assert_true (strstr (xml_text, "<verdict-text>单机方案</verdict-text>") != NULL ||
                 strstr (xml_text, "<verdict-text>单机方案（配合显存优化手段）</verdict-text>") != NULL ||
                 strstr (xml_text, "<verdict-text>集群方案</verdict-text>") != NULL);
  g_assert_null (strstr (xml_text, "<verdict-text>Single"));
  g_assert_null (strstr (xml_text, "<verdict-text>Cluster"));

  /* The same project in English right after, on the same worker pool. */
  {
    g_autofree char *english = temp_path ("worker-en.pdf");
    g_autofree char *english_text = NULL;
    ExportRun again = { g_main_loop_new (NULL, FALSE), NULL, 0 };

    cp_i18n_push_language ("zh_CN");
    cp_report_export_async (project, NULL, "en", english, NULL, NULL, on_exported, &again);
    g_main_loop_run (again.loop);
    g_main_loop_unref (again.loop);
    /* The main thread's own push is untouched by the worker's. */
    g_assert_cmpstr (cp_i18n_gettext ("Compute Planner"), ==, "算力方案规划");
    cp_i18n_pop_language ();
    g_assert_no_error (again.error);
    english_text = pdf_text (english);
    g_assert_nonnull (strstr (english_text, "Compute plan: Thread Test"));
    g_unlink (english);
  }
  g_unlink (pdf);
  g_unlink (xml);
}

/* Four threads, two languages, many lookups at once. */
typedef struct {
  const char *lang;
  const char *expected;
  gboolean    ok;
} ThreadRun;

static gpointer
translate_in_thread (gpointer user_data)
{
  ThreadRun *run = user_data;

  run->ok = TRUE;
  cp_i18n_push_language (run->lang);
  for (guint i = 0; i < 20000; i++)
    run->ok = run->ok && g_strcmp0 (cp_i18n_gettext ("Compute Planner"), run->expected) == 0;
  cp_i18n_pop_language ();
  return NULL;
}

static void
test_threads_apart (void)
{
  ThreadRun runs[] = {
    { "zh_CN", "算力方案规划", FALSE }, { "en", "Compute Planner", FALSE },
    { "zh_CN", "算力方案规划", FALSE }, { "en", "Compute Planner", FALSE },
  };
  GThread *threads[G_N_ELEMENTS (runs)];

  for (guint i = 0; i < G_N_ELEMENTS (runs); i++)
    threads[i] = g_thread_new ("translate", translate_in_thread, &runs[i]);
  for (guint i = 0; i < 20000; i++)
    g_assert_cmpstr (cp_i18n_gettext ("Compute Planner"), ==, "Compute Planner");
  for (guint i = 0; i < G_N_ELEMENTS (runs); i++)
    {
      g_thread_join (threads[i]);
      g_assert_true (runs[i].ok);
    }
}

int
main (int   argc,
      char *argv[])
{
  setlocale (LC_ALL, "");
  cp_i18n_bind_textdomain ();
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/i18n/translator/chinese-catalogue", test_translator_chinese_catalogue);
  g_test_add_func ("/i18n/translator/source", test_translator_source);
  g_test_add_func ("/i18n/translator/plural-rule", test_translator_plural_rule);
  g_test_add_func ("/i18n/translator/bad-rules", test_translator_bad_rules);
  g_test_add_func ("/i18n/translator/bad-files", test_translator_bad_files);
  g_test_add_func ("/i18n/translator/no-catalogue", test_translator_no_catalogue);
  g_test_add_func ("/i18n/language/push", test_language_push);
  g_test_add_func ("/i18n/language/report-in-worker", test_report_in_worker);
  g_test_add_func ("/i18n/language/threads-apart", test_threads_apart);

  return g_test_run ();
}
