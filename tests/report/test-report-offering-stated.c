/* test-report-offering-stated.c: a quote's kind of offer and the team's
 * cost are the report's assumptions until someone gives them (read37 F4
 * and F6, walk37 F15): said "assumed" where the report uses them, in
 * English and Chinese, and stated ones said as fact; the mark kept by the
 * XML and read from an older report that has none.
 *
 * One 7B LoRA on 100M tokens within 10 days, the team not described; one
 * quote, 甲, of one 8 × A800 machine at 10 CNY per GPU-hour. "assumed":
 * no --offering, no engineers or day cost typed; "stated": --offering
 * bare-metal, --engineers 2 and --engineer-day-cost 2000, the same values
 * as the defaults, so that only the marks differ.
 *
 * The figures, by hand: the run takes 1.1 h, billed 2 h: 10 × 8 × 2 =
 * 160 CNY; the amount 160 + one more billed machine-hour (10 × 8 = 80
 * CNY, more than 10% of 160) = 240 CNY; its VAT at the bare machine's
 * lease rate, included in the price: 240 × 13/113 = 27.6 → 28 CNY. The
 * team's working day: 2 engineers × 2,000 CNY = 4,000 CNY. */

#include "config.h"

#include <string.h>

#include "common/cp-test-cli.h"
#include "common/cp-test-dir.h"
#include "common/cp-test-pdf.h"
#include "report-cli-projects.h"
#include "report/cp-report.h"
#include "store/cp-store.h"

static char *tmp_dir;

#define RUN_OK(...) cp_test_run_cli_ok (tmp_dir, (const char *const[]) { __VA_ARGS__, NULL })

static void
make_project (const char *file,
              gboolean    stated)
{
  RUN_OK ("new", file, "--start", "2027-01-04");
  if (stated)
    {
      RUN_OK ("add-job", file, "--name", "7B LoRA", "--model", "qwen2.5-7b", "--task", "lora", "--deadline-days", "10",
              "--tokens", "100M", "--engineers", "2", "--engineer-day-cost", "2000");
      RUN_OK ("add-quote", file, "--vendor", "甲", "--offer", "8×A800", "--gpu", "a800", "--gpus-per-node", "8",
              "--nodes", "1", "--price-per-gpu-hour", "10", "--offering", "bare-metal");
    }
  else
    {
      RUN_OK ("add-job", file, "--name", "7B LoRA", "--model", "qwen2.5-7b", "--task", "lora", "--deadline-days", "10",
              "--tokens", "100M");
      RUN_OK ("add-quote", file, "--vendor", "甲", "--offer", "8×A800", "--gpu", "a800", "--gpus-per-node", "8",
              "--nodes", "1", "--price-per-gpu-hour", "10");
    }
}

static const struct {
  const char *lang;
  const char *assumed_line;
  const char *team_asks_vendor;
  const char *vat;
  const char *team_day_assumed;
  const char *team_day_stated;
  const char *inputs_assumed;
  const char *inputs_stated;
  const char *table_assumed;
  const char *from_stated;
  /* The VAT-only case: a team with an operations engineer, prices
   * without VAT; the vendor asked after the question already put to it
   * alone (its storage). */
  const char *vendor_question;
  const char *from_assumed;
  const char *vat_added;
} words[] = {
  { "en",
    "Assumed, not given: bare metal (甲).",
    "Ask: the team, for 7B LoRA. Bare metal is assumed too: ask 甲 whether it is.",
    "VAT: 28 CNY (240 CNY × 13/113) in the amount; not stated in the quotes, taken as 13%, included (甲).",
    "moving to a cluster (R8): 4,000 CNY a working day (assumed).",
    "moving to a cluster (R8): 4,000 CNY a working day.",
    "Inputs: 2 engineers at 2,000 CNY a day (assumed);",
    "Inputs: 2 engineers at 2,000 CNY a day;",
    "Bare-metal machine (assumed)",
    "From: 甲 (Bare-metal machine).",
    "Ask: 甲. Is it bare metal or hosted? Not stated: taken as bare metal, which sets its tax rate and who runs it (R8).",
    "From: 甲 (Bare-metal machine, assumed).",
    "VAT: 31 CNY (271 CNY × 13/113) in the amount; not stated in the quotes, taken as 13% (甲)." },
  { "zh_CN",
    "假设值（未填写）：裸金属（甲）。",
    "请团队确认（涉及 7B LoRA）。裸金属也是假设：请向甲确认是否如此。",
    "增值税：申请金额中含 ¥28（¥240 × 13/113）；报价未写明税率，按 13%，已含在报价中（甲）。",
    "每个工作日 ¥4,000（假设）。",
    "每个工作日 ¥4,000。",
    "输入：2 名工程师，每人每天 ¥2,000（假设）；",
    "输入：2 名工程师，每人每天 ¥2,000；",
    "裸金属整机（假设）",
    "供应商：甲（裸金属整机）。",
    "询问：甲。是裸金属还是托管？报价未说明：按裸金属计，这决定其税率及由谁运维（R8）。",
    "供应商：甲（裸金属整机，假设）。",
    "增值税：申请金额中含 ¥31（¥271 × 13/113）；报价未写明税率，按 13%（甲）。" },
};

