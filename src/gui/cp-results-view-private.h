/* cp-results-view-private.h: what the files of CpResultsView share
 * (cp-results-view.c, -table.c, -charts.c, -words.c, -reasons.c,
 * -labels.c, -get.c). */
#pragma once

#include "planner/cp-project-analysis.h"

#include "cp-results-view.h"

G_BEGIN_DECLS

/* The narrowest a paragraph of the results wraps to, in characters. */
#define WRAPPED_MIN_CHARS 24

/* Each returns a new string in @lang, "" when it has nothing to say. */
/* @span: the days the job runs on the calendar (cp_report_job_span()),
 * said after its length; NULL for none. */
char *_cp_results_view_describe_recommendation   (const CpProject *project,
                                                  const CpPlan    *plan,
                                                  const char      *span,
                                                  const char      *lang);
/* The plan of job @job_index in @analysis; one node of a cluster quote is
 * estimated there, when the words need to say why it was not enough. */
char *_cp_results_view_describe_cluster_question (CpProjectAnalysis *analysis,
                                                  guint              job_index,
                                                  const CpPlan      *plan,
                                                  const char        *lang);
/* What would change job @job_index's answer: the analysis's list (made
 * there if it is not yet) in words; @plan is its full plan. */
char *_cp_results_view_describe_changes          (CpProjectAnalysis *analysis,
                                                  guint              job_index,
                                                  const CpPlan      *plan,
                                                  const char        *lang);
char *_cp_results_view_describe_layout           (const CpProject *project,
                                                  const CpJob     *job,
                                                  const CpPlan    *plan,
                                                  const char      *lang);
char *_cp_results_view_describe_incomplete       (const CpProject *project);
/* The job that trains the model service @job_index serves while the
 * service starts with the project, or -1; then what that means. */
int   _cp_results_view_model_maker               (const CpProject *project,
                                                  guint            job_index);
char *_cp_results_view_describe_sequence         (const CpProject *project,
                                                  guint            job_index,
                                                  int              maker_index);
/* Sets *@warning when the sentence is a doubt: another quote wins within
 * the band, the choice is not firm, or nothing meets the job only under
 * the team R8 assumed (from @what_if, the job's, or NULL). */
char *_cp_results_view_describe_robustness       (const CpProject *project,
                                                  const CpPlan    *plan,
                                                  const GArray    *what_if,
                                                  const char      *lang,
                                                  gboolean        *warning);

/* The answer the verdict gave a job, as the line saying what an edit
 * changed names it (cp-results-view-change.c): which option, by its
 * quote's id and node count (NULL quote_id for none: a rename is no
 * change of it), its words, its total and days as worded, which quotes'
 * options met the job, of which job and generation of the analysis, and
 * the project it was planned from (to name the inputs an edit moved). */
typedef struct {
  char      *job_id;
  guint      generation;
  char      *quote_id;
  guint      nodes;
  char      *choice;  /* "<vendor — offer>, 1 node" */
  char      *total;   /* "38,656 CNY", or that it is unknown */
  gboolean   cost_unknown;  /* no price: total says so in words */
  char      *days;    /* "12.6 days" */
  /* The share of each GPU's memory the option uses, and whether the
   * table calls it Tight (cp_estimate_is_tight()): a recommendation that
   * moves onto a Tight layout says so (walk38 F6). */
  double     memory_share;
  gboolean   tight;
  GPtrArray *feasible_quote_ids;
  CpProject *project;
  /* Whether the robustness check had been worded (it comes after the
   * verdict, with the paragraphs), and whether it raised no doubt. */
  gboolean   robustness_known;
  gboolean   robust;
  /* Its doubt was the team's operations engineer for bare metal (R8). */
  gboolean   doubt_operations;
} CpResultsAnswer;

/* The view's struct: its widgets from the template, the table's model
 * (cp-results-view-table.c), the charts' workers (-charts.c) and the
 * updates (cp-results-view.c). */
struct _CpResultsView
{
  AdwBin              parent_instance;

