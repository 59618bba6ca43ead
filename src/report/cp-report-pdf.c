/* cp-report-pdf.c: the decision report laid out in pages, and the PDF
 * writer on top of it.
 *
 * The document is laid out once, each page's drawing kept in a cairo
 * recording surface; page furniture ("Page 3 of 12") is recorded on it,
 * after the content, once the page count is known. The PDF writer and
 * printing both replay these recordings, so paper and PDF carry the same
 * drawing, and pages can be drawn in any order (a print dialog may ask
 * for a range). The parts
 * of the document are cp-report-memo.c, cp-report-job.c and
 * cp-report-appendix.c, over the page machinery of cp-report-doc.c.
 */
#include "cp-report-private.h"
#include "cp-report.h"

#include <math.h>
#include <string.h>
#include <cairo-pdf.h>
#include <gio/gio.h>
#include <pango/pangocairo.h>

#include "planner/cp-serving.h"
#include "planner/cp-units.h"
#include "cp-chart.h"
#include "cp-i18n.h"
#include "cp-reason-text.h"
#include "cp-report-doc.h"
#include "cp-report-schedule.h"
#include "cp-report-sections.h"

struct _CpReportLayout
{
  char *title;
  GArray *pages;                /* Page */
};

/* The timeline chart's height: its title, legend and dates, and a row per
 * job; at its smallest each bar keeps a line of the chart's smallest text
 * (8 pt on 10-pt lines, cp-chart-timeline.c), the cost band above them
 * two and a half such lines, and the plot the height of three axis
 * labels for the cost line. Measured, the chart of n jobs at 511 pt
 * wide needs 93 + 10 n pt for that band (issue 22: the rows took the
 * plot whole and left the band a line and a half), and no more is asked:
 * 6 pt more of it put the demo's sign-off on page 3 once it named its
 * condition; what the memo's page leaves gives the band more
 * (TIMELINE_BAND_ROOM_HEIGHT, fit_memo()). */
#define TIMELINE_HEAD_HEIGHT 74.0
#define TIMELINE_ROW_HEIGHT 24.0
#define TIMELINE_PLOT_HEIGHT 60.0
#define TIMELINE_SMALLEST_ROW_HEIGHT 10.0
#define TIMELINE_SMALLEST_BAND_HEIGHT 19.0
#define TIMELINE_SMALLEST_PLOT_HEIGHT 36.0
#define TIMELINE_BAND_ROOM_HEIGHT 24.0
#define TIMELINE_MAX_HEIGHT 300.0

/* The longest report laid out again to save its last page. */
#define RETRY_MAX_PAGES 10

/* "Compute plan: @name"; a name that already begins with the title's own
 * words ("算力方案：Qwen 微调", "Compute plan for Q3") is the title as
 * it is: the Chinese report read "算力方案：算力方案：Qwen 微调". */
static char *
report_title (const char *name)
{
  /* TRANSLATORS: title of the PDF report; %s is the project's name */
  g_autofree char *prefix = g_strdup_printf (_("Compute plan: %s"), "");
  g_autofree char *folded_name = g_utf8_casefold (name, -1);
  g_autofree char *folded_words = NULL;
  gsize words_bytes = strlen (prefix);

  /* The prefix's words without the punctuation and space after them. */
  while (words_bytes > 0)
    {
      const char *last = g_utf8_find_prev_char (prefix, prefix + words_bytes);
      gunichar c = g_utf8_get_char (last);

      if (!g_unichar_ispunct (c) && !g_unichar_isspace (c))
        break;
      words_bytes = last - prefix;
    }
  folded_words = g_utf8_casefold (prefix, words_bytes);
  if (words_bytes > 0 && g_str_has_prefix (folded_name, folded_words))
    return g_strdup (name);
  /* TRANSLATORS: title of the PDF report; %s is the project's name */
  return g_strdup_printf (_("Compute plan: %s"), name);
}

/* The sign-off's words, which depend on the project, its plans and the
 * language alone: made once per language and read by every trial of the
 * memo (fitting_brief() lays it out up to nine times per language), where
 * making them again in each was 5% of a 20 × 50 report's instructions. */
