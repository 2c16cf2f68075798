/* weft-value-filter.c
 *
 * The parser is recursive descent (bounded by MAX_DEPTH) and emits postfix
 * code; matching runs that code on a small fixed stack, so a filter costs a
 * few nanoseconds a cell on a 4096 × 4096 array.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <math.h>
#include <string.h>

#include <glib/gi18n-lib.h>

#include "weft-error.h"
#include "weft-value-filter.h"

#define MAX_DEPTH 64
/* Postfix code of an expression nested at most MAX_DEPTH deep never needs a
 * deeper stack than this. */
#define MAX_STACK (2 * MAX_DEPTH + 4)

typedef enum
{
  OP_NUMBER, OP_VALUE,
  OP_NEG, OP_NOT, OP_ABS, OP_ISNAN, OP_ISINF,
  OP_ADD, OP_SUB, OP_MUL, OP_DIV, OP_MOD,
  OP_LT, OP_LE, OP_GT, OP_GE, OP_EQ, OP_NE,
  OP_AND, OP_OR,
} Op;

typedef struct
{
  Op     op;
  double number;
} Code;

struct _WeftValueFilter
{
  GArray *code;
  guint   max_stack;
};

typedef struct
{
  const char *text;
  const char *p;
  GArray     *code;
  int         depth;
  int         stack;      /* stack height the code so far needs */
  int         max_stack;
  GError    **error;
} Parser;

static gboolean parse_or (Parser *parser);

static void
skip_blanks (Parser *parser)
{
  while (*parser->p == ' ' || *parser->p == '\t')
    parser->p++;
}

static gboolean
fail (Parser     *parser,
      const char *message)
{
  g_set_error (parser->error, WEFT_ERROR, WEFT_ERROR_PARSE, _("column %d: %s"),
               (int)(parser->p - parser->text) + 1, message);
  return FALSE;
}

static void
emit (Parser *parser,
      Op      op,
      double  number)
{
  Code code = { op, number };

  g_array_append_val (parser->code, code);
  if (op == OP_NUMBER || op == OP_VALUE)
    parser->stack++;
  else if (op >= OP_ADD)
    parser->stack--;
  parser->max_stack = MAX (parser->max_stack, parser->stack);
}

static gboolean
accept (Parser     *parser,
        const char *token)
{
  gsize len = strlen (token);

  skip_blanks (parser);
  if (strncmp (parser->p, token, len) != 0)
    return FALSE;
  /* Words end at a non-word character ("inf" is not "info"). */
  if (g_ascii_isalpha (token[0]) && (g_ascii_isalnum (parser->p[len]) || parser->p[len] == '_'))
    return FALSE;
  parser->p += len;
  return TRUE;
}

static gboolean
parse_call (Parser *parser,
            Op      op)
{
  if (!accept (parser, "("))
    return fail (parser, _("“(” expected"));
  if (!parse_or (parser))
    return FALSE;
  if (!accept (parser, ")"))
    return fail (parser, _("“)” expected"));
  emit (parser, op, 0);
  return TRUE;
}

static gboolean
parse_primary (Parser *parser)
{
  char *end = NULL;
  double number;

  skip_blanks (parser);
  if (accept (parser, "$value"))
    {
      emit (parser, OP_VALUE, 0);
      return TRUE;
    }
  if (accept (parser, "nan"))
    {
      emit (parser, OP_NUMBER, NAN);
      return TRUE;
    }
  if (accept (parser, "inf"))
    {
      emit (parser, OP_NUMBER, INFINITY);
      return TRUE;
    }
  if (accept (parser, "abs"))
    return parse_call (parser, OP_ABS);
  if (accept (parser, "isnan"))
    return parse_call (parser, OP_ISNAN);
  if (accept (parser, "isinf"))
    return parse_call (parser, OP_ISINF);
  if (accept (parser, "("))
    {
      if (!parse_or (parser))
        return FALSE;
      if (!accept (parser, ")"))
        return fail (parser, _("“)” expected"));
      return TRUE;
    }
  if (g_ascii_isdigit (*parser->p) || *parser->p == '.')
    {
      number = g_ascii_strtod (parser->p, &end);
      if (end != parser->p)
        {
          parser->p = end;
          emit (parser, OP_NUMBER, number);
          return TRUE;
        }
    }
  if (*parser->p == '\0')
    return fail (parser, _("the expression ends too soon"));
  return fail (parser, _("a number, $value or “(” expected"));
}

