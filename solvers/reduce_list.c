/* --reduce LIST: parsing, the checks against the solve, names (solvers/reduce.h). */
#include "reduce.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "eig_error.h"

/* --reduce spelling and dataset name, in eig_reduce_kind order. */
static const char *const spellings[EIG_RED_KIND_COUNT] = {"abscissa", "radius", "min-damping", "unstable",
                                                          "unstable-discrete", "min", "max", "gap", "eig", "values",
                                                          "iterations"};
static const char *const datasets[EIG_RED_KIND_COUNT] = {"abscissa", "radius", "min_damping", "unstable",
                                                         "unstable_discrete", "min", "max", "gap", "eig", "eigenvalues",
                                                         "iterations"};
#define VALID_ITEMS                                                                                                  \
    "abscissa, radius, min-damping, unstable, unstable-discrete, min, max, gap:I, eig:I, values, iterations"

static int indexed(int kind) { return kind == EIG_RED_GAP || kind == EIG_RED_EIG; }

int eig_reduce_is_count(int kind) { return kind == EIG_RED_UNSTABLE || kind == EIG_RED_UNSTABLE_DISCRETE; }

/* One item: "name" or "name:I". */
static int parse_item(const char *word, eig_reduce_item *it)
{
    const char *colon = strchr(word, ':');
    size_t len = colon ? (size_t)(colon - word) : strlen(word);
    int kind = -1;
    for (int k = 0; k < EIG_RED_KIND_COUNT && kind < 0; k++)
        if (strlen(spellings[k]) == len && !strncmp(word, spellings[k], len)) kind = k;
    EIG_CHECK(kind >= 0, EIG_ERR_USAGE, "--reduce: unknown item '%s' (valid: " VALID_ITEMS ")", word);
    if (indexed(kind)) {
        EIG_CHECK(colon && colon[1], EIG_ERR_USAGE, "--reduce: '%s' needs an index: %s:I (I 0-based, e.g. %s:0)", word,
                  spellings[kind], spellings[kind]);
        char *end;
        errno = 0;
        long v = strtol(colon + 1, &end, 10);
        EIG_CHECK(!*end && !errno && v >= 0 && v < 4096 /* the format's largest n */ && colon[1] != '+' && colon[1] != ' ', EIG_ERR_USAGE,
                  "--reduce: '%s': the index must be an integer from 0 (0-based) to n-1", word);
        it->index = (int)v;
    } else {
        EIG_CHECK(!colon, EIG_ERR_USAGE, "--reduce: '%s' takes no index (only gap:I and eig:I do; valid: " VALID_ITEMS ")",
                  word);
    }
    it->kind = kind;
    return 0;
}

static int by_kind_index(const void *x, const void *y)
{
    const eig_reduce_item *a = x, *b = y;
    return a->kind != b->kind ? a->kind - b->kind : a->index - b->index;
}

int eig_reduce_parse(const char *text, eig_reduce_list *r)
{
    memset(r, 0, sizeof *r);
    r->given = 1;
    EIG_CHECK(text && *text, EIG_ERR_USAGE, "--reduce: empty list (valid items: " VALID_ITEMS ")");
    const char *p = text;
    for (;;) {
        const char *comma = strchr(p, ',');
        size_t len = comma ? (size_t)(comma - p) : strlen(p);
        char word[64];
        EIG_CHECK(len > 0, EIG_ERR_USAGE, "--reduce %s: an empty item (two commas, or a comma at an end)", text);
        EIG_CHECK(len < sizeof word, EIG_ERR_USAGE, "--reduce: unknown item '%.*s' (valid: " VALID_ITEMS ")", (int)len, p);
        memcpy(word, p, len), word[len] = '\0';
        eig_reduce_item it = {0, 0, 0, 1};
        EIG_CALL(parse_item(word, &it));
        if (it.kind == EIG_RED_VALUES) {
            EIG_CHECK(!r->values, EIG_ERR_USAGE, "--reduce: 'values' is listed twice");
            r->values = 1;
        } else if (it.kind == EIG_RED_ITERATIONS) {
            EIG_CHECK(!r->iterations, EIG_ERR_USAGE, "--reduce: 'iterations' is listed twice");
            r->iterations = 1;
        } else {
            for (int j = 0; j < r->count; j++)
                EIG_CHECK(r->item[j].kind != it.kind || r->item[j].index != it.index, EIG_ERR_USAGE,
                          "--reduce: '%s' is listed twice", word);
            EIG_CHECK(r->count < EIG_REDUCE_MAX, EIG_ERR_USAGE, "--reduce: at most %d reductions in one run",
                      EIG_REDUCE_MAX);
            r->item[r->count++] = it;
        }
        if (!comma) break;
        p = comma + 1;
    }
    /* One order whatever the order given: the same list gives the same
     * resume key and attribute. */
    qsort(r->item, (size_t)r->count, sizeof *r->item, by_kind_index);
    return 0;
}

