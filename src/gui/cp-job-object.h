/* cp-job-object.h: a job of the open project, for list models. */
#pragma once

#include <glib-object.h>

#include "planner/cp-job.h"

G_BEGIN_DECLS

#define CP_TYPE_JOB_OBJECT (cp_job_object_get_type ())

G_DECLARE_FINAL_TYPE (CpJobObject, cp_job_object, CP, JOB_OBJECT, GObject)

/* @job belongs to the project; the window drops the object before the
 * project frees it. */
CpJobObject *cp_job_object_new       (CpJob *job);
CpJob       *cp_job_object_get_job  (CpJobObject *self);
const char   *cp_job_object_get_title    (CpJobObject *self);
char         *cp_job_object_dup_subtitle (CpJobObject *self);
/* Tells views that the job was edited. */
void          cp_job_object_changed      (CpJobObject *self);

G_END_DECLS
