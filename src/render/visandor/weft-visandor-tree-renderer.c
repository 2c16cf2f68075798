/* weft-visandor-tree-renderer.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <math.h>
#include <string.h>

#include <glib/gi18n-lib.h>

#include "weft-background.h"
#include "weft-grid-util.h"
#include "weft-palette.h"
#include "weft-visandor-tree-renderer.h"

#define MARGIN        8.0
#define AXIS_SIZE     64.0
#define LEGEND_SIZE   22.0
#define HIT_TOLERANCE 4.0

struct _WeftVisandorTreeRenderer
{
  GObject              parent_instance;

  WeftVisandorDataset *dataset;
  WeftRenderTheme      theme;
  WeftGridText        *text;
  gint64               begin;
  gint64               end;
  gboolean             horizontal;
  guint32              highlight;

  /* What the user folded: a collapsed node takes one column, its subtree
   * none ([n_nodes], kept while the dataset is). */
  guint8              *collapsed;
  /* Whole-tree figures, for folded and summarised subtrees ([n_nodes]). */
  gint64              *node_end;      /* the last time in its subtree */
  guint32             *node_tasks;    /* goals or branches in its subtree */
  guint32             *task_span_start; /* [n_tasks + 1]: CSR of spans by task */
  guint32             *task_spans;    /* [n_spans] */

  /* Layout: a column per leaf, a task at the first column of its subtree;
   * HIDDEN for what a collapsed node hides. */
  guint                n_columns;
  guint32             *task_column;   /* [n_tasks] */
  guint32             *node_column;   /* [n_nodes]: first column */
  guint32             *node_last;     /* [n_nodes]: last task's column (its bar's end) */
  guint32             *node_span_end; /* [n_nodes]: one past its subtree's last column */
  guint32             *column_start;  /* [n_columns + 1]: CSR of tasks by column */
  guint32             *column_tasks;  /* [n_tasks] */
  guint32             *preorder;      /* the shown nodes, parents first */
  guint32             *preorder_skip; /* [k]: the position after preorder[k]'s subtree */
  guint32              n_preorder;

  /* Drawing scratch, kept between frames. */
  GArray              *segments;      /* Segment, batched by colour */
  GArray              *boxes;         /* Box: summarised subtrees */
};

/* A subtree narrower than this many pixels across is drawn as one block
 * (level of detail: 10^5 forks on 1,500 pixels would otherwise be drawn as
 * millions of overlapping lines). */
#define SUMMARY_PX 3.0

/* Outcome and suspension marks only where columns are this wide. */
#define MARKS_PX 4.0

#define HIDDEN G_MAXUINT32

typedef struct
{
  guint32 key;      /* agent + 1 for pieces; 0 the dashed lives */
  float   lat;
  float   a;
  float   b;
} Segment;

typedef struct
{
  guint32 node;
  float   lat0;
  float   lat1;
  float   a;
  float   b;
} Box;

G_DEFINE_FINAL_TYPE (WeftVisandorTreeRenderer, weft_visandor_tree_renderer, G_TYPE_OBJECT)

/* Frees *@slot, or moves it into @bag (when not %NULL) to be freed later. */
static void
drop_array (gpointer  *slot,
            GPtrArray *bag)
{
  if (bag != NULL && *slot != NULL)
    g_ptr_array_add (bag, g_steal_pointer (slot));
  else
    g_clear_pointer (slot, g_free);
}

static void
clear_tree (WeftVisandorTreeRenderer *self,
            GPtrArray                *bag)
{
  drop_array ((gpointer *)&self->collapsed, bag);
  drop_array ((gpointer *)&self->node_end, bag);
  drop_array ((gpointer *)&self->node_tasks, bag);
  drop_array ((gpointer *)&self->task_span_start, bag);
  drop_array ((gpointer *)&self->task_spans, bag);
}

static void
clear_layout (WeftVisandorTreeRenderer *self,
              GPtrArray                *bag)
{
  drop_array ((gpointer *)&self->preorder, bag);
  drop_array ((gpointer *)&self->preorder_skip, bag);
  self->n_preorder = 0;
  drop_array ((gpointer *)&self->task_column, bag);
  drop_array ((gpointer *)&self->node_span_end, bag);
  drop_array ((gpointer *)&self->node_column, bag);
  drop_array ((gpointer *)&self->node_last, bag);
  drop_array ((gpointer *)&self->column_start, bag);
  drop_array ((gpointer *)&self->column_tasks, bag);
  self->n_columns = 0;
}

/* Goals or branches from which the tree's arrays are given back on a thread
 * of their own: a 1 GB trace's take about 250 MB, some 25 ms of munmap() on
 * the main thread, where a closing tab finalizes the view's renderer. */
#define BACKGROUND_FREE_TASKS 200000

static void
weft_visandor_tree_renderer_finalize (GObject *object)
{
  WeftVisandorTreeRenderer *self = (WeftVisandorTreeRenderer *)object;
  const WeftVisandorTrace *trace = self->dataset != NULL ? weft_visandor_dataset_get_trace (self->dataset) : NULL;
  GPtrArray *bag = NULL;

  if (trace != NULL && trace->tasks->len >= BACKGROUND_FREE_TASKS)
    bag = g_ptr_array_new_full (13, g_free);
  clear_layout (self, bag);
  clear_tree (self, bag);
  weft_background_free (bag, (GDestroyNotify)g_ptr_array_unref);
  g_clear_pointer (&self->segments, g_array_unref);
  g_clear_pointer (&self->boxes, g_array_unref);
  g_clear_object (&self->dataset);
  g_clear_pointer (&self->text, weft_grid_text_free);
  weft_render_theme_clear (&self->theme);

  G_OBJECT_CLASS (weft_visandor_tree_renderer_parent_class)->finalize (object);
}

static void
weft_visandor_tree_renderer_class_init (WeftVisandorTreeRendererClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = weft_visandor_tree_renderer_finalize;
}

static void
weft_visandor_tree_renderer_init (WeftVisandorTreeRenderer *self)
{
  weft_render_theme_init_light (&self->theme);
  self->highlight = WEFT_VISANDOR_NONE;
  self->segments = g_array_new (FALSE, FALSE, sizeof (Segment));
  self->boxes = g_array_new (FALSE, FALSE, sizeof (Box));
}

WeftVisandorTreeRenderer *
weft_visandor_tree_renderer_new (void)
{
  return g_object_new (WEFT_TYPE_VISANDOR_TREE_RENDERER, NULL);
}

/* Whether a walk should stop: checked every 65536 steps, so that a layout
 * in a worker stops soon after its tab closed. */
#define CANCELLED(steps, cancellable) \
  ((++(steps) & 0xffff) == 0 && g_cancellable_is_cancelled (cancellable))

