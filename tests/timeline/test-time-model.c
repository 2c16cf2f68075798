/* test-time-model.c: the time model's zoom, pan, selection and history maths.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "weft-time-model.h"

typedef struct
{
  guint document;
  guint visible;
  guint selected;
  guint has_selection;
  guint can_go_back;
  guint can_go_forward;
} Counts;

static void
notify_cb (GObject    *object,
           GParamSpec *pspec,
           Counts     *counts)
{
  const char *name = g_param_spec_get_name (pspec);

  if (g_str_equal (name, "document-span"))
    counts->document++;
  else if (g_str_equal (name, "visible-span"))
    counts->visible++;
  else if (g_str_equal (name, "selected-span"))
    counts->selected++;
  else if (g_str_equal (name, "has-selection"))
    counts->has_selection++;
  else if (g_str_equal (name, "can-go-back"))
    counts->can_go_back++;
  else if (g_str_equal (name, "can-go-forward"))
    counts->can_go_forward++;
  else
    g_assert_not_reached ();
}

static WeftTimeModel *
model_new (gint64  begin,
           gint64  end,
           Counts *counts)
{
  WeftTimeModel *model = weft_time_model_new ();
  WeftTimeSpan span = { begin, end };

  weft_time_model_set_document_span (model, &span);
  if (counts != NULL)
    g_signal_connect (model, "notify", G_CALLBACK (notify_cb), counts);

  return model;
}

#define assert_visible(model, b, e)                                        \
  G_STMT_START {                                                           \
    const WeftTimeSpan *v_ = weft_time_model_get_visible_span (model);     \
    g_assert_cmpint (v_->begin, ==, (b));                                  \
    g_assert_cmpint (v_->end, ==, (e));                                    \
  } G_STMT_END

#define assert_selected(model, b, e)                                       \
  G_STMT_START {                                                           \
    const WeftTimeSpan *s_ = weft_time_model_get_selected_span (model);    \
    g_assert_cmpint (s_->begin, ==, (b));                                  \
    g_assert_cmpint (s_->end, ==, (e));                                    \
  } G_STMT_END

static void
test_initial (void)
{
  g_autoptr(WeftTimeModel) model = weft_time_model_new ();
  Counts counts = { 0, };
  WeftTimeSpan doc = { 100, 1100 };
  WeftTimeSpan focus;

  assert_visible (model, 0, 0);
  g_assert_false (weft_time_model_get_has_selection (model));
  g_assert_false (weft_time_model_get_can_go_back (model));
  g_assert_false (weft_time_model_get_can_go_forward (model));

  g_signal_connect (model, "notify", G_CALLBACK (notify_cb), &counts);
  weft_time_model_set_document_span (model, &doc);
  g_assert_cmpuint (counts.document, ==, 1);
  g_assert_cmpuint (counts.visible, ==, 1);
  g_assert_cmpuint (counts.selected, ==, 0);
  g_assert_cmpuint (counts.has_selection, ==, 0);
  assert_visible (model, 100, 1100);

  /* The same document again changes nothing, so nothing is notified. */
  weft_time_model_set_document_span (model, &doc);
  g_assert_cmpuint (counts.document, ==, 1);
  g_assert_cmpuint (counts.visible, ==, 1);

  focus = weft_time_model_get_focus_span (model);
  g_assert_cmpint (focus.begin, ==, 100);
  g_assert_cmpint (focus.end, ==, 1100);

  /* Reversed bounds are ordered. */
  doc = (WeftTimeSpan) { 50, -50 };
  weft_time_model_set_document_span (model, &doc);
  g_assert_cmpint (weft_time_model_get_document_span (model)->begin, ==, -50);
  g_assert_cmpint (weft_time_model_get_document_span (model)->end, ==, 50);
  assert_visible (model, -50, 50);
}

