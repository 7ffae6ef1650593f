/* Per-point reductions of a solve (--reduce, docs/reductions.md): what a
 * sweep asks of each matrix's eigenvalues instead of all of them. The list
 * is a plain struct so that the GPU kernels take it by value; the numbers
 * are computed by solvers/reduce_impl.h, one source for host and device. */
#ifndef EIG_REDUCE_H
#define EIG_REDUCE_H

#include <stddef.h>

#include "eigsweep.h"

/* The types are the datasets' by default; --reduce-type float32 writes the
 * float64 ones as float32 (computed in double all the same). */
typedef enum {
    EIG_RED_ABSCISSA = 0,      /* max Re(lambda)                              float64 */
    EIG_RED_RADIUS,            /* max |lambda|                                float64 */
    EIG_RED_MIN_DAMPING,       /* min -Re(lambda)/|lambda| (0 for lambda = 0) float64 */
    EIG_RED_UNSTABLE,          /* count of Re(lambda) > 0                     int32 */
    EIG_RED_UNSTABLE_DISCRETE, /* count of |lambda| > 1                       int32 */
    EIG_RED_MIN,               /* smallest eigenvalue (real kinds)            float64 */
    EIG_RED_MAX,               /* largest eigenvalue (real kinds)             float64 */
    EIG_RED_GAP,               /* lambda[I+1] - lambda[I] (real kinds)        float64 */
    EIG_RED_EIG,               /* lambda[I]: complex {r,i} for general         float64 */
    EIG_RED_VALUES,            /* every eigenvalue: /eigenvalues as without --reduce */
    EIG_RED_ITERATIONS,        /* the per-point /iterations (always there with values) */
    EIG_RED_KIND_COUNT
} eig_reduce_kind;

#define EIG_REDUCE_MAX 16          /* items in one --reduce list */
#define EIG_REDUCE_COUNT_FAILED (-1) /* a count's value at a point whose status is not ok */

typedef struct {
    int kind;   /* eig_reduce_kind, never EIG_RED_VALUES or EIG_RED_ITERATIONS */
    int index;  /* I of gap:I and eig:I (0-based); 0 otherwise */
    int offset; /* first slot of this item in a point's reduced record */
    int width;  /* slots: 2 for eig:I of a general matrix (re, im), else 1 */
} eig_reduce_item;

/* A parsed --reduce list. Zero-initialised: no --reduce (every eigenvalue
 * kept, nothing reduced). */
typedef struct {
    int given;                            /* --reduce was given */
    int values;                           /* `values` is in the list: /eigenvalues is written */
    int iterations;                       /* `iterations` is in the list (without values: /iterations) */
    int float32;                          /* --reduce-type float32: float reductions written as float32 */
    int count;                            /* reductions (values not counted) */
    int slots;                            /* doubles per point in the reduced buffer (eig_reduce_resolve) */
    eig_reduce_item item[EIG_REDUCE_MAX]; /* in the order given */
} eig_reduce_list;

/* Parses "abscissa,radius,gap:3,values" (no check against the kind or n:
 * eig_reduce_resolve). A bad item is refused naming it and the valid ones. */
int eig_reduce_parse(const char *text, eig_reduce_list *r);
/* Checks the list against the solve (min/max/gap need real eigenvalues, I
 * within 0..n-1 or 0..n-2, no subset selection, --vectors only with
 * values) and lays out the reduced record (offset, width, slots). A list
 * of `values` alone becomes no list (given = 0): a run without --reduce. */
int eig_reduce_resolve(eig_reduce_list *r, const eig_solve_params *p, int n);
/* 1 when the run keeps every eigenvalue (no --reduce, or values listed). */
int eig_reduce_keeps_values(const eig_reduce_list *r);
/* 1 when the run writes /iterations: whenever it keeps the eigenvalues, and
 * with `iterations` listed. A reduced run without either has no /iterations
 * (4 bytes a point nobody asked for: as large as a float32 reduction). */
int eig_reduce_keeps_iterations(const eig_reduce_list *r);
/* The float reductions' dataset type, --reduce-type: "float32" or "float64"
 * (the root attribute reduce_type and a word of the resume key). The
 * values are computed in double either way; float32 is each rounded to
 * nearest once, when written. */
const char *eig_reduce_type_name(const eig_reduce_list *r);
/* Parses --reduce-type's value into *float32 (1 for float32, 0 for float64). */
int eig_reduce_type_parse(const char *text, int *float32);
/* The item as --reduce spells it ("gap:3") and its dataset's name ("gap_3"). */
void eig_reduce_item_text(const eig_reduce_item *it, char *out, size_t cap);
void eig_reduce_dataset_name(const eig_reduce_item *it, char *out, size_t cap);
/* 1 for the counts (int32 datasets). */
int eig_reduce_is_count(int kind);
/* The normalised list, "abscissa,gap:3,values" ("values" alone when none
 * was given): the `reduce` attribute of a result and part of its resume key. */
void eig_reduce_text(const eig_reduce_list *r, char *out, size_t cap);

#endif
