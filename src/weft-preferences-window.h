/* weft-preferences-window.h
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

G_BEGIN_DECLS

#define WEFT_TYPE_PREFERENCES_WINDOW (weft_preferences_window_get_type ())

G_DECLARE_FINAL_TYPE (WeftPreferencesWindow, weft_preferences_window, WEFT, PREFERENCES_WINDOW, AdwPreferencesWindow)

WeftPreferencesWindow *weft_preferences_window_new (GSettings *settings);

G_END_DECLS
