/* weft-hpctrace.c: reads .hpctrace files.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <string.h>

#include "weft-error.h"
#include "weft-hpctrace.h"
#include "weft-input-file.h"

#define FLAG_DATA_CENTRIC 1

gboolean
weft_hpctrace_is_header (const guint8 *data,
                         gsize         len)
{
  return len >= WEFT_HPCTRACE_MAGIC_LEN && memcmp (data, WEFT_HPCTRACE_MAGIC, WEFT_HPCTRACE_MAGIC_LEN) == 0;
}

void
weft_hpctrace_free (WeftHpctrace *trace)
{
  if (trace == NULL)
    return;
  g_free (trace->path);
  g_array_unref (trace->records);
  g_free (trace);
}

static guint64
be64 (const guint8 *p)
{
  guint64 v;

  memcpy (&v, p, 8);
  return GUINT64_FROM_BE (v);
}

static guint32
be32 (const guint8 *p)
{
  guint32 v;

  memcpy (&v, p, 4);
  return GUINT32_FROM_BE (v);
}

WeftHpctrace *
weft_hpctrace_parse (const guint8  *data,
                     gsize          len,
                     const char    *path,
                     GError       **error)
{
  g_autoptr(WeftHpctrace) trace = NULL;
  gsize header, record, n;
  guint64 previous = 0;

  if (len < 24 || !weft_hpctrace_is_header (data, len))
    {
      g_set_error (error, WEFT_ERROR, WEFT_ERROR_PARSE, "%s: byte 0: not an hpctrace file (it does not start with “%s”)",
                   path, WEFT_HPCTRACE_MAGIC);
      return NULL;
    }
  trace = g_new0 (WeftHpctrace, 1);
  trace->path = g_strdup (path);
  trace->records = g_array_new (FALSE, FALSE, sizeof (WeftHpctraceRecord));
  trace->sorted = TRUE;
  memcpy (trace->version, data + 18, 5);
  if (memcmp (trace->version, "01.01", 5) == 0)
    {
      if (len < 32)
        {
          g_set_error (error, WEFT_ERROR, WEFT_ERROR_PARSE, "%s: byte %" G_GSIZE_FORMAT ": the file ends inside its header (a 01.01 header has 32 bytes)",
                       path, len);
          return NULL;
        }
      header = 32;
      trace->flags = be64 (data + 24);
    }
  else if (memcmp (trace->version, "01.00", 5) == 0)
    header = 24;
  else
    {
      g_autofree char *shown = g_strescape (trace->version, NULL);

      g_set_error (error, WEFT_ERROR, WEFT_ERROR_UNSUPPORTED,
                   "%s: byte 18: hpctrace version “%s” is not read (01.00 and 01.01 are)", path, shown);
      return NULL;
    }
  if (data[23] != 'b')
    {
      g_set_error (error, WEFT_ERROR, WEFT_ERROR_UNSUPPORTED,
                   "%s: byte 23: expected the byte-order tag “b” (big-endian), found “%c”",
                   path, g_ascii_isprint (data[23]) ? data[23] : '?');
      return NULL;
    }
  record = (trace->flags & FLAG_DATA_CENTRIC) ? 16 : 12;
  n = (len - header) / record;
  if ((len - header) % record != 0)
    {
      g_set_error (error, WEFT_ERROR, WEFT_ERROR_PARSE,
                   "%s: byte %" G_GSIZE_FORMAT ": the file ends inside a record (%" G_GSIZE_FORMAT " bytes left over)",
                   path, header + n * record, (len - header) % record);
      return NULL;
    }
  g_array_set_size (trace->records, n);
  for (gsize i = 0; i < n; i++)
    {
      const guint8 *r = data + header + i * record;
      WeftHpctraceRecord *out = &g_array_index (trace->records, WeftHpctraceRecord, i);

      out->time = be64 (r);
      out->node_id = be32 (r + 8);
      out->metric_id = record == 16 ? be32 (r + 12) : 0;
      if (out->time < previous)
        trace->sorted = FALSE;
      previous = out->time;
    }
  return g_steal_pointer (&trace);
}

WeftHpctrace *
weft_hpctrace_read_file (const char  *path,
                         GError     **error)
{
  g_autoptr(WeftInputMap) mapped = NULL;

  mapped = weft_input_map_open (path, error);
  if (mapped == NULL)
    return NULL;
  return weft_input_map_finish (mapped,
                                weft_hpctrace_parse ((const guint8 *)weft_input_map_get_data (mapped),
                                                     weft_input_map_get_length (mapped), path, error),
                                (GDestroyNotify)weft_hpctrace_free, error);
}
