/* weft-int-set.h: DDT's compact integer sets ("0-3,7-17") and thread tuple sets.
 *
 * A WeftIntSet is a sorted list of disjoint, non-adjacent ranges of
 * non-negative integers (never a bitmap: a set of a million processes in one
 * range is one range). Parsing is tolerant (blanks around numbers, unsorted,
 * overlapping or adjacent ranges are normalised); printing is canonical (sorted,
 * merged, no spaces, "7" rather than "7-7"), so that an export matches DDT's
 * byte for byte. The empty set is the empty string. STAT writes the same syntax
 * in brackets ("[0-3,7]"); the _bracketed variants read and write that.
 *
 * A WeftThreadSet is the "compact integer tuple set" of DDT's stacks.dtd:
 * "A.B-C.D is the set of threads B-D from processes A-C". We implement the DTD
 * as written: A.B-C.D is the Cartesian product {A…C} × {B…D}, so
 * "0.0-3.7,7.0-17.7" holds threads 0-7 of processes 0-3 and of processes 7-17.
 * (A lexicographic reading, where 1.3-2.2 would run from thread 3 of process 1
 * to thread 2 of process 2, contradicts the DTD's sentence and its examples; a
 * reversed thread range such as 1.3-2.2 is therefore an error.) "A.B" alone is
 * one thread. Internally a thread set maps runs of processes to the set of
 * threads they share; printing walks those runs in process order and writes one
 * A.B-C.D item per thread range, "A.B" when the item is a single thread.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib-object.h>

G_BEGIN_DECLS

typedef struct
{
  gint64 first;   /* inclusive */
  gint64 last;    /* inclusive, >= first */
} WeftIntRange;

typedef struct _WeftIntSet    WeftIntSet;
typedef struct _WeftThreadSet WeftThreadSet;

typedef struct
{
  /*< private >*/
  const WeftIntSet *set;
  guint             range;
  gint64            value;
} WeftIntSetIter;

#define WEFT_TYPE_INT_SET    (weft_int_set_get_type ())
#define WEFT_TYPE_THREAD_SET (weft_thread_set_get_type ())

GType               weft_int_set_get_type            (void) G_GNUC_CONST;
WeftIntSet         *weft_int_set_new                 (void);
WeftIntSet         *weft_int_set_copy                (const WeftIntSet   *self);
void                weft_int_set_free                (WeftIntSet         *self);
WeftIntSet         *weft_int_set_parse               (const char         *text,
                                                      gssize              len,
                                                      guint              *error_column,
                                                      GError            **error);
WeftIntSet         *weft_int_set_parse_bracketed     (const char         *text,
                                                      gssize              len,
                                                      guint              *error_column,
                                                      GError            **error);
char               *weft_int_set_to_string           (const WeftIntSet   *self);
char               *weft_int_set_to_bracketed_string (const WeftIntSet   *self);
void                weft_int_set_append_to           (const WeftIntSet   *self,
                                                      GString            *out);
void                weft_int_set_add                 (WeftIntSet         *self,
                                                      gint64              value);
void                weft_int_set_add_range           (WeftIntSet         *self,
                                                      gint64              first,
                                                      gint64              last);
void                weft_int_set_add_set             (WeftIntSet         *self,
                                                      const WeftIntSet   *other);
gboolean            weft_int_set_contains            (const WeftIntSet   *self,
                                                      gint64              value);
gboolean            weft_int_set_is_empty            (const WeftIntSet   *self);
guint64             weft_int_set_get_count           (const WeftIntSet   *self);
guint               weft_int_set_get_n_ranges        (const WeftIntSet   *self);
const WeftIntRange *weft_int_set_get_range           (const WeftIntSet   *self,
                                                      guint               index);
gboolean            weft_int_set_equal               (const WeftIntSet   *a,
                                                      const WeftIntSet   *b);
void                weft_int_set_iter_init           (WeftIntSetIter     *iter,
                                                      const WeftIntSet   *set);
gboolean            weft_int_set_iter_next           (WeftIntSetIter     *iter,
                                                      gint64             *value);

GType               weft_thread_set_get_type         (void) G_GNUC_CONST;
WeftThreadSet      *weft_thread_set_new              (void);
WeftThreadSet      *weft_thread_set_copy             (const WeftThreadSet *self);
void                weft_thread_set_free             (WeftThreadSet      *self);
WeftThreadSet      *weft_thread_set_parse            (const char         *text,
                                                      gssize              len,
                                                      guint              *error_column,
                                                      GError            **error);
char               *weft_thread_set_to_string        (const WeftThreadSet *self);
void                weft_thread_set_append_to        (const WeftThreadSet *self,
                                                      GString            *out);
void                weft_thread_set_add              (WeftThreadSet      *self,
                                                      gint64              process,
                                                      gint64              thread);
void                weft_thread_set_add_box          (WeftThreadSet      *self,
                                                      gint64              first_process,
                                                      gint64              last_process,
                                                      gint64              first_thread,
                                                      gint64              last_thread);
gboolean            weft_thread_set_contains         (const WeftThreadSet *self,
                                                      gint64              process,
                                                      gint64              thread);
gboolean            weft_thread_set_is_empty         (const WeftThreadSet *self);
guint64             weft_thread_set_get_count        (const WeftThreadSet *self);
WeftIntSet         *weft_thread_set_dup_processes    (const WeftThreadSet *self);
guint               weft_thread_set_get_n_runs       (const WeftThreadSet *self);
const WeftIntSet   *weft_thread_set_get_run          (const WeftThreadSet *self,
                                                      guint               index,
                                                      gint64             *first_process,
                                                      gint64             *last_process);
gboolean            weft_thread_set_equal            (const WeftThreadSet *a,
                                                      const WeftThreadSet *b);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (WeftIntSet, weft_int_set_free)
G_DEFINE_AUTOPTR_CLEANUP_FUNC (WeftThreadSet, weft_thread_set_free)

G_END_DECLS
