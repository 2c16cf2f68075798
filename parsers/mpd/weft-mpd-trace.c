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

/* An event name of up to 8 letters as one number: its bytes in upper case,
 * little end first. Every event name fits. */
static inline guint64
event_key (const char *name,
           gsize       len)
{
  guint64 key = 0;

  for (gsize i = 0; i < len; i++)
    key |= (guint64)((guchar)name[i] & 0xDF) << (8 * i);

  return key;
}

/* The event names' keys (event_key()), and a 64-slot table from a key's
 * slot to its event: the multiplier puts the 27 keys in distinct slots (found
 * by trying; tests/mpd checks every name is found). Constant tables: a lookup
 * per trace line has no initialisation to check. */
static const guint64 event_keys[WEFT_MPD_N_EVENTS] = {
  0x52455441455243, 0x47455441455243, 0x56455441455243, 0x52594f5254534544, 0x56594f5254534544,
  0x4c4c4143, 0x444e4553, 0x44524157524f46, 0x594c504552, 0x4e5255544552, 0x59444f42,
  0x59444f42444e45, 0x4c414e4946, 0x4c414e4946444e45, 0x434f5250, 0x434f5250444e45, 0x4e49,
  0x4d5241, 0x494e, 0x53455441455243, 0x5354494e49, 0x5252415354494e49, 0x50, 0x50544e4f43,
  0x56, 0x4f43, 0x434f,
};

static const gint8 event_slots[64] = {
  -1, 23, 17, -1, 22, -1, -1, 6, 19, -1, -1, -1, -1, 3, 2, 7, 20, -1, 26, 25, -1, 15, 11, -1,
  14, -1, -1, -1, -1, -1, -1, -1, 4, -1, -1, 24, 9, -1, -1, -1, -1, -1, -1, -1, 10, 8, -1, -1,
  -1, 0, -1, 1, 12, -1, 13, 18, -1, -1, -1, 5, 16, 21, -1, -1,
};

static inline guint
event_slot (guint64 key)
{
  return (guint)((key * G_GUINT64_CONSTANT (0x69D495DD81355C53)) >> 58);
}

int
weft_mpd_event_lookup_key (guint64 key)
{
  int event = event_slots[event_slot (key)];

  return event >= 0 && event_keys[event] == key ? event : -1;
}

int
weft_mpd_event_lookup (const char *name,
                       gsize       len)
{
  /* The runtime writes the names in upper case, the man page's sample too,
   * but hand-made traces may not: the key folds case by clearing bit 5, and
   * as that also folds some non-letters onto letters, a name must be
   * letters only. */
  if (len == 0 || len > 8)
    return -1;
  for (gsize i = 0; i < len; i++)
    if (!g_ascii_isalpha (name[i]))
      return -1;

  return weft_mpd_event_lookup_key (event_key (name, len));
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
