/* weft-call-tree.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <math.h>
#include <string.h>

#include "weft-call-tree.h"
#include "weft-memory.h"
#include "weft-string-pool.h"

typedef struct
{
  WeftCallNode parent;
  WeftCallNode first_child;
  WeftCallNode last_child;
  WeftCallNode next_sibling;
  guint32      frame;
  gint32       depth;
  guint32      n_children;
} Node;

/* A node's children are found by walking its list until it has this many;
 * from then on they are in the child table too. Most nodes have a few
 * children: a walk over nodes mostly in the cache beats a probe of the
 * table, and a node added under a new one costs no table insert (each probe
 * and insert was a cache miss on a table of megabytes). */
#define HASHED_FROM 8

typedef struct
{
  char                *name;
  char                *unit;
  WeftCallMetricFlags  flags;
  double              *exclusive;   /* n_nodes_alloc, or NULL while all zero */
  double              *inclusive;   /* computed, or given (INCLUSIVE_GIVEN) */
} Metric;

struct _WeftCallTree
{
  gatomicrefcount  ref_count;
  char            *title;

  WeftStringPool  *strings;
  /* The strings interned last, by the address they came from: a merge passes
   * the same few names (modules, files) from the same profile strings again
   * and again. Checked with strcmp, since an address may hold another string
   * by then. The pool's own cache of recent strings works by content; this
   * one knows the addresses repeat and skips even the length and hash
   * (callgrind, bench-hpcrun merge: 3.62 G instructions with it, 3.79 G
   * with the pool's cache alone). */
  struct { const char *from; const char *interned; } intern_cache[256];
  GArray          *frames;          /* WeftCallFrame */
  /* Frame id by content, open addressing: each slot holds the frame's hash
   * (high 32 bits) and id + 1 (low 32; 0 = empty), so a probe compares
   * frames only when the hashes agree and a new frame costs no allocation.
   * A GHashTable of copied keys cost a malloc and a memcpy per frame (a
   * merged HPCToolkit tree has one frame per node). */
  guint64         *frame_slots;
  guint            n_frame_slots;   /* a power of two, at least twice the frames */

  Node            *nodes;
  guint            n_nodes;
  guint            n_alloc;
  int              max_depth;

  /* (parent, frame) -> child, open addressing: each slot holds the key's
   * hash (high 32 bits) and the child's id (low 32; 0 = empty slot, as node
   * 0 is the root and never anyone's child). Probes compare hashes, so a
   * node is read only when its hash agrees: with bare node ids every probe
   * of a taken slot was a cache miss on the node. */
  guint64         *slots;
  guint            n_slots;         /* a power of two */
  guint            n_hashed;        /* children in the table (at most half the slots) */

  GArray          *metrics;         /* Metric */
  gboolean         inclusive_valid;

  WeftIntSet     **processes;       /* n_alloc, or NULL */
  WeftThreadSet  **threads;
  /* Sets many nodes share (weft_call_tree_add_shared_sets): the tree owns
   * them here; the nodes marked in shared_node point to them without owning. */
  GPtrArray       *shared_processes;
  GPtrArray       *shared_threads;
  guint8          *shared_node;      /* n_alloc, or NULL */
  guint64         *process_counts;  /* explicit counts, G_MAXUINT64 = not given */
  guint64         *thread_counts;

  guint8          *compare_sides;   /* n_alloc WeftCompareSide, or NULL */
};

G_DEFINE_BOXED_TYPE (WeftCallTree, weft_call_tree, weft_call_tree_ref, weft_call_tree_unref)

/* A zeroed array of one element per node the tree has room for. */
static gpointer
per_node_array (WeftCallTree *self,
                gsize         element_size)
{
  return weft_memory_new0_huge (self->n_alloc, element_size);
}

/* The frame table probes linearly from the low bits: the sum is mixed
 * (a 64-bit finalizer) so that nearby addresses and aligned string
 * pointers spread. */
static guint32
frame_hash (const WeftCallFrame *f)
{
  guint64 h = (guintptr)f->function;

  h = h * 31 + (guintptr)f->file;
  h = h * 31 + (guintptr)f->module;
  h = h * 31 + f->address;
  h = h * 31 + f->line;
  h = h * 31 + f->kind;
  h ^= h >> 33;
  h *= G_GUINT64_CONSTANT (0xff51afd7ed558ccd);
  h ^= h >> 33;
  return (guint32)h;
}

/* Strings are interned, so pointers compare. */
static gboolean
frame_equal (const WeftCallFrame *x,
             const WeftCallFrame *y)
{
  return x->function == y->function && x->file == y->file && x->module == y->module &&
         x->address == y->address && x->line == y->line && x->kind == y->kind;
}

static void
metric_clear (Metric *metric)
{
  g_free (metric->name);
  g_free (metric->unit);
  g_free (metric->exclusive);
  g_free (metric->inclusive);
}

/**
 * weft_call_tree_new:
 *
 * Returns: (transfer full): a tree holding only its invisible root.
 */
WeftCallTree *
weft_call_tree_new (void)
{
  WeftCallTree *self = g_new0 (WeftCallTree, 1);
  WeftCallFrame root_frame = { 0 };

  g_atomic_ref_count_init (&self->ref_count);
  self->strings = weft_string_pool_new ();
  self->frames = g_array_new (FALSE, FALSE, sizeof (WeftCallFrame));
  self->n_frame_slots = 64;
  self->frame_slots = g_new0 (guint64, self->n_frame_slots);
  self->metrics = g_array_new (FALSE, TRUE, sizeof (Metric));
  g_array_set_clear_func (self->metrics, (GDestroyNotify)metric_clear);
  self->n_alloc = 64;
  self->nodes = g_new (Node, self->n_alloc);
  self->n_slots = 128;
  self->slots = g_new0 (guint64, self->n_slots);
  self->max_depth = -1;

  /* Frame 0 is the root's: every string empty. */
  root_frame.function = root_frame.file = root_frame.module = weft_string_pool_lookup (self->strings, 0);
  weft_call_tree_intern_frame (self, &root_frame);

  self->nodes[0] = (Node) {
    .parent = WEFT_CALL_NODE_NONE,
    .first_child = WEFT_CALL_NODE_NONE,
    .last_child = WEFT_CALL_NODE_NONE,
    .next_sibling = WEFT_CALL_NODE_NONE,
    .frame = 0,
    .depth = -1,
  };
  self->n_nodes = 1;

  return self;
}

