/* cp-schedule.h: the project's budget and calendar.
 *
 * The article plans a project as a sequence: a trial and debugging on one
 * machine, then the cluster run, then serving. Each job's recommended
 * option gives its phases (debugging, migration, the run or the service)
 * and their costs; a job starts with the project or after another job
 * (CpJob.after_job_id). The schedule places the jobs on the calendar from
 * the project's start and adds their costs up by calendar month.
 */
#pragma once

#include "cp-project.h"

G_BEGIN_DECLS

typedef enum {
  CP_PHASE_DEBUG,       /* short runs on one machine (R4) */
  CP_PHASE_MIGRATION,   /* learning the cluster (R8) */
  CP_PHASE_RUN,         /* the formal run, or the service's time up */
  CP_N_PHASES
} CpPhase;

typedef struct {
  /* What the job brings (filled by cp_schedule_new() from its plan, or by
   * hand for cp_schedule_place()) */
  int      after;                    /* index of the job it starts after (at the start of
                                      * the day after that one ends); -1: the project's start */
  gboolean planned;                  /* has an option that runs: the recommended one, else the
                                      * best available (cp_plan_get_subject()); FALSE: nothing
                                      * runs it, no days, no cost */
  gboolean short_of_target;          /* planned on the best available option, which misses the
                                      * job's deadline (or its concurrency, answer time or
                                      * longest run): late, not left out (walk38 F1) */
  int      quote_index;              /* the recommended option's quote; -1: none */
  guint    nodes;                    /* the recommended option's nodes, rented for
                                      * migration and the run (debugging takes one) */
  double   phase_days[CP_N_PHASES];  /* in this order, one after the other */
  double   phase_cost[CP_N_PHASES];  /* the phase's cost; what no invoice below bills is
                                      * spent evenly over the phase's days */
  /* A rental billed by the month (cp_schedule_new(): a price per
   * node-month with no shorter step stated) is invoiced a month at a
   * time, each month on the day it starts: of phase_cost, what such
   * rentals bill, and the rentals (the debugging machine and the run's,
   * or one for both on one machine). */
  double   phase_invoiced[CP_N_PHASES];
  guint    n_rentals;
  struct {
    double start_day;                /* from the job's start */
    guint  months;                   /* invoices, one a month from start_day */
    double cost;                     /* all of them */
    double first_extra;              /* of cost, what the first invoice adds (a setup fee) */
    double month_days;               /* between its invoices: the month its cost counts,
                                      * the settings' hours_per_month / 24 */
  } rentals[2];
  double   cost_low;                 /* the job's band (cp-range.h) */
  double   cost_high;
  double   days_low;
  double   days_high;
  double   deadline_days;            /* from the job's own start; 0: none */
  gboolean rents_on;                 /* runs on the machines of the job it starts after: its
                                      * month-billed rental goes on from where that one's paid
                                      * months end, and bills only the months it needs past
                                      * them (cp_schedule_new(): the same quote, billed by the
                                      * month, on no more nodes; cp_schedule_one_after_another()) */

  /* Placed by cp_schedule_place(), in days from the project's start */
  double   start_day;
  double   end_day;
  double   end_day_low;              /* every job at its band's short end */
  double   end_day_high;
  /* Of the job's cost, what the months its rental goes on in (rents_on)
   * had already paid: not billed again (walk42 F28: a 9.7-day job inside
   * the H800 month rented for the job before it was billed a second
   * month, 78,000 CNY). 0 when the job rents afresh. */
  double   paid_before_cost;
  /* Set by cp_schedule_new(): the job before it whose cluster run taught
   * the team the move to a cluster (cp_project_cluster_learned_from()),
   * so its plan counts no migration; -1: none. */
  int      cluster_learned_from;
} CpScheduleJob;

typedef struct {
  GDateYear  year;
  GDateMonth month;
  double     cost;                   /* spent in this month */
  double     cumulative_cost;        /* up to the end of this month */
} CpScheduleMonth;

