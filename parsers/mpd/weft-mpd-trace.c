/* weft-mpd-trace.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <string.h>

#include "weft-mpd-trace.h"

static const char * const event_names[WEFT_MPD_N_EVENTS] = {
  "CREATER", "CREATEG", "CREATEV", "DESTROYR", "DESTROYV", "CALL", "SEND",
  "FORWARD", "REPLY", "RETURN", "BODY", "ENDBODY", "FINAL", "ENDFINAL",
  "PROC", "ENDPROC", "IN", "ARM", "NI", "CREATES", "INITS", "INITSARR",
  "P", "CONTP", "V", "CO", "OC",
};

const char *
weft_mpd_event_name (WeftMpdEvent event)
{
  g_return_val_if_fail ((guint)event < WEFT_MPD_N_EVENTS, NULL);

  return event_names[event];
}

static const guint8 event_lengths[WEFT_MPD_N_EVENTS] = {
  7, 7, 7, 8, 8, 4, 4, 7, 5, 6, 4, 7, 5, 8, 4, 7, 2, 3, 2, 7, 5, 8, 1, 5, 1, 2, 2,
};

int
weft_mpd_event_lookup (const char *name,
                       gsize       len)
{
  /* Called once per trace line: 27 short names, compared only when the
   * length and the first letter fit; the runtime writes them in upper case,
   * the man page's sample too, but hand-made traces may not. */
  guchar first = (guchar)g_ascii_toupper (name[0]);

  if (len == 0)
    return -1;
  for (guint i = 0; i < WEFT_MPD_N_EVENTS; i++)
    if (event_lengths[i] == len && (guchar)event_names[i][0] == first &&
        (memcmp (event_names[i], name, len) == 0 || g_ascii_strncasecmp (event_names[i], name, len) == 0))
      return (int)i;

  return -1;
}

void
weft_mpd_trace_free (WeftMpdTrace *self)
{
  if (self == NULL)
    return;

  g_free (self->source);
  g_free (self->records);
  g_free (self->locations);
  g_clear_pointer (&self->names, weft_string_pool_free);
  g_free (self);
}

char *
weft_mpd_trace_dup_location (const WeftMpdTrace *self,
                             guint32             location)
{
  const WeftMpdLocation *loc;

  if (location == WEFT_MPD_UNKNOWN_LOCATION || location >= self->n_locations)
    return g_strdup ("(unknown location)");

  loc = &self->locations[location];

  return g_strdup_printf ("%s, %u", weft_string_pool_lookup (self->names, loc->file), loc->line);
}