WeftCallTree *
weft_call_tree_ref (WeftCallTree *self)
{
  g_return_val_if_fail (self != NULL, NULL);

  g_atomic_ref_count_inc (&self->ref_count);
  return self;
}

void
weft_call_tree_unref (WeftCallTree *self)
{
  g_return_if_fail (self != NULL);

  if (!g_atomic_ref_count_dec (&self->ref_count))
    return;

  for (guint i = 0; self->processes != NULL && i < self->n_nodes; i++)
    if (self->shared_node == NULL || !self->shared_node[i])
      g_clear_pointer (&self->processes[i], weft_int_set_free);
  for (guint i = 0; self->threads != NULL && i < self->n_nodes; i++)
    if (self->shared_node == NULL || !self->shared_node[i])
      g_clear_pointer (&self->threads[i], weft_thread_set_free);
  g_free (self->processes);
  g_free (self->threads);
  g_free (self->shared_node);
  g_clear_pointer (&self->shared_processes, g_ptr_array_unref);
  g_clear_pointer (&self->shared_threads, g_ptr_array_unref);
  g_free (self->process_counts);
  g_free (self->thread_counts);
  g_free (self->compare_sides);
  g_array_unref (self->metrics);
  g_free (self->slots);
  g_free (self->nodes);
  g_free (self->frame_slots);
  g_array_unref (self->frames);
  weft_string_pool_free (self->strings);
  g_free (self->title);
  g_free (self);
}

guint
weft_call_tree_get_n_nodes (const WeftCallTree *self)
{
  return self->n_nodes;
}

static inline const Node *
node_at (const WeftCallTree *self,
         WeftCallNode        node)
{
  g_return_val_if_fail (node < self->n_nodes, &self->nodes[0]);
  return &self->nodes[node];
}

WeftCallNode
weft_call_tree_get_parent (const WeftCallTree *self,
                           WeftCallNode        node)
{
  return node_at (self, node)->parent;
}

WeftCallNode
weft_call_tree_get_first_child (const WeftCallTree *self,
                                WeftCallNode        node)
{
  return node_at (self, node)->first_child;
}

WeftCallNode
weft_call_tree_get_next_sibling (const WeftCallTree *self,
                                 WeftCallNode        node)
{
  return node_at (self, node)->next_sibling;
}

guint
weft_call_tree_get_n_children (const WeftCallTree *self,
                               WeftCallNode        node)
{
  guint n = 0;

  for (WeftCallNode c = node_at (self, node)->first_child; c != WEFT_CALL_NODE_NONE; c = self->nodes[c].next_sibling)
    n++;
  return n;
}

/* The root has depth -1, its children 0. */
int
weft_call_tree_get_depth (const WeftCallTree *self,
                          WeftCallNode        node)
{
  return node_at (self, node)->depth;
}

/* -1 for a tree without frames. */
int
weft_call_tree_get_max_depth (const WeftCallTree *self)
{
  return self->max_depth;
}

/**
 * weft_call_tree_next_preorder:
 *
 * Returns: the node after @node in pre-order (children before siblings), or
 *   %WEFT_CALL_NODE_NONE after the last one. Start from the root to visit
 *   every frame; the walk needs no stack, so depth is never a limit.
 */
WeftCallNode
weft_call_tree_next_preorder (const WeftCallTree *self,
                              WeftCallNode        node)
{
  const Node *n = node_at (self, node);

  if (n->first_child != WEFT_CALL_NODE_NONE)
    return n->first_child;
  while (node != WEFT_CALL_NODE_NONE)
    {
      n = &self->nodes[node];
      if (n->next_sibling != WEFT_CALL_NODE_NONE)
        return n->next_sibling;
      node = n->parent;
    }
  return WEFT_CALL_NODE_NONE;
}

const WeftCallFrame *
weft_call_tree_get_frame (const WeftCallTree *self,
                          WeftCallNode        node)
{
  return &g_array_index (self->frames, WeftCallFrame, node_at (self, node)->frame);
}

guint32
weft_call_tree_get_frame_id (const WeftCallTree *self,
                             WeftCallNode        node)
{
  return node_at (self, node)->frame;
}

guint
weft_call_tree_get_n_frames (const WeftCallTree *self)
{
  return self->frames->len;
}

const WeftCallFrame *
weft_call_tree_lookup_frame (const WeftCallTree *self,
                             guint32             frame_id)
{
  g_return_val_if_fail (frame_id < self->frames->len, NULL);
  return &g_array_index (self->frames, WeftCallFrame, frame_id);
}

static inline guint
intern_slot (const char *str)
{
  return (guint)(((guintptr)str >> 3) ^ ((guintptr)str >> 11)) & (G_N_ELEMENTS (((WeftCallTree *)NULL)->intern_cache) - 1);
}

static const char *
intern (WeftCallTree *self,
        const char   *str)
{
  const char *interned;

  /* Most frames have an empty file or function: no cache for it. */
  if (str == NULL || str[0] == '\0')
    return weft_string_pool_lookup (self->strings, 0);
  {
    const char *from = self->intern_cache[intern_slot (str)].from;

    interned = self->intern_cache[intern_slot (str)].interned;
    /* The pool's own strings (weft_call_tree_intern_string) are cached as
     * their own key and never change: no comparison for them. */
    if (from == str && (interned == str || strcmp (interned, str) == 0))
      return interned;
  }

  interned = weft_string_pool_lookup (self->strings, weft_string_pool_intern (self->strings, str));
  /* The pooled copy is cached as its own key too, unless it would take
   * the slot just filled. */
  if (intern_slot (interned) != intern_slot (str))
    {
      self->intern_cache[intern_slot (interned)].from = interned;
      self->intern_cache[intern_slot (interned)].interned = interned;
    }
  self->intern_cache[intern_slot (str)].from = str;
  self->intern_cache[intern_slot (str)].interned = interned;

  return interned;
}

