/* weft-warning.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <string.h>

#include "weft-warning.h"

G_DEFINE_BOXED_TYPE (WeftWarning, weft_warning, weft_warning_copy, weft_warning_free)

WeftWarning *
weft_warning_new (const char *file,
                  guint64     line,
                  const char *message)
{
  WeftWarning *self;

  g_return_val_if_fail (message != NULL, NULL);

  self = g_new0 (WeftWarning, 1);
  self->file = g_strdup (file);
  self->line = line;
  /* Messages name files, whose names need not be UTF-8. */
  self->message = g_utf8_validate (message, -1, NULL) ? g_strdup (message) : g_utf8_make_valid (message, -1);

  return self;
}

/**
 * weft_warning_new_from_error_message:
 * @file: the file the message is about
 * @message: a reader's error message, which names @file itself when it stands
 *   alone ("FILE:LINE: …" or "FILE: …")
 *
 * Turns an error about one file into a warning (the file is skipped, the
 * load goes on). The warning carries the file and line apart, so the message
 * drops its "FILE:LINE: " or "FILE: " start rather than naming the file twice.
 *
 * Returns: (transfer full): the warning
 */
WeftWarning *
weft_warning_new_from_error_message (const char *file,
                                     const char *message)
{
  gsize n;
  guint64 line = 0;

  g_return_val_if_fail (file != NULL, NULL);
  g_return_val_if_fail (message != NULL, NULL);

  n = strlen (file);
  if (strncmp (message, file, n) == 0 && message[n] == ':')
    {
      const char *rest = message + n + 1;

      if (g_ascii_isdigit (*rest))
        {
          char *end = NULL;
          guint64 value = g_ascii_strtoull (rest, &end, 10);

          if (end != NULL && *end == ':')
            {
              line = value;
              rest = end + 1;
            }
        }
      if (*rest == ' ')
        message = rest + 1;
      else
        line = 0;
    }

  return weft_warning_new (file, line, message);
}

WeftWarning *
weft_warning_copy (const WeftWarning *warning)
{
  g_return_val_if_fail (warning != NULL, NULL);

  return weft_warning_new (warning->file, warning->line, warning->message);
}

void
weft_warning_free (WeftWarning *warning)
{
  if (warning == NULL)
    return;

  g_free (warning->file);
  g_free (warning->message);
  g_free (warning);
}

/**
 * weft_warning_to_string:
 *
 * Returns: "file:line: message", "file: message" or "message", the way compilers
 *   print diagnostics so editors and terminals can jump to them.
 */
char *
weft_warning_to_string (const WeftWarning *warning)
{
  g_autofree char *file = NULL;

  g_return_val_if_fail (warning != NULL, NULL);

  /* For people: in UTF-8, whatever bytes the file's name has. */
  if (warning->file != NULL)
    file = g_filename_display_name (warning->file);
  if (file != NULL && warning->line > 0)
    return g_strdup_printf ("%s:%" G_GUINT64_FORMAT ": %s", file, warning->line, warning->message);
  else if (file != NULL)
    return g_strdup_printf ("%s: %s", file, warning->message);
  else
    return g_strdup (warning->message);
}

/* Orders by file, then line: warnings from parallel readers arrive interleaved. */
int
weft_warning_compare (gconstpointer a,
                      gconstpointer b)
{
  const WeftWarning *wa = *(const WeftWarning *const *)a;
  const WeftWarning *wb = *(const WeftWarning *const *)b;
  int cmp = g_strcmp0 (wa->file, wb->file);

  if (cmp != 0)
    return cmp;
  if (wa->line < wb->line)
    return -1;
  if (wa->line > wb->line)
    return 1;
  return 0;
}
