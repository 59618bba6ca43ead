/* main.c: entry point of the Compute Planner window application. */
#include "config.h"

#include <glib/gi18n.h>
#include <locale.h>

#include "gui/cp-application.h"

int
main (int   argc,
      char *argv[])
{
  g_autoptr(CpApplication) app = NULL;

  /* The translations must be bound before GApplication parses the
   * command line, so that --help is shown in the user's language. */
  const char *localedir = g_getenv ("CP_LOCALEDIR");

  setlocale (LC_ALL, "");
  /* CP_LOCALEDIR points at the build tree's translations when the app runs
   * uninstalled (README's run command, tests). */
  bindtextdomain (GETTEXT_PACKAGE, localedir != NULL ? localedir : LOCALEDIR);
  bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
  textdomain (GETTEXT_PACKAGE);

  /* Han characters look different in Chinese and Japanese fonts; when the
   * interface is Chinese but the locale is not (LANGUAGE=zh_CN with
   * LANG=C.UTF-8), pango must still prefer Simplified Chinese glyphs. */
  if (g_str_has_prefix (C_("language code", "en"), "zh"))
    g_setenv ("PANGO_LANGUAGE", "zh-cn", FALSE);

  app = cp_application_new ();

  return g_application_run (G_APPLICATION (app), argc, argv);
}