/* One invoice of a rental billed by the month. */
typedef struct {
  double day;                        /* from the project's start */
  double cost;
  guint  job;                        /* index into CpSchedule.jobs */
} CpScheduleInvoice;

typedef struct {
  GDate    start;                    /* the project's first day */
  gboolean start_is_report_day;      /* the project sets no start: the day it was reported */
  GArray  *jobs;                     /* CpScheduleJob, in the project's order */
  GArray  *months;                   /* CpScheduleMonth, from the start's month to the end's
                                      * (or to the last invoice's, if later) */
  GArray  *invoices;                 /* CpScheduleInvoice, by day */
  double   end_day;                  /* the last job's end */
  double   end_day_low;
  double   end_day_high;
  double   total_cost;
  double   total_cost_low;
  double   total_cost_high;
} CpSchedule;

/* The schedule of @project from one plan per job (@plans[i] for job i, NULL
 * for a job that could not be planned). @report_day stands in for a
 * project without a start date. Fails, naming the job, when the jobs'
 * order loops. */
CpSchedule *cp_schedule_new   (const CpProject *project,
                               CpPlan * const  *plans,
                               const GDate     *report_day,
                               GError         **error);
/* Places @jobs (their inputs filled) from @start and adds the months up:
 * what cp_schedule_new() does after reading the plans. Takes @jobs. */
CpSchedule *cp_schedule_place (GArray          *jobs,
                               const GDate     *start,
                               GError         **error);
void        cp_schedule_free  (CpSchedule *schedule);

/* The option job @entry is placed and costed with (@plan's recommended
 * one, else its best available), or NULL when it is not planned. */
const CpOption *cp_schedule_job_option (const CpScheduleJob *entry,
                                        const CpPlan        *plan);

/* A job's cost: its phases' costs added up, less what months already
 * paid for by the job before it hold (paid_before_cost). */
double      cp_schedule_job_cost (const CpScheduleJob *entry);
/* The ends of the job's band (cost_low and cost_high, less the same),
 * around its cost. */
double      cp_schedule_job_cost_low  (const CpScheduleJob *entry);
double      cp_schedule_job_cost_high (const CpScheduleJob *entry);

/* The first and the last calendar day of a job (or of any span from
 * @start_day to @end_day, in days from the project's start), counted in
 * one way everywhere (window, report, XML, chart): the first is the day
 * it begins in, the last the day it ends in (a span ending at midnight
 * ends the day before). A job after another begins at the start of the
 * day after that one ends, so its 30.0 days are 30 dates, "5 December –
 * 3 January", and its month-billed invoice falls on its first. */
void        cp_schedule_span_dates (const CpSchedule *schedule,
                                    double            start_day,
                                    double            end_day,
                                    GDate            *first,
                                    GDate            *last);
/* As cp_schedule_span_dates(), from the day @start a project begins:
 * for what has the project's first day but not its schedule (a chart). */
void        cp_span_dates_from     (const GDate *start,
                                    double       start_day,
                                    double       end_day,
                                    GDate       *first,
                                    GDate       *last);
/* What the jobs have spent from the project's start to @day (days from
 * the start): each month-billed rental's invoices dated before @day, and
 * the rest of each phase at its even daily rate. */
double      cp_schedule_cost_until (const CpSchedule *schedule,
                                    double            day);
/* Days from the project's start to the first of @year/@month. */
double      cp_schedule_day_of_month (const CpSchedule *schedule,
                                      GDateYear         year,
                                      GDateMonth        month);
/* Nodes job @job_index of @schedule holds of its quote on @day (days
 * from the project's start): one while it debugs (R4: on one machine),
 * its nodes while it migrates and runs, none outside its days. */
guint       cp_schedule_job_nodes_on (const CpSchedule *schedule,
                                      guint             job_index,
                                      double            day);
