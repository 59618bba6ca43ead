/* cli-common.h: what every subcommand of compute-planner-cli shares.
 *
 * Option values are read as strings and parsed here, so that a bad value
 * gets a message naming the option ("--tokens: “abc” is not a number") and
 * the exit status 2 of cp-cli.h. Every cp_cli_parse_*_option() leaves @out
 * untouched and returns TRUE when @text is NULL (option not given), and
 * prints the message and returns FALSE when the value is bad.
 */
#pragma once

#include <stdio.h>

#include <glib.h>
#include <libxml/xmlwriter.h>

#include "planner/cp-project.h"
#include "planner/cp-project-analysis.h"

G_BEGIN_DECLS

#define CP_CLI_EXIT_OK     0
#define CP_CLI_EXIT_FAILED 1
#define CP_CLI_EXIT_USAGE  2

/* Prints "compute-planner-cli: message" on stderr; returns CP_CLI_EXIT_USAGE
 * (respectively CP_CLI_EXIT_FAILED), so callers can `return cp_cli_usage_error (…)`. */
int             cp_cli_usage_error   (const char *format, ...) G_GNUC_PRINTF (1, 2);
int             cp_cli_failure       (const char *format, ...) G_GNUC_PRINTF (1, 2);
/* "Warning: …" on stderr for each of cp_project_find_problems(): what
 * the plan leaves out of @project and why. */
void            cp_cli_warn_problems (const CpProject *project);

/* What --job and --quote take: an item's id, or its position in `list`
 * (1, 2, …). A number that is one item's id and another's position is
 * refused, with both named, rather than read as either. The index, or
 * CP_CLI_NOT_FOUND, or CP_CLI_AMBIGUOUS with the message printed. */
#define CP_CLI_NOT_FOUND (-1)
#define CP_CLI_AMBIGUOUS (-2)
int             cp_cli_find_job      (const CpProject *project, const char *option, const char *text);
int             cp_cli_find_quote    (const CpProject *project, const char *option, const char *text);

/* A context for subcommand @command ("estimate") whose --help reads
 * "Usage: compute-planner-cli estimate [OPTION…]", translated in the
 * application's domain. @summary may be NULL. */
GOptionContext *cp_cli_option_context_new (const char *command,
                                           const char *summary);
/* Parses; on a bad or unknown option prints the message (which names the
 * option) and returns FALSE. Arguments that are not options are refused
 * unless @allow_arguments. */
gboolean        cp_cli_parse_options (GOptionContext *context,
                                      int            *argc,
                                      char         ***argv,
                                      gboolean        allow_arguments);
/* Adds @entries to @context and parses as cp_cli_parse_options() does, for
 * a subcommand that takes one argument, the project file: FALSE, with the
 * message printed, when it is missing or followed by another. */
gboolean        cp_cli_parse_project_options (GOptionContext     *context,
                                              const GOptionEntry *entries,
                                              int                *argc,
                                              char             ***argv);

/* A quote whose nodes are joined by a network (--network) that lacks its
 * cards or their rate: refused naming the options to give (--nics,
 * --nic-gbps), not the window's "Inter-node network" field. FALSE, said,
 * when one is missing. */
gboolean cp_cli_check_network_given (const CpQuote *quote);

/* Counts with SI or Chinese suffixes: "7B", "2T", "1.5k", "700亿". */
gboolean cp_cli_parse_count_option    (const char *option, const char *text,
                                       double min, double max, double *out);
/* 0 ("none", "not stated") or a number from @smallest to @max: the
 * model's smallest meaningful value (see cp-check-private.h). */
gboolean cp_cli_parse_zero_or_at_least_option (const char *option,
                                               const char *text,
                                               double      smallest,
                                               double      max,
                                               double     *out);
/* Whole numbers, suffixes allowed ("4k"). */
gboolean cp_cli_parse_uint_option     (const char *option, const char *text,
                                       guint min, guint max, guint *out);
/* A fraction in (0, 1], written "0.45" or "45%". */
gboolean cp_cli_parse_fraction_option (const char *option, const char *text,
                                       double *out);
/* Bytes: "80GB", "80GiB", "512MiB". */
gboolean cp_cli_parse_bytes_option    (const char *option, const char *text,
                                       double *out);
/* A price for an option that implies its unit (--price-per-gpu-hour). The
 * text may name its unit in any form the window and the import read, as
 * long as it comes to the option's ("2352元/台/天" for a node-hour, with
 * @gpus_per_node for a month per GPU), not another one; @currency gets the
 * ISO code the text names, or is left untouched. */
gboolean cp_cli_parse_price_option    (const char *option, const char *text,
                                       CpPriceUnit implied, guint gpus_per_node,
                                       double *out, char currency[4]);
/* A whole count with what it counts ("8卡", "2 nodes"; cp_parse_count_of()). */
gboolean cp_cli_parse_count_of_option (const char *option, const char *text,
                                       CpPriceSubject subject, guint min, guint max,
                                       guint *out);
