/* Generator families for `eigsweep generate` (interface in families.h): the
 * table, argument checks and the host's loops over each matrix. The
 * arithmetic lives in families_impl.h, which the GPU generator compiles too
 * (one source; the control plant and radar model are described there). This
 * file is compiled with -ffp-contract=off, as generate_gpu.cu with
 * --fmad=false: no fused multiply-adds on either side. */
#include "families.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "eig_error.h"
#include "families_impl.h"

#define EIG_FAMILY_MAX_N 4096

/* Writes one matrix; returns 0 or an eig_err code. */
typedef int (*fill_fn)(int n, uint64_t seed, uint64_t index, eig_idx count, double *out);

/* ---- dense families ---- */

static int fill_random_general(int n, uint64_t seed, uint64_t index, eig_idx count, double *a)
{
    for (eig_idx k = 0; k < (eig_idx)n * n; k++) a[k] = eig_fam_element(EIG_FAM_RANDOM_GENERAL, n, seed, index, count, k);
    return 0;
}

/* Pair by pair (two draws per pair, not per entry). */
static int fill_random_symmetric(int n, uint64_t seed, uint64_t index, eig_idx count, double *a)
{
    (void)count;
    for (int i = 0; i < n; i++)
        for (int j = i; j < n; j++) {
            double v = eig_fam_symmetric_upper(n, seed, index, i, j);
            a[(size_t)i * n + j] = v;
            a[(size_t)j * n + i] = v;
        }
    return 0;
}

static int fill_random_hermitian(int n, uint64_t seed, uint64_t index, eig_idx count, double *h)
{
    (void)count;
    for (int i = 0; i < n; i++)
        for (int j = i; j < n; j++) {
            size_t kij = (size_t)i * n + j, kji = (size_t)j * n + i;
            double re, im;
            eig_fam_hermitian_upper(n, seed, index, i, j, &re, &im);
            h[2 * kij] = re;
            h[2 * kij + 1] = im;
            h[2 * kji] = re;
            h[2 * kji + 1] = -im; /* on the diagonal: -0.0 */
        }
    return 0;
}

/* ---- tridiagonal families: diag[n] then offdiag[n-1] ---- */

static int fill_tridiag(int fam, int n, uint64_t seed, uint64_t index, double *t)
{
    for (int k = 0; k < 2 * n - 1; k++) t[k] = eig_fam_tridiag_entry(fam, n, seed, index, k);
    return 0;
}

static int fill_tridiag_121(int n, uint64_t seed, uint64_t index, eig_idx count, double *t)
{
    (void)count;
    return fill_tridiag(EIG_FAM_TRIDIAG_121, n, seed, index, t);
}

static int fill_tridiag_uniform(int n, uint64_t seed, uint64_t index, eig_idx count, double *t)
{
    (void)count;
    return fill_tridiag(EIG_FAM_TRIDIAG_UNIFORM, n, seed, index, t);
}

static int fill_tridiag_geometric(int n, uint64_t seed, uint64_t index, eig_idx count, double *t)
{
    (void)count;
    return fill_tridiag(EIG_FAM_TRIDIAG_GEOMETRIC, n, seed, index, t);
}

static int fill_wilkinson_glued(int n, uint64_t seed, uint64_t index, eig_idx count, double *t)
{
    (void)count;
    return fill_tridiag(EIG_FAM_WILKINSON_GLUED, n, seed, index, t);
}

/* ---- control: the gains once per matrix, then every entry ---- */

static int fill_control(int n, uint64_t seed, uint64_t index, eig_idx count, double *a)
{
    (void)seed;
    double k[3];
    eig_fam_control_gains(index, count, k);
    for (int i = 0; i < n; i++)
        for (int j = 0; j < n; j++) a[(size_t)i * n + j] = eig_fam_control_entry(n, k, i, j);
    return 0;
}

/* ---- radar: a team of one ---- */

static int fill_radar(int n, uint64_t seed, uint64_t index, eig_idx count, double *r)
{
    (void)count;
    double *scratch = malloc(sizeof(double) * (size_t)eig_fam_radar_scratch(n));
    EIG_CHECK(scratch != NULL, EIG_ERR_RESOURCE, "family 'radar': out of memory for n = %d", n);
    const eig_team solo = EIG_TEAM_SOLO_INIT;
    eig_fam_radar(solo, n, seed, index, r, scratch);
    free(scratch);
    return 0;
}

/* ---- the table (fills[] runs parallel to table[]) ---- */