typedef struct {
  char *amount;                 /* cp_report_signed_amount_text() */
  char *proviso;                /* cp_report_signed_proviso_text() */
  GPtrArray *risks;             /* cp_report_risk_lines() */
  CpReportMemoTexts memo;       /* the amount to approve's and the questions' (Doc.memo_texts) */
} SignOffTexts;

/* Under @doc's language, pushed by the caller. */
static void
sign_off_texts_init (SignOffTexts     *texts,
                     Doc              *doc,
                     JobResult        *results,
                     const CpSchedule *schedule)
{
  texts->amount = cp_report_signed_amount_text (doc, results, schedule);
  texts->proviso = cp_report_signed_proviso_text (doc, results, schedule);
  texts->risks = cp_report_risk_lines (doc, results, schedule);
  /* As lay_out_memo() lays the amount out. */
  memset (&texts->memo.amount, 0, sizeof texts->memo.amount);
  if (results != NULL && schedule != NULL && doc->project->quotes->len > 0)
    cp_report_amount_texts_init (&texts->memo.amount, doc, results, schedule);
  texts->memo.questions = cp_report_questions (doc->project, results, doc->project->jobs->len, schedule, doc->lang);
}

static void
sign_off_texts_clear (SignOffTexts *texts)
{
  g_clear_pointer (&texts->amount, g_free);
  g_clear_pointer (&texts->proviso, g_free);
  g_clear_pointer (&texts->risks, g_ptr_array_unref);
  cp_report_amount_texts_clear (&texts->memo.amount);
  g_clear_pointer (&texts->memo.questions, g_ptr_array_unref);
}

/* The memo: each job's answer, the project's budget and calendar, what
 * to ask the vendors, the main risks and the sign-off. Sets @chart_page
 * to the number of pages once the timeline chart is drawn (the chart is
 * on the last of them). A trial stops between sections once it has gone
 * as far as asked (cp_doc_stopped()). */
static void
lay_out_memo (Doc                *doc,
              JobResult          *results,
              const CpSchedule   *schedule,
              const SignOffTexts *sign_off,
              const CpChartData  *timeline,
              double              timeline_height,
              guint              *chart_page)
{
  doc->memo_texts = &sign_off->memo;
  cp_report_section_title (doc);
  cp_report_section_question (doc, results, schedule);
  /* Without quotes, no budget: "0 CNY (0 CNY to 0 CNY)" read as a price. */
  if (schedule != NULL && doc->project->quotes->len > 0 && !cp_doc_stopped (doc))
    {
      cp_report_section_budget (doc, results, schedule);
      cp_doc_chart (doc, timeline, timeline_height, timeline_height);
      *chart_page = doc->pages->len;
      cp_report_section_budget_tables (doc, results, schedule);
    }
  if (cp_doc_stopped (doc))
    return;
  {
    /* The sign-off never starts a page alone: the memo's last lines go
     * with it (approver, 3 December: the demo's Approval sat alone at the
     * top of page 2). On another page than the amount to approve, it
     * says the amount again: the approver signs a page that states what
     * is approved (issue 22; appr22 finding 2: the demo's amount on page
     * 1, its sign-off on page 2). */
    const char *amount = sign_off->amount;
    /* What the signature rests on is said over it, on the amount's page
     * too. */
    const char *proviso = sign_off->proviso;
    GPtrArray *risks = sign_off->risks;
    gboolean amount_here = doc->pages->len == doc->amount_page;
    double keep = cp_report_approval_height (doc, amount_here ? proviso : amount, amount_here);
    gboolean on_amount_page;

    cp_report_section_vendor_questions (doc, risks->len == 0 ? keep : 0);
    cp_report_section_risks (doc, risks, keep);
    /* Its plain form stays on the amount's page where it fits there, as
     * cp_doc_ensure() would keep it (the height holds the heading's
     * space above). */
    on_amount_page = doc->pages->len == doc->amount_page
                     && doc->y + cp_report_approval_height (doc, proviso, TRUE) <= doc->bottom;
    cp_report_section_approval (doc, on_amount_page ? proviso : amount, on_amount_page);
  }
}