/* Page 1 says what rests on the kind and the team assumed, and nothing
 * of it when both are stated; the cost breakdown's inputs and the quotes
 * table say "assumed" of the assumed ones only. Where R8's condition
 * does not rest on the kind (the team has an operations engineer) but
 * the VAT added to prices without it does (160 CNY × 1.13 = 181 CNY,
 * against 170 at a service's 6%), its vendor is asked after its storage
 * question:
 * amount 180.8 + one more billed machine-hour with VAT (80 × 1.13 = 90.4
 * CNY, more than 10%) = 271.2 → 271 CNY, its VAT 271 × 13/113 = 31.2 → 31
 * CNY. */
static void
test_assumed_and_stated (void)
{
  if (cp_test_skip_without_poppler ())
    return;
  make_project ("assumed.cplan", FALSE);
  make_project ("stated.cplan", TRUE);
  RUN_OK ("new", "vat.cplan", "--start", "2027-01-04");
  RUN_OK ("add-job", "vat.cplan", "--name", "7B LoRA", "--model", "qwen2.5-7b", "--task", "lora", "--deadline-days", "10",
          "--tokens", "100M", "--team-stated", "--ops-engineer");
  RUN_OK ("add-quote", "vat.cplan", "--vendor", "甲", "--offer", "8×A800", "--gpu", "a800", "--gpus-per-node", "8",
          "--nodes", "1", "--price-per-gpu-hour", "10", "--prices-include-vat", "no");
  for (guint i = 0; i < G_N_ELEMENTS (words); i++)
    {
      g_autofree char *assumed_pdf = g_strdup_printf ("assumed-%s.pdf", words[i].lang);
      g_autofree char *stated_pdf = g_strdup_printf ("stated-%s.pdf", words[i].lang);
      g_autofree char *vat_pdf = g_strdup_printf ("vat-%s.pdf", words[i].lang);
      g_autofree char *assumed_first = NULL, *stated_first = NULL, *assumed_all = NULL, *stated_all = NULL;
      g_autofree char *vat_first = NULL;

      RUN_OK ("report", "assumed.cplan", "--lang", words[i].lang, "--pdf", assumed_pdf);
      RUN_OK ("report", "stated.cplan", "--lang", words[i].lang, "--pdf", stated_pdf);
      RUN_OK ("report", "vat.cplan", "--lang", words[i].lang, "--pdf", vat_pdf);
      assumed_first = report_pdf_unbulleted (tmp_dir, assumed_pdf, 1);
      stated_first = report_pdf_unbulleted (tmp_dir, stated_pdf, 1);
      vat_first = report_pdf_unbulleted (tmp_dir, vat_pdf, 1);
      assumed_all = cp_test_pdf_text (tmp_dir, assumed_pdf, 0, FALSE);
      stated_all = cp_test_pdf_text (tmp_dir, stated_pdf, 0, FALSE);

      cp_test_assert_has (assumed_first, words[i].assumed_line);
      cp_test_assert_has (assumed_first, words[i].team_asks_vendor);
      cp_test_assert_has (assumed_first, words[i].vat);
      cp_test_assert_has (assumed_first, words[i].team_day_assumed);
      cp_test_assert_has (assumed_all, words[i].inputs_assumed);
      cp_test_assert_has (assumed_all, words[i].table_assumed);

      cp_test_assert_lacks (stated_first, words[0].assumed_line);
      cp_test_assert_lacks (stated_first, words[1].assumed_line);
      cp_test_assert_lacks (stated_first, words[i].team_asks_vendor);
      cp_test_assert_has (stated_first, words[i].vat);
      cp_test_assert_has (stated_first, words[i].team_day_stated);
      cp_test_assert_has (stated_first, words[i].from_stated);
      cp_test_assert_has (stated_all, words[i].inputs_stated);
      cp_test_assert_lacks (stated_all, words[i].table_assumed);

      cp_test_assert_has (vat_first, words[i].assumed_line);
      cp_test_assert_has (vat_first, words[i].vendor_question);
      cp_test_assert_has (vat_first, words[i].from_assumed);
      cp_test_assert_has (vat_first, words[i].vat_added);
    }
}