/**
 * weft_call_tree_intern_string:
 * @str: (nullable): a string (NULL reads as "")
 *
 * Returns: the tree's copy of @str, valid as long as the tree. A builder
 *   that places many frames with the same names (a module, a file) interns
 *   them once and passes these copies: they are recognised without a string
 *   comparison.
 */
const char *
weft_call_tree_intern_string (WeftCallTree *self,
                              const char   *str)
{
  g_return_val_if_fail (self != NULL, "");

  return intern (self, str);
}

/**
 * weft_call_tree_intern_frame:
 * @frame: a frame whose strings may live anywhere (NULL reads as "")
 *
 * Returns: the id of the tree's copy of @frame, the same for equal frames.
 */
static inline guint
slot_hash (WeftCallNode parent,
           guint32      frame)
{
  guint64 key = ((guint64)parent << 32) | frame;

  key ^= key >> 33;
  key *= G_GUINT64_CONSTANT (0xff51afd7ed558ccd);
  key ^= key >> 33;
  return (guint)key;
}

/* Both tables (frames and children) are open addressing over slots that
 * hold a hash (high 32 bits) and a value (low 32; never 0, which marks an
 * empty slot): puts @value at the first free slot from @hash. */
static inline void
slots_put (guint64 *slots,
           guint    mask,
           guint32  hash,
           guint32  value)
{
  guint i = hash & mask;

  while (slots[i] != 0)
    i = (i + 1) & mask;
  slots[i] = ((guint64)hash << 32) | value;
}

/**
 * weft_call_tree_prefetch_frame:
 * @frame: a frame about to be interned
 *
 * Starts loading the frame table's slot for @frame into the cache. A builder
 * that knows its next frames ahead (a profile's nodes, in file order) calls
 * this a few frames early: the table is probed at random and each probe
 * otherwise waits for main memory.
 */
void
weft_call_tree_prefetch_frame (WeftCallTree        *self,
                               const WeftCallFrame *frame)
{
  WeftCallFrame key = *frame;

  key.function = intern (self, frame->function);
  key.file = intern (self, frame->file);
  key.module = intern (self, frame->module);
#if defined(__GNUC__) || defined(__clang__)
  __builtin_prefetch (&self->frame_slots[frame_hash (&key) & (self->n_frame_slots - 1)]);
#endif
}

/**
 * weft_call_tree_prefetch_child:
 *
 * Starts loading the child table's slot for (@parent, @frame_id), as
 * weft_call_tree_prefetch_frame() does for frames.
 */
void
weft_call_tree_prefetch_child (WeftCallTree *self,
                               WeftCallNode  parent,
                               guint32       frame_id)
{
#if defined(__GNUC__) || defined(__clang__)
  const Node *p = &self->nodes[parent];

  if (p->n_children >= HASHED_FROM)
    __builtin_prefetch (&self->slots[slot_hash (parent, frame_id) & (self->n_slots - 1)]);
  else if (p->first_child != WEFT_CALL_NODE_NONE)
    __builtin_prefetch (&self->nodes[p->first_child]);
#endif
}

guint32
weft_call_tree_intern_frame (WeftCallTree        *self,
                             const WeftCallFrame *frame)
{
  WeftCallFrame key = *frame;
  guint mask = self->n_frame_slots - 1;
  guint32 hash, id;
  guint i;

  key.function = intern (self, frame->function);
  key.file = intern (self, frame->file);
  key.module = intern (self, frame->module);

  hash = frame_hash (&key);
  for (i = hash & mask; self->frame_slots[i] != 0; i = (i + 1) & mask)
    {
      guint64 slot = self->frame_slots[i];

      if ((guint32)(slot >> 32) == hash &&
          frame_equal (&g_array_index (self->frames, WeftCallFrame, (guint32)slot - 1), &key))
        return (guint32)slot - 1;
    }

  id = self->frames->len;
  g_array_append_val (self->frames, key);
  if ((gsize)self->frames->len * 2 <= self->n_frame_slots)
    self->frame_slots[i] = ((guint64)hash << 32) | (id + 1);
  else
    {
      guint n = self->n_frame_slots * 2;
      guint64 *slots = g_new0 (guint64, n);

      /* The slots keep each frame's hash: no frame is read again. */
      for (guint j = 0; j < self->n_frame_slots; j++)
        if (self->frame_slots[j] != 0)
          slots_put (slots, n - 1, (guint32)(self->frame_slots[j] >> 32), (guint32)self->frame_slots[j]);
      slots_put (slots, n - 1, hash, id + 1);
      g_free (self->frame_slots);
      self->frame_slots = slots;
      self->n_frame_slots = n;
    }

  return id;
}

/**
 * weft_call_frame_to_label:
 *
 * Returns: (transfer full): "function (file:line)" as DDT writes a frame, the
 *   function alone when there is no file, "module+0xaddress" when there is no
 *   function; without function and address, the file (and line) or else the
 *   module.
 */
char *
weft_call_frame_to_label (const WeftCallFrame *frame)
{
  const char *function = frame->function != NULL ? frame->function : "";

  if (function[0] == '\0' && frame->address != 0)
    return g_strdup_printf ("%s+0x%" G_GINT64_MODIFIER "x",
                            frame->module != NULL && frame->module[0] != '\0' ? frame->module : "",
                            frame->address);
  /* A file or a load module of a flat view (HPCToolkit's): named by it,
   * where " (file)" and "" were shown. */
  if (function[0] == '\0' && frame->file != NULL && frame->file[0] != '\0')
    return frame->line > 0 ? g_strdup_printf ("%s:%u", frame->file, frame->line) : g_strdup (frame->file);
  if (function[0] == '\0' && frame->module != NULL && frame->module[0] != '\0')
    return g_strdup (frame->module);
  if (frame->file != NULL && frame->file[0] != '\0')
    {
      if (frame->line > 0)
        return g_strdup_printf ("%s (%s:%u)", function, frame->file, frame->line);
      return g_strdup_printf ("%s (%s)", function, frame->file);
    }
  return g_strdup (function);
}


