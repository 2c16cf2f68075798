/* weft-test-util.h: helpers shared by the test programs.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

const char *weft_test_getenv       (const char *name);
char       *weft_test_shared_path  (const char *first_element,
                                    ...) G_GNUC_NULL_TERMINATED;
char       *weft_test_source_path  (const char *first_element,
                                    ...) G_GNUC_NULL_TERMINATED;
char       *weft_test_write_tmp    (const char *name,
                                    const char *contents,
                                    gssize      len);
char       *weft_test_make_tmp_dir (void);
void        weft_test_rm_rf        (const char *path);
void        weft_test_damage_line  (GString    *line,
                                    GRand      *rand,
                                    const char *alphabet,
                                    const char *insertion);
char       *weft_test_map_zeros    (const char *head,
                                    const char *tail,
                                    gsize       len);
void        weft_test_unmap        (char       *data,
                                    gsize       len);
void        weft_test_record_fraction (double      fraction,
                                       const char *message,
                                       gpointer    fractions);
guint       weft_test_count_fractions (GArray     *fractions,
                                       double      above,
                                       double      below);

G_END_DECLS
