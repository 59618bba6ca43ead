/* cp-reason-calendar.c: a calendar in days and its parts (run, debugging,
 * migration), rounded so that the parts shown add up to the total shown. */

#include "cp-report-private.h"
#include "cp-reason-text.h"

#include <math.h>

#include "cp-i18n.h"

/* Whether a part of @days, shown with @decimals, could print as zero. */
static gboolean
hides_a_part (double days,
              int    decimals)
{
  return days > 0 && floor (days * pow (10, decimals)) == 0;
}

/* Rounds @parts (days) to @decimals so that they add up to their total
 * rounded the same way: the largest remainders take the units the floors
 * left over (Hamilton's apportionment). Returns that total. */
static double
apportion_days (double *parts,
                guint   n_parts,
                int     decimals)
{
  double scale = pow (10, decimals);
  double units[4], remainders[4];
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
