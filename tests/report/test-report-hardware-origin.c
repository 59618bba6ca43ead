/* test-report-hardware-origin.c: the GPU a quote names is the GPU the
 * report prints (walk37 F1–F3).
 *
 * A quote for "8×H20 141GB", which the catalogue lacks, is entered as the
 * window does it: the catalogue's H20 96GB, then 141 typed as its memory
 * (cp_gpu_spec_mark_typed(), what the quote form calls). The file made in
 * one language is reported in both; the report names the GPU "NVIDIA H20
 * 141GB", never "Custom (from …)" nor the 96GB card, and says under its
 * quotes which figures the team typed and which no datasheet gives: the
 * catalogue marks the H20 96GB and the 910B2 unverified, NVLink 4 (H20)
 * secondary and HCCS (Ascend 910B) unverified (data/catalog/gpus.ini,
 * links.ini), read back with pdftotext.
 */
#include "config.h"

#include <string.h>

#include "common/cp-test-cli.h"
#include "common/cp-test-dir.h"
#include "common/cp-test-pdf.h"
#include "planner/cp-spec-edit.h"
#include "report-cli-projects.h"
#include "store/cp-store.h"

static char *tmp_dir;

#define RUN_OK(...) cp_test_run_cli_ok (tmp_dir, (const char *const[]) { __VA_ARGS__, NULL })

/* Page 2 says it of the quotes the jobs rent, catalogue entries resting
 * on the same kind of source in one line: the LoRA job rents the 910B2,
 * the service the H20 (its month against 32 × 8 × 720 = 184,320 CNY by
 * the hour). */
typedef struct {
  const char *lang;
  const char *edited_gpu;   /* the typed memory, the rest the 96GB entry's, unverified */
  const char *secondary;    /* NVLink 4 (H20): agreeing secondary descriptions, not said on page 2 */
  const char *unverified;   /* the 910B2 and its HCCS link */
  const char *table;        /* the quotes table marks the GPU edited */
} Words;

static const Words words[] = {
  { "en",
    "NVIDIA H20 141GB: Typed by the team: memory 141 GB; other figures from NVIDIA H20 96GB "
    "(unverified figures from secondary descriptions, not a datasheet)",
    "NVLink 4 (H20) 450 GB/s",
    "Not from a datasheet (secondary descriptions, unverified): Huawei Ascend 910B2 64GB; "
    "HCCS (Ascend 910B) 196 GB/s",
    "NVIDIA H20 141GB (edited)" },
  { "zh_CN",
    "NVIDIA H20 141GB：团队填写：显存 141 GB；其余数据来自 NVIDIA H20 96GB（数据未经核实，来自二手资料，并非数据手册）",
    "NVLink 4 (H20) 450 GB/s",
    "非数据手册数据（来自二手资料，未经核实）：Huawei Ascend 910B2 64GB；HCCS (Ascend 910B) 196 GB/s",
    "NVIDIA H20 141GB（已修改）" },
};

