/* report-cli-projects.c: projects the report tests type with the CLI. */
#include "config.h"

#include <string.h>

#include "report-cli-projects.h"
#include "common/cp-test-cli.h"
#include "common/cp-test-pdf.h"

#define RUN_OK(...) cp_test_run_cli_ok (dir, (const char *const[]) { __VA_ARGS__, NULL })

void
report_cli_make_13b_lora (const char *dir,
                          const char *file)
{
  RUN_OK ("new", file);
  RUN_OK ("add-job", file, "--name", "13B LoRA", "--model", "llama-2-13b", "--task", "lora",
          "--recompute", "full", "--tokens", "31B");
  RUN_OK ("add-quote", file, "--vendor", "示例供应商甲", "--offer", "8 × A800 单机", "--gpu", "a800",
          "--gpus-per-node", "8", "--nodes", "1", "--price-per-node-month", "30000");
  RUN_OK ("add-quote", file, "--vendor", "示例供应商乙", "--offer", "H800 4节点 IB 集群", "--gpu", "h800",
          "--gpus-per-node", "8", "--nodes", "4", "--price-per-gpu-hour", "30", "--network", "infiniband",
          "--nics", "4", "--nic-gbps", "400", "--dedicated");
}

void
report_cli_make_month_lora (const char *dir,
                            const char *file)
{
  RUN_OK ("new", file);
  RUN_OK ("add-job", file, "--name", "13B LoRA", "--model", "llama-2-13b", "--task", "lora", "--recompute", "full", "--zero", "0",
          "--tokens", "300M", "--seq-len", "2048", "--lora-rank", "16", "--deadline-days", "14");
  RUN_OK ("add-quote", file, "--vendor", "Vendor A", "--offer", "8 × 4090 container", "--gpu", "rtx4090",
          "--gpus-per-node", "8", "--nodes", "1", "--price-per-gpu-hour", "2.2");
  RUN_OK ("add-quote", file, "--vendor", "Vendor B", "--offer", "8 × A800 machine", "--gpu", "a800",
          "--gpus-per-node", "8", "--nodes", "1", "--price-per-node-month", "30000");
}

void
report_cli_make_70b_lora (const char *dir,
                          const char *file)
{
  RUN_OK ("new", file);
  RUN_OK ("add-job", file, "--name", "70B LoRA fine-tune", "--model", "llama-2-70b", "--task", "lora", "--recompute", "full",
          "--tokens", "500M", "--deadline-days", "30");
  RUN_OK ("add-quote", file, "--vendor", "云厂商甲", "--offer", "8×H800 单机", "--gpu", "h800",
          "--gpus-per-node", "8", "--nodes", "1", "--price-per-gpu-hour", "15");
  RUN_OK ("add-quote", file, "--vendor", "智算中心乙", "--offer", "A800 4节点 IB 集群", "--gpu", "a800",
          "--gpus-per-node", "8", "--nodes", "4", "--price-per-node-month", "45000", "--network", "infiniband",
          "--nics", "4", "--nic-gbps", "200", "--dedicated");
}

void
report_cli_make_ascend_lora (const char *dir,
                             const char *file)
{
  RUN_OK ("new", file);
  /* No --tokens: the job keeps the LoRA default, as a team lead typed it. */
  RUN_OK ("add-job", file, "--name", "Qwen2.5 72B LoRA", "--model", "qwen2.5-72b", "--task", "lora",
          "--deadline-days", "5");
  RUN_OK ("add-quote", file, "--vendor", "深圳算力云", "--gpu", "a800", "--gpus-per-node", "8", "--nodes", "1",
          "--price-per-gpu-hour", "12");
  RUN_OK ("add-quote", file, "--vendor", "华为云", "--offer", "Ascend", "--gpu", "ascend-910b", "--gpus-per-node", "8",
          "--nodes", "2", "--network", "roce", "--nics", "8", "--nic-gbps", "200", "--price-per-gpu-hour", "12.25");
}

void
report_cli_make_llama31_walk (const char *dir,
                              const char *file)
{
  RUN_OK ("new", file);
  RUN_OK ("add-job", file, "--name", "Llama 3.1 70B LoRA", "--model", "llama-3.1-70b", "--task", "lora");
  RUN_OK ("add-quote", file, "--vendor", "云厂商甲", "--offer", "8 × H800", "--gpu", "h800", "--gpus-per-node", "8",
          "--nodes", "1", "--price-per-gpu-hour", "15");
  RUN_OK ("add-quote", file, "--vendor", "智算中心乙", "--offer", "4 nodes × 8 A800, InfiniBand", "--gpu", "a800",
          "--gpus-per-node", "8", "--nodes", "4", "--price-per-node-month", "45000", "--network", "infiniband",
          "--nics", "4", "--nic-gbps", "200");
}

double
report_xml_number_after (const char *xml,
                         const char *within,
                         const char *open_tag)
{
  const char *at = strstr (xml, within);
  const char *tag;

  g_assert_nonnull (at);
  tag = strstr (at, open_tag);
  g_assert_nonnull (tag);
  tag = strchr (tag, '>');
  g_assert_nonnull (tag);
  return g_ascii_strtod (tag + 1, NULL);
}

char *
report_pdf_unbulleted (const char *dir,
                       const char *pdf,
                       guint       page)
{
  g_autofree char *text = cp_test_pdf_text (dir, pdf, page, FALSE);
  GString *unbulleted = g_string_new (text);

  g_string_replace (unbulleted, "•", "", 0);
  return g_string_free (unbulleted, FALSE);
}

void
report_cli_make_qwen72b_walk (const char *dir,
                              const char *file)
{
  RUN_OK ("new", file);
  RUN_OK ("add-job", file, "--name", "Qwen 72B LoRA", "--model", "qwen2.5-72b", "--task", "lora",
          "--lora-rank", "16", "--tokens", "2B", "--seq-len", "4096", "--deadline-days", "10",
          "--distributed-experience");
  RUN_OK ("add-quote", file, "--vendor", "Acme Cloud", "--gpu", "h800", "--gpus-per-node", "8",
          "--nodes", "1", "--price-per-gpu-hour", "14.5");
  RUN_OK ("add-quote", file, "--vendor", "Huawei Cloud partner", "--gpu", "ascend-910b",
          "--gpus-per-node", "8", "--nodes", "4", "--network", "roce", "--nics", "8", "--nic-gbps", "200",
          "--price-per-node-month", "32000");
}