static gboolean
parse_unary (Parser *parser)
{
  gboolean ok;

  if (++parser->depth > MAX_DEPTH)
    return fail (parser, _("the expression is nested too deeply"));

  if (accept (parser, "-"))
    {
      ok = parse_unary (parser);
      if (ok)
        emit (parser, OP_NEG, 0);
    }
  else if (accept (parser, "+"))
    ok = parse_unary (parser);
  else
    ok = parse_primary (parser);

  parser->depth--;
  return ok;
}

static gboolean
parse_product (Parser *parser)
{
  if (!parse_unary (parser))
    return FALSE;
  for (;;)
    {
      Op op;

      if (accept (parser, "*"))
        op = OP_MUL;
      else if (accept (parser, "/"))
        op = OP_DIV;
      else if (accept (parser, "%"))
        op = OP_MOD;
      else
        return TRUE;
      if (!parse_unary (parser))
        return FALSE;
      emit (parser, op, 0);
    }
}

static gboolean
parse_sum (Parser *parser)
{
  if (!parse_product (parser))
    return FALSE;
  for (;;)
    {
      Op op;

      if (accept (parser, "+"))
        op = OP_ADD;
      else if (accept (parser, "-"))
        op = OP_SUB;
      else
        return TRUE;
      if (!parse_product (parser))
        return FALSE;
      emit (parser, op, 0);
    }
}

static gboolean
parse_compare (Parser *parser)
{
  Op op;

  if (!parse_sum (parser))
    return FALSE;

  /* Two-character operators first. */
  if (accept (parser, "<="))
    op = OP_LE;
  else if (accept (parser, ">="))
    op = OP_GE;
  else if (accept (parser, "=="))
    op = OP_EQ;
  else if (accept (parser, "!="))
    op = OP_NE;
  else if (accept (parser, "<"))
    op = OP_LT;
  else if (accept (parser, ">"))
    op = OP_GT;
  else
    return TRUE;

  if (!parse_sum (parser))
    return FALSE;
  emit (parser, op, 0);
  return TRUE;
}

static gboolean
parse_not (Parser *parser)
{
  gboolean ok;

  if (++parser->depth > MAX_DEPTH)
    return fail (parser, _("the expression is nested too deeply"));

  skip_blanks (parser);
  if (parser->p[0] == '!' && parser->p[1] != '=')
    {
      parser->p++;
      ok = parse_not (parser);
      if (ok)
        emit (parser, OP_NOT, 0);
    }
  else
    ok = parse_compare (parser);

  parser->depth--;
  return ok;
}

static gboolean
parse_and (Parser *parser)
{
  if (!parse_not (parser))
    return FALSE;
  while (accept (parser, "&&"))
    {
      if (!parse_not (parser))
        return FALSE;
      emit (parser, OP_AND, 0);
    }
  return TRUE;
}

static gboolean
parse_or (Parser *parser)
{
  gboolean ok;

  if (++parser->depth > MAX_DEPTH)
    return fail (parser, _("the expression is nested too deeply"));

  ok = parse_and (parser);
  while (ok && accept (parser, "||"))
    {
      ok = parse_and (parser);
      if (ok)
        emit (parser, OP_OR, 0);
    }

  parser->depth--;
  return ok;
}

/**
 * weft_value_filter_parse:
 *
 * Returns: (transfer full): the compiled filter, or %NULL with @error set
 *   (naming the column) when @text is not an expression.
 */