static void
slots_insert (WeftCallTree *self,
              WeftCallNode  child)
{
  slots_put (self->slots, self->n_slots - 1, slot_hash (self->nodes[child].parent, self->nodes[child].frame), child);
}

/* Rehashes the child table into @n_slots (a power of two). */
static void
slots_resize (WeftCallTree *self,
              guint         n_slots)
{
  guint64 *old = self->slots;
  guint n_old = self->n_slots;

  self->n_slots = n_slots;
  self->slots = g_new0 (guint64, self->n_slots);
  /* Big trees: huge pages for the table probed at random (fewer TLB misses
   * and page faults). */
  weft_memory_advise_huge (self->slots, self->n_slots * sizeof (guint64));
  /* The old slots keep each hash: no node is read again. */
  for (guint i = 0; i < n_old; i++)
    if (old[i] != 0)
      slots_put (self->slots, self->n_slots - 1, (guint32)(old[i] >> 32), (WeftCallNode)old[i]);
  g_free (old);
}

/* Puts @child in the child table, keeping the table at most half full. */
static void
hash_child (WeftCallTree *self,
            WeftCallNode  child)
{
  if ((self->n_hashed + 1) * 2 > self->n_slots)
    slots_resize (self, self->n_slots * 2);
  slots_insert (self, child);
  self->n_hashed++;
}

static void grow_columns (WeftCallTree *self,
                          guint         old_alloc);

/**
 * weft_call_tree_reserve:
 * @n_nodes: how many nodes (root included) the tree is about to hold
 *
 * Makes room at once for a tree whose size is known (a merge, a comparison):
 * no regrowth of the node arrays on the way. The child table is not sized
 * here: only the children of wide nodes go into it (HASHED_FROM), which the
 * node count does not tell.
 */
void
weft_call_tree_reserve (WeftCallTree *self,
                        guint         n_nodes)
{
  g_return_if_fail (self != NULL);

  n_nodes = MIN (n_nodes, G_MAXUINT32 / 4);
  if (n_nodes > self->n_alloc)
    {
      guint old_alloc = self->n_alloc;

      self->n_alloc = n_nodes;
      self->nodes = g_renew (Node, self->nodes, self->n_alloc);
      weft_memory_advise_huge (self->nodes, self->n_alloc * sizeof (Node));
      grow_columns (self, old_alloc);
    }
}

WeftCallNode
weft_call_tree_find_child (const WeftCallTree *self,
                           WeftCallNode        parent,
                           guint32             frame_id)
{
  guint mask = self->n_slots - 1;
  guint32 hash;
  guint i;

  if (parent >= self->n_nodes)
    return WEFT_CALL_NODE_NONE;
  if (self->nodes[parent].n_children < HASHED_FROM)
    {
      for (WeftCallNode c = self->nodes[parent].first_child; c != WEFT_CALL_NODE_NONE; c = self->nodes[c].next_sibling)
        if (self->nodes[c].frame == frame_id)
          return c;
      return WEFT_CALL_NODE_NONE;
    }

  hash = slot_hash (parent, frame_id);
  for (i = hash & mask; self->slots[i] != 0; i = (i + 1) & mask)
    if ((guint32)(self->slots[i] >> 32) == hash)
      {
        WeftCallNode child = (WeftCallNode)self->slots[i];
        const Node *n = &self->nodes[child];

        if (n->parent == parent && n->frame == frame_id)
          return child;
      }
  return WEFT_CALL_NODE_NONE;
}

static void
grow_columns (WeftCallTree *self,
              guint         old_alloc)
{
  gsize added = self->n_alloc - old_alloc;

  for (guint m = 0; m < self->metrics->len; m++)
    {
      Metric *metric = &g_array_index (self->metrics, Metric, m);

      if (metric->exclusive != NULL)
        {
          metric->exclusive = g_renew (double, metric->exclusive, self->n_alloc);
          memset (metric->exclusive + old_alloc, 0, added * sizeof (double));
        }
      if (metric->inclusive != NULL)
        {
          metric->inclusive = g_renew (double, metric->inclusive, self->n_alloc);
          memset (metric->inclusive + old_alloc, 0, added * sizeof (double));
        }
    }
  if (self->processes != NULL)
    {
      self->processes = g_renew (WeftIntSet *, self->processes, self->n_alloc);
      memset (self->processes + old_alloc, 0, added * sizeof (gpointer));
    }
  if (self->threads != NULL)
    {
      self->threads = g_renew (WeftThreadSet *, self->threads, self->n_alloc);
      memset (self->threads + old_alloc, 0, added * sizeof (gpointer));
    }
  if (self->shared_node != NULL)
    {
      self->shared_node = g_renew (guint8, self->shared_node, self->n_alloc);
      memset (self->shared_node + old_alloc, 0, added);
    }
  if (self->process_counts != NULL)
    {
      self->process_counts = g_renew (guint64, self->process_counts, self->n_alloc);
      memset (self->process_counts + old_alloc, 0xff, added * sizeof (guint64));
      self->thread_counts = g_renew (guint64, self->thread_counts, self->n_alloc);
      memset (self->thread_counts + old_alloc, 0xff, added * sizeof (guint64));
    }
  if (self->compare_sides != NULL)
    {
      self->compare_sides = g_renew (guint8, self->compare_sides, self->n_alloc);
      memset (self->compare_sides + old_alloc, WEFT_COMPARE_SIDE_BOTH, added);
    }
}

/* Adds a child without looking at the frame table (which another thread
 * may be filling: weft_call_tree_ensure_child_concurrent). */
