/* views-test-util.h: pixel helpers for the grid renderer tests.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <cairo.h>
#include <glib.h>

#include "weft-palette.h"

G_BEGIN_DECLS

typedef struct
{
  int r;
  int g;
  int b;
} ViewsPixel;

ViewsPixel views_get_pixel       (cairo_surface_t *surface,
                                  double           x,
                                  double           y);
ViewsPixel views_pixel_from_rgba (const WeftRgba  *rgba);
ViewsPixel views_ramp_pixel      (double           t);
void       views_assert_pixel    (cairo_surface_t *surface,
                                  double           x,
                                  double           y,
                                  ViewsPixel       expected,
                                  int              tolerance);

G_END_DECLS
