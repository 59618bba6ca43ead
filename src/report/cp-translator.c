/* cp-translator.c: a language's MO catalogue, looked up without gettext. */
#include "cp-report-private.h"
#include "cp-translator.h"
#include "cp-report.h"

#include <string.h>

/* The MO header (the gettext manual, "The Format of GNU MO Files"): seven
 * 32-bit words in the byte order of the machine that wrote the file. */
#define MO_MAGIC 0x950412deu
#define MO_MAGIC_SWAPPED 0xde120495u
#define MO_HEADER_BYTES 28
/* Major revisions 0 and 1 share the string tables read here; revision 1
 * only adds system-dependent strings, which msgfmt writes for <PRI…>
 * format macros, used nowhere in this project. */
#define MO_MAX_MAJOR_REVISION 1

/* Plural-Forms beyond these are no human language's: Arabic, with the
 * most forms, has six, and the longest rule in gettext's table of
 * languages is under 200 characters. Past them a rule would only deepen
 * the parser's and the evaluator's recursion (a chain "n+n+…" nests as
 * deep as it is long). */
#define MAX_PLURAL_FORMS 16
#define MAX_PLURAL_DEPTH 64
#define MAX_PLURAL_RULE_CHARS 512

typedef enum {
  PLURAL_NUMBER,
  PLURAL_N,
  PLURAL_NOT,
  PLURAL_MUL,
  PLURAL_DIV,
  PLURAL_MOD,
  PLURAL_ADD,
  PLURAL_SUB,
  PLURAL_LT,
  PLURAL_LE,
  PLURAL_GT,
  PLURAL_GE,
  PLURAL_EQ,
  PLURAL_NE,
  PLURAL_AND,
  PLURAL_OR,
  PLURAL_IF,
} PluralOp;

typedef struct _PluralNode PluralNode;
struct _PluralNode
{
  PluralOp    op;
  gulong      number;
  PluralNode *args[3];
};

struct _CpTranslator
{
  GBytes     *catalogue;     /* the MO file; NULL for the source language */
  GHashTable *translations;  /* msgid (its first string) → translation, both in @catalogue */
  GHashTable *lengths;       /* msgid → length of its translation, all plural forms */
  guint       n_plurals;
  PluralNode *plural;        /* NULL: n != 1 */
};

static void
plural_node_free (PluralNode *node)
{
  if (node == NULL)
    return;
  for (guint i = 0; i < G_N_ELEMENTS (node->args); i++)
    plural_node_free (node->args[i]);
  g_free (node);
}

static gulong
plural_eval (const PluralNode *node,
             gulong            n)
{
  gulong a, b;

  switch (node->op)
    {
    case PLURAL_NUMBER: return node->number;
    case PLURAL_N: return n;
    case PLURAL_NOT: return !plural_eval (node->args[0], n);
    case PLURAL_IF:
      return plural_eval (node->args[0], n) ? plural_eval (node->args[1], n) : plural_eval (node->args[2], n);
    case PLURAL_AND: return plural_eval (node->args[0], n) && plural_eval (node->args[1], n);
    case PLURAL_OR: return plural_eval (node->args[0], n) || plural_eval (node->args[1], n);
    default:
      break;
    }

  a = plural_eval (node->args[0], n);
  b = plural_eval (node->args[1], n);
  switch (node->op)
    {
    case PLURAL_MUL: return a * b;
    /* gettext would trap on a zero divisor; a catalogue's mistake picks
     * the first form instead. */
    case PLURAL_DIV: return b != 0 ? a / b : 0;
    case PLURAL_MOD: return b != 0 ? a % b : 0;
    case PLURAL_ADD: return a + b;
    case PLURAL_SUB: return a - b;
    case PLURAL_LT: return a < b;
    case PLURAL_LE: return a <= b;
    case PLURAL_GT: return a > b;
    case PLURAL_GE: return a >= b;
    case PLURAL_EQ: return a == b;
    case PLURAL_NE: return a != b;
    default:
      g_assert_not_reached ();
    }
}

/* A recursive-descent parser of the C subset gettext's plural rules use
 * (its plural.y): n, unsigned numbers, ! * / % + - < <= > >= == != && ||
 * ?: and parentheses, with C's precedence. */
typedef struct {
  const char *p;
  guint       depth;
} PluralParser;

static PluralNode *parse_conditional (PluralParser *parser);

static void
skip_space (PluralParser *parser)
{
  while (*parser->p == ' ' || *parser->p == '\t' || *parser->p == '\n' || *parser->p == '\r')
    parser->p++;
}

static gboolean
accept (PluralParser *parser,
        const char   *token)
{
  gsize length = strlen (token);

  skip_space (parser);
  if (strncmp (parser->p, token, length) != 0)
    return FALSE;
  /* "<" must not take the start of "<=", nor "!" that of "!=". */
  if (length == 1 && strchr ("<>!=", *token) != NULL && parser->p[1] == '=')
    return FALSE;
  parser->p += length;
  return TRUE;
}