/* How far a trial of the memo goes (Doc.last_page, Doc.stop_before_amount). */
typedef struct {
  guint last_page;
  gboolean before_amount;
} TrialStop;

static const TrialStop WHOLE_MEMO = { 0, FALSE };

/* The memo laid out on a scratch copy of @doc, shortened as @brief says,
 * with the timeline @height high: its pages, the page the chart ends on,
 * the page the amount to approve ends on and the room left below the
 * sign-off. A trial stopped as @stop asks returns G_MAXUINT pages with
 * the amount on page G_MAXUINT: it fails whatever it was measured for. */
static guint
trial_memo (Doc                *doc,
            JobResult          *results,
            const CpSchedule   *schedule,
            const SignOffTexts *sign_off,
            const CpChartData  *timeline,
            double              height,
            guint               brief,
            TrialStop           stop,
            guint              *chart_page,
            guint              *amount_page,
            double             *room)
{
  g_autoptr(GArray) pages = NULL;
  Doc trial;
  guint n_pages;

  pages = cp_doc_init_trial (&trial, doc);
  trial.brief = brief;
  trial.amount_page = 0;
  trial.last_page = stop.last_page;
  trial.stop_before_amount = stop.before_amount;
  *chart_page = 0;
  lay_out_memo (&trial, results, schedule, sign_off, timeline, height, chart_page);
  n_pages = cp_doc_stopped (&trial) ? G_MAXUINT : pages->len;
  *amount_page = cp_doc_stopped (&trial) ? G_MAXUINT : trial.amount_page;
  *room = cp_doc_room (&trial);
  cp_doc_clear (&trial);
  return n_pages;
}

/* The timeline's height in full and at its smallest for @schedule. */
static void
timeline_heights (const CpSchedule *schedule,
                  double           *full,
                  double           *smallest)
{
  guint n_jobs = schedule != NULL ? schedule->jobs->len : 0;

  *full = MIN (TIMELINE_HEAD_HEIGHT + MAX (TIMELINE_PLOT_HEIGHT, TIMELINE_ROW_HEIGHT * n_jobs), TIMELINE_MAX_HEIGHT);
  *smallest = MIN (TIMELINE_HEAD_HEIGHT + MAX (TIMELINE_SMALLEST_PLOT_HEIGHT,
                                              TIMELINE_SMALLEST_BAND_HEIGHT + TIMELINE_SMALLEST_ROW_HEIGHT * n_jobs),
                   *full);
}

/* How far the memo of @doc must be shortened in its own language. The
 * sign-off ends the memo on its first page (the first two for a project
 * of many jobs), and the amount to approve, with what it leaves out, is
 * on page 1 whatever the memo's length (approver 21: the Chinese demo's
 * was on page 2). The memo is laid out with the timeline at its
 * smallest, and shortened (cp_report_section_title(),
 * cp_report_section_question()) only as far as it takes to end on the
 * fewest pages its shortest form takes with the amount on page 1, or,
 * when no form has it there, on the fewest pages.
 *
 * The forms between the fullest and the shortest are laid out only as
 * far as it takes to tell whether they fit: past the fewest pages, or
 * onto page 2 with the amount still to come when the amount must be on
 * page 1. The other language's memo (other_language_brief()), laid out
 * in full up to nine times, was 10–18% of a report's time. */
