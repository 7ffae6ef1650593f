/* Generator families for `eigsweep generate` (interface in families.h).
 *
 * Each matrix is a pure function of (family, n, seed, index, count): every
 * random draw comes from the counter-based generator in rng.h, addressed by
 * (seed, index, stream, element), and every sum runs in a fixed order. So a
 * collection is byte-identical whichever ranks produce which slices.
 *
 * The `control` family (Tokura et al.'s parameter sweep) uses this plant:
 *   m = floor(n/2) unit masses in a chain fixed to walls at both ends, unit
 *   springs (stiffness matrix tridiag(-1, 2, -1)) and light damping c = 0.02
 *   of every mass to ground. State x = [q_1..q_m, v_1..v_m]; for odd n one
 *   more state, a sensor lag  x_n' = -x_n + q_m  that nothing reads (its
 *   eigenvalue is -1). For n = 1 the plant is the scalar 0.05 (unstable).
 *   Three loops, u = -K y with K = diag(k1, k2, k3):
 *     loop 1: force on mass 1 from velocity v_1   (B e_{v_1}, C e_{v_1})
 *     loop 2: force on mass m from velocity v_m   (B e_{v_m}, C e_{v_m})
 *     loop 3: force on mass 1 from position q_m   (non-collocated)
 *   so B (n x 3) and C (3 x n) hold single ones and A - B K C subtracts k_j
 *   at (row of loop j's force, column of loop j's sensor). For n = 1 all
 *   three loops act on the single state.
 *   Gains: k1, k2 in [-0.5, 2] (negative = velocity feedback that pumps
 *   energy in), k3 in [0, 1]. The grid side is g = ceil(count^(1/3)); index
 *   -> (i1, i2, i3) row-major; k_j = kmin_j + (kmax_j - kmin_j) i_j / (g-1).
 *   At k1 = k2 = 2, k3 = 0 the loop is passive (positive damping, symmetric
 *   stiffness): stable. At k1 = k2 = -0.5 the trace of A is
 *   0.96 - 0.02 (m - 2) > 0 for m < 50, so some eigenvalue has Re > 0: the
 *   sweep crosses from stable to unstable. The seed is not used: a gain grid
 *   point fully determines its matrix. */
#include "families.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "eig_error.h"
#include "rng.h"

#define EIG_FAMILY_MAX_N 4096

/* Writes one matrix; returns 0 or an eig_err code. */
typedef int (*fill_fn)(int n, uint64_t seed, uint64_t index, eig_idx count, double *out);

/* Streams (rng.h): separate draws for separate purposes within one matrix. */
enum {
    STREAM_ENTRY = 0, /* entries / real parts */
    STREAM_IMAG,      /* imaginary parts */
    STREAM_SIGN,      /* random signs */
    STREAM_SCALE,     /* per-matrix or per-entry factors */
    STREAM_SOURCE,    /* radar: source angles and powers */
    STREAM_SIGNAL,    /* radar: source waveforms */
    STREAM_NOISE      /* radar: sensor noise */
};

static double normal_at(uint64_t seed, uint64_t index, unsigned stream, uint64_t k)
{
    return eig_rng_normal(seed, index, eig_rng_counter(stream, k));
}

static double uniform_at(uint64_t seed, uint64_t index, unsigned stream, uint64_t k)
{
    return eig_rng_uniform(seed, index, eig_rng_counter(stream, k));
}

static double sign_at(uint64_t seed, uint64_t index, uint64_t k)
{
    return (eig_rng_u64(seed, index, eig_rng_counter(STREAM_SIGN, k)) >> 63) ? -1.0 : 1.0;
}

/* ---- dense families ---- */

static int fill_random_general(int n, uint64_t seed, uint64_t index, eig_idx count, double *a)
{
    (void)count;
    for (uint64_t k = 0; k < (uint64_t)n * (uint64_t)n; k++)
        a[k] = normal_at(seed, index, STREAM_ENTRY, k);
    return 0;
}

