/* cp-reason-calendar.c: a calendar in days and its parts (run, debugging,
 * migration), rounded so that the parts shown add up to the total shown. */

#include "cp-report-private.h"
#include "cp-reason-text.h"

#include <math.h>

#include "cp-i18n.h"
#include "cp-reason-text-private.h"

/* Whether a part of @days, shown with @decimals, could print as zero. */
static gboolean
hides_a_part (double days,
              int    decimals)
{
  return days > 0 && floor (days * pow (10, decimals)) == 0;
}

/* Rounds @parts (days, or hours) to @decimals so that they add up to their total
 * rounded the same way: the largest remainders take the units the floors
 * left over (Hamilton's apportionment). Returns that total. */
static double
apportion_days (double *parts,
                guint   n_parts,
                int     decimals)
{
  double scale = pow (10, decimals);
  double units[CP_N_RUN_PARTS], remainders[CP_N_RUN_PARTS];
  double total = 0, left;

  g_assert (n_parts <= G_N_ELEMENTS (units));
  left = 0;
  for (guint i = 0; i < n_parts; i++)
    {
      total += parts[i];
      units[i] = floor (parts[i] * scale);
      remainders[i] = parts[i] * scale - units[i];
      left -= units[i];
    }
  left += round (total * scale);
  for (; left > 0; left--)
    {
      guint largest = 0;

      for (guint i = 1; i < n_parts; i++)
        if (remainders[i] > remainders[largest])
          largest = i;
      units[largest]++;
      /* One unit each: a remainder is spent once. */
      remainders[largest] = -1;
    }
  for (guint i = 0; i < n_parts; i++)
    parts[i] = units[i] / scale;
  return round (total * scale) / scale;
}

/* "0.68 days": cp_i18n_format_days() with the decimals a sum needs. */
static char *
format_days_decimals (double      days,
                      int         decimals,
                      const char *lang)
{
  g_autofree char *number = cp_i18n_format_number (days, decimals, lang);

  /* TRANSLATORS: a duration in days; %s is a number such as "12.5" */
  return g_strdup_printf (_("%s days"), number);
}

double
cp_calendar_shown_days (const CpEstimate *est,
                        double            parts[3],
                        int              *decimals)
{
  /* The sum must add up as printed, and the total read as it does
   * elsewhere: 0.68 + 0.36 days in tenths is "1.0 = 0.7 + 0.3", with the
   * parts apportioned to the rounded total rather than rounded apart
   * ("1.0 = 0.7 + 0.4"). The total's own decimals (cp_days_decimals()),
   * and more while a part would print as zero, as an hour of run beside
   * 10.5 days of migration would in tenths. */
  parts[0] = est->run_days;
  parts[1] = est->debug_days;
  parts[2] = est->migration_days;
  *decimals = cp_days_decimals (est->calendar_days);
  while (*decimals < 4
         && (hides_a_part (est->run_days, *decimals) || hides_a_part (est->debug_days, *decimals)
             || hides_a_part (est->migration_days, *decimals)))
    (*decimals)++;
  return apportion_days (parts, 3, *decimals);
}

char *
cp_words_shown_days (double      days,
                     int         decimals,
                     const char *lang)
{
  return format_days_decimals (days, decimals, lang);
}

char *
cp_words_calendar (const CpEstimate *est,
                   const char       *lang)
{
  g_autofree char *calendar = NULL;
  g_autofree char *run = NULL;
  g_autofree char *debug = NULL;
  g_autofree char *migration = NULL;
  double parts[3];
  int decimals;
  double sum_days;
  char *text;

  g_return_val_if_fail (est != NULL, NULL);
  sum_days = cp_calendar_shown_days (est, parts, &decimals);
  cp_i18n_push_language (lang);
  calendar = format_days_decimals (sum_days, decimals, lang);
  run = format_days_decimals (parts[0], decimals, lang);
  debug = format_days_decimals (parts[1], decimals, lang);
  migration = format_days_decimals (parts[2], decimals, lang);
  if (est->migration_days > 0 && est->debug_days > 0)
    /* TRANSLATORS: calendar days, then the run, debugging and migration days it adds up from */
    text = g_strdup_printf (_("%s = %s of run + %s of debugging + %s of moving to the cluster (migration, R8)"),
                            calendar, run, debug, migration);
  else if (est->migration_days > 0)
    /* TRANSLATORS: calendar days, then the run and migration days it adds up from */
    text = g_strdup_printf (_("%s = %s of run + %s of moving to the cluster (migration, R8)"),
                            calendar, run, migration);
  else if (est->debug_days > 0)
    /* TRANSLATORS: calendar days, then the run and debugging days it adds up from */
    text = g_strdup_printf (_("%s = %s of run + %s of debugging"), calendar, run, debug);
  else
    /* TRANSLATORS: calendar days, all of them the run */
    text = g_strdup_printf (_("%s, all of it the run"), calendar);
  cp_i18n_pop_language ();
  return text;
}