/* Like sysprof's test-zoom: a chain of zooms with every result checked. */
static void
test_zoom_around (void)
{
  Counts counts = { 0, };
  g_autoptr(WeftTimeModel) model = model_new (0, 1000, &counts);

  weft_time_model_zoom_around (model, 500, 0.5, TRUE);
  assert_visible (model, 250, 750);
  g_assert_cmpuint (counts.visible, ==, 1);
  g_assert_cmpuint (counts.can_go_back, ==, 1);
  g_assert_true (weft_time_model_get_can_go_back (model));

  /* The centre at the left edge stays at the left edge. */
  weft_time_model_zoom_around (model, 250, 0.5, TRUE);
  assert_visible (model, 250, 500);

  /* 60% into [250, 500): 400 stays at 60% of the new 25 units. */
  weft_time_model_zoom_around (model, 400, 0.1, TRUE);
  assert_visible (model, 385, 410);

  /* Never shorter than the minimum span: 25 × 0.01 -> 10. */
  weft_time_model_zoom_around (model, 390, 0.01, TRUE);
  assert_visible (model, 388, 398);
  g_assert_cmpint (WEFT_TIME_MODEL_MIN_SPAN, ==, 10);

  /* At the minimum, zooming in further changes nothing and pushes nothing. */
  counts = (Counts) { 0, };
  weft_time_model_zoom_around (model, 390, 0.5, TRUE);
  assert_visible (model, 388, 398);
  g_assert_cmpuint (counts.visible, ==, 0);

  /* Zooming out: 10 × 3 = 30 around 398 (100% position) -> [368, 398). */
  weft_time_model_zoom_around (model, 398, 3.0, FALSE);
  assert_visible (model, 368, 398);

  /* Never longer than the document, and shifted back into it. */
  weft_time_model_zoom_around (model, 398, 1000.0, TRUE);
  assert_visible (model, 0, 1000);

  /* Zoom out near an edge: [900, 1000) × 4 around 950 would be [750, 1150):
   * shifted into the document it is [600, 1000). */
  {
    WeftTimeSpan span = { 900, 1000 };

    weft_time_model_set_visible_span (model, &span, FALSE);
    weft_time_model_zoom_around (model, 950, 4.0, FALSE);
    assert_visible (model, 600, 1000);
  }

  /* The centre's new offset is rounded to the nearest unit: 339, at 33.9 %
   * of [0, 1000), is 101.7 → 102 units into the new 300. */
  {
    WeftTimeSpan span = { 0, 1000 };

    weft_time_model_set_visible_span (model, &span, FALSE);
    weft_time_model_zoom_around (model, 339, 0.3, FALSE);
    assert_visible (model, 237, 537);
  }

  /* A centre outside the document is brought to its edge first. */
  {
    WeftTimeSpan span = { 0, 100 };

    weft_time_model_set_visible_span (model, &span, FALSE);
    weft_time_model_zoom_around (model, -5000, 0.5, FALSE);
    assert_visible (model, 0, 50);
  }
}

static void
test_pan (void)
{
  Counts counts = { 0, };
  g_autoptr(WeftTimeModel) model = model_new (0, 1000, NULL);
  WeftTimeSpan span = { 250, 750 };

  weft_time_model_set_visible_span (model, &span, TRUE);
  g_signal_connect (model, "notify", G_CALLBACK (notify_cb), &counts);

  weft_time_model_pan (model, 100);
  assert_visible (model, 350, 850);
  g_assert_cmpuint (counts.visible, ==, 1);

  /* Stops at the end, duration kept. */
  weft_time_model_pan (model, 1000);
  assert_visible (model, 500, 1000);
  g_assert_cmpuint (counts.visible, ==, 2);

  /* Already at the end: nothing moves, nothing is notified. */
  weft_time_model_pan (model, 10);
  assert_visible (model, 500, 1000);
  g_assert_cmpuint (counts.visible, ==, 2);
  weft_time_model_pan (model, 0);
  g_assert_cmpuint (counts.visible, ==, 2);

  weft_time_model_pan (model, G_MININT64);
  assert_visible (model, 0, 500);
  weft_time_model_pan (model, G_MAXINT64);
  assert_visible (model, 500, 1000);

  /* Panning never touches the history. */
  g_assert_cmpuint (counts.can_go_back, ==, 0);
  g_assert_true (weft_time_model_go_back (model));
  assert_visible (model, 0, 1000);
}

