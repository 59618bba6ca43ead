/* main.c: entry point of the Compute Planner window application. */
#include "config.h"

#include <glib/gi18n.h>
#include <locale.h>

#include "gui/cp-application.h"
#include "report/cp-i18n.h"

int
main (int   argc,
      char *argv[])
{
  g_autoptr(CpApplication) app = NULL;

  setlocale (LC_ALL, "");
  /* Before GApplication parses the command line, so that --help is shown
   * in the user's language. */
  cp_i18n_bind_textdomain ();

  /* Han characters look different in Chinese and Japanese fonts; when the
   * interface is Chinese but the locale is not (LANGUAGE=zh_CN with
   * LANG=C.UTF-8), pango must still prefer Simplified Chinese glyphs. */
  if (g_str_has_prefix (C_("language code", "en"), "zh"))
    g_setenv ("PANGO_LANGUAGE", "zh-cn", FALSE);

  app = cp_application_new ();

  return g_application_run (G_APPLICATION (app), argc, argv);
}