/* Stack entries of the tree walks (no recursion: a hostile trace may nest
 * a million levels deep). */
enum { ENTER_NODE, ENTER_TASK, LEAVE_TASK, LEAVE_NODE };

typedef struct
{
  guint32 what;
  guint32 index;
} Step;

/* Pushes the list from @first (linked by @next_of) so that it pops in order. */
#define PUSH_LIST(stack, scratch, first, next_of, kind)                   \
  G_STMT_START {                                                          \
    g_array_set_size ((scratch), 0);                                      \
    for (guint32 i_ = (first); i_ != WEFT_VISANDOR_NONE; i_ = (next_of))  \
      g_array_append_val ((scratch), i_);                                 \
    for (guint j_ = (scratch)->len; j_-- > 0;)                            \
      {                                                                   \
        Step s_ = { (kind), g_array_index ((scratch), guint32, j_) };     \
        g_array_append_val ((stack), s_);                                 \
      }                                                                   \
  } G_STMT_END

/* The figures of every subtree, folded or not: its last time and its number
 * of tasks (children before parents: a reverse preorder), and the spans of
 * each task. */
static gboolean
build_tree (WeftVisandorTreeRenderer *self,
            GCancellable             *cancellable)
{
  const WeftVisandorTrace *trace = weft_visandor_dataset_get_trace (self->dataset);
  guint n_tasks = trace->tasks->len, n_nodes = trace->nodes->len;
  g_autoptr(GArray) stack = g_array_new (FALSE, FALSE, sizeof (Step));
  g_autoptr(GArray) scratch = g_array_new (FALSE, FALSE, sizeof (guint32));
  g_autoptr(GArray) order = g_array_new (FALSE, FALSE, sizeof (guint32));
  guint64 steps = 0;

  clear_tree (self, NULL);
  self->collapsed = g_new0 (guint8, MAX (n_nodes, 1));
  self->node_end = g_new (gint64, MAX (n_nodes, 1));
  self->node_tasks = g_new0 (guint32, MAX (n_nodes, 1));

  PUSH_LIST (stack, scratch, trace->first_root, weft_visandor_trace_node (trace, i_)->next_sibling, ENTER_NODE);
  while (stack->len > 0)
    {
      Step step = g_array_index (stack, Step, stack->len - 1);

      g_array_set_size (stack, stack->len - 1);
      if (CANCELLED (steps, cancellable))
        return FALSE;
      if (step.what == ENTER_NODE)
        {
          g_array_append_val (order, step.index);
          PUSH_LIST (stack, scratch, weft_visandor_trace_node (trace, step.index)->first_task,
                     weft_visandor_trace_task (trace, i_)->next_sibling, ENTER_TASK);
        }
      else
        PUSH_LIST (stack, scratch, weft_visandor_trace_task (trace, step.index)->first_node,
                   weft_visandor_trace_node (trace, i_)->next_sibling, ENTER_NODE);
    }

  for (guint k = order->len; k-- > 0;)
    {
      guint32 i = g_array_index (order, guint32, k);
      const WeftVisandorNode *n = weft_visandor_trace_node (trace, i);
      gint64 end = MAX (n->time, n->join_time);
      guint32 count = 0;

      for (guint32 t = n->first_task; t != WEFT_VISANDOR_NONE; t = weft_visandor_trace_task (trace, t)->next_sibling)
        {
          const WeftVisandorTask *task = weft_visandor_trace_task (trace, t);

          end = MAX (end, task->end >= 0 ? task->end : trace->end);
          count++;
          for (guint32 c = task->first_node; c != WEFT_VISANDOR_NONE; c = weft_visandor_trace_node (trace, c)->next_sibling)
            {
              end = MAX (end, self->node_end[c]);
              count += self->node_tasks[c];
            }
        }
      self->node_end[i] = end;
      self->node_tasks[i] = count;
    }

  self->task_span_start = g_new0 (guint32, n_tasks + 2);
  self->task_spans = g_new (guint32, MAX (trace->spans->len, 1));
  for (guint i = 0; i < trace->spans->len; i++)
    {
      const WeftVisandorSpan *sp = &g_array_index (trace->spans, WeftVisandorSpan, i);

      if (sp->task != WEFT_VISANDOR_NONE)
        self->task_span_start[sp->task + 2]++;
    }
  for (guint t = 2; t < n_tasks + 2; t++)
    self->task_span_start[t] += self->task_span_start[t - 1];
  for (guint i = 0; i < trace->spans->len; i++)
    {
      const WeftVisandorSpan *sp = &g_array_index (trace->spans, WeftVisandorSpan, i);

      if (sp->task != WEFT_VISANDOR_NONE)
        self->task_spans[self->task_span_start[sp->task + 1]++] = i;
    }
  return TRUE;
}

/* Columns for what is shown: a collapsed node takes one column and hides its
 * subtree. Also the preorder of the shown nodes with, for each, where its
 * subtree ends (drawing skips summarised subtrees with it). */
