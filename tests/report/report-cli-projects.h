/* report-cli-projects.h: projects the report tests type with the CLI, as
 * a user makes them, shared by the tests that read their reports. */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* In @dir, @file: a 13B LoRA fine-tune on 31B tokens, no deadline; one
 * 8 × A800 machine at 30,000 CNY per node-month and a 4-node H800
 * InfiniBand cluster at 30 CNY per GPU-hour, dedicated. Its run takes
 * two months on the machine: the budget has two months. */
void report_cli_make_13b_lora (const char *dir,
                               const char *file);

/* In @dir, @file: the newcomer walk's project, a 70B LoRA fine-tune on
 * 500M tokens within 30 days; one 8 × H800 machine at 15 CNY per
 * GPU-hour and a 4-node A800 InfiniBand cluster at 45,000 CNY per
 * node-month, dedicated. The team is not described (the form's default:
 * assumed without an operations engineer); both quotes are bare metal. */
void report_cli_make_70b_lora (const char *dir,
                               const char *file);

/* The non-empty lines of page @page of @pdf (in @dir), as pdftotext
 * -layout reads them: the page's header first, its footer last. */
GPtrArray *report_pdf_page_lines (const char *dir,
                                  const char *pdf,
                                  guint       page);

G_END_DECLS