/* A number of days from 0 to @max_days, a bare number days, or with its
 * unit ("61d", "1464h", "8 weeks", "2 months" of @hours_per_month each;
 * cp_parse_duration_days()), as the window's fields of days take it. */
gboolean cp_cli_parse_days_option     (const char *option, const char *text,
                                       double hours_per_month, double max_days,
                                       double *out_days);
/* 0 or a time from @smallest_h to @max_h hours, with its unit ("72", "2周",
 * "两周", "3个月"; cp_parse_duration_h()). */
gboolean cp_cli_parse_duration_option (const char *option, const char *text,
                                       double hours_per_month, double smallest_h,
                                       double max_h, double *out_h);
/* Reports a value outside @choices ("pretrain, lora, …"); returns FALSE. */
/* "10%" or "0.1" into @out (0.1); a usage error naming @option otherwise. */
gboolean cp_cli_parse_share           (const char *option, const char *text, double *out);
gboolean cp_cli_bad_choice            (const char *option, const char *text,
                                       const char *choices);

/* Human-readable figures for tables. */
char    *cp_cli_format_number   (double value, int decimals);   /* "1,234.5" */
char    *cp_cli_format_duration (double seconds);               /* "3,600 s (1.0 h, 0.04 days)" */
char    *cp_cli_format_money    (double amount, const char *currency);   /* "12,346 CNY", "12.35 CNY"; "¥12,346" in Chinese */
/* In whole units however small: a part beside a total in whole units ("55 CNY", "¥55"). */
char    *cp_cli_format_money_whole (double amount, const char *currency);
/* A cost's range, low to high; one figure when both ends print the same
 * ("13,264 CNY – 13,264 CNY" read as a slip: approver 21, room40). */
char    *cp_cli_format_money_range (double low, double high, const char *currency);
const char *cp_cli_yes_no       (gboolean value);               /* translated */

/* Aligned text tables: a column is as wide as its widest cell (CJK
 * characters count twice). Headings are lines of their own. */
typedef struct _CpCliTable CpCliTable;

CpCliTable *cp_cli_table_new          (guint n_columns);
void        cp_cli_table_free         (CpCliTable *table);
void        cp_cli_table_set_right_aligned (CpCliTable *table, guint column, gboolean right);
/* Cells for one row, NULL-terminated; missing cells are empty. */
void        cp_cli_table_add_row      (CpCliTable *table, const char *first, ...) G_GNUC_NULL_TERMINATED;
void        cp_cli_table_add_heading  (CpCliTable *table, const char *title);
/* A two-column row whose value the table takes (freed here). */
void        cp_cli_table_add_label_value (CpCliTable *table, const char *label, char *value);
void        cp_cli_table_print        (const CpCliTable *table, FILE *out);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (CpCliTable, cp_cli_table_free)

/* XML for the approval system, through libxml2's xmlTextWriter. Numbers are
 * written with cp_format_double_shortest (round-trippable, never
 * locale-dependent). */
xmlTextWriterPtr cp_cli_xml_begin          (xmlBufferPtr *buffer, const char *root);
void             cp_cli_xml_text           (xmlTextWriterPtr writer, const char *name, const char *text);
void             cp_cli_xml_double         (xmlTextWriterPtr writer, const char *name, double value);
void             cp_cli_xml_uint           (xmlTextWriterPtr writer, const char *name, guint value);
void             cp_cli_xml_bool           (xmlTextWriterPtr writer, const char *name, gboolean value);
void             cp_cli_xml_money          (xmlTextWriterPtr writer, const char *name,
                                            double amount, const char *currency);
/* Closes the document, frees @writer and @buffer and writes the text to
 * @path, or to stdout when @path is NULL or "-". */
/* <reasons> (rule, outcome, quote, values and the sentence in the
 * interface language) and <risks> of @plan. */
void             cp_cli_xml_reasons        (xmlTextWriterPtr writer, const CpProject *project,
                                            const CpPlan *plan);
/* Lists, after the plans of jobs @first to @last of @analysis, the
 * spread of each assumption that can move one of them, with its source. */
void             cp_cli_print_spreads      (const CpProject *project, CpProjectAnalysis *analysis,
                                            guint first, guint last);
/* <spreads>: each assumption's spread (cp-range.h) at @settings, its
 * expected value as content, low, high and source as attributes. */
void             cp_cli_xml_spreads        (xmlTextWriterPtr writer, const CpSettings *settings);
/* total-s-low … total-cost-high of one band, as elements; @currency NULL
 * (no price to compare) leaves the costs out. */
void             cp_cli_xml_range          (xmlTextWriterPtr writer, const CpRange *range,
                                            const char *currency);
gboolean         cp_cli_xml_finish         (xmlTextWriterPtr writer, xmlBufferPtr buffer,
                                            const char *path, GError **error);

G_END_DECLS