static gboolean
build_layout (WeftVisandorTreeRenderer *self,
              GCancellable             *cancellable)
{
  const WeftVisandorTrace *trace = weft_visandor_dataset_get_trace (self->dataset);
  guint n_tasks = trace->tasks->len, n_nodes = trace->nodes->len;
  g_autoptr(GArray) stack = g_array_new (FALSE, FALSE, sizeof (Step));
  g_autoptr(GArray) scratch = g_array_new (FALSE, FALSE, sizeof (guint32));
  g_autofree guint32 *position = g_new (guint32, MAX (n_nodes, 1));
  guint32 next = 0;
  guint64 steps = 0;

  clear_layout (self, NULL);
  self->task_column = g_new (guint32, MAX (n_tasks, 1));
  self->node_column = g_new (guint32, MAX (n_nodes, 1));
  self->node_last = g_new (guint32, MAX (n_nodes, 1));
  self->node_span_end = g_new0 (guint32, MAX (n_nodes, 1));
  self->preorder = g_new (guint32, MAX (n_nodes, 1));
  self->preorder_skip = g_new (guint32, MAX (n_nodes, 1));
  memset (self->task_column, 0xff, MAX (n_tasks, 1) * sizeof (guint32));
  memset (self->node_column, 0xff, MAX (n_nodes, 1) * sizeof (guint32));
  memset (self->node_last, 0xff, MAX (n_nodes, 1) * sizeof (guint32));

  PUSH_LIST (stack, scratch, trace->first_root, weft_visandor_trace_node (trace, i_)->next_sibling, ENTER_NODE);
  while (stack->len > 0)
    {
      Step step = g_array_index (stack, Step, stack->len - 1);

      g_array_set_size (stack, stack->len - 1);
      if (CANCELLED (steps, cancellable))
        return FALSE;
      switch (step.what)
        {
        case ENTER_NODE:
          {
            const WeftVisandorNode *n = weft_visandor_trace_node (trace, step.index);
            Step leave = { LEAVE_NODE, step.index };

            position[step.index] = self->n_preorder;
            self->preorder[self->n_preorder++] = step.index;
            g_array_append_val (stack, leave);
            self->node_column[step.index] = next;
            if (n->first_task == WEFT_VISANDOR_NONE || self->collapsed[step.index])
              {
                self->node_last[step.index] = next;
                next++;
              }
            else
              PUSH_LIST (stack, scratch, n->first_task, weft_visandor_trace_task (trace, i_)->next_sibling, ENTER_TASK);
          }
          break;

        case ENTER_TASK:
          {
            const WeftVisandorTask *t = weft_visandor_trace_task (trace, step.index);
            Step leave = { LEAVE_TASK, step.index };

            self->task_column[step.index] = next;
            g_array_append_val (stack, leave);
            PUSH_LIST (stack, scratch, t->first_node, weft_visandor_trace_node (trace, i_)->next_sibling, ENTER_NODE);
          }
          break;

        case LEAVE_NODE:
          self->preorder_skip[position[step.index]] = self->n_preorder;
          self->node_span_end[step.index] = next;
          break;

        case LEAVE_TASK:
        default:
          if (next == self->task_column[step.index])
            next++;
          break;
        }
    }

  for (guint i = 0; i < n_nodes; i++)
    {
      const WeftVisandorNode *n = weft_visandor_trace_node (trace, i);

      if (self->node_column[i] != HIDDEN && !self->collapsed[i] && n->last_task != WEFT_VISANDOR_NONE)
        self->node_last[i] = self->task_column[n->last_task];
    }
  self->n_columns = next;

  /* Shown tasks by column, for hit tests. */
  self->column_start = g_new0 (guint32, next + 2);
  self->column_tasks = g_new (guint32, MAX (n_tasks, 1));
  for (guint i = 0; i < n_tasks; i++)
    if (self->task_column[i] != HIDDEN)
      self->column_start[self->task_column[i] + 2]++;
  for (guint c = 2; c < next + 2; c++)
    self->column_start[c] += self->column_start[c - 1];
  for (guint i = 0; i < n_tasks; i++)
    if (self->task_column[i] != HIDDEN)
      self->column_tasks[self->column_start[self->task_column[i] + 1]++] = i;
  return TRUE;
}

void
weft_visandor_tree_renderer_set_dataset (WeftVisandorTreeRenderer *self,
                                         WeftVisandorDataset      *dataset)
{
  weft_visandor_tree_renderer_lay_out (self, dataset, NULL);
}

/**
 * weft_visandor_tree_renderer_lay_out:
 * @dataset: (nullable): the trace to show
 * @cancellable: (nullable): stops the layout (a big trace's takes seconds)
 *
 * weft_visandor_tree_renderer_set_dataset(), for a worker thread.
 *
 * Returns: %FALSE when cancelled: the renderer then shows nothing
 */
gboolean
weft_visandor_tree_renderer_lay_out (WeftVisandorTreeRenderer *self,
                                     WeftVisandorDataset      *dataset,
                                     GCancellable             *cancellable)
{
  g_return_val_if_fail (WEFT_IS_VISANDOR_TREE_RENDERER (self), FALSE);
  g_return_val_if_fail (dataset == NULL || WEFT_IS_VISANDOR_DATASET (dataset), FALSE);

  if (!g_set_object (&self->dataset, dataset))
    return TRUE;
  clear_layout (self, NULL);
  clear_tree (self, NULL);
  self->begin = 0;
  self->end = 0;
  if (dataset == NULL)
    return TRUE;
  if (!build_tree (self, cancellable) || !build_layout (self, cancellable))
    {
      clear_layout (self, NULL);
      clear_tree (self, NULL);
      g_clear_object (&self->dataset);
      return FALSE;
    }
  self->end = weft_visandor_dataset_get_trace (dataset)->end;
  return TRUE;
}

#define SWAP(a, b) G_STMT_START { __typeof__ (a) swap_tmp = (a); (a) = (b); (b) = swap_tmp; } G_STMT_END

/**
 * weft_visandor_tree_renderer_take_layout:
 * @from: a renderer whose dataset was set (its tree and layout built),
 *   typically in a worker thread: building them for a big trace takes
 *   seconds the main loop should not wait for
 *
 * Makes @from's dataset, tree and layout @self's (@from is left with what
 * @self had). Theme, range, orientation and highlight stay @self's.
 */
void
weft_visandor_tree_renderer_take_layout (WeftVisandorTreeRenderer *self,
                                         WeftVisandorTreeRenderer *from)
{
  g_return_if_fail (WEFT_IS_VISANDOR_TREE_RENDERER (self));
  g_return_if_fail (WEFT_IS_VISANDOR_TREE_RENDERER (from));

  SWAP (self->dataset, from->dataset);
  SWAP (self->collapsed, from->collapsed);
  SWAP (self->node_end, from->node_end);
  SWAP (self->node_tasks, from->node_tasks);
  SWAP (self->task_span_start, from->task_span_start);
  SWAP (self->task_spans, from->task_spans);
  SWAP (self->n_columns, from->n_columns);
  SWAP (self->task_column, from->task_column);
  SWAP (self->node_column, from->node_column);
  SWAP (self->node_last, from->node_last);
  SWAP (self->node_span_end, from->node_span_end);
  SWAP (self->column_start, from->column_start);
  SWAP (self->column_tasks, from->column_tasks);
  SWAP (self->preorder, from->preorder);
  SWAP (self->preorder_skip, from->preorder_skip);
  SWAP (self->n_preorder, from->n_preorder);
  self->begin = 0;
  self->end = self->dataset != NULL ? weft_visandor_dataset_get_trace (self->dataset)->end : 0;
}

#undef SWAP

void
weft_visandor_tree_renderer_set_theme (WeftVisandorTreeRenderer *self,
                                       const WeftRenderTheme    *theme)
{
  g_return_if_fail (WEFT_IS_VISANDOR_TREE_RENDERER (self));

  weft_grid_set_theme (&self->theme, &self->text, theme);
}

/* The visible time range, in trace units; an empty range shows everything. */
void
weft_visandor_tree_renderer_set_range (WeftVisandorTreeRenderer *self,
                                       gint64                    begin,
                                       gint64                    end)
{
  g_return_if_fail (WEFT_IS_VISANDOR_TREE_RENDERER (self));

  if (end <= begin && self->dataset != NULL)
    {
      begin = 0;
      end = MAX (weft_visandor_dataset_get_trace (self->dataset)->end, 1);
    }
  self->begin = begin;
  self->end = end;
}