static const eig_family table[] = {
    {"random-general", EIG_KIND_GENERAL, "real entries N(0,1)"},
    {"random-symmetric", EIG_KIND_SYMMETRIC, "(G+G^T)/2, G with N(0,1) entries"},
    {"random-hermitian", EIG_KIND_HERMITIAN, "(G+G^H)/2, G complex normal"},
    {"tridiag-121", EIG_KIND_TRIDIAGONAL,
     "diag 2, offdiag -1 (eigenvalues 2-2cos(k pi/(n+1))), same for every index"},
    {"tridiag-uniform", EIG_KIND_TRIDIAGONAL, "diag and offdiag uniform in [-1,1]"},
    {"tridiag-geometric", EIG_KIND_TRIDIAGONAL,
     "graded: magnitudes from 1 down to 1e-12 along the diagonal, random signs"},
    {"wilkinson-glued", EIG_KIND_TRIDIAGONAL,
     "W21+ blocks glued by ~1e-14 (Volkov-Demmel): tight eigenvalue clusters"},
    {"control", EIG_KIND_GENERAL,
     "closed-loop A-BKC of a damped spring chain over a 3-D gain grid (Tokura et al.)"},
    {"radar", EIG_KIND_HERMITIAN,
     "sample covariance of 2n array snapshots, 3 sources 10-30 dB over noise"},
};

static const fill_fn fills[] = {
    fill_random_general, fill_random_symmetric, fill_random_hermitian,
    fill_tridiag_121,    fill_tridiag_uniform,  fill_tridiag_geometric,
    fill_wilkinson_glued, fill_control,         fill_radar,
};

#define FAMILY_COUNT ((int)(sizeof table / sizeof table[0]))
_Static_assert(sizeof fills / sizeof fills[0] == sizeof table / sizeof table[0],
               "every family needs a fill function");
_Static_assert(FAMILY_COUNT == EIG_FAM_COUNT, "families_impl.h numbers every family of the table");

const eig_family *eig_family_table(int *count)
{
    if (count) *count = FAMILY_COUNT;
    return table;
}

const eig_family *eig_family_find(const char *name)
{
    if (!name) return NULL;
    for (int i = 0; i < FAMILY_COUNT; i++)
        if (strcmp(table[i].name, name) == 0) return &table[i];
    return NULL;
}

/* By name, so a caller's copy of an eig_family works too. */
int eig_family_id(const eig_family *f)
{
    const eig_family *known = f ? eig_family_find(f->name) : NULL;
    return known ? (int)(known - table) : -1;
}

int eig_family_check(const eig_family *f, int n, eig_idx index, eig_idx count)
{
    EIG_CHECK(eig_family_id(f) >= 0, EIG_ERR_INTERNAL, "unknown generator family '%s'",
              (f && f->name) ? f->name : "(null)");
    EIG_CHECK(n >= 1 && n <= EIG_FAMILY_MAX_N, EIG_ERR_USAGE,
              "family '%s': matrix order n = %d is out of range (1 <= n <= %d)", f->name, n,
              EIG_FAMILY_MAX_N);
    EIG_CHECK(count >= 1 && index >= 0 && index < count, EIG_ERR_INTERNAL,
              "family '%s': matrix index %lld outside the collection of %lld", f->name,
              (long long)index, (long long)count);
    return 0;
}

int eig_family_fill(const eig_family *f, int n, uint64_t seed, eig_idx index, eig_idx count,
                    double *out)
{
    EIG_CALL(eig_family_check(f, n, index, count));
    EIG_CHECK(out != NULL, EIG_ERR_INTERNAL, "family '%s': no output buffer", f->name);
    EIG_CALL(fills[eig_family_id(f)](n, seed, (uint64_t)index, count, out));
    return 0;
}

int eig_family_fill_range(const eig_family *f, int n, uint64_t seed, eig_idx start, eig_idx count, eig_idx total,
                          eig_precision precision, void *out)
{
    eig_solve_params lp = {.kind = f->kind};
    const eig_idx per = eig_layout_of(&lp, n).input;
    const int single = precision == EIG_PREC_SINGLE;
    int rc = 0;
    /* double: straight into out; float: through a scratch vector per thread. */
#pragma omp parallel reduction(| : rc)
    {
        double *own = single ? malloc(sizeof(double) * (size_t)(per + 1)) : NULL;
        if (single && !own) rc = EIG_ERR_RESOURCE;
#pragma omp for schedule(static)
        for (eig_idx m = 0; m < count; m++) {
            if (rc) continue;
            rc |= eig_family_fill(f, n, seed, start + m, total, single ? own : (double *)out + m * per);
            if (!rc && single)
                for (eig_idx k = 0; k < per; k++) ((float *)out)[m * per + k] = (float)own[k];
        }
        free(own);
    }
    return rc;
}
