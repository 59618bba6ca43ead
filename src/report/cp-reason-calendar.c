/* cp-reason-calendar.c: a calendar and its parts (run, debugging,
 * migration), and a run and its parts, rounded so that the parts shown add
 * up to the total shown, each figure in the unit its size reads in. */

#include "cp-report-private.h"
#include "cp-reason-text.h"

#include <math.h>

#include "cp-i18n.h"
#include "cp-reason-text-private.h"

/* The steps, in seconds, a duration is printed to. */
#define STEP_MINUTE_S 60.0
#define STEP_TENTH_HOUR_S 360.0
#define STEP_HOUR_S 3600.0
#define STEP_TENTH_DAY_S 8640.0

/* The step a duration of @seconds is printed to, by the rule of
 * cp_words_duration(): whole minutes under an hour and a half, tenths of
 * an hour up to @coarse_from_s, @coarse_step_s from there. The run's
 * parts in tenths of an hour, "0.4 h waiting on communication" for 20.5
 * min, read as more than R5's "21 min in all, overlapped or not", and a
 * 1.4-h run as "0.1 days" of a calendar (walk37b V3, V4). */
static double
duration_step_s (double seconds,
                 double coarse_from_s,
                 double coarse_step_s)
{
  if (seconds < 1.5 * 3600)
    return STEP_MINUTE_S;
  return seconds < coarse_from_s ? STEP_TENTH_HOUR_S : coarse_step_s;
}

/* @seconds, a multiple of @step_s, in the unit of that step: "82 min",
 * "4.2 h", "132 h", "10.6 days". */
static char *
format_step_figure (double      seconds,
                    double      step_s,
                    const char *lang)
{
  g_autofree char *number = NULL;

  if (step_s == STEP_TENTH_DAY_S)
    {
      number = cp_i18n_format_number (seconds / 86400, 1, lang);
      /* TRANSLATORS: a duration in days; %s is a number such as "12.5" */
      return g_strdup_printf (_("%s days"), number);
    }
  if (step_s == STEP_MINUTE_S)
    {
      number = cp_i18n_format_number (seconds / 60, 0, lang);
      /* TRANSLATORS: a duration; %s is a number of minutes */
      return g_strdup_printf (_("%s min"), number);
    }
  return cp_reason_hours_text (seconds / 3600, step_s == STEP_TENTH_HOUR_S ? 1 : 0, lang);
}

/* The total of @est's calendar and its run, debugging and migration as
 * printed, in seconds, each a multiple of its step (@steps_s): days from
 * a day, hours from an hour and a half, minutes below. The run rounds
 * on its own, as the run's parts give it (cp_words_run_parts()); the
 * other parts in the total's unit are apportioned so that they add up,
 * with the run and the parts in finer units, to the total as rounded
 * ("1.0 = 0.7 + 0.3", never "1.0 = 0.7 + 0.4"): exactly where all are in
 * one unit, to the total's rounding where hours stand beside days. */
static void
calendar_shown (const CpEstimate *est,
                double            shown_s[CP_N_CALENDAR_FIGURES],
                double            steps_s[CP_N_CALENDAR_FIGURES])
{
  const double days[CP_N_CALENDAR_FIGURES] = {
    [CP_CALENDAR_RUN] = est->run_days,
    [CP_CALENDAR_DEBUGGING] = est->debug_days,
    [CP_CALENDAR_MIGRATION] = est->migration_days,
    [CP_CALENDAR_TOTAL] = est->run_days + est->debug_days + est->migration_days,
  };
  double total_step_s, fixed_s = 0;
  double coarse_steps[CP_CALENDAR_TOTAL], coarse_shown[CP_CALENDAR_TOTAL];
  guint coarse[CP_CALENDAR_TOTAL], n_coarse = 0;

  total_step_s = steps_s[CP_CALENDAR_TOTAL] = duration_step_s (days[CP_CALENDAR_TOTAL] * 86400, 86400,
                                                               STEP_TENTH_DAY_S);
  shown_s[CP_CALENDAR_TOTAL] = round (days[CP_CALENDAR_TOTAL] * 86400 / total_step_s) * total_step_s;
  for (guint i = 0; i < CP_CALENDAR_TOTAL; i++)
    {
      double seconds = MAX (days[i], 0) * 86400;

      steps_s[i] = duration_step_s (seconds, 86400, STEP_TENTH_DAY_S);
      if (steps_s[i] == total_step_s && i != CP_CALENDAR_RUN)
        {
          coarse[n_coarse] = i;
          coarse_steps[n_coarse++] = seconds / total_step_s;
          continue;
        }
      shown_s[i] = round (seconds / steps_s[i]) * steps_s[i];
      fixed_s += shown_s[i];
    }
  /* The total's unit holds what the others leave of it. */
  cp_i18n_apportion (coarse_steps, n_coarse, round ((shown_s[CP_CALENDAR_TOTAL] - fixed_s) / total_step_s),
                     coarse_shown);
  for (guint c = 0; c < n_coarse; c++)
    shown_s[coarse[c]] = coarse_shown[c] * total_step_s;
}