void
weft_visandor_tree_renderer_set_horizontal (WeftVisandorTreeRenderer *self,
                                            gboolean                  horizontal)
{
  g_return_if_fail (WEFT_IS_VISANDOR_TREE_RENDERER (self));

  self->horizontal = !!horizontal;
}

void
weft_visandor_tree_renderer_set_highlight (WeftVisandorTreeRenderer *self,
                                           guint32                   task)
{
  g_return_if_fail (WEFT_IS_VISANDOR_TREE_RENDERER (self));

  self->highlight = task;
}

guint
weft_visandor_tree_renderer_get_n_columns (WeftVisandorTreeRenderer *self)
{
  g_return_val_if_fail (WEFT_IS_VISANDOR_TREE_RENDERER (self), 0);

  return self->n_columns;
}

guint32
weft_visandor_tree_renderer_get_task_column (WeftVisandorTreeRenderer *self,
                                             guint32                   task)
{
  g_return_val_if_fail (WEFT_IS_VISANDOR_TREE_RENDERER (self), 0);
  g_return_val_if_fail (self->dataset != NULL, 0);
  g_return_val_if_fail (task < weft_visandor_dataset_get_trace (self->dataset)->tasks->len, 0);

  return self->task_column[task];
}

/* Folding ------------------------------------------------------------------------ */

/**
 * weft_visandor_tree_renderer_set_collapsed:
 *
 * Folds @node's subtree into one column (a block from the fork to the last
 * time under it), or unfolds it. A node without tasks has nothing to fold.
 */
void
weft_visandor_tree_renderer_set_collapsed (WeftVisandorTreeRenderer *self,
                                           guint32                   node,
                                           gboolean                  collapsed)
{
  g_return_if_fail (WEFT_IS_VISANDOR_TREE_RENDERER (self));
  g_return_if_fail (self->dataset != NULL);
  g_return_if_fail (node < weft_visandor_dataset_get_trace (self->dataset)->nodes->len);

  if (self->collapsed[node] == !!collapsed)
    return;
  self->collapsed[node] = !!collapsed;
  build_layout (self, NULL);
}

gboolean
weft_visandor_tree_renderer_get_collapsed (WeftVisandorTreeRenderer *self,
                                           guint32                   node)
{
  g_return_val_if_fail (WEFT_IS_VISANDOR_TREE_RENDERER (self), FALSE);
  g_return_val_if_fail (self->dataset != NULL, FALSE);
  g_return_val_if_fail (node < weft_visandor_dataset_get_trace (self->dataset)->nodes->len, FALSE);

  return self->collapsed[node];
}

/* Unfolds every node. */
void
weft_visandor_tree_renderer_expand_all (WeftVisandorTreeRenderer *self)
{
  g_return_if_fail (WEFT_IS_VISANDOR_TREE_RENDERER (self));

  if (self->dataset == NULL)
    return;
  memset (self->collapsed, 0, MAX (weft_visandor_dataset_get_trace (self->dataset)->nodes->len, 1));
  build_layout (self, NULL);
}

/**
 * weft_visandor_tree_renderer_collapse_others:
 *
 * Folds everything but @node's subtree and the forks above it: every root
 * and every fork made beside that path is folded, @node and its ancestors
 * are unfolded. The drill-down of a tree too wide to show: the kept subtree
 * gets nearly all the columns.
 */
void
weft_visandor_tree_renderer_collapse_others (WeftVisandorTreeRenderer *self,
                                             guint32                   node)
{
  const WeftVisandorTrace *trace;
  g_autofree guint8 *on_path = NULL;

  g_return_if_fail (WEFT_IS_VISANDOR_TREE_RENDERER (self));
  g_return_if_fail (self->dataset != NULL);
  trace = weft_visandor_dataset_get_trace (self->dataset);
  g_return_if_fail (node < trace->nodes->len);

  on_path = g_new0 (guint8, trace->nodes->len);
  for (guint32 i = node; i != WEFT_VISANDOR_NONE;)
    {
      guint32 task = weft_visandor_trace_node (trace, i)->parent;

      on_path[i] = 1;
      i = task != WEFT_VISANDOR_NONE ? weft_visandor_trace_task (trace, task)->node : WEFT_VISANDOR_NONE;
    }
  for (guint i = 0; i < trace->nodes->len; i++)
    {
      const WeftVisandorNode *n = weft_visandor_trace_node (trace, i);
      guint32 parent = n->parent != WEFT_VISANDOR_NONE ? weft_visandor_trace_task (trace, n->parent)->node
                                                       : WEFT_VISANDOR_NONE;

      if (on_path[i])
        self->collapsed[i] = FALSE;
      else if (parent == WEFT_VISANDOR_NONE || on_path[parent])
        self->collapsed[i] = i != node;
    }
  /* Inside the kept subtree nothing is folded by this. */
  build_layout (self, NULL);
}

/* Goals or branches in @node's subtree, folded or not. */
guint
weft_visandor_tree_renderer_get_subtree_tasks (WeftVisandorTreeRenderer *self,
                                               guint32                   node)
{
  g_return_val_if_fail (WEFT_IS_VISANDOR_TREE_RENDERER (self), 0);
  g_return_val_if_fail (self->dataset != NULL, 0);
  g_return_val_if_fail (node < weft_visandor_dataset_get_trace (self->dataset)->nodes->len, 0);

  return self->node_tasks[node];
}

guint32
weft_visandor_agent_color (guint row)
{
  return weft_palette_get_color (row % weft_palette_get_size ());
}

/* Geometry -------------------------------------------------------------------- */

void
weft_visandor_tree_renderer_get_plot (WeftVisandorTreeRenderer *self,
                                      double                    width,
                                      double                    height,
                                      cairo_rectangle_t        *plot)
{
  g_return_if_fail (WEFT_IS_VISANDOR_TREE_RENDERER (self));

  /* The time axis on the left (vertical) or at the bottom (horizontal), the
   * legend along the top. */
  if (self->horizontal)
    *plot = (cairo_rectangle_t) { MARGIN, MARGIN + LEGEND_SIZE, width - 2 * MARGIN,
                                  height - 2 * MARGIN - LEGEND_SIZE - AXIS_SIZE / 2 };
  else
    *plot = (cairo_rectangle_t) { MARGIN + AXIS_SIZE, MARGIN + LEGEND_SIZE, width - 2 * MARGIN - AXIS_SIZE,
                                  height - 2 * MARGIN - LEGEND_SIZE };
  plot->width = MAX (plot->width, 1);
  plot->height = MAX (plot->height, 1);
}