static WeftCallNode
add_child (WeftCallTree *self,
           WeftCallNode  parent,
           guint32       frame_id)
{
  WeftCallNode child;
  Node *p;

  if (self->n_nodes == G_MAXUINT32 - 1)
    return WEFT_CALL_NODE_NONE;

  if (self->n_nodes == self->n_alloc)
    {
      guint old_alloc = self->n_alloc;

      self->n_alloc = self->n_alloc > G_MAXUINT32 / 2 ? G_MAXUINT32 - 1 : self->n_alloc * 2;
      self->nodes = g_renew (Node, self->nodes, self->n_alloc);
      weft_memory_advise_huge (self->nodes, self->n_alloc * sizeof (Node));
      grow_columns (self, old_alloc);
    }

  child = self->n_nodes++;
  p = &self->nodes[parent];
  self->nodes[child] = (Node) {
    .parent = parent,
    .first_child = WEFT_CALL_NODE_NONE,
    .last_child = WEFT_CALL_NODE_NONE,
    .next_sibling = WEFT_CALL_NODE_NONE,
    .frame = frame_id,
    .depth = p->depth + 1,
  };
  if (p->last_child == WEFT_CALL_NODE_NONE)
    p->first_child = child;
  else
    self->nodes[p->last_child].next_sibling = child;
  p->last_child = child;
  p->n_children++;
  self->max_depth = MAX (self->max_depth, self->nodes[child].depth);

  /* The children of a node that has just become wide go into the table,
   * and each later one. */
  if (p->n_children == HASHED_FROM)
    {
      for (WeftCallNode c = p->first_child; c != WEFT_CALL_NODE_NONE; c = self->nodes[c].next_sibling)
        hash_child (self, c);
    }
  else if (p->n_children > HASHED_FROM)
    hash_child (self, child);

  self->inclusive_valid = FALSE;
  return child;
}

WeftCallNode
weft_call_tree_add_child_frame_id (WeftCallTree *self,
                                   WeftCallNode  parent,
                                   guint32       frame_id)
{
  g_return_val_if_fail (parent < self->n_nodes, WEFT_CALL_NODE_NONE);
  g_return_val_if_fail (frame_id < self->frames->len, WEFT_CALL_NODE_NONE);

  return add_child (self, parent, frame_id);
}

/**
 * weft_call_tree_ensure_child_concurrent:
 * @frame_id: an id weft_call_tree_intern_frame() returned
 *
 * weft_call_tree_ensure_child_frame_id() for a builder that interns frames
 * on one thread and places nodes on another: this touches only the nodes
 * and the child table, and intern_frame(), intern_string() and
 * prefetch_frame() only the frame table and the strings, so each pair may
 * run at the same time (nothing else may).
 */
WeftCallNode
weft_call_tree_ensure_child_concurrent (WeftCallTree *self,
                                        WeftCallNode  parent,
                                        guint32       frame_id)
{
  WeftCallNode child;

  g_return_val_if_fail (parent < self->n_nodes, WEFT_CALL_NODE_NONE);

  child = weft_call_tree_find_child (self, parent, frame_id);
  if (child != WEFT_CALL_NODE_NONE)
    return child;
  return add_child (self, parent, frame_id);
}

/**
 * weft_call_tree_add_child:
 *
 * Appends a new child of @parent at @frame, even when @parent already has a
 * child there (a PSV file lists what it lists).
 *
 * Returns: the new node, or %WEFT_CALL_NODE_NONE when the tree is full.
 */
WeftCallNode
weft_call_tree_add_child (WeftCallTree        *self,
                          WeftCallNode         parent,
                          const WeftCallFrame *frame)
{
  return weft_call_tree_add_child_frame_id (self, parent, weft_call_tree_intern_frame (self, frame));
}

/**
 * weft_call_tree_ensure_child:
 *
 * Returns: @parent's child at @frame, added when there is none (merging).
 */
WeftCallNode
weft_call_tree_ensure_child (WeftCallTree        *self,
                             WeftCallNode         parent,
                             const WeftCallFrame *frame)
{
  return weft_call_tree_ensure_child_frame_id (self, parent, weft_call_tree_intern_frame (self, frame));
}

WeftCallNode
weft_call_tree_ensure_child_frame_id (WeftCallTree *self,
                                      WeftCallNode  parent,
                                      guint32       frame_id)
{
  WeftCallNode child = weft_call_tree_find_child (self, parent, frame_id);

  if (child != WEFT_CALL_NODE_NONE)
    return child;
  return weft_call_tree_add_child_frame_id (self, parent, frame_id);
}

guint
weft_call_tree_add_metric (WeftCallTree        *self,
                           const char          *name,
                           const char          *unit,
                           WeftCallMetricFlags  flags)
{
  Metric metric = { 0 };

  g_return_val_if_fail (name != NULL, 0);

  metric.name = g_strdup (name);
  metric.unit = g_strdup (unit != NULL ? unit : "");
  metric.flags = flags;
  g_array_append_val (self->metrics, metric);
  self->inclusive_valid = FALSE;

  return self->metrics->len - 1;
}

guint
weft_call_tree_get_n_metrics (const WeftCallTree *self)
{
  return self->metrics->len;
}

static inline Metric *
metric_at (const WeftCallTree *self,
           guint               metric)
{
  g_return_val_if_fail (metric < self->metrics->len, NULL);
  return &g_array_index (self->metrics, Metric, metric);
}

const char *
weft_call_tree_get_metric_name (const WeftCallTree *self,
                                guint               metric)
{
  Metric *m = metric_at (self, metric);

  return m != NULL ? m->name : NULL;
}

const char *
weft_call_tree_get_metric_unit (const WeftCallTree *self,
                                guint               metric)
{
  Metric *m = metric_at (self, metric);

  return m != NULL ? m->unit : NULL;
}

WeftCallMetricFlags
weft_call_tree_get_metric_flags (const WeftCallTree *self,
                                 guint               metric)
{
  Metric *m = metric_at (self, metric);

  return m != NULL ? m->flags : WEFT_CALL_METRIC_NONE;
}

/**
 * weft_call_tree_find_metric:
 *
 * In a comparison (weft_call_tree_is_comparison()), a measured metric's own
 * name ("CPUTIME (sec)") stands for its change, "CPUTIME (sec) (difference)",
 * so that options naming a run's metric apply to a comparison of runs.
 *
 * Returns: the metric's index, or -1.
 */
