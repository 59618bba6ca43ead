/* fuzz-targets.h: one entry per parser, fed arbitrary bytes.
 *
 * libFuzzer calls them through fuzz-main.c; test-regressions.c feeds them
 * every file of corpus/<target>/ and regressions/<target>/ in the normal
 * test suite. Each returns 0; a finding aborts (a crash, a sanitizer
 * report, or g_error() for a broken property).
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* Sets what every entry relies on (criticals fatal, a scratch directory);
 * called once before the first input. @deep: run the slow checks as well
 * (cp_fuzz_deep() in fuzz-common.h). */
void cp_fuzz_init    (gboolean deep);

/* cp_parse_count/bytes/price on the bytes as text. */
int  cp_fuzz_units   (const guint8 *data, gsize size);
/* cp_quote_csv_read, then write/read round trip and a plan of the quotes. */
int  cp_fuzz_csv     (const guint8 *data, gsize size);
/* The bytes as a .cplan file: read-only load, writable open, save, reload. */
int  cp_fuzz_project (const guint8 *data, gsize size);
/* cp_report_xml_parse, then a plan and an export/import round trip. */
int  cp_fuzz_xml     (const guint8 *data, gsize size);
/* cp_model_config_read, then the job's checks and a plan of the model. */
int  cp_fuzz_config  (const guint8 *data, gsize size);
/* cp_trial_log_read, then the trial it gives the demo's pretraining and
 * serving jobs: readings name real lines, the job accepts the trial, the
 * plan's figures are finite. */
int  cp_fuzz_trial   (const guint8 *data, gsize size);
/* cp_workbook_new, then every sheet read: within the limits, rows in
 * order, each with something in it. */
int  cp_fuzz_workbook (const guint8 *data, gsize size);

/* Every entry by its target's name (fuzz-target-table.c), for the
 * programs that run them all: test-regressions and fuzz-replay. */
typedef int (*CpFuzzEntry) (const guint8 *data, gsize size);

typedef struct {
  const char  *name;
  CpFuzzEntry  entry;
} CpFuzzTarget;

#define CP_FUZZ_N_TARGETS 7
extern const CpFuzzTarget cp_fuzz_targets[CP_FUZZ_N_TARGETS];

G_END_DECLS