/* (G + G^T)/2 computed once per pair, so a(i,j) == a(j,i) bit for bit. */
static int fill_random_symmetric(int n, uint64_t seed, uint64_t index, eig_idx count, double *a)
{
    (void)count;
    for (int i = 0; i < n; i++)
        for (int j = i; j < n; j++) {
            double gij = normal_at(seed, index, STREAM_ENTRY, (uint64_t)i * n + j);
            double gji = normal_at(seed, index, STREAM_ENTRY, (uint64_t)j * n + i);
            double v = (i == j) ? gij : 0.5 * (gij + gji);
            a[(size_t)i * n + j] = v;
            a[(size_t)j * n + i] = v;
        }
    return 0;
}

/* Complex normal entries (real and imaginary parts N(0, 1/2)), then
 * (G + G^H)/2: h(j,i) is the exact conjugate of h(i,j), the diagonal real. */
static int fill_random_hermitian(int n, uint64_t seed, uint64_t index, eig_idx count, double *h)
{
    (void)count;
    const double s = 0.70710678118654752440; /* 1/sqrt(2) */
    for (int i = 0; i < n; i++)
        for (int j = i; j < n; j++) {
            uint64_t kij = (uint64_t)i * n + j, kji = (uint64_t)j * n + i;
            double re, im;
            if (i == j) {
                re = s * normal_at(seed, index, STREAM_ENTRY, kij);
                im = 0.0;
            } else {
                double gr_ij = s * normal_at(seed, index, STREAM_ENTRY, kij);
                double gi_ij = s * normal_at(seed, index, STREAM_IMAG, kij);
                double gr_ji = s * normal_at(seed, index, STREAM_ENTRY, kji);
                double gi_ji = s * normal_at(seed, index, STREAM_IMAG, kji);
                re = 0.5 * (gr_ij + gr_ji);
                im = 0.5 * (gi_ij - gi_ji);
            }
            h[2 * kij] = re;
            h[2 * kij + 1] = im;
            h[2 * kji] = re;
            h[2 * kji + 1] = -im;
        }
    return 0;
}

/* ---- tridiagonal families: diag[n] then offdiag[n-1] ---- */

static int fill_tridiag_121(int n, uint64_t seed, uint64_t index, eig_idx count, double *t)
{
    (void)seed, (void)index, (void)count;
    for (int k = 0; k < n; k++) t[k] = 2.0;
    for (int k = 0; k < n - 1; k++) t[n + k] = -1.0;
    return 0;
}

static int fill_tridiag_uniform(int n, uint64_t seed, uint64_t index, eig_idx count, double *t)
{
    (void)count;
    for (int k = 0; k < 2 * n - 1; k++) t[k] = 2.0 * uniform_at(seed, index, STREAM_ENTRY, k) - 1.0;
    return 0;
}

/* Graded: magnitudes fall from about 1 to about 10^-GEOMETRIC_DECADES along
 * the diagonal (offdiag interleaved between its neighbours), each entry with a
 * random factor in [1, 2) and a random sign. Stresses relative accuracy. */
#define GEOMETRIC_DECADES 12.0
static int fill_tridiag_geometric(int n, uint64_t seed, uint64_t index, eig_idx count, double *t)
{
    (void)count;
    for (int k = 0; k < 2 * n - 1; k++) {
        double pos = (k < n) ? k : (k - n) + 0.5; /* offdiag k sits between diag k, k+1 */
        double mag = pow(10.0, -GEOMETRIC_DECADES * pos / n);
        double factor = 1.0 + uniform_at(seed, index, STREAM_SCALE, k);
        t[k] = sign_at(seed, index, k) * factor * mag;
    }
    return 0;
}

/* Glued Wilkinson W21+ (Volkov & Demmel): blocks of 21 with diagonal
 * |10 - k|, k = 0..20, and offdiagonal 1, glued by delta = 1e-14 * [1, 2)
 * (one factor per matrix, so matrices differ). The last block is truncated
 * when 21 does not divide n. Its eigenvalues come in tight clusters. */