int
weft_call_tree_find_metric (const WeftCallTree *self,
                            const char         *name)
{
  g_autofree char *difference = NULL;

  for (guint m = 0; name != NULL && m < self->metrics->len; m++)
    if (g_str_equal (g_array_index (self->metrics, Metric, m).name, name))
      return (int)m;
  if (name == NULL || !weft_call_tree_is_comparison (self))
    return -1;
  difference = g_strconcat (name, " (difference)", NULL);
  for (guint m = 0; m < self->metrics->len; m++)
    if (g_str_equal (g_array_index (self->metrics, Metric, m).name, difference))
      return (int)m;
  return -1;
}

static double *
ensure_column (WeftCallTree  *self,
               double       **column)
{
  if (*column == NULL)
    *column = per_node_array (self, sizeof (double));
  return *column;
}

void
weft_call_tree_set_exclusive (WeftCallTree *self,
                              WeftCallNode  node,
                              guint         metric,
                              double        value)
{
  Metric *m = metric_at (self, metric);

  g_return_if_fail (m != NULL && node < self->n_nodes);

  ensure_column (self, &m->exclusive)[node] = value;
  self->inclusive_valid = FALSE;
}

void
weft_call_tree_add_exclusive (WeftCallTree *self,
                              WeftCallNode  node,
                              guint         metric,
                              double        value)
{
  Metric *m = metric_at (self, metric);

  g_return_if_fail (m != NULL && node < self->n_nodes);

  ensure_column (self, &m->exclusive)[node] += value;
  self->inclusive_valid = FALSE;
}

/* For a WEFT_CALL_METRIC_INCLUSIVE_GIVEN metric only. */
void
weft_call_tree_set_inclusive (WeftCallTree *self,
                              WeftCallNode  node,
                              guint         metric,
                              double        value)
{
  Metric *m = metric_at (self, metric);

  g_return_if_fail (m != NULL && node < self->n_nodes);
  g_return_if_fail (m->flags & WEFT_CALL_METRIC_INCLUSIVE_GIVEN);

  ensure_column (self, &m->inclusive)[node] = value;
}

/**
 * weft_call_tree_set_metric_values:
 * @exclusive: (nullable): a value per node (the tree's node count of them)
 * @inclusive: (nullable): the same, for a metric whose inclusive values are
 *   given (%WEFT_CALL_METRIC_INCLUSIVE_GIVEN)
 * @stride: how many doubles apart two nodes' values are in both arrays
 *
 * Sets every node's values of @metric at once, as set_exclusive() and
 * set_inclusive() do node by node (a merge that has them all in a table).
 */
void
weft_call_tree_set_metric_values (WeftCallTree *self,
                                  guint         metric,
                                  const double *exclusive,
                                  const double *inclusive,
                                  gsize         stride)
{
  Metric *m = metric_at (self, metric);

  g_return_if_fail (m != NULL);
  g_return_if_fail (inclusive == NULL || (m->flags & WEFT_CALL_METRIC_INCLUSIVE_GIVEN));

  if (exclusive != NULL)
    {
      double *column = ensure_column (self, &m->exclusive);

      for (guint node = 0; node < self->n_nodes; node++)
        column[node] = exclusive[(gsize)node * stride];
      self->inclusive_valid = FALSE;
    }
  if (inclusive != NULL)
    {
      double *column = ensure_column (self, &m->inclusive);

      for (guint node = 0; node < self->n_nodes; node++)
        column[node] = inclusive[(gsize)node * stride];
    }
}

double
weft_call_tree_get_exclusive (const WeftCallTree *self,
                              WeftCallNode        node,
                              guint               metric)
{
  Metric *m = metric_at (self, metric);

  g_return_val_if_fail (m != NULL && node < self->n_nodes, 0.0);

  return m->exclusive != NULL ? m->exclusive[node] : 0.0;
}

/**
 * weft_call_tree_compute_inclusive:
 *
 * Sums exclusive values up the tree for every metric whose inclusive values
 * are not given. Children always have larger ids than their parents, so one
 * backward sweep over the arrays does it, whatever the depth.
 */
void
weft_call_tree_compute_inclusive (WeftCallTree *self)
{
  if (self->inclusive_valid)
    return;

  for (guint m = 0; m < self->metrics->len; m++)
    {
      Metric *metric = &g_array_index (self->metrics, Metric, m);

      if (metric->flags & WEFT_CALL_METRIC_INCLUSIVE_GIVEN)
        continue;

      ensure_column (self, &metric->inclusive);
      if (metric->exclusive != NULL)
        memcpy (metric->inclusive, metric->exclusive, self->n_nodes * sizeof (double));
      else
        memset (metric->inclusive, 0, self->n_nodes * sizeof (double));
      for (WeftCallNode n = self->n_nodes - 1; n > 0; n--)
        metric->inclusive[self->nodes[n].parent] += metric->inclusive[n];
    }
  self->inclusive_valid = TRUE;
}

double
weft_call_tree_get_inclusive (WeftCallTree *self,
                              WeftCallNode  node,
                              guint         metric)
{
  Metric *m = metric_at (self, metric);

  g_return_val_if_fail (m != NULL && node < self->n_nodes, 0.0);

  if (!(m->flags & WEFT_CALL_METRIC_INCLUSIVE_GIVEN))
    weft_call_tree_compute_inclusive (self);
  return m->inclusive != NULL ? m->inclusive[node] : 0.0;
}

typedef struct
{
  WeftCallNode node;
  double       value;
} Ranked;

/* Largest first; NaN (no value) after every number. */
static inline int
order_ranked (double x,
              double y)
{
  if (G_UNLIKELY (isnan (x) || isnan (y)))
    return isnan (x) - isnan (y);
  return (x < y) - (x > y);
}

static int
compare_ranked (gconstpointer a,
                gconstpointer b,
                gpointer      user_data)
{
  return order_ranked (((const Ranked *)a)->value, ((const Ranked *)b)->value);
}