static PluralNode *
node_new (PluralOp    op,
          PluralNode *a,
          PluralNode *b,
          PluralNode *c)
{
  PluralNode *node = g_new0 (PluralNode, 1);

  node->op = op;
  node->args[0] = a;
  node->args[1] = b;
  node->args[2] = c;
  return node;
}

static PluralNode *
parse_primary (PluralParser *parser)
{
  PluralNode *node;

  skip_space (parser);
  if (++parser->depth > MAX_PLURAL_DEPTH)
    return NULL;
  if (accept (parser, "!"))
    {
      PluralNode *operand = parse_primary (parser);

      node = operand != NULL ? node_new (PLURAL_NOT, operand, NULL, NULL) : NULL;
    }
  else if (accept (parser, "("))
    {
      node = parse_conditional (parser);
      if (node != NULL && !accept (parser, ")"))
        g_clear_pointer (&node, plural_node_free);
    }
  else if (*parser->p == 'n')
    {
      parser->p++;
      node = node_new (PLURAL_N, NULL, NULL, NULL);
    }
  else if (g_ascii_isdigit (*parser->p))
    {
      char *end = NULL;
      guint64 number = g_ascii_strtoull (parser->p, &end, 10);

      node = node_new (PLURAL_NUMBER, NULL, NULL, NULL);
      node->number = (gulong) number;
      parser->p = end;
    }
  else
    node = NULL;
  parser->depth--;
  return node;
}

typedef struct {
  const char *token;
  PluralOp    op;
} BinaryOp;

/* One level of left-associative binary operators over @next. */
static PluralNode *
parse_binary (PluralParser   *parser,
              const BinaryOp *ops,
              guint           n_ops,
              PluralNode   *(*next) (PluralParser *))
{
  PluralNode *left = next (parser);

  while (left != NULL)
    {
      guint i;

      for (i = 0; i < n_ops && !accept (parser, ops[i].token); i++)
        ;
      if (i == n_ops)
        break;
      {
        PluralNode *right = next (parser);

        if (right == NULL)
          g_clear_pointer (&left, plural_node_free);
        else
          left = node_new (ops[i].op, left, right, NULL);
      }
    }
  return left;
}

static PluralNode *
parse_multiplicative (PluralParser *parser)
{
  static const BinaryOp ops[] = { { "*", PLURAL_MUL }, { "/", PLURAL_DIV }, { "%", PLURAL_MOD } };

  return parse_binary (parser, ops, G_N_ELEMENTS (ops), parse_primary);
}

static PluralNode *
parse_additive (PluralParser *parser)
{
  static const BinaryOp ops[] = { { "+", PLURAL_ADD }, { "-", PLURAL_SUB } };

  return parse_binary (parser, ops, G_N_ELEMENTS (ops), parse_multiplicative);
}

static PluralNode *
parse_relational (PluralParser *parser)
{
  static const BinaryOp ops[] = {
    { "<=", PLURAL_LE }, { ">=", PLURAL_GE }, { "<", PLURAL_LT }, { ">", PLURAL_GT },
  };

  return parse_binary (parser, ops, G_N_ELEMENTS (ops), parse_additive);
}

static PluralNode *
parse_equality (PluralParser *parser)
{
  static const BinaryOp ops[] = { { "==", PLURAL_EQ }, { "!=", PLURAL_NE } };

  return parse_binary (parser, ops, G_N_ELEMENTS (ops), parse_relational);
}

static PluralNode *
parse_and (PluralParser *parser)
{
  static const BinaryOp ops[] = { { "&&", PLURAL_AND } };

  return parse_binary (parser, ops, G_N_ELEMENTS (ops), parse_equality);
}

static PluralNode *
parse_or (PluralParser *parser)
{
  static const BinaryOp ops[] = { { "||", PLURAL_OR } };

  return parse_binary (parser, ops, G_N_ELEMENTS (ops), parse_and);
}

static PluralNode *
parse_conditional (PluralParser *parser)
{
  PluralNode *condition;
  PluralNode *then_node;
  PluralNode *else_node;

  if (++parser->depth > MAX_PLURAL_DEPTH)
    return NULL;
  condition = parse_or (parser);
  if (condition == NULL || !accept (parser, "?"))
    {
      parser->depth--;
      return condition;
    }
  then_node = parse_conditional (parser);
  else_node = then_node != NULL && accept (parser, ":") ? parse_conditional (parser) : NULL;
  parser->depth--;
  if (else_node == NULL)
    {
      plural_node_free (condition);
      plural_node_free (then_node);
      return NULL;
    }
  return node_new (PLURAL_IF, condition, then_node, else_node);
}