static guint
fitting_brief (Doc                *doc,
               JobResult          *results,
               const CpSchedule   *schedule,
               const SignOffTexts *sign_off,
               const CpChartData  *timeline,
               double              smallest)
{
  guint fewest, n_pages, chart_page, amount_page, briefest_amount_page, fitting = G_MAXUINT, brief = 0;
  double room;

  n_pages = trial_memo (doc, results, schedule, sign_off, timeline, smallest, brief, WHOLE_MEMO, &chart_page,
                        &amount_page, &room);
  /* A memo that ends on its first page in full needs no shortening. */
  if (n_pages <= 1 && amount_page <= 1)
    return brief;
  fewest = trial_memo (doc, results, schedule, sign_off, timeline, smallest, CP_REPORT_MEMO_BRIEFEST, WHOLE_MEMO,
                       &chart_page, &briefest_amount_page, &room);
  for (;;)
    {
      TrialStop stop = { fewest, FALSE };

      if (n_pages <= fewest && fitting == G_MAXUINT)
        fitting = brief;
      if ((n_pages <= fewest && amount_page <= 1) || brief == CP_REPORT_MEMO_BRIEFEST)
        break;
      brief++;
      if (brief == CP_REPORT_MEMO_BRIEFEST)
        {
          n_pages = fewest;
          amount_page = briefest_amount_page;
          continue;
        }
      /* A form whose amount falls past page 1 is of no use once the
       * shortest form has it on page 1, or once a form on the fewest
       * pages was found. A memo without an amount (no budget) has none
       * to wait for. */
      stop.before_amount = briefest_amount_page == 1 || (briefest_amount_page > 1 && fitting != G_MAXUINT);
      n_pages = trial_memo (doc, results, schedule, sign_off, timeline, smallest, brief, stop, &chart_page,
                            &amount_page, &room);
    }
  /* Met with the amount on page 1, or at least on the fewest pages by
   * the first form that takes them. */
  if (n_pages <= fewest && amount_page <= 1)
    fitting = brief;
  return fitting != G_MAXUINT ? fitting : CP_REPORT_MEMO_BRIEFEST;
}

/* How far the memo must be shortened in the report's other language
 * (English for a Chinese report, Chinese for an English one), laid out
 * on a scratch document of its own. */
static guint
other_language_brief (const CpProject  *project,
                      const char       *lang,
                      JobResult        *results,
                      const CpSchedule *schedule,
                      double            page_width_pt,
                      double            page_height_pt)
{
  const char *other = cp_i18n_is_chinese (lang) ? "en" : "zh_CN";
  g_autoptr(GArray) pages = g_array_new (FALSE, TRUE, sizeof (Page));
  g_autoptr(GDateTime) now = g_date_time_new_now_local ();
  g_autoptr(CpChartData) timeline = NULL;
  g_autofree char *title = NULL, *date = NULL;
  SignOffTexts sign_off;
  double full, smallest;
  guint brief;
  Doc doc;

  g_array_set_clear_func (pages, (GDestroyNotify) cp_doc_page_clear);
  cp_i18n_push_language (other);
  title = report_title (project->name != NULL && *project->name != '\0' ? project->name : _("Untitled Project"));
  date = cp_i18n_format_date (now, other);
  cp_doc_init (&doc, project, other, page_width_pt, page_height_pt, pages);
  doc.title_text = title;
  doc.date = date;
  cp_doc_new_page (&doc);
  if (schedule != NULL)
    timeline = cp_chart_data_new_timeline (project, schedule, other);
  timeline_heights (schedule, &full, &smallest);
  sign_off_texts_init (&sign_off, &doc, results, schedule);
  brief = fitting_brief (&doc, results, schedule, &sign_off, timeline, smallest);
  sign_off_texts_clear (&sign_off);
  cp_doc_clear (&doc);
  cp_i18n_pop_language ();
  return brief;
}

/* How far the memo is shortened, and the timeline's height. The memo is
 * shortened as far as its own language needs (fitting_brief()) or
 * @other_brief, what the report's other language needs, whichever is
 * further: what one language's page 1 leaves out, the other's leaves out
 * too. The English page 1 ran longer and dropped each job's runner-up
 * that the Chinese kept, and two approvers of one project read different
 * facts (appr31 finding 2). The chart then takes the room left on its
 * page, up to its full height. */