WeftValueFilter *
weft_value_filter_parse (const char  *text,
                         GError     **error)
{
  g_autoptr(GArray) code = g_array_new (FALSE, FALSE, sizeof (Code));
  Parser parser = { text, text, code, 0, 0, 0, error };
  WeftValueFilter *self;

  g_return_val_if_fail (text != NULL, NULL);

  if (!parse_or (&parser))
    return NULL;
  skip_blanks (&parser);
  if (*parser.p != '\0')
    {
      fail (&parser, _("unexpected text after the expression"));
      return NULL;
    }
  g_assert (parser.max_stack <= MAX_STACK);

  self = g_new0 (WeftValueFilter, 1);
  self->code = g_steal_pointer (&code);
  self->max_stack = parser.max_stack;
  return self;
}

void
weft_value_filter_free (WeftValueFilter *self)
{
  if (self == NULL)
    return;
  g_array_unref (self->code);
  g_free (self);
}

static inline gboolean
truth (double value)
{
  return value != 0.0 && !isnan (value);
}

gboolean
weft_value_filter_match (const WeftValueFilter *self,
                         double                 value)
{
  double stack[MAX_STACK];
  int top = -1;

  g_return_val_if_fail (self != NULL, TRUE);

  for (guint i = 0; i < self->code->len; i++)
    {
      const Code *c = &g_array_index (self->code, Code, i);
      double b;

      switch (c->op)
        {
        case OP_NUMBER: stack[++top] = c->number; continue;
        case OP_VALUE:  stack[++top] = value; continue;
        case OP_NEG:    stack[top] = -stack[top]; continue;
        case OP_NOT:    stack[top] = truth (stack[top]) ? 0.0 : 1.0; continue;
        case OP_ABS:    stack[top] = fabs (stack[top]); continue;
        case OP_ISNAN:  stack[top] = isnan (stack[top]) ? 1.0 : 0.0; continue;
        case OP_ISINF:  stack[top] = isinf (stack[top]) ? 1.0 : 0.0; continue;
        case OP_ADD: case OP_SUB: case OP_MUL: case OP_DIV: case OP_MOD:
        case OP_LT: case OP_LE: case OP_GT: case OP_GE: case OP_EQ: case OP_NE:
        case OP_AND: case OP_OR:
        default:
          break;
        }

      b = stack[top--];
      switch (c->op)
        {
        case OP_ADD: stack[top] += b; break;
        case OP_SUB: stack[top] -= b; break;
        case OP_MUL: stack[top] *= b; break;
        case OP_DIV: stack[top] /= b; break;
        case OP_MOD: stack[top] = fmod (stack[top], b); break;
        case OP_LT:  stack[top] = stack[top] < b; break;
        case OP_LE:  stack[top] = stack[top] <= b; break;
        case OP_GT:  stack[top] = stack[top] > b; break;
        case OP_GE:  stack[top] = stack[top] >= b; break;
        case OP_EQ:  stack[top] = stack[top] == b; break;
        case OP_NE:  stack[top] = stack[top] != b; break;
        case OP_AND: stack[top] = truth (stack[top]) && truth (b); break;
        case OP_OR:  stack[top] = truth (stack[top]) || truth (b); break;
        case OP_NUMBER: case OP_VALUE: case OP_NEG: case OP_NOT: case OP_ABS:
        case OP_ISNAN: case OP_ISINF:
        default:
          g_assert_not_reached ();
        }
    }

  return top == 0 && truth (stack[0]);
}

/**
 * weft_value_filter_apply:
 *
 * Returns: (transfer full): a copy of @matrix in which every cell the filter
 *   does not match is filtered too (cells filtered already stay so).
 */
WeftMatrix *
weft_value_filter_apply (const WeftValueFilter *self,
                         const WeftMatrix      *matrix)
{
  WeftMatrix *copy;
  gsize n;

  g_return_val_if_fail (self != NULL, NULL);
  g_return_val_if_fail (matrix != NULL, NULL);

  copy = weft_matrix_copy (matrix);
  if (copy == NULL)
    return NULL;

  n = weft_matrix_get_n_elements (copy);
  for (gsize i = 0; i < n; i++)
    if (!weft_matrix_is_filtered (copy, i) && !weft_value_filter_match (self, weft_matrix_get (copy, i)))
      weft_matrix_set_filtered (copy, i, TRUE);

  return copy;
}
