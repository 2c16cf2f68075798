/* weft-hpctoolkit-formula.c: a recursive-descent parser to a stack program.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <math.h>
#include <string.h>

#include "weft-error.h"
#include "weft-hpctoolkit-formula.h"

/* Formulas are short; a deeper one is not a formula hpcrun writes. */
#define MAX_DEPTH 64
#define MAX_STACK 256

typedef enum
{
  OP_CONST,
  OP_INPUT,
  OP_ADD,
  OP_SUB,
  OP_MUL,
  OP_DIV,
  OP_POW,
  OP_NEG,
  OP_MIN,  /* arg: number of operands */
  OP_MAX,
} Op;

typedef struct
{
  guint  op;     /* Op */
  guint  arg;
  double value;
} Instr;

struct _WeftHpctoolkitFormula
{
  GArray *code;    /* Instr */
  GArray *inputs;  /* guint metric numbers */
  guint   max_stack;
};

typedef struct
{
  const char            *text;
  const char            *p;
  WeftHpctoolkitFormula *f;
  guint                  depth;
  int                    stack;
  GError               **error;
} Parser;

static gboolean
fail (Parser     *ps,
      const char *what)
{
  if (ps->error != NULL && *ps->error == NULL)
    g_set_error (ps->error, WEFT_ERROR, WEFT_ERROR_PARSE, "formula “%s”, character %d: %s",
                 ps->text, (int)(ps->p - ps->text) + 1, what);
  return FALSE;
}

static void
skip_space (Parser *ps)
{
  while (*ps->p == ' ' || *ps->p == '\t')
    ps->p++;
}

static void
emit (Parser *ps,
      Op      op,
      guint   arg,
      double  value)
{
  Instr in = { op, arg, value };

  g_array_append_val (ps->f->code, in);
  if (op == OP_CONST || op == OP_INPUT)
    ps->stack++;
  else if (op == OP_MIN || op == OP_MAX)
    ps->stack -= (int)arg - 1;
  else if (op != OP_NEG)
    ps->stack--;
  ps->f->max_stack = MAX (ps->f->max_stack, (guint)MAX (ps->stack, 0));
}

static gboolean parse_sum (Parser *ps);

static gboolean
parse_primary (Parser *ps)
{
  skip_space (ps);
  if (++ps->depth > MAX_DEPTH || ps->f->max_stack >= MAX_STACK)
    return fail (ps, "nested too deeply");
  if (*ps->p == '(')
    {
      ps->p++;
      if (!parse_sum (ps))
        return FALSE;
      skip_space (ps);
      if (*ps->p != ')')
        return fail (ps, "expected “)”");
      ps->p++;
    }
  else if (*ps->p == '-')
    {
      ps->p++;
      if (!parse_primary (ps))
        return FALSE;
      emit (ps, OP_NEG, 0, 0);
    }
  else if (*ps->p == '#' || *ps->p == '$')
    {
      char *end;
      guint64 n = g_ascii_strtoull (ps->p + 1, &end, 10);
      guint slot;

      if (end == ps->p + 1 || n > G_MAXUINT16)
        return fail (ps, "expected a metric number after “#”");
      ps->p = end;
      for (slot = 0; slot < ps->f->inputs->len; slot++)
        if (g_array_index (ps->f->inputs, guint, slot) == n)
          break;
      if (slot == ps->f->inputs->len)
        {
          guint metric = (guint)n;

          g_array_append_val (ps->f->inputs, metric);
        }
      emit (ps, OP_INPUT, slot, 0);
    }
  else if (g_ascii_isdigit (*ps->p) || *ps->p == '.')
    {
      char *end;
      double v = g_ascii_strtod (ps->p, &end);

      if (end == ps->p)
        return fail (ps, "expected a number");
      ps->p = end;
      emit (ps, OP_CONST, 0, v);
    }
  else if (strncmp (ps->p, "min", 3) == 0 || strncmp (ps->p, "max", 3) == 0)
    {
      Op op = ps->p[1] == 'i' ? OP_MIN : OP_MAX;
      guint n = 0;

      ps->p += 3;
      skip_space (ps);
      if (*ps->p != '(')
        return fail (ps, "expected “(” after min or max");
      ps->p++;
      do
        {
          if (!parse_sum (ps))
            return FALSE;
          n++;
          skip_space (ps);
        }
      while (*ps->p == ',' && ps->p++);
      if (*ps->p != ')')
        return fail (ps, "expected “)”");
      ps->p++;
      emit (ps, op, n, 0);
    }
  else
    return fail (ps, "expected a number, a metric, min(), max() or “(”");
  ps->depth--;
  return TRUE;
}