static double
fit_memo (Doc                *doc,
          JobResult          *results,
          const CpSchedule   *schedule,
          const SignOffTexts *sign_off,
          const CpChartData  *timeline,
          guint               other_brief)
{
  guint n_pages, chart_page, amount_page;
  double full, smallest, room;

  timeline_heights (schedule, &full, &smallest);
  doc->brief = MAX (fitting_brief (doc, results, schedule, sign_off, timeline, smallest), other_brief);
  /* The chart's page and the room left are those of the form laid out,
   * never the briefest's: a Chinese demo memo in full grew its chart into
   * the briefest form's room and pushed its sign-off to page 3. */
  n_pages = trial_memo (doc, results, schedule, sign_off, timeline, smallest, doc->brief, WHOLE_MEMO, &chart_page,
                        &amount_page, &room);
  if (timeline == NULL)
    return 0;
  /* Room below the sign-off on the chart's own page goes to the chart. */
  if (chart_page == n_pages && room > 0)
    return MIN (full, smallest + floor (room));
  /* On a page the memo goes on from, the chart takes the height its cost
   * band needs where the memo keeps its pages and its amount's page: the
   * band of three jobs was 15 px, its "300,000" touching its "0", over a
   * fifth of page 1 left empty (walk41 F9). */
  if (chart_page < n_pages && smallest < full)
    {
      double grown = MIN (full, smallest + TIMELINE_BAND_ROOM_HEIGHT);
      guint grown_chart_page, grown_amount_page;
      double grown_room;

      if (trial_memo (doc, results, schedule, sign_off, timeline, grown, doc->brief, WHOLE_MEMO, &grown_chart_page,
                      &grown_amount_page, &grown_room) <= n_pages &&
          grown_chart_page == chart_page && grown_amount_page == amount_page)
        return grown;
    }
  return smallest;
}

/* The memo first, on the first page or two; then the detail of each job
 * and the appendix. */
static void
lay_out (Doc                *doc,
         JobResult          *results,
         const CpSchedule   *schedule,
         const SignOffTexts *sign_off,
         guint               other_brief)
{
  g_autoptr(CpChartData) timeline = NULL;
  guint chart_page = 0;
  double height;

  cp_doc_new_page (doc);
  if (schedule != NULL)
    timeline = cp_chart_data_new_timeline (doc->project, schedule, doc->lang);
  height = fit_memo (doc, results, schedule, sign_off, timeline, other_brief);
  lay_out_memo (doc, results, schedule, sign_off, timeline, height, &chart_page);
  /* The detail starts on a page of its own: the memo is what an approver
   * signs, and a Chinese memo, shorter than the English one, left room
   * for the jobs table on page 1, so that the two languages' pages held
   * different things (issue 22). A memo that runs onto page 2 is
   * followed there by the detail: its sign-off alone left 60% of a
   * two-job project's page 2 blank (approver 21). */
  if (doc->y > doc->top && doc->pages->len == 1)
    cp_doc_new_page (doc);
  /* The memo is the same whatever the charts' sizes: what a layout with
   * the smallest charts could take back is counted from here. */
  doc->spare_height = 0;
  cp_report_section_jobs_and_quotes (doc);
  for (guint j = 0; j < doc->project->jobs->len; j++)
    cp_report_section_job (doc, j, &results[j]);
  cp_report_section_assumptions (doc, results);
}

char *
cp_report_project_name (const CpProject *project,
                        const char      *project_path)
{
  g_autofree char *base = NULL;
  char *dot;

  g_return_val_if_fail (project != NULL, NULL);

  if (project->name != NULL && *project->name != '\0')
    return g_strdup (project->name);
  if (project_path == NULL || *project_path == '\0')
    return g_strdup ("");
  base = g_path_get_basename (project_path);
  dot = strrchr (base, '.');
  if (dot != NULL && dot != base)
    *dot = '\0';
  return g_steal_pointer (&base);
}

/* ---------------------------------------------------------------------- */
/* Pages                                                                  */

CpReportLayout *
cp_report_layout_new (const CpProject *project,
                      const char      *lang,
                      double           page_width_pt,
                      double           page_height_pt)
{
  g_autoptr(CpProjectAnalysis) analysis = NULL;

  g_return_val_if_fail (project != NULL, NULL);

  analysis = cp_project_analysis_new (project, CP_CHART_COST_MAX_POINTS);
  return cp_report_layout_new_from_analysis (analysis, lang, page_width_pt, page_height_pt);
}