  GtkStack           *stack;
  /* Ids of the jobs Add Job made here: described before any plan */
  GHashTable         *new_job_ids;
  GtkScrolledWindow  *page_scroller;
  GtkBox             *results_box;    /* the page: verdict, words, figures, words */
  GtkWidget          *verdict_grid;
  GtkWidget          *figures_box;    /* the charts and the table under them */
  gboolean            presenting;     /* present mode: the figures under the verdict */
  GtkScrolledWindow  *table_scroller;
  GtkLabel           *notice_label;
  GtkLabel           *job_label;      /* the job's name over its verdict, in present mode */
  GtkLabel           *verdict_label;
  GtkSpinner         *verdict_spinner;
  GtkLabel           *robustness_label;
  GtkLabel           *sequence_label;
  GtkLabel           *summary_label;
  GtkLabel           *change_label;   /* under it: what the last edit changed */
  /* What the verdict said when the user last saw it (on screen whole
   * for CP_ANSWER_SEEN_MS), which an edit's answer is compared with; and
   * the answer on screen now, seen once that timeout runs out. */
  CpResultsAnswer     answer;
  CpResultsAnswer     shown_answer;
  guint               answer_seen_id;
  /* The change line's words before its robustness is known, and the
   * generation they are of (0: no line). */
  char               *change_text;
  guint               change_generation;
  /* When that line was said (g_get_monotonic_time()), and in present
   * mode the timeout that takes it away once read. */
  gint64              change_said_us;
  guint               change_read_id;
  GtkLabel           *layout_label;
  GtkLabel           *cluster_heading;
  GtkLabel           *cluster_label;
  /* The cluster question's words, all of them; shown as a label per
   * quote after cluster_label, in its place once worded
   * (set_cluster_text()). */
  char               *cluster_text;
  GtkLabel           *changes_heading;
  GtkLabel           *changes_label;
  GtkWidget          *chart_switcher; /* the chart tabs */
  GtkWidget          *chart_tabs;     /* their row */
  GtkStack           *chart_stack;
  CpChartView        *cost_chart;
  CpChartView        *memory_chart;
  CpChartView        *serving_chart;
  GtkStackPage       *serving_page;
  CpChartView        *timeline_chart;
  GtkLabel           *approval_label;  /* the amount to approve, over the calendar */
  GtkLabel           *overbooking_label; /* under it, quotes booked beyond their offer */
  gboolean            timeline_pending;     /* its timeline waits to be made, when its tab shows */
  GtkWidget          *table_heading;
  GtkColumnView      *options_view;
  GtkLabel           *incomplete_label; /* under the summary */
  /* Its words, of the analysis's generation incomplete_generation: they
   * read every quote's offer and price text (12 million instructions on
   * a 20 × 50 project), the same for every job, so a job switch does
   * not read them again. */
  char               *incomplete_text;
  guint               incomplete_generation;
  /* The calendar's "Not approvable as planned" for the job shown
   * (_cp_results_view_check_capacity()): by job, of the project's
   * generation capacity_generation; capacity_pending while the check
   * waits for the jobs' plans. */
  GtkLabel           *capacity_label;
  GPtrArray          *capacity_words;
  guint               capacity_generation;
  gboolean            capacity_pending;
  /* A plan the calendar waits for, being made on a worker. */
  GCancellable       *calendar_cancellable;
  GtkLabel           *reasons_heading;  /* after the cluster question's labels */
  GtkListBox         *reasons_list;
  GtkWidget          *reasons_placeholder; /* "Calculating…", kept */
  GtkLabel           *risks_label;
  GtkLabel           *other_risks_label; /* the runners-up's risks beyond those */
  GtkLabel           *questions_label;   /* the vendors' questions, apart from the reasons */

