/* test-slice-leak.c: under AddressSanitizer, a block GLib hands out of its
 * slice allocator (a GList node, a GObject, a GHashTable) that the project
 * drops is reported as a leak. GLib 2.74 keeps such blocks in its slice
 * magazines, out of LeakSanitizer's sight, unless G_SLICE=always-malloc,
 * which the sanitizer build's tests run with (tests/meson.build).
 * check-slice-leak.sh runs it without and with --leak. */
#include <glib.h>
#include <string.h>

/* One GList node, three pointers: 24 bytes on a 64-bit machine. Its data
 * is a literal, so the node is all that is lost. */
static void __attribute__ ((noinline))
drop_list_node (void)
{
  GList *list = g_list_prepend (NULL, (gpointer) "deliberately leaked");

  (void) list;
}

int
main (int    argc,
      char **argv)
{
  if (argc > 1 && strcmp (argv[1], "--leak") == 0)
    drop_list_node ();
  return 0;
}