/* Stable, in place: most nodes have a few children, where a call of
 * g_qsort_with_data() (an allocation, a compare through a pointer) cost
 * more than the sorting (callgrind: 136 M of a 64-profile load's 3.0 G
 * instructions). */
static void
sort_ranked (Ranked *ranked,
             guint   n)
{
  if (n > 24)
    {
      g_qsort_with_data (ranked, (gint)n, sizeof (Ranked), compare_ranked, NULL);
      return;
    }
  for (guint i = 1; i < n; i++)
    {
      Ranked r = ranked[i];
      guint j = i;

      while (j > 0 && order_ranked (ranked[j - 1].value, r.value) > 0)
        {
          ranked[j] = ranked[j - 1];
          j--;
        }
      ranked[j] = r;
    }
}

/**
 * weft_call_tree_sort_children:
 * @metric: the metric to order by
 *
 * Orders the children of every node by @metric's inclusive value, largest
 * first; children of equal value keep their order (GLib's sort, used for
 * many children, is a merge sort). This is how hpcviewer shows a profile:
 * the costly calls on top without a click on a header (a sorted view
 * re-sorts its rows each time a level is opened; the tree's own order costs
 * nothing to show). Node ids and values stay; only the order of siblings
 * changes, for every view and writer of the tree.
 */
void
weft_call_tree_sort_children (WeftCallTree *self,
                              guint         metric)
{
  Metric *m = metric_at (self, metric);
  g_autofree Ranked *ranked = NULL;
  guint n_alloc = 0;

  g_return_if_fail (m != NULL);

  if (!(m->flags & WEFT_CALL_METRIC_INCLUSIVE_GIVEN))
    weft_call_tree_compute_inclusive (self);
  if (m->inclusive == NULL)
    return;

  for (WeftCallNode n = 0; n < self->n_nodes; n++)
    {
      Node *parent = &self->nodes[n];
      guint k = 0;

      if (parent->n_children < 2)
        continue;
      if (parent->n_children > n_alloc)
        {
          n_alloc = MAX (parent->n_children, 2 * n_alloc);
          ranked = g_renew (Ranked, ranked, n_alloc);
        }
      for (WeftCallNode c = parent->first_child; c != WEFT_CALL_NODE_NONE; c = self->nodes[c].next_sibling)
        ranked[k++] = (Ranked) { c, m->inclusive[c] };
      sort_ranked (ranked, k);
      parent->first_child = ranked[0].node;
      for (guint i = 0; i + 1 < k; i++)
        self->nodes[ranked[i].node].next_sibling = ranked[i + 1].node;
      self->nodes[ranked[k - 1].node].next_sibling = WEFT_CALL_NODE_NONE;
      parent->last_child = ranked[k - 1].node;
    }
}

/* Before a node is given sets of its own: it stops pointing to shared ones
 * (which the tree keeps). */
static void
unshare (WeftCallTree *self,
         WeftCallNode  node)
{
  if (self->shared_node == NULL || !self->shared_node[node])
    return;
  self->shared_node[node] = 0;
  if (self->processes != NULL)
    self->processes[node] = NULL;
  if (self->threads != NULL)
    self->threads[node] = NULL;
}

/**
 * weft_call_tree_add_shared_sets:
 * @processes: (transfer full) (nullable): the processes
 * @threads: (transfer full) (nullable): the threads
 *
 * Keeps sets that many nodes will share (a merge where thousands of nodes are
 * reached by the same threads makes each distinct set once, not once per
 * node). The tree owns them.
 *
 * Returns: their index, for weft_call_tree_use_shared_sets().
 */
guint
weft_call_tree_add_shared_sets (WeftCallTree  *self,
                                WeftIntSet    *processes,
                                WeftThreadSet *threads)
{
  g_return_val_if_fail (self != NULL, 0);

  if (self->shared_processes == NULL)
    {
      self->shared_processes = g_ptr_array_new_with_free_func ((GDestroyNotify)weft_int_set_free);
      self->shared_threads = g_ptr_array_new_with_free_func ((GDestroyNotify)weft_thread_set_free);
    }
  g_ptr_array_add (self->shared_processes, processes);
  g_ptr_array_add (self->shared_threads, threads);

  return self->shared_processes->len - 1;
}

/* Gives @node the shared sets @index (replacing sets of its own). */
void
weft_call_tree_use_shared_sets (WeftCallTree *self,
                                WeftCallNode  node,
                                guint         index)
{
  g_return_if_fail (self != NULL);
  g_return_if_fail (node < self->n_nodes);
  g_return_if_fail (self->shared_processes != NULL && index < self->shared_processes->len);

  weft_call_tree_set_processes (self, node, NULL);
  weft_call_tree_set_threads (self, node, NULL);
  if (self->shared_node == NULL)
    self->shared_node = per_node_array (self, sizeof (guint8));
  self->shared_node[node] = 1;
  self->processes[node] = g_ptr_array_index (self->shared_processes, index);
  self->threads[node] = g_ptr_array_index (self->shared_threads, index);
}

/* Takes ownership of @processes (may be NULL to clear). */
void
weft_call_tree_set_processes (WeftCallTree *self,
                              WeftCallNode  node,
                              WeftIntSet   *processes)
{
  g_return_if_fail (node < self->n_nodes);

  if (self->processes == NULL)
    self->processes = per_node_array (self, sizeof (WeftIntSet *));
  unshare (self, node);
  g_clear_pointer (&self->processes[node], weft_int_set_free);
  self->processes[node] = processes;
}

/* Takes ownership of @threads (may be NULL to clear). */
void
weft_call_tree_set_threads (WeftCallTree  *self,
                            WeftCallNode   node,
                            WeftThreadSet *threads)
{
  g_return_if_fail (node < self->n_nodes);

  if (self->threads == NULL)
    self->threads = per_node_array (self, sizeof (WeftThreadSet *));
  unshare (self, node);
  g_clear_pointer (&self->threads[node], weft_thread_set_free);
  self->threads[node] = threads;
}