  GListStore         *options;          /* CpOptionObject, by rank */
  GtkSortListModel   *sorted_options;
  GtkColumnViewColumn *rank_column;
  GtkColumnViewColumn *deadline_column;    /* "Serves" for an inference job */
  GtkColumnViewColumn *serving_columns[3]; /* shown for an inference job */
  gboolean            service_table;    /* the columns of an inference job shown */
  /* The columns a narrow pane goes without, in the order they go, their
   * words in each row's details (CP_OPTION_TEXT_BREAKDOWN), whether each
   * is folded away, and its width when it went: it comes back when the
   * table with it fits (fit_table_columns()). A serving column shows
   * only in a service's table, folded or not; Time folds only there. */
  GtkColumnViewColumn *narrow_columns[6];
  gboolean            narrow_columns_folded[6];
  double              narrow_columns_px[6];
  GtkColumnViewColumn *time_column;       /* folds in a service's table only */
  guint               fit_columns_id;
  /* A column went or came back: the next layout measures the table
   * again, and until then its columns are not settled (a test reading
   * the table at rest read it between the two). */
  gboolean            table_refit_pending;
  /* The main-thread CPU time a change's plan of the job shown may take
   * (cp_results_view_set_frame_plan_budget_us()). */
  gint64              frame_plan_budget_us;
  CpProjectAnalysis  *analysis;         /* of the project shown */
  const CpPlan       *plan;             /* the analysis's, of the job shown */
  GCancellable       *sweep_cancellable; /* the sweep being made on a worker */
  GCancellable       *plan_cancellable; /* the plan of a job not shown yet, being made on a worker */
  GCancellable       *details_cancellable; /* the robustness and what-if being made on a worker */
  int                 chart_job;        /* whose sweep the charts show, or -1 */
  /* Which job, of which generation of the analysis, the verdict with the
   * table and the paragraphs under it show; -1 while they say
   * "Calculating…": a part is never left showing another job or an
   * older revision beside the others (walkthrough 9). */
  int                 headline_job;
  char               *headline_job_id;  /* its CpJob id */
  /* The job sequence_label speaks of, and the one it offers it to start
   * after (CpJob ids) */
  char               *sequence_job_id;
  char               *sequence_after_id;
  int                 details_shown_job;
  /* Whether the paragraphs the robustness search words (under the
   * verdict, and under the table) say "Calculating…", from
   * _cp_results_view_set_calculating() to details_cb() */
  gboolean            details_calculating;
  guint               details_shown_generation;
  CpMemoryUnit        memory_unit;
  guint               n_updates;

  /* The update waiting for the idle: the window keeps the project alive
   * and queues again whenever it replaces it. */
  const CpProject    *pending_project;
  int                 pending_job;
  guint               update_id;
  /* Whether the verdict holds and the paragraphs, one frame later, for
   * the project just planned. */
  const CpProject    *details_project;
  const CpJob        *details_job;
  guint               details_job_index;
  guint               details_id;
  GdkFrameClock      *after_paint_clock;
  gulong              after_paint_id;
  /* The table's new rows, filled once the frame's layout shows where the
   * table is: in that frame when it is in sight, after it when not. */
  const CpProject    *table_project;
  const CpJob        *table_job;
  GdkFrameClock      *table_clock;
  gulong              table_layout_id;
  gulong              table_after_paint_id;
  GdkSurface         *surface;          /* the window's, whose width sizes the text */
  GdkFrameClock      *layout_clock;     /* its frame clock, whose layouts on_window_layout() follows */
  gulong              layout_id;
  /* The window's first frame, before which nothing is planned. */
  gboolean            painted_once;
  GdkFrameClock      *first_frame_clock;
  gulong              first_frame_id;
  guint               first_frame_timeout_id;
};

/* cp-results-view-labels.c: a label, visibility or style class set only
 * when it changes, so that an update re-measures only what it changed. */
void  _cp_results_view_set_label                 (GtkLabel   *label,
                                                  const char *text);
void  _cp_results_view_set_visible               (GtkWidget  *widget,
                                                  gboolean    visible);
void  _cp_results_view_set_css_class             (GtkWidget  *widget,
                                                  const char *name,
                                                  gboolean    on);
/* A tooltip (NULL or "" for none) that changes with the results, set
 * without asking the X server where the pointer is (see its definition). */
void  _cp_results_view_set_tooltip               (GtkWidget  *widget,
                                                  const char *text);
/* cp-results-view.c: what is not yet computed for the job shown says
 * "Calculating…". */
void  _cp_results_view_set_calculating           (CpResultsView *self,
                                                  gboolean       headline);
/* A selectable label that is no Tab stop (see its definition). */
void  _cp_results_view_keep_selectable_unfocused (GtkLabel   *label);

/* cp-results-view-change.c: what an edit changed. The answer the plan
 * shown gives @job is noted, and compared with the one the user last saw
 * of that job when the analysis changed since (an edit): the line under
 * the recommendation names the inputs that moved and what the answer
 * did, until the next edit. Outdated, the answer shown reads as old
 * (dimmed) until the new one is noted; forgotten, there is nothing to
 * compare the next with. */
void  _cp_results_view_note_answer               (CpResultsView   *self,
                                                  const CpProject *project,
                                                  const CpJob     *job,
                                                  const char      *lang);
void  _cp_results_view_answer_outdated           (CpResultsView   *self);
void  _cp_results_view_forget_answer             (CpResultsView   *self);
/* Shows the last edit's line, or hides it: none, or in present mode
 * read already. */