static void
test_clamping (void)
{
  g_autoptr(WeftTimeModel) model = model_new (0, 1000, NULL);
  WeftTimeSpan span;

  span = (WeftTimeSpan) { -100, 100 };
  weft_time_model_set_visible_span (model, &span, FALSE);
  assert_visible (model, 0, 200);

  span = (WeftTimeSpan) { 900, 1200 };
  weft_time_model_set_visible_span (model, &span, FALSE);
  assert_visible (model, 700, 1000);

  /* Reversed and as long as the document: the document. */
  span = (WeftTimeSpan) { 5000, 4000 };
  weft_time_model_set_visible_span (model, &span, FALSE);
  assert_visible (model, 0, 1000);

  /* Shorter than the minimum: widened around its centre. */
  span = (WeftTimeSpan) { 500, 504 };
  weft_time_model_set_visible_span (model, &span, FALSE);
  assert_visible (model, 497, 507);
  span = (WeftTimeSpan) { 0, 0 };
  weft_time_model_set_visible_span (model, &span, FALSE);
  assert_visible (model, 0, 10);
  span = (WeftTimeSpan) { G_MAXINT64, G_MAXINT64 };
  weft_time_model_set_visible_span (model, &span, FALSE);
  assert_visible (model, 990, 1000);
  span = (WeftTimeSpan) { G_MININT64, G_MAXINT64 };
  weft_time_model_set_visible_span (model, &span, FALSE);
  assert_visible (model, 0, 1000);

  /* A document shorter than the minimum is always shown whole. */
  span = (WeftTimeSpan) { 10, 15 };
  weft_time_model_set_document_span (model, &span);
  assert_visible (model, 10, 15);
  span = (WeftTimeSpan) { 11, 12 };
  weft_time_model_set_visible_span (model, &span, TRUE);
  assert_visible (model, 10, 15);
  g_assert_false (weft_time_model_get_can_go_back (model));
  weft_time_model_zoom_around (model, 12, 0.5, TRUE);
  assert_visible (model, 10, 15);
  weft_time_model_pan (model, 3);
  assert_visible (model, 10, 15);

  /* An empty document. */
  span = (WeftTimeSpan) { 0, 0 };
  weft_time_model_set_document_span (model, &span);
  weft_time_model_zoom_around (model, 0, 2.0, TRUE);
  assert_visible (model, 0, 0);
}

static void
test_selection (void)
{
  Counts counts = { 0, };
  g_autoptr(WeftTimeModel) model = model_new (0, 1000, &counts);
  WeftTimeSpan focus;

  weft_time_model_select (model, 700, 200);
  assert_selected (model, 200, 700);
  g_assert_true (weft_time_model_get_has_selection (model));
  g_assert_cmpuint (counts.selected, ==, 1);
  g_assert_cmpuint (counts.has_selection, ==, 1);
  focus = weft_time_model_get_focus_span (model);
  g_assert_cmpint (focus.begin, ==, 200);
  g_assert_cmpint (focus.end, ==, 700);

  /* The same selection again notifies nothing. */
  weft_time_model_select (model, 200, 700);
  g_assert_cmpuint (counts.selected, ==, 1);
  g_assert_cmpuint (counts.has_selection, ==, 1);

  /* Clamped to the document. */
  weft_time_model_select (model, -50, 2000);
  assert_selected (model, 0, 1000);
  g_assert_cmpuint (counts.selected, ==, 2);
  g_assert_cmpuint (counts.has_selection, ==, 1);

  weft_time_model_clear_selection (model);
  g_assert_false (weft_time_model_get_has_selection (model));
  assert_selected (model, 0, 0);
  g_assert_cmpuint (counts.selected, ==, 3);
  g_assert_cmpuint (counts.has_selection, ==, 2);
  focus = weft_time_model_get_focus_span (model);
  g_assert_cmpint (focus.begin, ==, 0);
  g_assert_cmpint (focus.end, ==, 1000);

  weft_time_model_clear_selection (model);
  g_assert_cmpuint (counts.selected, ==, 3);
  g_assert_cmpuint (counts.has_selection, ==, 2);

  /* Zoom to selection without a selection does nothing. */
  weft_time_model_zoom_to_selection (model);
  g_assert_cmpuint (counts.visible, ==, 0);
  g_assert_false (weft_time_model_get_can_go_back (model));

  /* A new document clears the selection. */
  weft_time_model_select (model, 10, 20);
  {
    WeftTimeSpan doc = { 0, 500 };

    weft_time_model_set_document_span (model, &doc);
  }
  g_assert_false (weft_time_model_get_has_selection (model));
  assert_selected (model, 0, 0);
}

