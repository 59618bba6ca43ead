/* cp-quote-name.h: a quote's name in a row narrower than it. */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

#define CP_TYPE_QUOTE_NAME (cp_quote_name_get_type ())

G_DECLARE_FINAL_TYPE (CpQuoteName, cp_quote_name, CP, QUOTE_NAME, GtkWidget)

/* Shows a quote's name as cp_quote_display_name() gives it, "Vendor —
 * offer": where the row is too narrow for it, the vendor is cut at its
 * end first, so that what follows " — " (the offer, GPU or machines that
 * tell one vendor's quotes apart) stays whole; that part is cut, at its
 * start, only once the vendor is down to its first characters
 * ("深圳某某…H100 SXM服务器"). A name without " — " is cut at its
 * end. The whole name is the caller's tooltip. */
GtkWidget  *cp_quote_name_new          (void);
void        cp_quote_name_set_text     (CpQuoteName *self,
                                        const char  *text);
const char *cp_quote_name_get_text     (CpQuoteName *self);
/* The labels of the vendor's part (the one shown: the vendor, or its
 * first characters while the rest is cut too) and of " — what follows"
 * (hidden for a name without it), for a test to read what each shows. */
GtkLabel   *cp_quote_name_get_vendor   (CpQuoteName *self);
GtkLabel   *cp_quote_name_get_rest     (CpQuoteName *self);

G_END_DECLS