static gboolean
parse_power (Parser *ps)
{
  if (!parse_primary (ps))
    return FALSE;
  skip_space (ps);
  if (*ps->p == '^')
    {
      ps->p++;
      /* Right associative. */
      if (++ps->depth > MAX_DEPTH || !parse_power (ps))
        return fail (ps, "nested too deeply");
      ps->depth--;
      emit (ps, OP_POW, 0, 0);
    }
  return TRUE;
}

static gboolean
parse_product (Parser *ps)
{
  if (!parse_power (ps))
    return FALSE;
  for (;;)
    {
      char c;

      skip_space (ps);
      c = *ps->p;
      if (c != '*' && c != '/')
        return TRUE;
      ps->p++;
      if (!parse_power (ps))
        return FALSE;
      emit (ps, c == '*' ? OP_MUL : OP_DIV, 0, 0);
    }
}

static gboolean
parse_sum (Parser *ps)
{
  if (!parse_product (ps))
    return FALSE;
  for (;;)
    {
      char c;

      skip_space (ps);
      c = *ps->p;
      if (c != '+' && c != '-')
        return TRUE;
      ps->p++;
      if (!parse_product (ps))
        return FALSE;
      emit (ps, c == '+' ? OP_ADD : OP_SUB, 0, 0);
    }
}

void
weft_hpctoolkit_formula_free (WeftHpctoolkitFormula *formula)
{
  if (formula == NULL)
    return;
  g_array_unref (formula->code);
  g_array_unref (formula->inputs);
  g_free (formula);
}

WeftHpctoolkitFormula *
weft_hpctoolkit_formula_parse (const char  *text,
                               GError     **error)
{
  g_autoptr(WeftHpctoolkitFormula) f = g_new0 (WeftHpctoolkitFormula, 1);
  Parser ps = { text, text, f, 0, 0, error };

  f->code = g_array_new (FALSE, FALSE, sizeof (Instr));
  f->inputs = g_array_new (FALSE, FALSE, sizeof (guint));
  if (!parse_sum (&ps))
    return NULL;
  skip_space (&ps);
  if (*ps.p != '\0')
    {
      fail (&ps, "unexpected character");
      return NULL;
    }
  return g_steal_pointer (&f);
}

const GArray *
weft_hpctoolkit_formula_get_inputs (const WeftHpctoolkitFormula *formula)
{
  return formula->inputs;
}

double
weft_hpctoolkit_formula_eval (const WeftHpctoolkitFormula *formula,
                              const double                *values)
{
  double stack[MAX_STACK + 2];
  int top = 0;

  for (guint i = 0; i < formula->code->len; i++)
    {
      const Instr *in = &g_array_index (formula->code, Instr, i);

      switch (in->op)
        {
        case OP_CONST:
          stack[top++] = in->value;
          break;
        case OP_INPUT:
          stack[top++] = values[in->arg];
          break;
        case OP_NEG:
          stack[top - 1] = -stack[top - 1];
          break;
        case OP_MIN:
        case OP_MAX:
          {
            double v = stack[top - in->arg];

            for (guint k = 1; k < in->arg; k++)
              v = in->op == OP_MIN ? MIN (v, stack[top - in->arg + k]) : MAX (v, stack[top - in->arg + k]);
            top -= in->arg;
            stack[top++] = v;
          }
          break;
        default:
          {
            double b = stack[--top], a = stack[top - 1];

            switch (in->op)
              {
              case OP_ADD: a += b; break;
              case OP_SUB: a -= b; break;
              case OP_MUL: a *= b; break;
              case OP_DIV: a = b == 0 ? 0 : a / b; break;
              case OP_POW: a = pow (a, b); break;
              default: break;
              }
            stack[top - 1] = a;
          }
          break;
        }
    }
  return top == 1 && isfinite (stack[0]) ? stack[0] : 0;
}
