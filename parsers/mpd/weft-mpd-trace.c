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

/* A slot of the 64-slot table of event keys; the multiplier spreads the 27
 * names over distinct slots (checked once: a clash falls back to a scan). */
static inline guint
event_slot (guint64 key)
{
  return (guint)((key * G_GUINT64_CONSTANT (0x9E3779B97F4A7C15)) >> 58);
}

static gint8 event_slots[64];
static gboolean event_slots_clash;
static guint64 event_keys[WEFT_MPD_N_EVENTS];

static void
ensure_event_slots (void)
{
  static gsize initialized;

  if (g_once_init_enter (&initialized))
    {
      memset (event_slots, -1, sizeof event_slots);
      for (guint i = 0; i < WEFT_MPD_N_EVENTS; i++)
        {
          event_keys[i] = event_key (event_names[i], strlen (event_names[i]));
          event_slots_clash = event_slots_clash || event_slots[event_slot (event_keys[i])] >= 0;
          event_slots[event_slot (event_keys[i])] = (gint8)i;
        }
      g_once_init_leave (&initialized, 1);
    }
}

int
weft_mpd_event_lookup_key (guint64 key)
{
  int event;

  ensure_event_slots ();
  event = event_slots[event_slot (key)];
  if (G_UNLIKELY (event_slots_clash))
    {
      event = -1;
      for (guint i = 0; i < WEFT_MPD_N_EVENTS && event < 0; i++)
        event = event_keys[i] == key ? (int)i : -1;
    }

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
