/* cp-cli.h: subcommands of compute-planner-cli. Each returns the process
 * exit status: 0 on success, 1 when the work failed, 2 for a bad option or
 * value (the message names it). */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

int cp_cli_estimate      (int argc, char **argv);
int cp_cli_plan          (int argc, char **argv);
int cp_cli_import_quotes (int argc, char **argv);
int cp_cli_import_trial  (int argc, char **argv);
int cp_cli_new           (int argc, char **argv);
int cp_cli_demo          (int argc, char **argv);
int cp_cli_report        (int argc, char **argv);
int cp_cli_add_job       (int argc, char **argv);
int cp_cli_edit_job      (int argc, char **argv);
int cp_cli_add_quote     (int argc, char **argv);
int cp_cli_edit_quote    (int argc, char **argv);
int cp_cli_list          (int argc, char **argv);
int cp_cli_export_quotes (int argc, char **argv);
int cp_cli_import_xml    (int argc, char **argv);
int cp_cli_import_config (int argc, char **argv);
int cp_cli_chart         (int argc, char **argv);

G_END_DECLS