CpReportLayout *
cp_report_layout_new_from_analysis (CpProjectAnalysis *analysis,
                                    const char        *lang,
                                    double             page_width_pt,
                                    double             page_height_pt)
{
  const CpProject *project;
  CpReportLayout *layout;
  g_autoptr(GDateTime) now = g_date_time_new_now_local ();
  g_autofree char *date = NULL;
  g_autofree JobResult *results = NULL;
  g_autoptr(CpSchedule) schedule = NULL;
  SignOffTexts sign_off;
  guint other_brief;
  Doc doc;

  g_return_val_if_fail (analysis != NULL, NULL);
  g_return_val_if_fail (page_width_pt >= CP_REPORT_MIN_PAGE_WIDTH_PT &&
                        page_height_pt >= CP_REPORT_MIN_PAGE_HEIGHT_PT, NULL);

  project = cp_project_analysis_get_project (analysis);
  layout = g_new0 (CpReportLayout, 1);
  layout->pages = g_array_new (FALSE, TRUE, sizeof (Page));
  g_array_set_clear_func (layout->pages, (GDestroyNotify) cp_doc_page_clear);

  cp_i18n_push_language (lang);

  results = g_new0 (JobResult, MAX (1, project->jobs->len));
  for (guint j = 0; j < project->jobs->len; j++)
    {
      const CpSweep *sweep = cp_project_analysis_get_sweep (analysis, j);

      results[j].plan = cp_project_analysis_get_full_plan (analysis, j);
      results[j].sweep = sweep;
      results[j].open_answers = g_hash_table_new_full (g_str_hash, g_str_equal, g_free,
                                                       (GDestroyNotify) g_ptr_array_unref);
      results[j].memory = cp_chart_data_new_memory (project, j, results[j].plan, lang);
      results[j].cost = cp_chart_data_new_cost (project, j, results[j].plan, sweep, lang);
      if (((const CpJob *) g_ptr_array_index (project->jobs, j))->kind == CP_TASK_INFERENCE)
        results[j].serving = cp_chart_data_new_serving (project, j, results[j].plan, sweep, lang);
      if (results[j].plan != NULL)
        {
          /* The window's "What would change it", from the same list. */
          results[j].what_if = cp_project_analysis_get_what_if (analysis, j);
          results[j].changes = cp_words_what_if (project, results[j].plan, results[j].what_if, lang);
        }
    }
  date = cp_i18n_format_date (now, lang);
  layout->title = report_title (project->name != NULL && *project->name != '\0' ? project->name : _("Untitled Project"));

  {
    /* The plans above, in the project's order, for the project's schedule
     * (a loop in the jobs' order leaves the budget out). */
    g_autoptr(GPtrArray) plans = g_ptr_array_new ();

    for (guint j = 0; j < project->jobs->len; j++)
      g_ptr_array_add (plans, (gpointer) results[j].plan);
    schedule = cp_report_schedule_new (project, plans, NULL);
  }

  /* Once for both layouts below: the memo's length does not depend on
   * the charts' sizes. */
  other_brief = other_language_brief (project, lang, results, schedule, page_width_pt, page_height_pt);
  cp_doc_init (&doc, project, lang, page_width_pt, page_height_pt, layout->pages);
  doc.title_text = layout->title;
  doc.date = date;
  sign_off_texts_init (&sign_off, &doc, results, schedule);
  lay_out (&doc, results, schedule, &sign_off, other_brief);
  /* The job chapters' charts at their smallest may save a page (the 13B
   * fine-tune's sixth page held one row of the assumptions' ranges), and
   * not only when the last page is barely begun: a chart drawn in full can
   * push a whole section on to the next page and every page after it
   * (walkthrough 19's R1, moved on by its cost chart, made 6 pages of 5),
   * so the fewer pages win, the full charts when both are as many. Only a
   * short report is laid out twice, and only when its last page holds no
   * more than the smaller charts and the room at the pages' feet could
   * take back (cp_doc_could_save_page()): a page matters there, and the
   * second layout costs as much as the first. */
  if (layout->pages->len <= RETRY_MAX_PAGES && cp_doc_could_save_page (&doc))
    {
      GArray *pages = g_array_new (FALSE, TRUE, sizeof (Page));
      Doc compact;

      g_array_set_clear_func (pages, (GDestroyNotify) cp_doc_page_clear);
      cp_doc_init (&compact, project, lang, page_width_pt, page_height_pt, pages);
      compact.title_text = layout->title;
      compact.date = date;
      compact.charts_smallest = TRUE;
      lay_out (&compact, results, schedule, &sign_off, other_brief);
      if (pages->len < layout->pages->len)
        {
          cp_doc_clear (&doc);
          g_array_unref (layout->pages);
          layout->pages = pages;
          doc = compact;
        }
      else
        {
          cp_doc_clear (&compact);
          g_array_unref (pages);
        }
    }
  for (guint i = 0; i < layout->pages->len; i++)
    cp_doc_page_furniture (&doc, i, layout->pages->len);
  sign_off_texts_clear (&sign_off);
  cp_doc_clear (&doc);

  for (guint j = 0; j < project->jobs->len; j++)
    {
      g_clear_pointer (&results[j].memory, cp_chart_data_free);
      g_clear_pointer (&results[j].cost, cp_chart_data_free);
      g_clear_pointer (&results[j].serving, cp_chart_data_free);
      g_clear_pointer (&results[j].changes, g_ptr_array_unref);
      g_clear_pointer (&results[j].open_answers, g_hash_table_unref);
    }
  cp_i18n_pop_language ();

  return layout;
}