static double
time_extent (WeftVisandorTreeRenderer *self,
             const cairo_rectangle_t  *plot)
{
  return self->horizontal ? plot->width : plot->height;
}

double
weft_visandor_tree_renderer_time_to_pos (WeftVisandorTreeRenderer *self,
                                         const cairo_rectangle_t  *plot,
                                         gint64                    time)
{
  double span = (double)MAX (self->end - self->begin, 1);
  double offset = (double)(time - self->begin) / span * time_extent (self, plot);

  return (self->horizontal ? plot->x : plot->y) + offset;
}

gint64
weft_visandor_tree_renderer_pos_to_time (WeftVisandorTreeRenderer *self,
                                         const cairo_rectangle_t  *plot,
                                         double                    pos)
{
  double span = (double)MAX (self->end - self->begin, 1);
  double offset = pos - (self->horizontal ? plot->x : plot->y);

  return self->begin + (gint64)llround (offset / time_extent (self, plot) * span);
}

static double
column_to_pos (WeftVisandorTreeRenderer *self,
               const cairo_rectangle_t  *plot,
               guint32                   column)
{
  double extent = self->horizontal ? plot->height : plot->width;
  double origin = self->horizontal ? plot->y : plot->x;

  return origin + (column + 0.5) * extent / MAX (self->n_columns, 1);
}

static void
point (WeftVisandorTreeRenderer *self,
       const cairo_rectangle_t  *plot,
       double                    lat,
       gint64                    time,
       double                   *x,
       double                   *y)
{
  double t = weft_visandor_tree_renderer_time_to_pos (self, plot, time);

  *x = self->horizontal ? t : lat;
  *y = self->horizontal ? lat : t;
}

/* Drawing --------------------------------------------------------------------- */

static void
set_agent_source (WeftVisandorTreeRenderer *self,
                  cairo_t                  *cr,
                  guint32                   agent)
{
  guint row = weft_visandor_dataset_get_agent_row (self->dataset, agent);
  WeftRgba rgba = weft_rgba_from_uint (weft_visandor_agent_color (row == G_MAXUINT ? 0 : row));

  weft_rgba_set_source (cr, &rgba);
}

static void
draw_outcome (WeftVisandorTreeRenderer *self,
              cairo_t                  *cr,
              double                    x,
              double                    y,
              WeftVisandorOutcome       outcome)
{
  WeftRgba rgba;

  /* No line from wherever text left the current point to the arc. */
  cairo_new_path (cr);
  switch (outcome)
    {
    case WEFT_VISANDOR_SUCCESS:
      rgba = weft_rgba_from_uint (0x26a269ff);
      weft_rgba_set_source (cr, &rgba);
      cairo_arc (cr, x, y, 3, 0, 2 * G_PI);
      cairo_fill (cr);
      break;
    case WEFT_VISANDOR_FAILURE:
      rgba = weft_rgba_from_uint (0xe01b24ff);
      weft_rgba_set_source (cr, &rgba);
      cairo_move_to (cr, x - 3, y - 3);
      cairo_line_to (cr, x + 3, y + 3);
      cairo_move_to (cr, x + 3, y - 3);
      cairo_line_to (cr, x - 3, y + 3);
      cairo_set_line_width (cr, 1.5);
      cairo_stroke (cr);
      break;
    case WEFT_VISANDOR_CUT:
      rgba = weft_rgba_from_uint (0x9141acff);
      weft_rgba_set_source (cr, &rgba);
      cairo_move_to (cr, x - 4, y);
      cairo_line_to (cr, x + 4, y);
      cairo_set_line_width (cr, 2);
      cairo_stroke (cr);
      break;
    case WEFT_VISANDOR_SUSPENDED:
      rgba = weft_rgba_from_uint (0xe5a50aff);
      weft_rgba_set_source (cr, &rgba);
      cairo_arc (cr, x, y, 3, 0, 2 * G_PI);
      cairo_set_line_width (cr, 1.5);
      cairo_stroke (cr);
      break;
    case WEFT_VISANDOR_RUNNING:
    case WEFT_VISANDOR_FINISHED:
    case WEFT_VISANDOR_N_OUTCOMES:
    default:
      break;
    }
}

static char *
format_time (gint64 us)
{
  if (us == 0)
    return g_strdup ("0");
  if (us % 1000000 == 0)
    return g_strdup_printf ("%lld s", (long long)(us / 1000000));
  if (us % 1000 == 0)
    return g_strdup_printf ("%lld ms", (long long)(us / 1000));
  return g_strdup_printf ("%lld µs", (long long)us);
}

static void
draw_axis (WeftVisandorTreeRenderer *self,
           cairo_t                  *cr,
           PangoLayout              *layout,
           const cairo_rectangle_t  *plot)
{
  gint64 span = MAX (self->end - self->begin, 1);
  double extent = time_extent (self, plot);
  static const gint64 factors[] = { 1, 2, 5 };
  gint64 step = 1;

  /* A 1-2-5 step giving about one tick per 60 px. */
  for (gint64 power = 1; power < G_MAXINT64 / 10; power *= 10)
    {
      guint i;

      for (i = 0; i < G_N_ELEMENTS (factors); i++)
        if ((double)(factors[i] * power) / span * extent >= 60)
          break;
      if (i < G_N_ELEMENTS (factors))
        {
          step = factors[i] * power;
          break;
        }
    }
  weft_rgba_set_source (cr, &self->theme.dim);
  cairo_set_line_width (cr, 1);
  for (gint64 t = (self->begin + step - 1) / step * step; t <= self->end; t += step)
    {
      g_autofree char *label = format_time (t);
      double pos = weft_visandor_tree_renderer_time_to_pos (self, plot, t);

      if (self->horizontal)
        {
          cairo_move_to (cr, pos + 0.5, plot->y + plot->height);
          cairo_line_to (cr, pos + 0.5, plot->y + plot->height + 4);
          cairo_stroke (cr);
          weft_grid_show_text (cr, layout, label, pos + 2, plot->y + plot->height + 4, &self->theme.dim);
        }
      else
        {
          cairo_move_to (cr, plot->x - 4, pos + 0.5);
          cairo_line_to (cr, plot->x, pos + 0.5);
          cairo_stroke (cr);
          weft_grid_show_text (cr, layout, label, MARGIN, pos - 6, &self->theme.dim);
        }
    }
}

/* The marks' legend, right-aligned: the outcomes drawn in this frame
 * (@drawn: a bit per WeftVisandorOutcome). Returns its left edge. */