#define WILKINSON_BLOCK 21
static int fill_wilkinson_glued(int n, uint64_t seed, uint64_t index, eig_idx count, double *t)
{
    (void)count;
    double glue = 1e-14 * (1.0 + uniform_at(seed, index, STREAM_SCALE, 0));
    for (int k = 0; k < n; k++) t[k] = fabs(10.0 - (double)(k % WILKINSON_BLOCK));
    for (int k = 0; k < n - 1; k++)
        t[n + k] = ((k + 1) % WILKINSON_BLOCK == 0) ? glue : 1.0;
    return 0;
}

/* ---- control: closed-loop state matrices over a gain grid (see top) ---- */

static const double control_kmin[3] = {-0.5, -0.5, 0.0};
static const double control_kmax[3] = {2.0, 2.0, 1.0};
#define CONTROL_DAMPING 0.02

/* Smallest g with g^3 >= count (exact in integers, unlike cbrt). */
static eig_idx control_grid_side(eig_idx count)
{
    eig_idx g = (eig_idx)floor(cbrt((double)count));
    if (g < 1) g = 1;
    while (g > 1 && (g - 1) * (g - 1) * (g - 1) >= count) g--;
    while (g * g * g < count) g++;
    return g;
}

static void control_gains(uint64_t index, eig_idx count, double k[3])
{
    eig_idx g = control_grid_side(count);
    eig_idx i[3] = {(eig_idx)index / (g * g), ((eig_idx)index / g) % g, (eig_idx)index % g};
    for (int j = 0; j < 3; j++)
        k[j] = (g == 1) ? control_kmin[j]
                        : control_kmin[j] + (control_kmax[j] - control_kmin[j]) * (double)i[j] /
                                                (double)(g - 1);
}

static int fill_control(int n, uint64_t seed, uint64_t index, eig_idx count, double *a)
{
    (void)seed;
    double k[3];
    control_gains(index, count, k);
    memset(a, 0, sizeof(double) * (size_t)n * (size_t)n);
    if (n == 1) {
        a[0] = 0.05 - k[0] - k[1] - k[2];
        return 0;
    }
    int m = n / 2;
#define A(i, j) a[(size_t)(i) * n + (j)]
    for (int i = 0; i < m; i++) {
        int v = m + i;
        A(i, v) = 1.0; /* q_i' = v_i */
        A(v, i) = -2.0; /* springs to both neighbours (walls at the ends) */
        if (i > 0) A(v, i - 1) = 1.0;
        if (i < m - 1) A(v, i + 1) = 1.0;
        A(v, v) = -CONTROL_DAMPING;
    }
    if (n % 2) {
        A(n - 1, n - 1) = -1.0; /* sensor lag driven by q_m */
        A(n - 1, m - 1) = 1.0;
    }
    /* A - B K C: loop j subtracts k_j at (force row, sensor column). */
    A(m, m) -= k[0];                /* v_1 -> force on mass 1 */
    A(2 * m - 1, 2 * m - 1) -= k[1]; /* v_m -> force on mass m */
    A(m, m - 1) -= k[2];            /* q_m -> force on mass 1 */
#undef A
    return 0;
}

/* ---- radar: sample covariance of a uniform linear array ---- */

#define RADAR_SOURCES 3

/* R = (1/T) sum_t x_t x_t^H, T = 2n snapshots, x_t = sum_s sqrt(p_s) a(theta_s)
 * g_{s,t} + e_t; a_k(theta) = exp(i pi k sin theta) (half-wavelength spacing),
 * theta_s uniform in [-pi/2, pi/2), p_s 10-30 dB over unit noise, g and e
 * circular complex normal of unit variance. Scratch: one snapshot x (2n) and
 * the steering vectors (2n per source). The upper triangle is accumulated
 * and mirrored, so R is exactly Hermitian. */