guint
cp_report_layout_get_n_pages (CpReportLayout *layout)
{
  g_return_val_if_fail (layout != NULL, 0);

  return layout->pages->len;
}

const char *
cp_report_layout_get_title (CpReportLayout *layout)
{
  g_return_val_if_fail (layout != NULL, NULL);

  return layout->title;
}

void
cp_report_layout_draw_page (CpReportLayout *layout,
                            cairo_t        *cr,
                            guint           page)
{
  const Page *p;

  g_return_if_fail (layout != NULL && cr != NULL);
  g_return_if_fail (page < layout->pages->len);

  p = &g_array_index (layout->pages, Page, page);
  cairo_save (cr);
  /* The white page (cp_doc_new_page()), its content, then the header
   * and footer. */
  cairo_set_source_surface (cr, p->content, 0, 0);
  cairo_paint (cr);
  cairo_restore (cr);
}

void
cp_report_layout_free (CpReportLayout *layout)
{
  if (layout == NULL)
    return;
  g_array_unref (layout->pages);
  g_free (layout->title);
  g_free (layout);
}

/* ---------------------------------------------------------------------- */
/* PDF                                                                    */

typedef struct {
  GOutputStream *stream;
  GError *error;
} Sink;

static cairo_status_t
write_to_stream (void                *closure,
                 const unsigned char *data,
                 unsigned int         length)
{
  Sink *sink = closure;

  if (sink->error != NULL)
    return CAIRO_STATUS_WRITE_ERROR;
  if (!g_output_stream_write_all (sink->stream, data, length, NULL, NULL, &sink->error))
    return CAIRO_STATUS_WRITE_ERROR;
  return CAIRO_STATUS_SUCCESS;
}

