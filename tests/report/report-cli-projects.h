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

/* In @dir, @file: the one-job project of the approver's walk, a 13B LoRA
 * on 300M tokens within 14 days; an 8 × RTX 4090 container at 2.2 CNY per
 * GPU-hour and one 8 × A800 machine at 30,000 CNY per node-month, a month
 * at least. Both run it within a day. */
void report_cli_make_month_lora (const char *dir,
                                 const char *file);

/* In @dir, @file: the newcomer walk's project, a 70B LoRA fine-tune on
 * 500M tokens within 30 days; one 8 × H800 machine at 15 CNY per
 * GPU-hour and a 4-node A800 InfiniBand cluster at 45,000 CNY per
 * node-month, dedicated. The team is not described (the form's default:
 * assumed without an operations engineer); both quotes are bare metal. */
void report_cli_make_70b_lora (const char *dir,
                               const char *file);

/* In @dir, @file: the finance director's project (3 December), a Qwen2.5
 * 72B LoRA fine-tune within 5 days whose size was never typed (the LoRA
 * default); one 8 × A800 machine at 12 CNY per GPU-hour (深圳算力云) and
 * two 8 × Ascend 910B nodes over RoCE at 12.25 CNY per GPU-hour (华为云),
 * neither stating its billing, storage price, offering's VAT or sharing. */
void report_cli_make_ascend_lora (const char *dir,
                                  const char *file);

/* In @dir, @file: the lead's walk of 3 December, as typed: a Llama 3.1
 * 70B LoRA fine-tune with the form's defaults (100M tokens, no
 * deadline, the team not described); one 8 × H800 machine at 15 CNY
 * per GPU-hour and 4 nodes of 8 A800 over InfiniBand at 45,000 CNY per
 * node-month, network sharing unstated. */
void report_cli_make_llama31_walk (const char *dir,
                                   const char *file);

/* In @dir, @file: walkthrough 31's project, a Qwen2.5 72B LoRA fine-tune
 * (rank 16) on 2B tokens of 4,096, within 10 days, by a team that has run
 * distributed training; one 8 × H800 machine at 14.50 CNY per GPU-hour
 * (Acme Cloud) and 4 nodes of 8 Ascend 910B over RoCE at 32,000 CNY per
 * node-month (Huawei Cloud partner). */
void report_cli_make_qwen72b_walk (const char *dir,
                                   const char *file);

/* The number in @xml after the first @open_tag (such as "<total-cost")
 * that follows @within, read up to its closing '<'. */
double report_xml_number_after (const char *xml,
                                const char *within,
                                const char *open_tag);

/* Page @page of @pdf (in @dir; 0: all pages), squeezed, without the
 * bullets pdftotext puts after an item's first line. */
char *report_pdf_unbulleted (const char *dir,
                             const char *pdf,
                             guint       page);

G_END_DECLS