/* The header's "Plural-Forms: nplurals=N; plural=EXPR;" line. A header
 * without one means the Germanic rule, as it does to gettext. */
static gboolean
read_plural_forms (CpTranslator *self,
                   const char   *header,
                   const char   *mo_path,
                   GError      **error)
{
  const char *start = strstr (header, "Plural-Forms:");
  g_autofree char *line = NULL;
  const char *nplurals;
  const char *plural;
  g_autofree char *expression = NULL;
  PluralParser parser;
  guint64 count = 0;
  char *end = NULL;

  self->n_plurals = 2;
  if (start == NULL)
    return TRUE;

  line = g_strndup (start, strcspn (start, "\n"));
  nplurals = strstr (line, "nplurals=");
  plural = strstr (line, "plural=");
  if (nplurals != NULL)
    count = g_ascii_strtoull (nplurals + strlen ("nplurals="), &end, 10);
  if (nplurals == NULL || plural == NULL || end == nplurals + strlen ("nplurals=") ||
      count < 1 || count > MAX_PLURAL_FORMS)
    goto invalid;

  plural += strlen ("plural=");
  if (strcspn (plural, ";") > MAX_PLURAL_RULE_CHARS)
    goto invalid;
  expression = g_strndup (plural, strcspn (plural, ";"));
  parser.p = expression;
  parser.depth = 0;
  self->plural = parse_conditional (&parser);
  skip_space (&parser);
  if (self->plural == NULL || *parser.p != '\0')
    {
      g_clear_pointer (&self->plural, plural_node_free);
      goto invalid;
    }
  self->n_plurals = (guint) count;
  return TRUE;

invalid:
  g_set_error (error, CP_REPORT_ERROR, CP_REPORT_ERROR_NO_TRANSLATION,
               /* TRANSLATORS: %s is a file name */
               _("The translation %s has a Plural-Forms header that cannot be read"), mo_path);
  return FALSE;
}

static guint32
read_word (const guint8 *data,
           gsize         offset,
           gboolean      swapped)
{
  guint32 word;

  memcpy (&word, data + offset, sizeof word);
  return swapped ? GUINT32_SWAP_LE_BE (word) : word;
}

/* The string the table entry at @entry describes, checked to lie in the
 * file and end with the NUL msgfmt writes after each. */
static const char *
read_string (const guint8 *data,
             gsize         size,
             gsize         entry,
             gboolean      swapped,
             guint32      *length)
{
  guint32 string_offset;

  if (entry > size || size - entry < 8)
    return NULL;
  *length = read_word (data, entry, swapped);
  string_offset = read_word (data, entry + 4, swapped);
  if (string_offset > size || size - string_offset <= *length || data[string_offset + *length] != '\0')
    return NULL;
  return (const char *) data + string_offset;
}

/* Each of the NUL-separated strings (plural forms) in @length bytes. */
static gboolean
strings_are_utf8 (const char *strings,
                  gsize       length)
{
  const char *end = strings + length;

  for (const char *p = strings; p < end; p += strlen (p) + 1)
    if (!g_utf8_validate (p, -1, NULL))
      return FALSE;
  return TRUE;
}

CpTranslator *
cp_translator_new_source (void)
{
  CpTranslator *self = g_new0 (CpTranslator, 1);

  self->n_plurals = 2;
  return self;
}