static void
test_edited_gpu_named (void)
{
  g_autofree char *path = g_build_filename (tmp_dir, "h20.cplan", NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(CpProject) project = NULL;
  CpQuote *h20;

  if (cp_test_skip_without_poppler ())
    return;
  RUN_OK ("new", "h20.cplan");
  RUN_OK ("add-job", "h20.cplan", "--name", "13B LoRA", "--model", "llama-2-13b", "--task", "lora",
          "--tokens", "100M", "--deadline-days", "14");
  RUN_OK ("add-job", "h20.cplan", "--name", "Serve 13B", "--model", "llama-2-13b", "--task", "inference",
          "--concurrency", "64", "--duration-days", "30");
  RUN_OK ("add-quote", "h20.cplan", "--vendor", "SZ GPU Cloud", "--offer", "8x H20 141GB bare-metal", "--gpu", "h20",
          "--gpus-per-node", "8", "--nodes", "1", "--price-per-node-month", "45000");
  RUN_OK ("add-quote", "h20.cplan", "--vendor", "Huawei Cloud", "--offer", "Ascend 910B2 8-card node",
          "--gpu", "ascend-910b", "--gpus-per-node", "8", "--nodes", "1", "--price-per-gpu-hour", "32");

  /* 141 typed over the 96GB entry's memory, as the quote form does. */
  project = cp_project_load_file (path, &error);
  g_assert_no_error (error);
  h20 = g_ptr_array_index (project->quotes, 0);
  g_assert_cmpstr (h20->gpu.id, ==, "h20");
  h20->gpu.memory_nominal_gb = 141;
  cp_gpu_spec_mark_typed (&h20->gpu, CP_GPU_FIGURE_MEMORY, 96);
  g_assert_cmpstr (h20->gpu.name, ==, "NVIDIA H20 141GB");
  g_assert_true (cp_project_save_file (project, path, &error));
  g_assert_no_error (error);

  for (guint i = 0; i < G_N_ELEMENTS (words); i++)
    {
      const Words *w = &words[i];
      g_autofree char *pdf = g_strdup_printf ("h20-%s.pdf", w->lang);
      g_autofree char *xml = g_strdup_printf ("h20-%s.xml", w->lang);
      g_autofree char *xml_path = g_build_filename (tmp_dir, xml, NULL);
      g_autofree char *xml_text = NULL;
      g_autofree char *text = NULL;

      RUN_OK ("report", "h20.cplan", "--lang", w->lang, "--pdf", pdf, "--xml", xml);
      text = report_pdf_unbulleted (tmp_dir, pdf, 0);
      cp_test_assert_has (text, w->edited_gpu);
      cp_test_assert_lacks (text, w->secondary);
      cp_test_assert_has (text, w->unverified);
      cp_test_assert_has (text, w->table);
      /* No name of another language, nor of the 96GB card as the GPU
       * rented: "96GB" only where the other figures are said to be its. */
      cp_test_assert_lacks (text, "Custom (from");
      cp_test_assert_lacks (text, "自定义（基于");
      cp_test_assert_lacks (text, "× NVIDIA H20 96GB");
      g_assert_true (strstr (text, "H20 96GB") == g_strrstr (text, "H20 96GB"));

      /* The XML names it too, its source recording the typed figure. */
      g_assert_true (g_file_get_contents (xml_path, &xml_text, NULL, NULL));
      g_assert_nonnull (strstr (xml_text, "NVIDIA H20 141GB"));
      g_assert_nonnull (strstr (xml_text, "typed: memory_nominal_gb | from: NVIDIA H20 96GB | PUBLISHED G8"));
      cp_test_validate_report_xml (tmp_dir, xml);
    }
}

/* The name's memory follows the memory typed, only where it states it
 * as a word of its own ("96GB", "80 GB"; never "H20"'s 20). */
static void
test_name_follows_memory (void)
{
  static const struct { const char *name; double memory, only_if; const char *named; } cases[] = {
    { "NVIDIA H20 96GB", 141, 96, "NVIDIA H20 141GB" },
    { "NVIDIA H100 SXM 80GB", 94, 80, "NVIDIA H100 SXM 94GB" },
    { "NVIDIA A100 80 GB PCIe", 40, 80, "NVIDIA A100 40 GB PCIe" },
    { "H20 141GB HBM3e", 144, 141, "H20 144GB HBM3e" },
    /* A memory typed before the name was given is not the name's. */
    { "H20 141GB HBM3e", 96, 120, NULL },
    /* No memory in the name, or two: nothing to follow. */
    { "NVIDIA H20", 141, 96, NULL },
    { "A100 40GB or 80GB", 80, 40, NULL },
    /* Half a GB is kept: 141.5. */
    { "NVIDIA H20 96GB", 141.5, 0, "NVIDIA H20 141.5GB" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *named = cp_gpu_name_with_memory (cases[i].name, cases[i].memory, cases[i].only_if);

      g_assert_cmpstr (named, ==, cases[i].named);
    }
}

int
main (int    argc,
      char **argv)
{
  tmp_dir = cp_test_init_with_tmp_dir (&argc, &argv, "cp-origin-XXXXXX");

  g_test_add_func ("/report-hardware-origin/edited-gpu-named", test_edited_gpu_named);
  g_test_add_func ("/report-hardware-origin/name-follows-memory", test_name_follows_memory);

  return cp_test_run_then_remove (tmp_dir);
}