static void
test_zoom_to_selection (void)
{
  Counts counts = { 0, };
  g_autoptr(WeftTimeModel) model = model_new (0, 1000, &counts);

  weft_time_model_select (model, 200, 400);
  weft_time_model_zoom_to_selection (model);
  assert_visible (model, 200, 400);
  assert_selected (model, 200, 400);
  g_assert_true (weft_time_model_get_has_selection (model));
  g_assert_true (weft_time_model_get_can_go_back (model));
  g_assert_false (weft_time_model_get_can_go_forward (model));

  /* Shorter than the minimum: widened around the centre (402). */
  weft_time_model_select (model, 400, 405);
  weft_time_model_zoom_to_selection (model);
  assert_visible (model, 397, 407);
  assert_selected (model, 400, 405);

  /* At the document's edge the widening shifts inside. */
  weft_time_model_select (model, 998, 1000);
  weft_time_model_zoom_to_selection (model);
  assert_visible (model, 990, 1000);

  g_assert_true (weft_time_model_go_back (model));
  assert_visible (model, 397, 407);
  g_assert_true (weft_time_model_go_back (model));
  assert_visible (model, 200, 400);
  g_assert_true (weft_time_model_go_back (model));
  assert_visible (model, 0, 1000);
  g_assert_false (weft_time_model_go_back (model));
  g_assert_false (weft_time_model_get_can_go_back (model));
  g_assert_true (weft_time_model_get_can_go_forward (model));
}

