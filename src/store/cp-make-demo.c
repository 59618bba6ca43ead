/* cp-make-demo.c: writes demo.cplan at build time.
 *
 * Usage: cp-make-demo OUTPUT.cplan
 */

#include "config.h"

#include <locale.h>

#include "cp-demo.h"
#include "cp-store.h"

int
main (int argc, char **argv)
{
  g_autoptr(CpProject) project = NULL;
  g_autoptr(GError) error = NULL;

  setlocale (LC_ALL, "");
  if (argc != 2)
    {
      g_printerr ("usage: %s OUTPUT.cplan\n", argv[0]);
      return 2;
    }

  project = cp_demo_project_new (&error);
  if (project == NULL || !cp_project_save_file (project, argv[1], &error))
    {
      g_printerr ("%s: %s\n", argv[1], error->message);
      return 1;
    }
  return 0;
}