static double
draw_mark_legend (WeftVisandorTreeRenderer *self,
                  cairo_t                  *cr,
                  PangoLayout              *layout,
                  double                    width,
                  guint                     drawn)
{
  static const struct {
    WeftVisandorOutcome outcome;
    const char         *label;
  } marks[] = {
    { WEFT_VISANDOR_SUCCESS, N_("success") },
    { WEFT_VISANDOR_FAILURE, N_("failure") },
    { WEFT_VISANDOR_CUT, N_("cut") },
    { WEFT_VISANDOR_SUSPENDED, N_("suspended") },
  };
  double x = width - MARGIN;

  for (int i = G_N_ELEMENTS (marks) - 1; i >= 0; i--)
    {
      const char *label = _(marks[i].label);
      int w;

      if (!(drawn & (1u << marks[i].outcome)))
        continue;
      weft_grid_text_measure (self->text, label, &w, NULL);
      x -= w;
      weft_grid_show_text (cr, layout, label, x, MARGIN, &self->theme.foreground);
      x -= 14;
      draw_outcome (self, cr, x + 5, MARGIN + 8, marks[i].outcome);
      x -= 12;
    }
  return x;
}

/* Agents by colour from the left, then the marks drawn (@drawn) at the right. */
static void
draw_legend (WeftVisandorTreeRenderer *self,
             cairo_t                  *cr,
             PangoLayout              *layout,
             double                    width,
             guint                     drawn)
{
  guint n = weft_visandor_dataset_get_n_agents (self->dataset);
  double x = MARGIN;
  double right = drawn != 0 ? draw_mark_legend (self, cr, layout, width, drawn) : width - MARGIN;

  for (guint row = 0; row < n; row++)
    {
      g_autofree char *label = g_strdup_printf (_("agent %u"), weft_visandor_dataset_get_row_agent (self->dataset, row));
      WeftRgba rgba = weft_rgba_from_uint (weft_visandor_agent_color (row));
      int w;

      weft_grid_text_measure (self->text, label, &w, NULL);
      if (x + 14 + w > right)
        {
          weft_grid_show_text (cr, layout, "…", x, MARGIN, &self->theme.dim);
          break;
        }
      weft_rgba_set_source (cr, &rgba);
      cairo_rectangle (cr, x, MARGIN + 3, 10, 10);
      cairo_fill (cr);
      weft_grid_show_text (cr, layout, label, x + 14, MARGIN, &self->theme.foreground);
      x += 14 + w + 12;
    }
}

/* Level of detail ---------------------------------------------------------------- */

/* Segment kinds, the high bits of Segment.key (the agent is in the low). */
enum
{
  SEG_LIFE,       /* a suspended task's whole life, dashed */
  SEG_PIECE,      /* a piece of work, in its agent's colour */
  SEG_SLAVE,      /* an Andorra-I slave beside its branch */
  SEG_HIGHLIGHT,  /* a piece of the highlighted task */
  SEG_BAR,        /* a fork or choice point across its children */
  SEG_JOIN,       /* its join, dashed */
};

#define SEG_KEY(kind, agent) (((guint32)(kind) << 28) | ((agent) & 0x0fffffff))
#define SEG_KIND(key)        ((key) >> 28)
#define SEG_AGENT(key)       ((key) & 0x0fffffff)

static void
add_segment (WeftVisandorTreeRenderer *self,
             guint32                   key,
             double                    lat,
             double                    a,
             double                    b)
{
  Segment seg = { key, (float)lat, (float)a, (float)b };

  g_array_append_val (self->segments, seg);
}

/* Along time at @lat from @t0 to @t1, never shorter than a pixel (an instant
 * task still shows). */
static void
add_time_segment (WeftVisandorTreeRenderer *self,
                  const cairo_rectangle_t  *plot,
                  guint32                   key,
                  double                    lat,
                  gint64                    t0,
                  gint64                    t1)
{
  double a = weft_visandor_tree_renderer_time_to_pos (self, plot, MAX (t0, self->begin - 1));
  double b = weft_visandor_tree_renderer_time_to_pos (self, plot, MIN (t1, self->end + 1));

  add_segment (self, key, lat, a, MAX (b, a + 1));
}

/* Walks the shown nodes, parents first, and collects what to draw: a subtree
 * folded by the user, or narrower than SUMMARY_PX, becomes a box and its
 * insides are skipped; elsewhere each fork bar, join, task life and piece
 * becomes a segment, to be stroked in batches of one colour. The walk is
 * bounded by what fits on screen, not by the size of the tree. */
static void
collect (WeftVisandorTreeRenderer *self,
         const cairo_rectangle_t  *plot,
         double                    line)
{
  const WeftVisandorTrace *trace = weft_visandor_dataset_get_trace (self->dataset);
  double extent = self->horizontal ? plot->height : plot->width;
  double half = extent / MAX (self->n_columns, 1) / 2;

  g_array_set_size (self->segments, 0);
  g_array_set_size (self->boxes, 0);
  for (guint32 k = 0; k < self->n_preorder;)
    {
      guint32 i = self->preorder[k];
      const WeftVisandorNode *n = weft_visandor_trace_node (trace, i);
      double lat0 = column_to_pos (self, plot, self->node_column[i]);
      double lat1 = column_to_pos (self, plot, self->node_last[i]);
      /* The whole subtree's columns, beyond its bar's last task. */
      double span_end = column_to_pos (self, plot, self->node_span_end[i] - 1) + half;
      double t;

      if (n->time > self->end || self->node_end[i] < self->begin)
        {
          k = self->preorder_skip[k];
          continue;
        }
      if (n->first_task != WEFT_VISANDOR_NONE &&
          (self->collapsed[i] || (span_end - (lat0 - half) < SUMMARY_PX && self->node_tasks[i] > 1)))
        {
          Box box = { i, (float)(lat0 - half), (float)span_end,
                      (float)weft_visandor_tree_renderer_time_to_pos (self, plot, MAX (n->time, self->begin - 1)),
                      (float)weft_visandor_tree_renderer_time_to_pos (self, plot, MIN (self->node_end[i], self->end + 1)) };

          g_array_append_val (self->boxes, box);
          k = self->preorder_skip[k];
          continue;
        }

      t = weft_visandor_tree_renderer_time_to_pos (self, plot, n->time);
      if (n->time >= self->begin)
        add_segment (self, SEG_KEY (SEG_BAR, 0), t, lat0 - line, lat1 + line);
      if (n->join_time >= self->begin && n->join_time <= self->end)
        add_segment (self, SEG_KEY (SEG_JOIN, 0), weft_visandor_tree_renderer_time_to_pos (self, plot, n->join_time),
                     lat0 - line, lat1 + line);

      for (guint32 ti = n->first_task; ti != WEFT_VISANDOR_NONE; ti = weft_visandor_trace_task (trace, ti)->next_sibling)
        {
          const WeftVisandorTask *task = weft_visandor_trace_task (trace, ti);
          gint64 end = task->end >= 0 ? task->end : trace->end;
          double lat = column_to_pos (self, plot, self->task_column[ti]);

          if (end < self->begin || task->start > self->end)
            continue;
          /* The gaps between its pieces are the time it was suspended. */
          if (task->n_suspends > 0)
            add_time_segment (self, plot, SEG_KEY (SEG_LIFE, 0), lat, task->start, end);
          for (guint32 j = self->task_span_start[ti]; j < self->task_span_start[ti + 1]; j++)
            {
              const WeftVisandorSpan *sp = &g_array_index (trace->spans, WeftVisandorSpan, self->task_spans[j]);

              if (sp->end < self->begin || sp->begin > self->end)
                continue;
              if (sp->kind == WEFT_VISANDOR_SPAN_SLAVE)
                add_time_segment (self, plot, SEG_KEY (SEG_SLAVE, sp->agent), lat + line + 1, sp->begin, sp->end);
              else
                add_time_segment (self, plot, SEG_KEY (ti == self->highlight ? SEG_HIGHLIGHT : SEG_PIECE, sp->agent),
                                  lat, sp->begin, sp->end);
            }
        }
      k++;
    }
}