char *
cp_words_calendar_figure (const CpEstimate *est,
                          CpCalendarFigure  figure,
                          const char       *lang)
{
  double shown_s[CP_N_CALENDAR_FIGURES], steps_s[CP_N_CALENDAR_FIGURES];
  char *text;

  g_return_val_if_fail (est != NULL && figure < CP_N_CALENDAR_FIGURES, NULL);
  calendar_shown (est, shown_s, steps_s);
  cp_i18n_push_language (lang);
  text = format_step_figure (shown_s[figure], steps_s[figure], lang);
  cp_i18n_pop_language ();
  return text;
}

char *
cp_words_calendar (const CpEstimate *est,
                   const char       *lang)
{
  double shown_s[CP_N_CALENDAR_FIGURES], steps_s[CP_N_CALENDAR_FIGURES];
  char *words[CP_N_CALENDAR_FIGURES];
  gboolean run, debug, migration;
  char *text;

  g_return_val_if_fail (est != NULL, NULL);
  calendar_shown (est, shown_s, steps_s);
  cp_i18n_push_language (lang);
  for (guint i = 0; i < CP_N_CALENDAR_FIGURES; i++)
    words[i] = format_step_figure (shown_s[i], steps_s[i], lang);
  run = est->run_days > 0;
  debug = est->debug_days > 0;
  migration = est->migration_days > 0;
  if (run && debug && migration)
    /* TRANSLATORS: calendar days, then the run, debugging and migration days it adds up from */
    text = g_strdup_printf (_("%s = %s of run + %s of debugging + %s of moving to the cluster (migration, R8)"),
                            words[CP_CALENDAR_TOTAL], words[CP_CALENDAR_RUN], words[CP_CALENDAR_DEBUGGING],
                            words[CP_CALENDAR_MIGRATION]);
  else if (run && migration)
    /* TRANSLATORS: calendar days, then the run and migration days it adds up from */
    text = g_strdup_printf (_("%s = %s of run + %s of moving to the cluster (migration, R8)"),
                            words[CP_CALENDAR_TOTAL], words[CP_CALENDAR_RUN], words[CP_CALENDAR_MIGRATION]);
  else if (run && debug)
    /* TRANSLATORS: calendar days, then the run and debugging days it adds up from */
    text = g_strdup_printf (_("%s = %s of run + %s of debugging"), words[CP_CALENDAR_TOTAL], words[CP_CALENDAR_RUN],
                            words[CP_CALENDAR_DEBUGGING]);
  else
    /* TRANSLATORS: calendar days, all of them the run */
    text = g_strdup_printf (_("%s, all of it the run"), words[CP_CALENDAR_TOTAL]);
  for (guint i = 0; i < CP_N_CALENDAR_FIGURES; i++)
    g_free (words[i]);
  cp_i18n_pop_language ();
  return text;
}

void
cp_words_durations_alike (double      a_s,
                          double      b_s,
                          const char *lang,
                          char      **a,
                          char      **b)
{
  cp_i18n_push_language (lang);
  if (MIN (a_s, b_s) < 86400)
    {
      *a = cp_reason_hours_text (a_s / 3600, 1, lang);
      *b = cp_reason_hours_text (b_s / 3600, 1, lang);
    }
  else
    {
      *a = cp_i18n_format_days (a_s / 86400, lang);
      *b = cp_i18n_format_days (b_s / 86400, lang);
    }
  cp_i18n_pop_language ();
}