int eig_reduce_resolve(eig_reduce_list *r, const eig_solve_params *p, int n)
{
    /* The eigenvalues come with their iteration counts, as without
     * --reduce: `iterations` beside `values` says nothing more. */
    if (r->values) r->iterations = 0;
    /* `values` alone (or with iterations) is what a run without --reduce
     * does: the same file, the same resume key, mergeable. */
    if (r->given && !r->count && r->values) memset(r, 0, sizeof *r);
    if (!r->given) return 0;
    const int general = p->kind == EIG_KIND_GENERAL;
    EIG_CHECK(p->select == EIG_SELECT_ALL || !r->count, EIG_ERR_USAGE,
              "--reduce: reductions need every eigenvalue; --select-index/--select-range keep only some (drop one or "
              "the other, or use --reduce values)");
    EIG_CHECK(!p->vectors || r->values, EIG_ERR_USAGE,
              "--reduce without values drops the eigenvalues, but --vectors keeps their eigenvectors: add values to "
              "the list, or drop --vectors");
    int slot = 0;
    for (int j = 0; j < r->count; j++) {
        eig_reduce_item *it = &r->item[j];
        char text[64];
        eig_reduce_item_text(it, text, sizeof text);
        const int real_only = it->kind == EIG_RED_MIN || it->kind == EIG_RED_MAX || it->kind == EIG_RED_GAP;
        EIG_CHECK(!(real_only && general), EIG_ERR_USAGE,
                  "--reduce %s: general matrices have complex eigenvalues, which have no order; use abscissa, radius, "
                  "min-damping, unstable, unstable-discrete or eig:I", text);
        EIG_CHECK(it->kind != EIG_RED_GAP || it->index + 1 < n, EIG_ERR_USAGE,
                  "--reduce %s: gap:I needs 0 <= I <= n-2 = %d (0-based; the matrices have order n = %d)", text, n - 2, n);
        EIG_CHECK(it->kind != EIG_RED_EIG || it->index < n, EIG_ERR_USAGE,
                  "--reduce %s: eig:I needs 0 <= I <= n-1 = %d (0-based; the matrices have order n = %d)", text, n - 1, n);
        it->width = it->kind == EIG_RED_EIG && general ? 2 : 1;
        it->offset = slot;
        slot += it->width;
    }
    r->slots = slot;
    return 0;
}

int eig_reduce_keeps_values(const eig_reduce_list *r) { return !r || !r->given || r->values; }

int eig_reduce_keeps_iterations(const eig_reduce_list *r) { return eig_reduce_keeps_values(r) || r->iterations; }

const char *eig_reduce_type_name(const eig_reduce_list *r) { return r && r->float32 ? "float32" : "float64"; }

int eig_reduce_type_parse(const char *text, int *float32)
{
    if (!strcmp(text, "float64")) *float32 = 0;
    else if (!strcmp(text, "float32")) *float32 = 1;
    else return EIG_ERROR(EIG_ERR_USAGE, "--reduce-type: '%s' is not float32 or float64", text);
    return 0;
}

void eig_reduce_item_text(const eig_reduce_item *it, char *out, size_t cap)
{
    if (indexed(it->kind)) snprintf(out, cap, "%s:%d", spellings[it->kind], it->index);
    else snprintf(out, cap, "%s", spellings[it->kind]);
}

void eig_reduce_dataset_name(const eig_reduce_item *it, char *out, size_t cap)
{
    if (indexed(it->kind)) snprintf(out, cap, "%s_%d", datasets[it->kind], it->index);
    else snprintf(out, cap, "%s", datasets[it->kind]);
}

void eig_reduce_text(const eig_reduce_list *r, char *out, size_t cap)
{
    size_t at = 0;
    out[0] = '\0';
    for (int j = 0; r && j < r->count && at < cap; j++) {
        char t[64];
        eig_reduce_item_text(&r->item[j], t, sizeof t);
        at += (size_t)snprintf(out + at, cap - at, "%s%s", j ? "," : "", t);
    }
    if (r && r->iterations && !r->values && at < cap)
        at += (size_t)snprintf(out + at, cap - at, "%siterations", at ? "," : "");
    if (eig_reduce_keeps_values(r) && at < cap) snprintf(out + at, cap - at, "%svalues", at ? "," : "");
}