/* Jobs planned on one quote at the same time that need more nodes than
 * it offers: each job's plan looks at its quote alone, so five jobs can
 * each be given the one machine a vendor offers, side by side (lead15,
 * the demo's 4090 machine). */
typedef struct {
  int     quote_index;
  guint   nodes_needed;                /* at the busiest moment */
  guint   nodes_offered;               /* the quote's nodes_available */
  double  day;                         /* that moment's first day, from the project's start */
  GArray *jobs;                        /* guint job indices running then */
} CpOverbooking;

/* One CpOverbooking per quote that is short of nodes, by quote; empty
 * when none is. */
GPtrArray  *cp_schedule_overbookings (const CpSchedule *schedule,
                                      const CpProject  *project);

/* Days from the project's start to the day job @entry is due: its start
 * as placed and its deadline; G_MAXDOUBLE without a deadline. */
double      cp_schedule_job_due_day (const CpScheduleJob *entry);
/* @schedule with the jobs of @overbooking run one after another,
 * earliest due day first, each from the end of the one before
 * (cp_schedule_place()); @order: their indices in that order. NULL when
 * a job of them already starts after another (the order would override
 * the one the user set). */
CpSchedule *cp_schedule_one_after_another (const CpSchedule    *schedule,
                                           const CpOverbooking *overbooking,
                                           GArray             **order);

/* The calendar the project falls back to when one quote is short of
 * nodes: the jobs it is short for run one after another
 * (cp_schedule_one_after_another()). The memo prices and dates it, and
 * the window's calendar draws it, from this one computation (walk35 W9:
 * the window showed the overbooked plan alone). */
typedef struct {
  CpSchedule *schedule;
  GArray     *order;          /* guint job indices, in the order they run */
  int         quote_index;    /* the quote short of nodes */
  guint       n_missed;       /* of them, the jobs that then end after their due day */
} CpScheduleFallback;

/* NULL when no quote or more than one is short (each order is then said
 * apart, with no one calendar to cost), or a job of them already starts
 * after another. */
CpScheduleFallback *cp_schedule_fallback_new  (const CpSchedule         *schedule,
                                               const CpProject          *project);
void                cp_schedule_fallback_free (CpScheduleFallback       *fallback);
/* Whether job @job_index of the fallback ends after the day it is due
 * as planned (@schedule: the plan it falls back from). */
gboolean            cp_schedule_fallback_misses (const CpScheduleFallback *fallback,
                                                 const CpSchedule         *schedule,
                                                 guint                     job_index);

/* The job before job @job_index, through the jobs it starts after, whose
 * recommended option in @plans trains on a cluster: the team moves to a
 * cluster there, and job @job_index, after it, does not pay that move
 * again (R8 is the team's learning, not the job's: walk41 F7, a 79-minute
 * LoRA after the SFT paid 30,000 CNY of migration). -1 when none does.
 * @waiting_job (may be NULL) is set to the first of those jobs whose plan
 * @plans does not have yet (NULL), when the answer waits for it; else -1. */
int         cp_project_cluster_learned_from (const CpProject *project,
                                             CpPlan * const  *plans,
                                             guint            job_index,
                                             int             *waiting_job);

/* Reads YYYY-MM-DD (a real day); FALSE for anything else. */
gboolean    cp_schedule_parse_date (const char *iso_date,
                                    GDate      *date);
/* The index of the job with @id in @project, or -1. */
int         cp_project_find_job (const CpProject *project,
                                 const char      *id);
/* Whether job @job_index may start after job @after_index without the
 * order looping (the job itself, or a job that comes after it, may not). */
gboolean    cp_project_job_may_follow (const CpProject *project,
                                       guint            job_index,
                                       guint            after_index);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (CpSchedule, cp_schedule_free)
G_DEFINE_AUTOPTR_CLEANUP_FUNC (CpScheduleFallback, cp_schedule_fallback_free)

G_END_DECLS