double
cp_run_shown_parts (const CpEstimate *est,
                    double            parts_s[CP_N_RUN_PARTS],
                    double           *step_s)
{
  double useful_s, sum_s = 0, run_s;
  double steps[CP_N_RUN_PARTS], shown[CP_N_RUN_PARTS];

  g_return_val_if_fail (est != NULL, -1);
  if (est->time_source == CP_TIME_SOURCE_DURATION || !(est->total_s > 0) || !isfinite (est->total_s))
    return -1;
  /* cp-estimate-time.c: the useful run is the computing, the
   * communication overlap leaves exposed and the pipeline's bubbles (a
   * measured or given rate has both inside its computing); cp-goodput.c
   * stretches it by the checkpoints written every interval and the work
   * lost to interruptions, the rest of the wall time. */
  useful_s = est->compute_s + est->exposed_communication_s + est->bubble_s;
  parts_s[CP_RUN_PART_COMPUTING] = est->compute_s;
  /* The exposed communication holds the slowdown (cp-estimate.h). */
  parts_s[CP_RUN_PART_EXPOSED_COMMUNICATION] = est->exposed_communication_s - est->overlap_slowdown_s;
  parts_s[CP_RUN_PART_OVERLAP_SLOWDOWN] = est->overlap_slowdown_s;
  parts_s[CP_RUN_PART_BUBBLES] = est->bubble_s;
  parts_s[CP_RUN_PART_CHECKPOINTS] = est->checkpoint_interval_s > 0
                                     ? useful_s * est->checkpoint_s / est->checkpoint_interval_s : 0;
  parts_s[CP_RUN_PART_INTERRUPTIONS] = est->lost_s;
  for (guint i = 0; i < CP_N_RUN_PARTS; i++)
    {
      if (!isfinite (parts_s[i]) || parts_s[i] < 0)
        return -1;
      sum_s += parts_s[i];
    }
  /* Parts that do not make up the run are no breakdown of it. */
  if (fabs (sum_s - est->total_s) > 1e-6 * est->total_s + 1)
    return -1;
  /* Whole hours from 100 up: "132 h = 115 h computing + …". */
  *step_s = duration_step_s (sum_s, 100 * 3600.0, STEP_HOUR_S);
  for (guint i = 0; i < CP_N_RUN_PARTS; i++)
    steps[i] = parts_s[i] / *step_s;
  run_s = round (sum_s / *step_s);
  cp_i18n_apportion (steps, CP_N_RUN_PARTS, run_s, shown);
  for (guint i = 0; i < CP_N_RUN_PARTS; i++)
    parts_s[i] = shown[i] * *step_s;
  return run_s * *step_s;
}

char *
cp_words_run_part (const CpEstimate *est,
                   CpRunPart         part,
                   const char       *lang)
{
  double parts_s[CP_N_RUN_PARTS], step_s;
  char *text;

  g_return_val_if_fail (part < CP_N_RUN_PARTS, NULL);
  if (cp_run_shown_parts (est, parts_s, &step_s) < 0)
    return NULL;
  cp_i18n_push_language (lang);
  text = format_step_figure (parts_s[part], step_s, lang);
  cp_i18n_pop_language ();
  return text;
}

char *
cp_reason_hours_text (double      hours,
                      int         decimals,
                      const char *lang)
{
  g_autofree char *number = cp_i18n_format_number (hours, decimals, lang);

  /* TRANSLATORS: a duration; %s is a number of hours */
  return g_strdup_printf (_("%s h"), number);
}

