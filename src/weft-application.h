/* weft-application.h: the Weft application (one per process).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

#include "weft-renderer-choice.h"

G_BEGIN_DECLS

#define WEFT_TYPE_APPLICATION (weft_application_get_type ())

G_DECLARE_FINAL_TYPE (WeftApplication, weft_application, WEFT, APPLICATION, AdwApplication)

WeftApplication *weft_application_new          (void);
GSettings       *weft_application_get_settings (WeftApplication *self);
GSettings       *weft_settings_new             (void);
void             weft_init_resources           (void);

G_END_DECLS