CpTranslator *
cp_translator_new_from_file (const char  *mo_path,
                             GError     **error)
{
  g_autoptr(CpTranslator) self = NULL;
  g_autofree char *contents = NULL;
  gsize size = 0;
  const guint8 *data;
  gboolean swapped;
  guint32 magic, n_strings, originals, translations;
  const char *header = NULL;

  g_return_val_if_fail (mo_path != NULL, NULL);

  if (!g_file_get_contents (mo_path, &contents, &size, error))
    return NULL;

  self = cp_translator_new_source ();
  self->catalogue = g_bytes_new_take (g_steal_pointer (&contents), size);
  data = g_bytes_get_data (self->catalogue, &size);
  self->translations = g_hash_table_new (g_str_hash, g_str_equal);
  self->lengths = g_hash_table_new (g_str_hash, g_str_equal);

  if (size < MO_HEADER_BYTES)
    goto not_mo;
  memcpy (&magic, data, sizeof magic);
  if (magic != MO_MAGIC && magic != MO_MAGIC_SWAPPED)
    goto not_mo;
  swapped = magic == MO_MAGIC_SWAPPED;
  if ((read_word (data, 4, swapped) >> 16) > MO_MAX_MAJOR_REVISION)
    goto not_mo;
  n_strings = read_word (data, 8, swapped);
  originals = read_word (data, 12, swapped);
  translations = read_word (data, 16, swapped);
  if (originals > size || translations > size ||
      n_strings > (size - originals) / 8 || n_strings > (size - translations) / 8)
    goto not_mo;

  for (guint32 i = 0; i < n_strings; i++)
    {
      guint32 msgid_length = 0, msgstr_length = 0;
      const char *msgid = read_string (data, size, originals + (gsize) i * 8, swapped, &msgid_length);
      const char *msgstr = read_string (data, size, translations + (gsize) i * 8, swapped, &msgstr_length);

      if (msgid == NULL || msgstr == NULL)
        goto not_mo;
      /* Report text goes to pango, which wants UTF-8; plural forms are
       * NUL-separated inside the length. */
      if (!strings_are_utf8 (msgstr, msgstr_length) || !strings_are_utf8 (msgid, msgid_length))
        {
          g_set_error (error, CP_REPORT_ERROR, CP_REPORT_ERROR_NO_TRANSLATION,
                       /* TRANSLATORS: %s is a file name */
                       _("The translation %s is not in UTF-8"), mo_path);
          return NULL;
        }
      if (*msgid == '\0')
        header = msgstr;
      if (msgstr_length == 0)
        continue;
      g_hash_table_insert (self->translations, (gpointer) msgid, (gpointer) msgstr);
      g_hash_table_insert (self->lengths, (gpointer) msgid, GUINT_TO_POINTER (msgstr_length));
    }

  if (header != NULL)
    {
      const char *charset = strstr (header, "charset=");

      if (charset != NULL && g_ascii_strncasecmp (charset + strlen ("charset="), "UTF-8", 5) != 0)
        {
          g_set_error (error, CP_REPORT_ERROR, CP_REPORT_ERROR_NO_TRANSLATION,
                       _("The translation %s is not in UTF-8"), mo_path);
          return NULL;
        }
      if (!read_plural_forms (self, header, mo_path, error))
        return NULL;
    }
  return g_steal_pointer (&self);

not_mo:
  g_set_error (error, CP_REPORT_ERROR, CP_REPORT_ERROR_NO_TRANSLATION,
               /* TRANSLATORS: %s is a file name; an MO file is gettext's compiled catalogue */
               _("%s is not a translation catalogue (MO file)"), mo_path);
  return NULL;
}

void
cp_translator_free (CpTranslator *self)
{
  if (self == NULL)
    return;
  g_clear_pointer (&self->translations, g_hash_table_unref);
  g_clear_pointer (&self->lengths, g_hash_table_unref);
  g_clear_pointer (&self->plural, plural_node_free);
  g_clear_pointer (&self->catalogue, g_bytes_unref);
  g_free (self);
}

const char *
cp_translator_gettext (const CpTranslator *self,
                       const char         *msgid)
{
  const char *msgstr;

  g_return_val_if_fail (self != NULL && msgid != NULL, msgid);

  msgstr = self->translations != NULL ? g_hash_table_lookup (self->translations, msgid) : NULL;
  return msgstr != NULL ? msgstr : msgid;
}

const char *
cp_translator_ngettext (const CpTranslator *self,
                        const char         *msgid,
                        const char         *msgid_plural,
                        gulong              n)
{
  const char *msgstr;
  const char *form;
  gsize length;
  gulong index;

  g_return_val_if_fail (self != NULL && msgid != NULL && msgid_plural != NULL, msgid);

  msgstr = self->translations != NULL ? g_hash_table_lookup (self->translations, msgid) : NULL;
  if (msgstr == NULL)
    return n == 1 ? msgid : msgid_plural;

  index = self->plural != NULL ? plural_eval (self->plural, n) : n != 1;
  /* gettext's own answer to a rule that names a form the language lacks. */
  if (index >= self->n_plurals)
    index = 0;
  length = GPOINTER_TO_UINT (g_hash_table_lookup (self->lengths, msgid));
  form = msgstr;
  for (gulong i = 0; i < index; i++)
    {
      form += strlen (form) + 1;
      /* A translation with fewer forms than the header announces. */
      if ((gsize) (form - msgstr) >= length)
        return n == 1 ? msgid : msgid_plural;
    }
  return form;
}

const char *
cp_translator_pgettext (const CpTranslator *self,
                        const char         *context,
                        const char         *msgid)
{
  g_autofree char *key = NULL;
  const char *msgstr;

  g_return_val_if_fail (self != NULL && context != NULL && msgid != NULL, msgid);

  if (self->translations == NULL)
    return msgid;
  /* msgfmt keys a message with a context as "CONTEXT\004MSGID". */
  key = g_strconcat (context, "\004", msgid, NULL);
  msgstr = g_hash_table_lookup (self->translations, key);
  return msgstr != NULL ? msgstr : msgid;
}

guint
cp_translator_get_n_plurals (const CpTranslator *self)
{
  g_return_val_if_fail (self != NULL, 0);

  return self->n_plurals;
}