char *
cp_words_run_parts (const CpEstimate *est,
                    const char       *lang)
{
  double parts_s[CP_N_RUN_PARTS], step_s;
  double run_s = cp_run_shown_parts (est, parts_s, &step_s);
  g_autoptr(GPtrArray) named = NULL;
  g_autofree char *run = NULL;
  g_autofree char *sum = NULL;
  char *text;

  if (run_s < 0)
    return NULL;
  cp_i18n_push_language (lang);
  named = g_ptr_array_new_with_free_func (g_free);
  for (guint i = 0; i < CP_N_RUN_PARTS; i++)
    {
      g_autofree char *figure = NULL;

      /* A part that rounds to nothing adds nothing to the sum shown. */
      if (parts_s[i] <= 0)
        continue;
      figure = format_step_figure (parts_s[i], step_s, lang);
      switch ((CpRunPart) i)
        {
        case CP_RUN_PART_COMPUTING:
          if (est->time_source == CP_TIME_SOURCE_MFU || est->time_source == CP_TIME_SOURCE_TRIAL)
            /* TRANSLATORS: a part of a training run: computing at a measured or given rate, which holds the communication */
            g_ptr_array_add (named, g_strdup_printf (_("%s computing, communication included"), figure));
          else
            /* TRANSLATORS: a part of a training run */
            g_ptr_array_add (named, g_strdup_printf (_("%s computing"), figure));
          break;
        case CP_RUN_PART_EXPOSED_COMMUNICATION:
          /* TRANSLATORS: a part of a training run: the communication overlap leaves exposed, which the GPUs wait for */
          g_ptr_array_add (named, g_strdup_printf (_("%s waiting on communication"), figure));
          break;
        case CP_RUN_PART_OVERLAP_SLOWDOWN:
          /* TRANSLATORS: a part of a training run: how much slower the computing runs while communication is hidden behind it */
          g_ptr_array_add (named, g_strdup_printf (_("%s overlap slowdown"), figure));
          break;
        case CP_RUN_PART_BUBBLES:
          /* TRANSLATORS: a part of a training run: GPUs of a pipeline waiting for each other */
          g_ptr_array_add (named, g_strdup_printf (_("%s pipeline bubbles"), figure));
          break;
        case CP_RUN_PART_CHECKPOINTS:
          /* TRANSLATORS: a part of a training run */
          g_ptr_array_add (named, g_strdup_printf (_("%s checkpoints"), figure));
          break;
        case CP_RUN_PART_INTERRUPTIONS:
        case CP_N_RUN_PARTS:
        default:
          /* TRANSLATORS: a part of a training run: what interruptions cost */
          g_ptr_array_add (named, g_strdup_printf (_("%s lost to interruptions"), figure));
          break;
        }
    }
  /* A run of computing alone is said once: "run 0.79 h = 0.79 h
   * computing" stated a sum of one part (walk36b Z13). */
  if (named->len == 1)
    {
      /* TRANSLATORS: a training run that is computing alone: its one part, with its hours ("0.79 h computing") */
      text = g_strdup_printf (_("run: %s"), (const char *) g_ptr_array_index (named, 0));
      cp_i18n_pop_language ();
      return text;
    }
  run = format_step_figure (run_s, step_s, lang);
  g_ptr_array_add (named, NULL);
  sum = g_strjoinv (" + ", (char **) named->pdata);
  /* In one unit, hours from an hour and a half: the calendar beside it
   * says a run of days in days, and the hours are what the parts add up
   * to. */
  /* TRANSLATORS: a training run's length ("82 min", "4.2 h"), then its parts that add up to it */
  text = g_strdup_printf (_("run %s = %s"), run, sum);
  cp_i18n_pop_language ();
  return text;
}

/* A number of @decimals as printed, rounded up when @up: the figure
 * the reader compares, not the one computed. */
static double
shown_figure (double   value,
              int      decimals,
              gboolean up)
{
  double scale = pow (10, decimals);

  return (up ? ceil (value * scale - 1e-9) : round (value * scale)) / scale;
}

/* The figures cp_words_finish_and_deadline() prints, as numbers in
 * @hours or days with @decimals: one computation for the finish, the
 * deadline and how late, so that the three shown always subtract. */
static void
finish_and_deadline_figures (double    finish_days,
                             double    deadline_days,
                             gboolean *hours,
                             int      *decimals,
                             double   *finish_shown,
                             double   *deadline_shown)
{
  /* Hours while both are shorter than a day, as the table's Days cell
   * prints such a job (cp_words_calendar_length()): "8.4 h" against
   * "7.2 h" where "0.3 days" stood for both. */
  double scale, finish_value, deadline_value;
  gboolean late = finish_days > deadline_days;

  *hours = finish_days < 1 && deadline_days < 1;
  scale = *hours ? 24 : 1;
  finish_value = finish_days * scale;
  deadline_value = deadline_days * scale;
  *decimals = *hours ? 1 : MAX (cp_days_decimals (finish_days), cp_days_decimals (deadline_days));

  /* The deadline as typed, to a thousandth: 10.05 days shown "10.1"
   * would stand beside a finish of 10.06 rounded up to the same. */
  while (*decimals < 3 && fabs (shown_figure (deadline_value, *decimals, FALSE) - deadline_value) > 1e-9)
    (*decimals)++;

  /* A late finish is rounded up, and given a decimal more while the
   * figures shown would still read as meeting the deadline: 0.35 days
   * shown "0.3 days" beside "No quote finishes by the deadline" of 0.3
   * (walk36 F2). An early one rounds as any figure does; rounding keeps
   * the order, so it never shows past the deadline. */
  if (late)
    while (*decimals < 6 && shown_figure (finish_value, *decimals, TRUE) <= shown_figure (deadline_value, *decimals, FALSE))
      (*decimals)++;
  *finish_shown = shown_figure (finish_value, *decimals, late);
  *deadline_shown = shown_figure (deadline_value, *decimals, FALSE);
}

