/* weft-format.h: the registry of file formats Weft reads.
 *
 * Each family registers one WeftFormat (static storage) with a sniffer and a
 * loader. The sniffer looks only at what WeftSniffInput offers (the first bytes
 * of a file, or the names in a directory) and scores how sure it is; the loader
 * runs in a worker thread and returns the family's WeftDataset.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gio/gio.h>

#include "weft-dataset.h"
#include "weft-load-context.h"

G_BEGIN_DECLS

/* How many bytes of a file, and names of a directory, a sniffer sees: every
 * name of any folder a run writes (a Chapel run of 4,096 locales beside its
 * other output, and NAME-0 must be among the names seen; sniffers scan the
 * list, a few milliseconds for the largest), yet a bound for a folder of
 * millions. Of a folder no format reads, the first
 * WEFT_SNIFF_MAX_NESTED entries are sniffed in turn (see
 * weft_format_detect_full()): each of those costs an open and a read. */
#define WEFT_SNIFF_HEAD_SIZE    4096
#define WEFT_SNIFF_MAX_CHILDREN (1024 * 1024)
#define WEFT_SNIFF_MAX_NESTED   4096

typedef enum
{
  WEFT_SNIFF_NO      = 0,
  WEFT_SNIFF_WEAK    = 10,  /* only the name fits */
  WEFT_SNIFF_LIKELY  = 50,  /* the layout fits */
  WEFT_SNIFF_CERTAIN = 100, /* magic bytes or a first line that only this format has */
} WeftSniffScore;

typedef struct
{
  GFile              *file;
  const char         *path;         /* local path, or NULL */
  const char         *basename;
  gboolean            is_directory;
  const guint8       *head;         /* first bytes of a regular file (NULL for a directory) */
  gsize               head_len;
  const char * const *children;     /* names in a directory, sorted (NULL for a file) */
} WeftSniffInput;

typedef struct _WeftFormat WeftFormat;

struct _WeftFormat
{
  const char         *id;           /* "chplvis": also the family name in weft-cli JSON */
  const char         *name;         /* "Chapel VisualDebug trace" (translatable, N_()) */
  const char         *mime_type;    /* one of data/io.github.weftviz.Weft.mime.xml */
  const char * const *patterns;     /* file chooser globs, NULL-terminated; may be NULL */
  const char         *expects;      /* what the sniffer looks for, for "unknown format" errors (translatable, N_()) */
  gboolean            opens_directories;

  WeftSniffScore (*sniff) (const WeftSniffInput  *input);
  WeftDataset   *(*load)  (GFile * const         *files,
                           guint                  n_files,
                           WeftLoadContext       *context,
                           GError               **error);
};

void               weft_format_register          (const WeftFormat  *format);
const WeftFormat  *weft_format_lookup            (const char        *id);
const WeftFormat **weft_format_list              (guint             *n_formats);
WeftSniffScore     weft_format_sniff_file        (const WeftFormat  *format,
                                                  GFile             *file,
                                                  GCancellable      *cancellable,
                                                  GError           **error);
const WeftFormat  *weft_format_detect            (GFile             *file,
                                                  GCancellable      *cancellable,
                                                  GError           **error);
const WeftFormat  *weft_format_detect_full       (GFile             *file,
                                                  gboolean          *is_directory,
                                                  GFile            **resolved,
                                                  GCancellable      *cancellable,
                                                  GError           **error);

gboolean           weft_format_check_one_file    (const WeftFormat  *format,
                                                  guint              n_files,
                                                  GError           **error);

/* Registers the formats built into Weft (once; thread-safe). */
void               weft_formats_init             (void);

G_END_DECLS