gboolean
cp_report_layout_write_pdf (CpReportLayout *layout,
                            const char     *author,
                            const char     *subject,
                            const char     *path,
                            GError        **error)
{
  g_autoptr(GFile) file = NULL;
  g_autoptr(GDateTime) now = g_date_time_new_now_local ();
  g_autofree char *iso_date = NULL;
  cairo_surface_t *surface;
  cairo_t *cr;
  Sink sink = { NULL, NULL };
  cairo_status_t status;
  gboolean ok = TRUE;

  g_return_val_if_fail (layout != NULL && path != NULL, FALSE);

  file = g_file_new_for_path (path);
  {
    g_autoptr(GFileOutputStream) file_stream = g_file_replace (file, NULL, FALSE,
                                                               G_FILE_CREATE_REPLACE_DESTINATION, NULL,
                                                               &sink.error);

    if (file_stream == NULL)
      {
        g_set_error (error, CP_REPORT_ERROR, CP_REPORT_ERROR_IO,
                     /* TRANSLATORS: %s is the system's error message */
                     _("Could not write the PDF report: %s"), sink.error->message);
        g_clear_error (&sink.error);
        return FALSE;
      }
    /* cairo writes a few bytes at a time: a 20-job × 50-quote report was
     * 34,792 write(2) calls. Closing the buffer closes the file. */
    sink.stream = g_buffered_output_stream_new_sized (G_OUTPUT_STREAM (file_stream), 64 * 1024);
  }

  iso_date = g_date_time_format (now, "%Y-%m-%dT%H:%M:%S");

  surface = cairo_pdf_surface_create_for_stream (write_to_stream, &sink,
                                                 CP_REPORT_A4_WIDTH_PT, CP_REPORT_A4_HEIGHT_PT);
  cairo_pdf_surface_set_metadata (surface, CAIRO_PDF_METADATA_TITLE, cp_report_layout_get_title (layout));
  if (author != NULL && *author != '\0')
    cairo_pdf_surface_set_metadata (surface, CAIRO_PDF_METADATA_AUTHOR, author);
  cairo_pdf_surface_set_metadata (surface, CAIRO_PDF_METADATA_CREATOR, "Compute Planner " PACKAGE_VERSION);
  cairo_pdf_surface_set_metadata (surface, CAIRO_PDF_METADATA_SUBJECT, subject);
  cairo_pdf_surface_set_metadata (surface, CAIRO_PDF_METADATA_CREATE_DATE, iso_date);
  cr = cairo_create (surface);

  for (guint i = 0; i < cp_report_layout_get_n_pages (layout); i++)
    {
      cp_report_layout_draw_page (layout, cr, i);
      cairo_show_page (cr);
    }

  cairo_destroy (cr);
  cairo_surface_finish (surface);
  status = cairo_surface_status (surface);
  cairo_surface_destroy (surface);

  if (status != CAIRO_STATUS_SUCCESS || sink.error != NULL)
    {
      g_autoptr(GCancellable) cancel = g_cancellable_new ();

      g_set_error (error, CP_REPORT_ERROR, CP_REPORT_ERROR_IO,
                   _("Could not write the PDF report: %s"),
                   sink.error != NULL ? sink.error->message : cairo_status_to_string (status));
      /* A cancelled close leaves the previous file in place. */
      g_cancellable_cancel (cancel);
      g_output_stream_close (sink.stream, cancel, NULL);
      ok = FALSE;
    }
  else if (!g_output_stream_close (sink.stream, NULL, &sink.error))
    {
      g_set_error (error, CP_REPORT_ERROR, CP_REPORT_ERROR_IO,
                   _("Could not write the PDF report: %s"), sink.error->message);
      ok = FALSE;
    }

  g_clear_error (&sink.error);
  g_object_unref (sink.stream);
  return ok;
}

char *
cp_report_pdf_subject (const char *lang)
{
  char *subject;

  cp_i18n_push_language (lang);
  subject = g_strdup (_("Single machine or cluster: the decision and its reasons"));
  cp_i18n_pop_language ();
  return subject;
}

gboolean
cp_report_pdf_write (const CpProject *project,
                     const char      *lang,
                     const char      *path,
                     GError         **error)
{
  g_autoptr(CpProjectAnalysis) analysis = NULL;

  g_return_val_if_fail (project != NULL && path != NULL, FALSE);

  analysis = cp_project_analysis_new (project, CP_CHART_COST_MAX_POINTS);
  return cp_report_pdf_write_analysis (analysis, lang, path, error);
}

gboolean
cp_report_pdf_write_analysis (CpProjectAnalysis *analysis,
                              const char        *lang,
                              const char        *path,
                              GError           **error)
{
  g_autoptr(CpReportLayout) layout = NULL;
  g_autofree char *subject = NULL;

  g_return_val_if_fail (analysis != NULL && path != NULL, FALSE);

  if (!cp_i18n_check_language (lang, error))
    return FALSE;

  layout = cp_report_layout_new_from_analysis (analysis, lang, CP_REPORT_A4_WIDTH_PT, CP_REPORT_A4_HEIGHT_PT);
  subject = cp_report_pdf_subject (lang);
  return cp_report_layout_write_pdf (layout, cp_project_analysis_get_project (analysis)->prepared_by,
                                     subject, path, error);
}