double
cp_run_shown_hours (const CpEstimate *est,
                    double            parts[CP_N_RUN_PARTS],
                    int              *decimals)
{
  double useful_s, sum_s = 0;

  g_return_val_if_fail (est != NULL, -1);
  if (est->time_source == CP_TIME_SOURCE_DURATION || !(est->total_s > 0) || !isfinite (est->total_s))
    return -1;
  /* cp-estimate-time.c: the useful run is the computing, the
   * communication overlap leaves exposed and the pipeline's bubbles (a
   * measured or given rate has both inside its computing); cp-goodput.c
   * stretches it by the checkpoints written every interval and the work
   * lost to interruptions, the rest of the wall time. */
  useful_s = est->compute_s + est->exposed_communication_s + est->bubble_s;
  parts[CP_RUN_PART_COMPUTING] = est->compute_s;
  /* The exposed communication holds the slowdown (cp-estimate.h). */
  parts[CP_RUN_PART_EXPOSED_COMMUNICATION] = est->exposed_communication_s - est->overlap_slowdown_s;
  parts[CP_RUN_PART_OVERLAP_SLOWDOWN] = est->overlap_slowdown_s;
  parts[CP_RUN_PART_BUBBLES] = est->bubble_s;
  parts[CP_RUN_PART_CHECKPOINTS] = est->checkpoint_interval_s > 0
                                   ? useful_s * est->checkpoint_s / est->checkpoint_interval_s : 0;
  parts[CP_RUN_PART_INTERRUPTIONS] = est->lost_s;
  for (guint i = 0; i < CP_N_RUN_PARTS; i++)
    {
      if (!isfinite (parts[i]) || parts[i] < 0)
        return -1;
      sum_s += parts[i];
    }
  /* Parts that do not make up the run are no breakdown of it. */
  if (fabs (sum_s - est->total_s) > 1e-6 * est->total_s + 1)
    return -1;
  for (guint i = 0; i < CP_N_RUN_PARTS; i++)
    parts[i] /= 3600.0;
  /* Whole hours from 100 up, tenths below, hundredths under an hour. */
  *decimals = est->total_s >= 100 * 3600.0 ? 0 : est->total_s >= 3600 ? 1 : 2;
  return apportion_days (parts, CP_N_RUN_PARTS, *decimals);
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
  double parts[CP_N_RUN_PARTS];
  int decimals;
  double run_h = cp_run_shown_hours (est, parts, &decimals);
  g_autoptr(GPtrArray) named = NULL;
  g_autofree char *run_hours = NULL;
  g_autofree char *sum = NULL;
  char *text;

  if (run_h < 0)
    return NULL;
  cp_i18n_push_language (lang);
  named = g_ptr_array_new_with_free_func (g_free);
  for (guint i = 0; i < CP_N_RUN_PARTS; i++)
    {
      g_autofree char *hours = NULL;

      /* A part that rounds to nothing adds nothing to the sum shown. */
      if (parts[i] <= 0)
        continue;
      hours = cp_reason_hours_text (parts[i], decimals, lang);
      switch ((CpRunPart) i)
        {
        case CP_RUN_PART_COMPUTING:
          if (est->time_source == CP_TIME_SOURCE_MFU || est->time_source == CP_TIME_SOURCE_TRIAL)
            /* TRANSLATORS: a part of a training run: computing at a measured or given rate, which holds the communication */
            g_ptr_array_add (named, g_strdup_printf (_("%s computing, communication included"), hours));
          else
            /* TRANSLATORS: a part of a training run */
            g_ptr_array_add (named, g_strdup_printf (_("%s computing"), hours));
          break;
        case CP_RUN_PART_EXPOSED_COMMUNICATION:
          /* TRANSLATORS: a part of a training run: the communication overlap leaves exposed, which the GPUs wait for */
          g_ptr_array_add (named, g_strdup_printf (_("%s waiting on communication"), hours));
          break;
        case CP_RUN_PART_OVERLAP_SLOWDOWN:
          /* TRANSLATORS: a part of a training run: how much slower the computing runs while communication is hidden behind it */
          g_ptr_array_add (named, g_strdup_printf (_("%s overlap slowdown"), hours));
          break;
        case CP_RUN_PART_BUBBLES:
          /* TRANSLATORS: a part of a training run: GPUs of a pipeline waiting for each other */
          g_ptr_array_add (named, g_strdup_printf (_("%s pipeline bubbles"), hours));
          break;
        case CP_RUN_PART_CHECKPOINTS:
          /* TRANSLATORS: a part of a training run */
          g_ptr_array_add (named, g_strdup_printf (_("%s checkpoints"), hours));
          break;
        case CP_RUN_PART_INTERRUPTIONS:
        case CP_N_RUN_PARTS:
        default:
          /* TRANSLATORS: a part of a training run: what interruptions cost */
          g_ptr_array_add (named, g_strdup_printf (_("%s lost to interruptions"), hours));
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
  run_hours = cp_reason_hours_text (run_h, decimals, lang);
  g_ptr_array_add (named, NULL);
  sum = g_strjoinv (" + ", (char **) named->pdata);
  /* In hours alone: the calendar beside it says the run's days, in
   * hours under two days (cp-report-job.c), and the hours are what the
   * parts add up to. */
  /* TRANSLATORS: a training run's length in hours, then its parts that add up to it */
  text = g_strdup_printf (_("run %s = %s"), run_hours, sum);
  cp_i18n_pop_language ();
  return text;
}
