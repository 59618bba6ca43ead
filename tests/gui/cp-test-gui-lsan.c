/* cp-test-gui-lsan.c: what the shared libraries' constructors allocate is
 * not the GUI tests' leak (AddressSanitizer builds only).
 *
 * GLib's constructor (glib_init → g_quark_init) allocates the first block of
 * the quark table, and g_quark_new() leaves that block behind on purpose
 * once a process has over 2,048 quarks (glib/gquark.c), as every GTK test
 * program here does. GLib is built without frame pointers, so with ASan's
 * fast unwinder the block's stack stops at g_malloc and no suppression in
 * build-aux/lsan.supp can tell it from the project's own leaks; the slow
 * unwinder, which can, made the GUI tests five times slower. Instead, the
 * allocations made before main() by the libraries' constructors are not
 * tracked for leaks: they are one-time state by definition, and the
 * project itself has no constructors.
 *
 * - .preinit_array runs in the executable before any shared library's
 *   constructor (ELF gABI; glibc's _dl_init) and turns leak tracking off for
 *   the main thread;
 * - the executable's own constructors run after every shared library's, and
 *   turn it back on before main(), so everything the tests do is checked.
 *
 * The GUI test programs link this file whole (tests/gui/meson.build), so
 * none of them can lose it.
 */
#include "config.h"

#if defined(__SANITIZE_ADDRESS__)
#include <sanitizer/lsan_interface.h>

static void
constructors_not_tracked (void)
{
  __lsan_disable ();
}

__attribute__ ((section (".preinit_array"), used))
static void (*const cp_test_gui_lsan_preinit) (void) = constructors_not_tracked;

__attribute__ ((constructor))
static void
main_tracked (void)
{
  __lsan_enable ();
}
#endif