static int
compare_segments (gconstpointer a,
                  gconstpointer b)
{
  guint32 x = ((const Segment *)a)->key, y = ((const Segment *)b)->key;

  return (x > y) - (x < y);
}

static void
segment_path (WeftVisandorTreeRenderer *self,
              cairo_t                  *cr,
              const Segment            *seg)
{
  gboolean across = SEG_KIND (seg->key) == SEG_BAR || SEG_KIND (seg->key) == SEG_JOIN;
  /* Bars and joins run across time at time position lat. */
  gboolean along_x = self->horizontal != across;

  if (along_x)
    {
      cairo_move_to (cr, seg->a, seg->lat);
      cairo_line_to (cr, seg->b, seg->lat);
    }
  else
    {
      cairo_move_to (cr, seg->lat, seg->a);
      cairo_line_to (cr, seg->lat, seg->b);
    }
}

/* Strokes the collected segments, one path per kind and colour, over the
 * boxes; then the outcome and suspension marks where columns are wide
 * enough to tell them apart. */
static void
draw_collected (WeftVisandorTreeRenderer *self,
                cairo_t                  *cr,
                double                    line)
{
  const WeftVisandorTrace *trace = weft_visandor_dataset_get_trace (self->dataset);
  const Segment *segs;
  guint n;

  for (guint b = 0; b < self->boxes->len; b++)
    {
      const Box *box = &g_array_index (self->boxes, Box, b);
      const WeftVisandorNode *node = weft_visandor_trace_node (trace, box->node);
      double lat0 = box->lat0, lat1 = MAX (box->lat1, box->lat0 + 1.5);
      double len = MAX (box->b - box->a, 1.5);

      set_agent_source (self, cr, node->agent);
      if (self->horizontal)
        cairo_rectangle (cr, box->a, lat0, len, lat1 - lat0);
      else
        cairo_rectangle (cr, lat0, box->a, lat1 - lat0, len);
      if (self->collapsed[box->node])
        {
          /* Folded by the user: solid, outlined. */
          cairo_fill_preserve (cr);
          weft_rgba_set_source (cr, &self->theme.foreground);
          cairo_set_line_width (cr, 1);
          cairo_stroke (cr);
        }
      else
        {
          cairo_save (cr);
          cairo_clip (cr);
          cairo_paint_with_alpha (cr, 0.5);
          cairo_restore (cr);
        }
    }

  g_array_sort (self->segments, compare_segments);
  segs = (const Segment *)(gconstpointer)self->segments->data;
  n = self->segments->len;
  for (guint i = 0; i < n;)
    {
      guint32 key = segs[i].key;
      guint kind = SEG_KIND (key);
      guint j;

      switch (kind)
        {
        case SEG_LIFE:
          {
            const double dash[] = { 2, 2 };

            weft_rgba_set_source (cr, &self->theme.dim);
            cairo_set_dash (cr, dash, 2, 0);
            cairo_set_line_width (cr, MAX (line / 2, 0.5));
          }
          break;
        case SEG_SLAVE:
          set_agent_source (self, cr, SEG_AGENT (key));
          cairo_set_line_width (cr, MAX (line / 2, 0.5));
          break;
        case SEG_HIGHLIGHT:
          set_agent_source (self, cr, SEG_AGENT (key));
          cairo_set_line_width (cr, line + 2);
          break;
        case SEG_BAR:
          weft_rgba_set_source (cr, &self->theme.foreground);
          cairo_set_line_width (cr, MAX (line, 1.5));
          break;
        case SEG_JOIN:
          {
            const double dash[] = { 3, 2 };

            weft_rgba_set_source (cr, &self->theme.foreground);
            cairo_set_dash (cr, dash, 2, 0);
            cairo_set_line_width (cr, 1);
          }
          break;
        case SEG_PIECE:
        default:
          set_agent_source (self, cr, SEG_AGENT (key));
          cairo_set_line_width (cr, line);
          break;
        }
      for (j = i; j < n && segs[j].key == key; j++)
        segment_path (self, cr, &segs[j]);
      cairo_stroke (cr);
      cairo_set_dash (cr, NULL, 0, 0);
      i = j;
    }
}

/* Outcome marks at the ends of the shown tasks, suspension marks where a
 * branch stopped: only where columns are wide enough to tell them apart
 * (then nothing is summarised, and only folded subtrees are hidden). */
static guint
draw_marks (WeftVisandorTreeRenderer *self,
            cairo_t                  *cr,
            const cairo_rectangle_t  *plot)
{
  const WeftVisandorTrace *trace = weft_visandor_dataset_get_trace (self->dataset);
  double extent = self->horizontal ? plot->height : plot->width;
  guint drawn = 0;

  if (extent / MAX (self->n_columns, 1) < MARKS_PX)
    return 0;

  for (guint i = 0; i < trace->tasks->len; i++)
    {
      const WeftVisandorTask *t = weft_visandor_trace_task (trace, i);
      double x, y;

      if (self->task_column[i] == HIDDEN || t->end < self->begin || t->end > self->end)
        continue;
      point (self, plot, column_to_pos (self, plot, self->task_column[i]), t->end, &x, &y);
      draw_outcome (self, cr, x, y, t->outcome);
      drawn |= 1u << t->outcome;
    }
  for (guint i = 0; i < trace->migrations->len; i++)
    {
      const WeftVisandorHandoff *m = &g_array_index (trace->migrations, WeftVisandorHandoff, i);
      double x, y;

      if (self->task_column[m->task] == HIDDEN || m->from_time < self->begin || m->from_time > self->end)
        continue;
      point (self, plot, column_to_pos (self, plot, self->task_column[m->task]), m->from_time, &x, &y);
      draw_outcome (self, cr, x, y, WEFT_VISANDOR_SUSPENDED);
      drawn |= 1u << WEFT_VISANDOR_SUSPENDED;
    }
  return drawn;
}