void  _cp_results_view_show_change_line          (CpResultsView   *self);
void  _cp_results_view_answer_clear              (CpResultsAnswer *answer);
/* The plan shown has its robustness now, @doubt as worded under the
 * verdict: the line says when the answer became firm, or stopped being
 * firm, since it was seen. */
void  _cp_results_view_note_robustness           (CpResultsView   *self,
                                                  gboolean         doubt);
/* "Job 1 of 7: <name>", the job's place and name over its verdict. */
char *_cp_results_view_describe_job_place        (const CpProject *project,
                                                  guint            job_index);

/* cp-results-view-table.c */
void  _cp_results_view_table_init                (CpResultsView   *self);
void  _cp_results_view_table_dispose             (CpResultsView   *self);
void  _cp_results_view_table_laid_out            (CpResultsView   *self);
void  _cp_results_view_check_capacity            (CpResultsView   *self,
                                                  const CpProject *project);
void  _cp_results_view_show_capacity             (CpResultsView   *self);
/* The calendar's checks and timeline, made once the analysis has the
 * plans they read (ordered on workers meanwhile) and the view has no plan
 * of its own out; called again when it has none. */
void  _cp_results_view_continue_calendar         (CpResultsView   *self);
void  _cp_results_view_cancel_calendar           (CpResultsView   *self);
/* cp-results-view.c: @callback (of the view) connected to the view's
 * frame clock, held in *@held_clock, for @phase (after the window's own
 * layout, or after the paint) and that phase asked for; FALSE, nothing
 * connected, while the view is not mapped. */
gboolean _cp_results_view_connect_frame          (CpResultsView       *self,
                                                  GdkFrameClockPhase   phase,
                                                  GCallback            callback,
                                                  GdkFrameClock      **held_clock,
                                                  gulong              *handler_id);
/* cp-results-view.c: whether the view is planning, or will plan, the job
 * it shows, its robustness or its paragraphs. */
gboolean _cp_results_view_planning_job           (CpResultsView   *self);
/* GTaskThreadFuncs running a CpPlanOrder, a CpDetailsOrder (task data). */
void  _cp_results_view_plan_in_thread            (GTask        *task,
                                                  gpointer      source_object,
                                                  gpointer      task_data,
                                                  GCancellable *cancellable);
void  _cp_results_view_details_in_thread         (GTask        *task,
                                                  gpointer      source_object,
                                                  gpointer      task_data,
                                                  GCancellable *cancellable);
/* The rows from self->plan, updated in place. */
void  _cp_results_view_fill_options              (CpResultsView   *self,
                                                  const CpProject *project,
                                                  const CpJob     *job);
/* The rows from self->plan of @job, in the frame after the change when
 * the table is in sight, else after that frame's paint; the table is
 * shown then. */
void  _cp_results_view_queue_table_fill          (CpResultsView   *self,
                                                  const CpProject *project,
                                                  const CpJob     *job);
/* The rows queued, filled now. */
void  _cp_results_view_fill_table                (CpResultsView   *self);
void  _cp_results_view_stop_table_fill           (CpResultsView   *self);
/* Whether the rows are of the plan shown, or an older plan's kept in
 * place until it comes (dimmed). */
void  _cp_results_view_set_table_current         (CpResultsView   *self,
                                                  gboolean         current);

/* cp-results-view-reasons.c: worded from self->plan, of the job
 * self->details_job of self->details_project. */
void  _cp_results_view_fill_reasons              (CpResultsView   *self,
                                                  const CpProject *project,
                                                  const char      *lang);
void  _cp_results_view_fill_risks                (CpResultsView   *self,
                                                  const char      *lang);
/* The cluster question's words in place of its "Calculating…"; hidden,
 * kept for the next job's. */
void  _cp_results_view_set_cluster_text          (CpResultsView   *self,
                                                  const char      *text);
void  _cp_results_view_hide_cluster_paragraphs   (CpResultsView   *self);

/* cp-results-view-charts.c */
void  _cp_results_view_charts_init               (CpResultsView   *self);
/* The project's timeline, made when its tab shows; NULL: none. */
/* Whether the job shown shares a quote beyond its offer on the calendar
 * (its "Not approvable as planned"), whether or not said under it. */
gboolean _cp_results_view_capacity_concerns_job (CpResultsView *self);
void  _cp_results_view_update_timeline           (CpResultsView   *self,
                                                  const CpProject *project);
/* The cost and serving charts of job @job_index. */
void  _cp_results_view_update_sweep_charts       (CpResultsView   *self,
                                                  const CpProject *project,
                                                  guint            job_index);

G_END_DECLS