const WeftIntSet *
weft_call_tree_get_processes (const WeftCallTree *self,
                              WeftCallNode        node)
{
  g_return_val_if_fail (node < self->n_nodes, NULL);
  return self->processes != NULL ? self->processes[node] : NULL;
}

const WeftThreadSet *
weft_call_tree_get_threads (const WeftCallTree *self,
                            WeftCallNode        node)
{
  g_return_val_if_fail (node < self->n_nodes, NULL);
  return self->threads != NULL ? self->threads[node] : NULL;
}

/* Counts for a node whose sets are unknown (PSV XML may carry only counts);
 * G_MAXUINT64 leaves a count unset. */
void
weft_call_tree_set_counts (WeftCallTree *self,
                           WeftCallNode  node,
                           guint64       n_processes,
                           guint64       n_threads)
{
  g_return_if_fail (node < self->n_nodes);

  if (self->process_counts == NULL)
    {
      self->process_counts = g_new (guint64, self->n_alloc);
      self->thread_counts = g_new (guint64, self->n_alloc);
      memset (self->process_counts, 0xff, self->n_alloc * sizeof (guint64));
      memset (self->thread_counts, 0xff, self->n_alloc * sizeof (guint64));
    }
  self->process_counts[node] = n_processes;
  self->thread_counts[node] = n_threads;
}

/* The count given with weft_call_tree_set_counts(), else the size of the set. */
guint64
weft_call_tree_get_process_count (const WeftCallTree *self,
                                  WeftCallNode        node)
{
  g_return_val_if_fail (node < self->n_nodes, 0);

  if (self->process_counts != NULL && self->process_counts[node] != G_MAXUINT64)
    return self->process_counts[node];
  if (self->processes != NULL && self->processes[node] != NULL)
    return weft_int_set_get_count (self->processes[node]);
  return 0;
}

guint64
weft_call_tree_get_thread_count (const WeftCallTree *self,
                                 WeftCallNode        node)
{
  g_return_val_if_fail (node < self->n_nodes, 0);

  if (self->thread_counts != NULL && self->thread_counts[node] != G_MAXUINT64)
    return self->thread_counts[node];
  if (self->threads != NULL && self->threads[node] != NULL)
    return weft_thread_set_get_count (self->threads[node]);
  return 0;
}

gboolean
weft_call_tree_has_process_info (const WeftCallTree *self)
{
  return self->processes != NULL || self->threads != NULL || self->process_counts != NULL;
}

/* Returns: (transfer full): the union of every node's process set. */
WeftIntSet *
weft_call_tree_dup_all_processes (const WeftCallTree *self)
{
  WeftIntSet *all = weft_int_set_new ();
  const WeftIntSet *last = NULL;

  /* Nodes next to each other often share one set (shared sets): add it once. */
  for (guint n = 0; self->processes != NULL && n < self->n_nodes; n++)
    if (self->processes[n] != NULL && self->processes[n] != last)
      {
        weft_int_set_add_set (all, self->processes[n]);
        last = self->processes[n];
      }
  return all;
}

/* Returns: (transfer full): the union of every node's thread set. */
WeftThreadSet *
weft_call_tree_dup_all_threads (const WeftCallTree *self)
{
  WeftThreadSet *all = weft_thread_set_new ();

  for (guint n = 0; self->threads != NULL && n < self->n_nodes; n++)
    {
      const WeftThreadSet *set = self->threads[n];

      if (set == NULL)
        continue;
      for (guint r = 0; r < weft_thread_set_get_n_runs (set); r++)
        {
          gint64 first, last;
          const WeftIntSet *threads = weft_thread_set_get_run (set, r, &first, &last);

          for (guint i = 0; i < weft_int_set_get_n_ranges (threads); i++)
            {
              const WeftIntRange *range = weft_int_set_get_range (threads, i);

              weft_thread_set_add_box (all, first, last, range->first, range->last);
            }
        }
    }
  return all;
}

char *
weft_call_tree_dup_path (const WeftCallTree *self,
                         WeftCallNode        node)
{
  g_autoptr(GPtrArray) labels = g_ptr_array_new_with_free_func (g_free);
  GString *path = g_string_new (NULL);

  for (; node != WEFT_CALL_NODE_NONE && node != WEFT_CALL_TREE_ROOT; node = self->nodes[node].parent)
    g_ptr_array_add (labels, weft_call_frame_to_label (weft_call_tree_get_frame (self, node)));
  for (guint i = labels->len; i > 0; i--)
    {
      if (path->len > 0)
        g_string_append_c (path, ';');
      g_string_append (path, g_ptr_array_index (labels, i - 1));
    }
  return g_string_free (path, FALSE);
}

void
weft_call_tree_set_compare_side (WeftCallTree    *self,
                                 WeftCallNode     node,
                                 WeftCompareSide  side)
{
  g_return_if_fail (node < self->n_nodes);
  g_return_if_fail (side <= WEFT_COMPARE_SIDE_OTHER_ONLY);

  /* g_new0: every node reads BOTH (0) until told otherwise. */
  if (self->compare_sides == NULL)
    self->compare_sides = g_new0 (guint8, self->n_alloc);
  self->compare_sides[node] = side;
}

/* Returns: the side set for @node, %WEFT_COMPARE_SIDE_BOTH when none was. */
WeftCompareSide
weft_call_tree_get_compare_side (const WeftCallTree *self,
                                 WeftCallNode        node)
{
  g_return_val_if_fail (node < self->n_nodes, WEFT_COMPARE_SIDE_BOTH);

  return self->compare_sides != NULL ? self->compare_sides[node] : WEFT_COMPARE_SIDE_BOTH;
}

/* Returns: whether a side was ever set, i.e. @self shows a comparison (a tree
 * compared with itself has only BOTH nodes and is one all the same). */
gboolean
weft_call_tree_is_comparison (const WeftCallTree *self)
{
  return self->compare_sides != NULL;
}

const char *
weft_call_tree_get_title (const WeftCallTree *self)
{
  return self->title;
}

void
weft_call_tree_set_title (WeftCallTree *self,
                          const char   *title)
{
  g_free (self->title);
  self->title = g_strdup (title);
}
