/* grid-test-util.h: helpers shared by the DDT codec tests.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

char *grid_test_read_file (const char *path,
                           gsize      *length);
char *grid_test_list_dir  (const char *dir);

G_END_DECLS