/* The XML keeps the mark both ways, and a report written before it
 * (no <offering-stated>) is read as an older file is migrated: a
 * bare-metal kind assumed, any other stated. */
static void
test_xml_round_trip (void)
{
  g_autofree char *xml = NULL;
  g_autoptr(GError) error = NULL;
  static const struct {
    const char *file;
    gboolean    stated;
  } files[] = { { "assumed", FALSE }, { "stated", TRUE } };

  for (guint f = 0; f < G_N_ELEMENTS (files); f++)
    {
      g_autofree char *cplan = g_strdup_printf ("%s-xml.cplan", files[f].file);
      g_autofree char *name = g_strdup_printf ("%s.xml", files[f].file);
      g_autoptr(CpProject) read = NULL;

      make_project (cplan, files[f].stated);
      RUN_OK ("report", cplan, "--lang", "en", "--xml", name);
      g_free (xml);
      xml = cp_test_read_in (tmp_dir, name);
      read = cp_report_xml_parse (xml, strlen (xml), &error);
      g_assert_no_error (error);
      g_assert_cmpint (((CpQuote *) g_ptr_array_index (read->quotes, 0))->offering_stated, ==, files[f].stated);
    }

  /* The stated report's XML, as an older version wrote it. */
  {
    g_autoptr(GString) older = g_string_new (xml);
    g_autoptr(CpProject) bare = NULL, cloud = NULL;

    g_assert_cmpuint (g_string_replace (older, "<offering-stated>true</offering-stated>", "", 0), ==, 1);
    bare = cp_report_xml_parse (older->str, older->len, &error);
    g_assert_no_error (error);
    g_assert_false (((CpQuote *) g_ptr_array_index (bare->quotes, 0))->offering_stated);
    g_assert_cmpuint (g_string_replace (older, "<offering>bare-metal</offering>", "<offering>cloud-vm</offering>", 0),
                      ==, 1);
    cloud = cp_report_xml_parse (older->str, older->len, &error);
    g_assert_no_error (error);
    g_assert_true (((CpQuote *) g_ptr_array_index (cloud->quotes, 0))->offering_stated);
  }
}

int
main (int    argc,
      char **argv)
{
  int status;

  g_test_init (&argc, &argv, NULL);
  tmp_dir = g_dir_make_tmp ("cp-offering-stated-XXXXXX", NULL);
  g_assert_nonnull (tmp_dir);

  g_test_add_func ("/offering-stated/assumed-and-stated", test_assumed_and_stated);
  g_test_add_func ("/offering-stated/xml-round-trip", test_xml_round_trip);

  status = g_test_run ();
  cp_test_remove_tree (tmp_dir);
  g_free (tmp_dir);
  return status;
}