static void fill_radar_with(int n, uint64_t seed, uint64_t index, double *r, double *scratch)
{
    const double pi = 3.14159265358979323846, s = 0.70710678118654752440;
    double amp[RADAR_SOURCES], *x = scratch, *steer = scratch + 2 * n;
    for (int src = 0; src < RADAR_SOURCES; src++) {
        double sin_theta = sin(pi * (uniform_at(seed, index, STREAM_SOURCE, 2 * src) - 0.5));
        double db = 10.0 + 20.0 * uniform_at(seed, index, STREAM_SOURCE, 2 * src + 1);
        amp[src] = sqrt(pow(10.0, db / 10.0));
        for (int k = 0; k < n; k++) {
            double phase = pi * k * sin_theta;
            steer[2 * (src * n + k)] = cos(phase);
            steer[2 * (src * n + k) + 1] = sin(phase);
        }
    }
    int T = 2 * n;
    memset(r, 0, sizeof(double) * 2 * (size_t)n * (size_t)n);
    for (int t = 0; t < T; t++) {
        double gr[RADAR_SOURCES], gi[RADAR_SOURCES]; /* source waveforms at time t */
        for (int src = 0; src < RADAR_SOURCES; src++) {
            uint64_t w = (uint64_t)t * RADAR_SOURCES + src;
            gr[src] = s * amp[src] * normal_at(seed, index, STREAM_SIGNAL, 2 * w);
            gi[src] = s * amp[src] * normal_at(seed, index, STREAM_SIGNAL, 2 * w + 1);
        }
        for (int k = 0; k < n; k++) {
            uint64_t e = (uint64_t)t * n + k;
            double re = s * normal_at(seed, index, STREAM_NOISE, 2 * e);
            double im = s * normal_at(seed, index, STREAM_NOISE, 2 * e + 1);
            for (int src = 0; src < RADAR_SOURCES; src++) {
                double ar = steer[2 * (src * n + k)], ai = steer[2 * (src * n + k) + 1];
                re += ar * gr[src] - ai * gi[src];
                im += ar * gi[src] + ai * gr[src];
            }
            x[2 * k] = re;
            x[2 * k + 1] = im;
        }
        for (int i = 0; i < n; i++)
            for (int j = i; j < n; j++) { /* x_i conj(x_j) */
                double *rij = r + 2 * ((size_t)i * n + j);
                rij[0] += x[2 * i] * x[2 * j] + x[2 * i + 1] * x[2 * j + 1];
                rij[1] += x[2 * i + 1] * x[2 * j] - x[2 * i] * x[2 * j + 1];
            }
    }
    for (int i = 0; i < n; i++)
        for (int j = i; j < n; j++) {
            double *rij = r + 2 * ((size_t)i * n + j), *rji = r + 2 * ((size_t)j * n + i);
            rij[0] /= T;
            rij[1] = (i == j) ? 0.0 : rij[1] / T;
            rji[0] = rij[0];
            rji[1] = -rij[1];
        }
}

static int fill_radar(int n, uint64_t seed, uint64_t index, eig_idx count, double *r)
{
    (void)count;
    double *x = malloc(sizeof(double) * 2 * (size_t)n * (1 + RADAR_SOURCES));
    EIG_CHECK(x != NULL, EIG_ERR_RESOURCE, "family 'radar': out of memory for n = %d", n);
    fill_radar_with(n, seed, index, r, x);
    free(x);
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
static fill_fn fill_of(const eig_family *f)
{
    const eig_family *known = f ? eig_family_find(f->name) : NULL;
    return known ? fills[known - table] : NULL;
}

int eig_family_fill(const eig_family *f, int n, uint64_t seed, eig_idx index, eig_idx count,
                    double *out)
{
    fill_fn fill = fill_of(f);
    EIG_CHECK(fill != NULL, EIG_ERR_INTERNAL, "unknown generator family '%s'",
              (f && f->name) ? f->name : "(null)");
    EIG_CHECK(n >= 1 && n <= EIG_FAMILY_MAX_N, EIG_ERR_USAGE,
              "family '%s': matrix order n = %d is out of range (1 <= n <= %d)", f->name, n,
              EIG_FAMILY_MAX_N);
    EIG_CHECK(count >= 1 && index >= 0 && index < count, EIG_ERR_INTERNAL,
              "family '%s': matrix index %lld outside the collection of %lld", f->name,
              (long long)index, (long long)count);
    EIG_CHECK(out != NULL, EIG_ERR_INTERNAL, "family '%s': no output buffer", f->name);
    EIG_CALL(fill(n, seed, (uint64_t)index, count, out));
    return 0;
}