static void
test_history (void)
{
  Counts counts = { 0, };
  g_autoptr(WeftTimeModel) model = model_new (0, 1000, &counts);
  WeftTimeSpan a = { 0, 1000 };
  WeftTimeSpan b = { 100, 900 };
  WeftTimeSpan c = { 200, 300 };
  WeftTimeSpan d = { 250, 260 };
  guint n;

  weft_time_model_set_visible_span (model, &b, TRUE);
  weft_time_model_set_visible_span (model, &c, TRUE);
  g_assert_cmpuint (counts.can_go_back, ==, 1);
  g_assert_cmpuint (counts.can_go_forward, ==, 0);

  g_assert_true (weft_time_model_go_back (model));
  assert_visible (model, b.begin, b.end);
  g_assert_cmpuint (counts.can_go_forward, ==, 1);
  g_assert_true (weft_time_model_go_back (model));
  assert_visible (model, a.begin, a.end);
  g_assert_cmpuint (counts.can_go_back, ==, 2);
  g_assert_false (weft_time_model_go_back (model));

  g_assert_true (weft_time_model_go_forward (model));
  assert_visible (model, b.begin, b.end);
  g_assert_true (weft_time_model_go_forward (model));
  assert_visible (model, c.begin, c.end);
  g_assert_false (weft_time_model_go_forward (model));
  g_assert_cmpuint (counts.can_go_forward, ==, 2);

  /* A zoom after going back clears Forward. */
  g_assert_true (weft_time_model_go_back (model));
  weft_time_model_set_visible_span (model, &d, TRUE);
  g_assert_false (weft_time_model_get_can_go_forward (model));
  g_assert_true (weft_time_model_go_back (model));
  assert_visible (model, b.begin, b.end);

  /* Setting without pushing keeps the stacks. */
  weft_time_model_set_visible_span (model, &c, FALSE);
  g_assert_true (weft_time_model_get_can_go_forward (model));

  /* Zoom to fit pushes, unless the document is already shown. */
  weft_time_model_zoom_to_fit (model);
  assert_visible (model, 0, 1000);
  g_assert_false (weft_time_model_get_can_go_forward (model));
  g_assert_true (weft_time_model_go_back (model));
  assert_visible (model, c.begin, c.end);
  g_assert_true (weft_time_model_go_forward (model));
  counts = (Counts) { 0, };
  weft_time_model_zoom_to_fit (model);
  g_assert_cmpuint (counts.visible, ==, 0);
  g_assert_cmpuint (counts.can_go_forward, ==, 0);

  /* The history is bounded: 150 zooms can be undone 100 times. */
  for (guint i = 0; i < 150; i++)
    {
      WeftTimeSpan span = { i, 500 + i };

      weft_time_model_set_visible_span (model, &span, TRUE);
    }
  for (n = 0; weft_time_model_go_back (model); n++)
    ;
  g_assert_cmpuint (n, ==, 100);
  /* The oldest kept entry is the one pushed by the 51st zoom: [49, 549). */
  assert_visible (model, 49, 549);

  /* A new document clears both stacks. */
  g_assert_true (weft_time_model_get_can_go_forward (model));
  counts = (Counts) { 0, };
  weft_time_model_set_document_span (model, &a);
  g_assert_false (weft_time_model_get_can_go_back (model));
  g_assert_false (weft_time_model_get_can_go_forward (model));
  g_assert_cmpuint (counts.can_go_forward, ==, 1);
  g_assert_cmpuint (counts.document, ==, 0);
  g_assert_cmpuint (counts.visible, ==, 1);
}

static void
test_properties (void)
{
  Counts counts = { 0, };
  g_autoptr(WeftTimeModel) model = model_new (0, 1000, &counts);
  WeftTimeSpan *visible = NULL;
  WeftTimeSpan *selected = NULL;
  WeftTimeSpan span = { 100, 200 };
  gboolean has_selection = TRUE;
  gboolean can_go_back = TRUE;

  g_object_set (model, "visible-span", &span, NULL);
  assert_visible (model, 100, 200);
  g_assert_false (weft_time_model_get_can_go_back (model));
  g_assert_cmpuint (counts.visible, ==, 1);

  g_object_set (model, "visible-span", &span, NULL);
  g_assert_cmpuint (counts.visible, ==, 1);

  span = (WeftTimeSpan) { 150, 120 };
  g_object_set (model, "selected-span", &span, NULL);
  assert_selected (model, 120, 150);

  g_object_get (model,
                "visible-span", &visible,
                "selected-span", &selected,
                "has-selection", &has_selection,
                "can-go-back", &can_go_back,
                NULL);
  g_assert_cmpint (visible->begin, ==, 100);
  g_assert_cmpint (visible->end, ==, 200);
  g_assert_cmpint (selected->begin, ==, 120);
  g_assert_cmpint (selected->end, ==, 150);
  g_assert_true (has_selection);
  g_assert_false (can_go_back);
  weft_time_span_free (visible);
  weft_time_span_free (selected);

  g_object_set (model, "selected-span", NULL, NULL);
  g_assert_false (weft_time_model_get_has_selection (model));
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/TimeModel/initial", test_initial);
  g_test_add_func ("/TimeModel/zoom-around", test_zoom_around);
  g_test_add_func ("/TimeModel/pan", test_pan);
  g_test_add_func ("/TimeModel/clamping", test_clamping);
  g_test_add_func ("/TimeModel/selection", test_selection);
  g_test_add_func ("/TimeModel/zoom-to-selection", test_zoom_to_selection);
  g_test_add_func ("/TimeModel/history", test_history);
  g_test_add_func ("/TimeModel/properties", test_properties);

  return g_test_run ();
}
