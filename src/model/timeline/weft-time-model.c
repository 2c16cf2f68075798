/* weft-time-model.c: one document's time axis (document, visible and selected
 * spans, and the Back/Forward zoom stack).
 *
 * Every setter computes the new state first and then notifies only the
 * properties whose value changed, inside one freeze/thaw so that a handler of
 * "notify::visible-span" already sees the matching can-go-back.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <math.h>

#include "weft-time-model.h"

/* How many visible spans Back remembers; the oldest are dropped beyond it. */
#define HISTORY_MAX 100

struct _WeftTimeModel
{
  GObject       parent_instance;

  WeftTimeSpan  document;
  WeftTimeSpan  visible;
  WeftTimeSpan  selected;
  gboolean      has_selection;

  GArray       *back;     /* WeftTimeSpan, most recent last */
  GArray       *forward;  /* WeftTimeSpan, most recent last */
};

enum {
  PROP_0,
  PROP_DOCUMENT_SPAN,
  PROP_VISIBLE_SPAN,
  PROP_SELECTED_SPAN,
  PROP_HAS_SELECTION,
  PROP_CAN_GO_BACK,
  PROP_CAN_GO_FORWARD,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

G_DEFINE_FINAL_TYPE (WeftTimeModel, weft_time_model, G_TYPE_OBJECT)

/* The state before a change, to notify what differs afterwards. */
typedef struct
{
  WeftTimeSpan document;
  WeftTimeSpan visible;
  WeftTimeSpan selected;
  gboolean     has_selection;
  gboolean     can_go_back;
  gboolean     can_go_forward;
} Snapshot;

static void
snapshot_take (WeftTimeModel *self,
               Snapshot      *snap)
{
  snap->document = self->document;
  snap->visible = self->visible;
  snap->selected = self->selected;
  snap->has_selection = self->has_selection;
  snap->can_go_back = self->back->len > 0;
  snap->can_go_forward = self->forward->len > 0;
}

static void
snapshot_notify (WeftTimeModel  *self,
                 const Snapshot *snap)
{
  GObject *object = G_OBJECT (self);

  g_object_freeze_notify (object);
  if (!weft_time_span_equal (&snap->document, &self->document))
    g_object_notify_by_pspec (object, properties[PROP_DOCUMENT_SPAN]);
  if (!weft_time_span_equal (&snap->visible, &self->visible))
    g_object_notify_by_pspec (object, properties[PROP_VISIBLE_SPAN]);
  if (!weft_time_span_equal (&snap->selected, &self->selected))
    g_object_notify_by_pspec (object, properties[PROP_SELECTED_SPAN]);
  if (snap->has_selection != self->has_selection)
    g_object_notify_by_pspec (object, properties[PROP_HAS_SELECTION]);
  if (snap->can_go_back != (self->back->len > 0))
    g_object_notify_by_pspec (object, properties[PROP_CAN_GO_BACK]);
  if (snap->can_go_forward != (self->forward->len > 0))
    g_object_notify_by_pspec (object, properties[PROP_CAN_GO_FORWARD]);
  g_object_thaw_notify (object);
}

static gint64
clamp_time (gint64 t,
            gint64 lo,
            gint64 hi)
{
  return t < lo ? lo : (t > hi ? hi : t);
}

/* Fits @span into the document: at least WEFT_TIME_MODEL_MIN_SPAN long (widened
 * around its centre), at most the document, shifted inside it with its
 * duration kept. A document shorter than the minimum is shown whole. */
static WeftTimeSpan
clamp_visible (const WeftTimeModel *self,
               WeftTimeSpan         span)
{
  const WeftTimeSpan *doc = &self->document;
  guint64 doc_duration = (guint64)doc->end - (guint64)doc->begin;
  guint64 duration;
  gint64 begin;

  if (doc_duration <= WEFT_TIME_MODEL_MIN_SPAN)
    return *doc;

  if (span.end < span.begin)
    {
      gint64 tmp = span.begin;

      span.begin = span.end;
      span.end = tmp;
    }

  /* Unsigned: a span from G_MININT64 to G_MAXINT64 must not overflow. */
  duration = (guint64)span.end - (guint64)span.begin;
  begin = span.begin;
  if (duration < WEFT_TIME_MODEL_MIN_SPAN)
    {
      /* The centre is brought into the document first so that widening a
       * span lying at the very end of the int64 range cannot overflow. */
      gint64 center = clamp_time (span.begin + (gint64)(duration / 2), doc->begin, doc->end);

      begin = center - WEFT_TIME_MODEL_MIN_SPAN / 2;
      duration = WEFT_TIME_MODEL_MIN_SPAN;
    }
  if (duration >= doc_duration)
    return *doc;

  /* Unsigned arithmetic, because a document may be longer than G_MAXINT64;
   * the results lie inside the document, so they convert back exactly. */
  begin = clamp_time (begin, doc->begin, (gint64)((guint64)doc->end - duration));

  return (WeftTimeSpan) { begin, (gint64)((guint64)begin + duration) };
}

static void
history_push (GArray             *stack,
              const WeftTimeSpan *span)
{
  if (stack->len >= HISTORY_MAX)
    g_array_remove_index (stack, 0);
  g_array_append_val (stack, *span);
}

static WeftTimeSpan
history_pop (GArray *stack)
{
  WeftTimeSpan span = g_array_index (stack, WeftTimeSpan, stack->len - 1);

  g_array_set_size (stack, stack->len - 1);

  return span;
}

/* Sets the visible span without notifying; an unchanged span leaves the
 * history alone too, so that repeated "zoom to fit" does not fill it. */
static void
apply_visible (WeftTimeModel      *self,
               const WeftTimeSpan *span,
               gboolean            push_history)
{
  WeftTimeSpan clamped = clamp_visible (self, *span);

  if (weft_time_span_equal (&clamped, &self->visible))
    return;

  if (push_history)
    {
      history_push (self->back, &self->visible);
      g_array_set_size (self->forward, 0);
    }
  self->visible = clamped;
}

/* apply_visible(), notifying what changed. */
static void
show_span (WeftTimeModel      *self,
           const WeftTimeSpan *span,
           gboolean            push_history)
{
  Snapshot snap;

  snapshot_take (self, &snap);
  apply_visible (self, span, push_history);
  snapshot_notify (self, &snap);
}

static void
weft_time_model_finalize (GObject *object)
{
  WeftTimeModel *self = (WeftTimeModel *)object;

  g_clear_pointer (&self->back, g_array_unref);
  g_clear_pointer (&self->forward, g_array_unref);

  G_OBJECT_CLASS (weft_time_model_parent_class)->finalize (object);
}

static void
weft_time_model_get_property (GObject    *object,
                              guint       prop_id,
                              GValue     *value,
                              GParamSpec *pspec)
{
  WeftTimeModel *self = WEFT_TIME_MODEL (object);

  switch (prop_id)
    {
    case PROP_DOCUMENT_SPAN:
      g_value_set_boxed (value, weft_time_model_get_document_span (self));
      break;

    case PROP_VISIBLE_SPAN:
      g_value_set_boxed (value, weft_time_model_get_visible_span (self));
      break;

    case PROP_SELECTED_SPAN:
      g_value_set_boxed (value, weft_time_model_get_selected_span (self));
      break;

    case PROP_HAS_SELECTION:
      g_value_set_boolean (value, weft_time_model_get_has_selection (self));
      break;

    case PROP_CAN_GO_BACK:
      g_value_set_boolean (value, weft_time_model_get_can_go_back (self));
      break;

    case PROP_CAN_GO_FORWARD:
      g_value_set_boolean (value, weft_time_model_get_can_go_forward (self));
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
weft_time_model_set_property (GObject      *object,
                              guint         prop_id,
                              const GValue *value,
                              GParamSpec   *pspec)
{
  WeftTimeModel *self = WEFT_TIME_MODEL (object);
  const WeftTimeSpan *span;

  switch (prop_id)
    {
    case PROP_DOCUMENT_SPAN:
      if ((span = g_value_get_boxed (value)) != NULL)
        weft_time_model_set_document_span (self, span);
      break;

    case PROP_VISIBLE_SPAN:
      if ((span = g_value_get_boxed (value)) != NULL)
        weft_time_model_set_visible_span (self, span, FALSE);
      break;

    case PROP_SELECTED_SPAN:
      if ((span = g_value_get_boxed (value)) != NULL)
        weft_time_model_select (self, span->begin, span->end);
      else
        weft_time_model_clear_selection (self);
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
weft_time_model_class_init (WeftTimeModelClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->finalize = weft_time_model_finalize;
  object_class->get_property = weft_time_model_get_property;
  object_class->set_property = weft_time_model_set_property;

  properties[PROP_DOCUMENT_SPAN] =
    g_param_spec_boxed ("document-span", NULL, NULL, WEFT_TYPE_TIME_SPAN,
                        (G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));

  /* Setting the property does not push the history; zoom actions do. */
  properties[PROP_VISIBLE_SPAN] =
    g_param_spec_boxed ("visible-span", NULL, NULL, WEFT_TYPE_TIME_SPAN,
                        (G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));

  properties[PROP_SELECTED_SPAN] =
    g_param_spec_boxed ("selected-span", NULL, NULL, WEFT_TYPE_TIME_SPAN,
                        (G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));

  properties[PROP_HAS_SELECTION] =
    g_param_spec_boolean ("has-selection", NULL, NULL, FALSE,
                          (G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));

  properties[PROP_CAN_GO_BACK] =
    g_param_spec_boolean ("can-go-back", NULL, NULL, FALSE,
                          (G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));

  properties[PROP_CAN_GO_FORWARD] =
    g_param_spec_boolean ("can-go-forward", NULL, NULL, FALSE,
                          (G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));

  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
weft_time_model_init (WeftTimeModel *self)
{
  self->back = g_array_new (FALSE, FALSE, sizeof (WeftTimeSpan));
  self->forward = g_array_new (FALSE, FALSE, sizeof (WeftTimeSpan));
}

WeftTimeModel *
weft_time_model_new (void)
{
  return g_object_new (WEFT_TYPE_TIME_MODEL, NULL);
}

const WeftTimeSpan *
weft_time_model_get_document_span (WeftTimeModel *self)
{
  g_return_val_if_fail (WEFT_IS_TIME_MODEL (self), NULL);

  return &self->document;
}

/**
 * weft_time_model_set_document_span:
 *
 * Replaces the document span (its bounds are ordered) and resets the rest:
 * the visible span becomes the document, the selection and both history
 * stacks are cleared.
 */
void
weft_time_model_set_document_span (WeftTimeModel      *self,
                                   const WeftTimeSpan *span)
{
  Snapshot snap;

  g_return_if_fail (WEFT_IS_TIME_MODEL (self));
  g_return_if_fail (span != NULL);

  snapshot_take (self, &snap);

  self->document.begin = MIN (span->begin, span->end);
  self->document.end = MAX (span->begin, span->end);
  self->visible = self->document;
  self->selected = (WeftTimeSpan) { 0, 0 };
  self->has_selection = FALSE;
  g_array_set_size (self->back, 0);
  g_array_set_size (self->forward, 0);

  snapshot_notify (self, &snap);
}

const WeftTimeSpan *
weft_time_model_get_visible_span (WeftTimeModel *self)
{
  g_return_val_if_fail (WEFT_IS_TIME_MODEL (self), NULL);

  return &self->visible;
}

/**
 * weft_time_model_set_visible_span:
 * @push_history: whether Back returns to the current visible span
 *
 * Shows @span, clamped into the document span and widened around its centre
 * to at least %WEFT_TIME_MODEL_MIN_SPAN. Pushing the history clears Forward.
 * Nothing happens (and nothing is pushed) when the clamped span is the
 * current one.
 */
void
weft_time_model_set_visible_span (WeftTimeModel      *self,
                                  const WeftTimeSpan *span,
                                  gboolean            push_history)
{
  g_return_if_fail (WEFT_IS_TIME_MODEL (self));
  g_return_if_fail (span != NULL);

  show_span (self, span, push_history);
}

gboolean
weft_time_model_get_has_selection (WeftTimeModel *self)
{
  g_return_val_if_fail (WEFT_IS_TIME_MODEL (self), FALSE);

  return self->has_selection;
}

/**
 * weft_time_model_get_selected_span:
 *
 * Returns: the selected span; {0, 0} when there is no selection.
 */
const WeftTimeSpan *
weft_time_model_get_selected_span (WeftTimeModel *self)
{
  g_return_val_if_fail (WEFT_IS_TIME_MODEL (self), NULL);

  return &self->selected;
}

/**
 * weft_time_model_select:
 *
 * Selects [@begin, @end) (the bounds may come in either order), clamped to
 * the document span. A selection may be empty (begin == end): a click.
 */
void
weft_time_model_select (WeftTimeModel *self,
                        gint64         begin,
                        gint64         end)
{
  Snapshot snap;

  g_return_if_fail (WEFT_IS_TIME_MODEL (self));

  snapshot_take (self, &snap);

  self->selected.begin = clamp_time (MIN (begin, end), self->document.begin, self->document.end);
  self->selected.end = clamp_time (MAX (begin, end), self->document.begin, self->document.end);
  self->has_selection = TRUE;

  snapshot_notify (self, &snap);
}

void
weft_time_model_clear_selection (WeftTimeModel *self)
{
  Snapshot snap;

  g_return_if_fail (WEFT_IS_TIME_MODEL (self));

  snapshot_take (self, &snap);
  self->selected = (WeftTimeSpan) { 0, 0 };
  self->has_selection = FALSE;
  snapshot_notify (self, &snap);
}

/**
 * weft_time_model_get_focus_span:
 *
 * Returns: the span aggregating views follow: the selection when there is
 *   one, else the visible span.
 */
WeftTimeSpan
weft_time_model_get_focus_span (WeftTimeModel *self)
{
  g_return_val_if_fail (WEFT_IS_TIME_MODEL (self), ((WeftTimeSpan) { 0, 0 }));

  return self->has_selection ? self->selected : self->visible;
}

/**
 * weft_time_model_zoom_to_selection:
 *
 * Shows the selection (widened to the minimum span around its centre when
 * shorter), pushing the current visible span on the Back stack. The
 * selection stays. Does nothing without a selection.
 */
void
weft_time_model_zoom_to_selection (WeftTimeModel *self)
{
  g_return_if_fail (WEFT_IS_TIME_MODEL (self));

  if (self->has_selection)
    show_span (self, &self->selected, TRUE);
}

/**
 * weft_time_model_zoom_around:
 * @center: the time that stays where it is on screen (the pointer)
 * @factor: the new duration over the current one (< 1 zooms in)
 *
 * Scales the visible span by @factor around @center: @center keeps its
 * relative position in the visible span; the result is clamped to
 * [%WEFT_TIME_MODEL_MIN_SPAN, document duration] and then shifted into the
 * document.
 */
void
weft_time_model_zoom_around (WeftTimeModel *self,
                             gint64         center,
                             double         factor,
                             gboolean       push_history)
{
  WeftTimeSpan span;
  double duration;
  double new_duration;
  double doc_duration;
  double before;

  g_return_if_fail (WEFT_IS_TIME_MODEL (self));
  g_return_if_fail (factor > 0.0 && isfinite (factor));

  doc_duration = (double)((guint64)self->document.end - (guint64)self->document.begin);
  duration = (double)((guint64)self->visible.end - (guint64)self->visible.begin);
  new_duration = CLAMP (round (duration * factor), (double)WEFT_TIME_MODEL_MIN_SPAN, doc_duration);

  /* A centre outside the document would put the span far away before the
   * clamping brings it back; keeping it inside also keeps the maths small. */
  center = clamp_time (center, self->document.begin, self->document.end);
  if (duration > 0)
    before = ((double)center - (double)self->visible.begin) / duration * new_duration;
  else
    before = new_duration / 2;

  /* The new begin is checked in floating point before any integer maths so
   * that a centre far outside the visible span cannot overflow; inside the
   * document the offset is rounded once, keeping the centre exact. */
  if ((double)center - before <= (double)self->document.begin)
    span.begin = self->document.begin;
  else if ((double)center - before >= doc_duration - new_duration + (double)self->document.begin)
    span.begin = (gint64)((guint64)self->document.end - (guint64)new_duration);
  else
    span.begin = center - (gint64)llround (before);
  span.end = (gint64)((guint64)span.begin + (guint64)new_duration);

  show_span (self, &span, push_history);
}

/**
 * weft_time_model_pan:
 * @delta: how far to move, in time units (positive: later)
 *
 * Moves the visible span by @delta keeping its duration, stopping at the
 * document's edges. Panning does not push the history.
 */
void
weft_time_model_pan (WeftTimeModel *self,
                     gint64         delta)
{
  Snapshot snap;
  guint64 room;
  gint64 min_delta;
  gint64 max_delta;

  g_return_if_fail (WEFT_IS_TIME_MODEL (self));

  /* The room on each side, unsigned: in a document longer than G_MAXINT64 it
   * need not fit a gint64 (a delta that does then cannot leave the document).
   * The visible span lies inside the document, so the shifted span cannot
   * overflow. */
  room = (guint64)self->visible.begin - (guint64)self->document.begin;
  min_delta = room > (guint64)G_MAXINT64 ? G_MININT64 : -(gint64)room;
  room = (guint64)self->document.end - (guint64)self->visible.end;
  max_delta = room > (guint64)G_MAXINT64 ? G_MAXINT64 : (gint64)room;
  delta = clamp_time (delta, min_delta, max_delta);
  if (delta == 0)
    return;

  snapshot_take (self, &snap);
  self->visible.begin += delta;
  self->visible.end += delta;
  snapshot_notify (self, &snap);
}

/**
 * weft_time_model_zoom_to_fit:
 *
 * Shows the whole document, pushing the current visible span on the Back
 * stack (unless the whole document is already visible).
 */
void
weft_time_model_zoom_to_fit (WeftTimeModel *self)
{
  g_return_if_fail (WEFT_IS_TIME_MODEL (self));

  show_span (self, &self->document, TRUE);
}

gboolean
weft_time_model_get_can_go_back (WeftTimeModel *self)
{
  g_return_val_if_fail (WEFT_IS_TIME_MODEL (self), FALSE);

  return self->back->len > 0;
}

gboolean
weft_time_model_get_can_go_forward (WeftTimeModel *self)
{
  g_return_val_if_fail (WEFT_IS_TIME_MODEL (self), FALSE);

  return self->forward->len > 0;
}

static gboolean
go (WeftTimeModel *self,
    GArray        *from,
    GArray        *to)
{
  Snapshot snap;
  WeftTimeSpan span;

  if (from->len == 0)
    return FALSE;

  snapshot_take (self, &snap);
  span = history_pop (from);
  history_push (to, &self->visible);
  self->visible = clamp_visible (self, span);
  snapshot_notify (self, &snap);

  return TRUE;
}

/**
 * weft_time_model_go_back:
 *
 * Returns to the visible span before the last zoom; the current one goes on
 * the Forward stack.
 *
 * Returns: %FALSE when there was nothing to go back to.
 */
gboolean
weft_time_model_go_back (WeftTimeModel *self)
{
  g_return_val_if_fail (WEFT_IS_TIME_MODEL (self), FALSE);

  return go (self, self->back, self->forward);
}

gboolean
weft_time_model_go_forward (WeftTimeModel *self)
{
  g_return_val_if_fail (WEFT_IS_TIME_MODEL (self), FALSE);

  return go (self, self->forward, self->back);
}