void
weft_visandor_tree_renderer_draw (WeftVisandorTreeRenderer *self,
                                  cairo_t                  *cr,
                                  double                    width,
                                  double                    height)
{
  g_autoptr(PangoLayout) layout = NULL;
  cairo_rectangle_t plot;
  double line = 2;
  guint drawn;

  g_return_if_fail (WEFT_IS_VISANDOR_TREE_RENDERER (self));

  weft_rgba_set_source (cr, &self->theme.background);
  cairo_paint (cr);
  if (self->dataset == NULL)
    return;

  weft_grid_text_ensure (&self->text, self->theme.font);
  layout = weft_grid_create_layout (cr, self->text);
  weft_visandor_tree_renderer_get_plot (self, width, height, &plot);
  draw_axis (self, cr, layout, &plot);

  cairo_save (cr);
  cairo_rectangle (cr, plot.x - 4, plot.y - 4, plot.width + 8, plot.height + 8);
  cairo_clip (cr);
  /* Thinner lines when columns are narrow. */
  line = CLAMP ((self->horizontal ? plot.height : plot.width) / MAX (self->n_columns, 1) * 0.5, 0.5, 2.0);
  cairo_set_line_cap (cr, CAIRO_LINE_CAP_BUTT);

  collect (self, &plot, line);
  draw_collected (self, cr, line);
  drawn = draw_marks (self, cr, &plot);
  cairo_restore (cr);
  /* Last: it lists the marks this frame drew. */
  draw_legend (self, cr, layout, width, drawn);
}

/* Hit test -------------------------------------------------------------------- */

gboolean
weft_visandor_tree_renderer_hit_test (WeftVisandorTreeRenderer *self,
                                      double                    width,
                                      double                    height,
                                      double                    x,
                                      double                    y,
                                      WeftVisandorHit          *hit)
{
  const WeftVisandorTrace *trace;
  cairo_rectangle_t plot;
  double lat, pos, extent, column_width;
  gint64 tolerance;
  gint64 time;
  gint64 column;

  g_return_val_if_fail (WEFT_IS_VISANDOR_TREE_RENDERER (self), FALSE);
  g_return_val_if_fail (hit != NULL, FALSE);

  hit->task = WEFT_VISANDOR_NONE;
  hit->node = WEFT_VISANDOR_NONE;
  hit->block = FALSE;
  if (self->dataset == NULL || self->n_columns == 0)
    return FALSE;

  trace = weft_visandor_dataset_get_trace (self->dataset);
  weft_visandor_tree_renderer_get_plot (self, width, height, &plot);
  lat = self->horizontal ? y - plot.y : x - plot.x;
  pos = self->horizontal ? x : y;
  extent = self->horizontal ? plot.height : plot.width;
  column_width = extent / self->n_columns;
  time = weft_visandor_tree_renderer_pos_to_time (self, &plot, pos);
  tolerance = (gint64)ceil (HIT_TOLERANCE / time_extent (self, &plot) * MAX (self->end - self->begin, 1));

  /* A folded or summarised block, or a fork bar (it lies across the task
   * lines): walked as drawn, skipping what a block hides. */
  for (guint32 k = 0; k < self->n_preorder;)
    {
      guint32 i = self->preorder[k];
      const WeftVisandorNode *n = weft_visandor_trace_node (trace, i);
      double a = (self->node_column[i] + 0.5) * column_width - HIT_TOLERANCE;
      double b = (self->node_last[i] + 0.5) * column_width + HIT_TOLERANCE;
      double across = (self->node_span_end[i] - self->node_column[i]) * column_width;

      if (n->first_task != WEFT_VISANDOR_NONE &&
          (self->collapsed[i] || (across < SUMMARY_PX && self->node_tasks[i] > 1)))
        {
          if (lat >= self->node_column[i] * column_width - HIT_TOLERANCE &&
              lat <= self->node_span_end[i] * column_width + HIT_TOLERANCE && time >= n->time - tolerance && time <= self->node_end[i] + tolerance)
            {
              hit->node = i;
              hit->block = TRUE;
              return TRUE;
            }
          k = self->preorder_skip[k];
          continue;
        }
      if (lat >= a && lat <= b && time >= n->time - tolerance && time <= n->time + tolerance)
        {
          hit->node = i;
          return TRUE;
        }
      k++;
    }

  column = (gint64)floor (lat / column_width);
  if (column < 0 || column >= self->n_columns || fabs (lat - (column + 0.5) * column_width) > MAX (HIT_TOLERANCE, column_width / 2))
    return FALSE;

  /* The deepest task of that column whose life covers the time. */
  for (guint32 k = self->column_start[column + 1]; k-- > self->column_start[column];)
    {
      guint32 task = self->column_tasks[k];
      const WeftVisandorTask *t = weft_visandor_trace_task (trace, task);

      if (time >= t->start - tolerance && time <= t->end + tolerance)
        {
          hit->task = task;
          return TRUE;
        }
    }

  return FALSE;
}

/**
 * weft_visandor_tree_draw_picture:
 *
 * The exporter's "tree" picture (a #WeftPictureFunc): the whole execution tree
 * or @options->range (in the timeline's nanoseconds).
 */
gboolean
weft_visandor_tree_draw_picture (WeftDataset           *dataset,
                                 const char            *view,
                                 const WeftViewOptions *options,
                                 const WeftRenderTheme *theme,
                                 cairo_t               *cr,
                                 double                 width,
                                 double                 height,
                                 GError               **error)
{
  g_autoptr(WeftVisandorTreeRenderer) renderer = NULL;

  if (!WEFT_IS_VISANDOR_DATASET (dataset))
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_NOT_SUPPORTED,
                   _("The execution tree picture needs a VisAndOr trace"));
      return FALSE;
    }

  renderer = weft_visandor_tree_renderer_new ();
  if (theme != NULL)
    weft_visandor_tree_renderer_set_theme (renderer, theme);
  weft_visandor_tree_renderer_set_dataset (renderer, WEFT_VISANDOR_DATASET (dataset));
  if (options != NULL && options->has_range)
    weft_visandor_tree_renderer_set_range (renderer, options->range.begin / 1000, (options->range.end + 999) / 1000);
  else
    weft_visandor_tree_renderer_set_range (renderer, 0, 0);
  weft_visandor_tree_renderer_draw (renderer, cr, width, height);

  return TRUE;
}