static char *
duration_text (double      value,
               gboolean    hours,
               int         decimals,
               const char *lang)
{
  g_autofree char *number = cp_i18n_format_number (value, decimals, lang);
  char *text;

  cp_i18n_push_language (lang);
  text = hours
         /* TRANSLATORS: a duration; %s is a number of hours */
         ? g_strdup_printf (_("%s h"), number)
         /* TRANSLATORS: a duration in days; %s is a number such as "12.5" */
         : g_strdup_printf (_("%s days"), number);
  cp_i18n_pop_language ();
  return text;
}

void
cp_words_finish_and_deadline (double      finish_days,
                              double      deadline_days,
                              const char *lang,
                              char      **finish,
                              char      **deadline)
{
  gboolean hours;
  int decimals;
  double finish_shown, deadline_shown;

  finish_and_deadline_figures (finish_days, deadline_days, &hours, &decimals, &finish_shown, &deadline_shown);
  *finish = duration_text (finish_shown, hours, decimals, lang);
  *deadline = duration_text (deadline_shown, hours, decimals, lang);
}

double
cp_words_finish_figure (double finish,
                        double deadline,
                        int    decimals)
{
  /* Rounded as any figure, a finish 12.805 days long read "12.8" in the
   * table beside "Missed by 2.9 days" of a 10-day deadline (issue 22). */
  return shown_figure (finish, decimals, deadline > 0 && finish > deadline);
}

/* A miss under a day in whole minutes rounded up, "35 min", "1 h 20 min",
 * "2 h": 80 minutes read "0.1 days" (trust37), which a reader takes for
 * 2.4 h. Never under the true lateness; never "0 min" for a miss. */
static char *
late_under_a_day_text (double      late_days,
                       const char *lang)
{
  /* A millionth of a minute off: 80 min is 80.000 000 000 1 in binary. */
  double minutes = MAX (ceil (late_days * 1440 - 1e-6), 1);
  double hours = floor (minutes / 60);
  double rest_minutes = minutes - hours * 60;
  g_autofree char *hours_number = cp_i18n_format_number (hours, 0, lang);
  g_autofree char *minutes_number = cp_i18n_format_number (hours > 0 ? rest_minutes : minutes, 0, lang);
  char *text;

  cp_i18n_push_language (lang);
  if (hours == 0)
    /* TRANSLATORS: a duration; %s is a number of minutes */
    text = g_strdup_printf (_("%s min"), minutes_number);
  else if (rest_minutes == 0)
    /* TRANSLATORS: a duration; %s is a number of hours */
    text = g_strdup_printf (_("%s h"), hours_number);
  else
    /* TRANSLATORS: a duration under a day: whole hours, then minutes, "1 h 20 min" */
    text = g_strdup_printf (_("%s h %s min"), hours_number, minutes_number);
  cp_i18n_pop_language ();
  return text;
}

char *
cp_words_late_by (double      finish_days,
                  double      deadline_days,
                  const char *lang)
{
  gboolean hours;
  int decimals;
  double finish_shown, deadline_shown;

  if (finish_days > deadline_days && finish_days - deadline_days < 1)
    return late_under_a_day_text (finish_days - deadline_days, lang);

  /* The difference of the figures shown, never of the true ones rounded:
   * 0.34 days late by 0.3 days read "missed by 0.3 days" beside a
   * 0.3-day deadline (issue 22). The finish is rounded up, so this is
   * too, and is never under the true lateness. Rounded again to its
   * decimals: 10.1 − 10.0 is 0.0999… in binary. */
  finish_and_deadline_figures (finish_days, deadline_days, &hours, &decimals, &finish_shown, &deadline_shown);
  return duration_text (shown_figure (finish_shown - deadline_shown, decimals, FALSE), hours, decimals, lang);
}
