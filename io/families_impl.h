/* The generator families' arithmetic, one source for host and device.
 *
 * io/families.c compiles these functions for the host (eig_family_fill, the
 * CPU path of `generate` and `solve --synthetic`); gpu/generate_gpu.cu
 * compiles them for the GPU (eig_gpu_generate). Both sides compile them
 * without contracting a*b+c into fused multiply-adds (families.c with
 * -ffp-contract=off, generate_gpu.cu with --fmad=false), so every integer
 * hash and every + - * / and sqrt rounds the same on both: the families
 * built from those alone agree bit for bit, the others (log and cos in
 * Box–Muller normals, pow, sin, cos) agree within the bounds docs/format.md
 * gives per family.
 *
 * Each matrix is a pure function of (family, n, seed, index, count): every
 * random draw comes from the counter-based generator in rng.h, addressed by
 * (seed, index, stream, element), and every sum runs in a fixed order. So a
 * collection is byte-identical whichever ranks produce which slices, and
 * each entry can be computed on its own (eig_fam_element: one GPU thread per
 * entry). Only radar's covariance is a product over the whole matrix
 * (eig_fam_radar: a team, one thread on the host, a thread block on the GPU).
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
#ifndef EIG_FAMILIES_IMPL_H
#define EIG_FAMILIES_IMPL_H

#include <math.h>
#include <stdint.h>

#include "eig_hd.h"
#include "rng.h"

/* The families, in the order of families.c's table (eig_family_id). */
enum eig_family_id {
    EIG_FAM_RANDOM_GENERAL,
    EIG_FAM_RANDOM_SYMMETRIC,
    EIG_FAM_RANDOM_HERMITIAN,
    EIG_FAM_TRIDIAG_121,
    EIG_FAM_TRIDIAG_UNIFORM,
    EIG_FAM_TRIDIAG_GEOMETRIC,
    EIG_FAM_WILKINSON_GLUED,
    EIG_FAM_CONTROL,
    EIG_FAM_RADAR,
    EIG_FAM_COUNT
};

/* Streams (rng.h): separate draws for separate purposes within one matrix. */
enum {
    EIG_FAM_STREAM_ENTRY = 0, /* entries / real parts */
    EIG_FAM_STREAM_IMAG,      /* imaginary parts */
    EIG_FAM_STREAM_SIGN,      /* random signs */
    EIG_FAM_STREAM_SCALE,     /* per-matrix or per-entry factors */
    EIG_FAM_STREAM_SOURCE,    /* radar: source angles and powers */
    EIG_FAM_STREAM_SIGNAL,    /* radar: source waveforms */
    EIG_FAM_STREAM_NOISE      /* radar: sensor noise */
};

EIG_HD double eig_fam_normal(uint64_t seed, uint64_t index, unsigned stream, uint64_t k)
{
    return eig_rng_normal(seed, index, eig_rng_counter(stream, k));
}

EIG_HD double eig_fam_uniform(uint64_t seed, uint64_t index, unsigned stream, uint64_t k)
{
    return eig_rng_uniform(seed, index, eig_rng_counter(stream, k));
}

EIG_HD double eig_fam_sign(uint64_t seed, uint64_t index, uint64_t k)
{
    return (eig_rng_u64(seed, index, eig_rng_counter(EIG_FAM_STREAM_SIGN, k)) >> 63) ? -1.0 : 1.0;
}

/* ---- dense random families ---- */

/* random-symmetric, entry (p, q) with p <= q (and (q, p), the same value):
 * (G + G^T)/2 computed once per pair, so a(i,j) == a(j,i) bit for bit. */
EIG_HD double eig_fam_symmetric_upper(int n, uint64_t seed, uint64_t index, int p, int q)
{
    double gpq = eig_fam_normal(seed, index, EIG_FAM_STREAM_ENTRY, (uint64_t)p * n + q);
    double gqp = eig_fam_normal(seed, index, EIG_FAM_STREAM_ENTRY, (uint64_t)q * n + p);
    return (p == q) ? gpq : 0.5 * (gpq + gqp);
}

/* random-hermitian, entry (p, q) with p <= q: complex normal entries (real
 * and imaginary parts N(0, 1/2)), then (G + G^H)/2; entry (q, p) is
 * (re, -im), the diagonal real. */
EIG_HD void eig_fam_hermitian_upper(int n, uint64_t seed, uint64_t index, int p, int q, double *re, double *im)
{
    const double s = 0.70710678118654752440; /* 1/sqrt(2) */
    uint64_t kpq = (uint64_t)p * n + q, kqp = (uint64_t)q * n + p;
    if (p == q) {
        *re = s * eig_fam_normal(seed, index, EIG_FAM_STREAM_ENTRY, kpq);
        *im = 0.0;
        return;
    }
    double gr_pq = s * eig_fam_normal(seed, index, EIG_FAM_STREAM_ENTRY, kpq);
    double gi_pq = s * eig_fam_normal(seed, index, EIG_FAM_STREAM_IMAG, kpq);
    double gr_qp = s * eig_fam_normal(seed, index, EIG_FAM_STREAM_ENTRY, kqp);
    double gi_qp = s * eig_fam_normal(seed, index, EIG_FAM_STREAM_IMAG, kqp);
    *re = 0.5 * (gr_pq + gr_qp);
    *im = 0.5 * (gi_pq - gi_qp);
}

/* ---- tridiagonal families: entry k of diag[n] then offdiag[n-1] ---- */

/* Graded: magnitudes fall from about 1 to about 10^-GEOMETRIC_DECADES along
 * the diagonal (offdiag interleaved between its neighbours), each entry with a
 * random factor in [1, 2) and a random sign. Stresses relative accuracy.
 * Glued Wilkinson W21+ (Volkov & Demmel): blocks of 21 with diagonal
 * |10 - k|, k = 0..20, and offdiagonal 1, glued by delta = 1e-14 * [1, 2)
 * (one factor per matrix, so matrices differ). The last block is truncated
 * when 21 does not divide n. Its eigenvalues come in tight clusters. */
#define EIG_FAM_GEOMETRIC_DECADES 12.0
#define EIG_FAM_WILKINSON_BLOCK 21
EIG_HD double eig_fam_tridiag_entry(int fam, int n, uint64_t seed, uint64_t index, int k)
{
    switch (fam) {
    case EIG_FAM_TRIDIAG_121: return k < n ? 2.0 : -1.0;
    case EIG_FAM_TRIDIAG_UNIFORM: return 2.0 * eig_fam_uniform(seed, index, EIG_FAM_STREAM_ENTRY, (uint64_t)k) - 1.0;
    case EIG_FAM_TRIDIAG_GEOMETRIC: {
        double pos = (k < n) ? k : (k - n) + 0.5; /* offdiag k sits between diag k, k+1 */
        double mag = pow(10.0, -EIG_FAM_GEOMETRIC_DECADES * pos / n);
        double factor = 1.0 + eig_fam_uniform(seed, index, EIG_FAM_STREAM_SCALE, (uint64_t)k);
        return eig_fam_sign(seed, index, (uint64_t)k) * factor * mag;
    }
    case EIG_FAM_WILKINSON_GLUED:
        if (k < n) return fabs(10.0 - (double)(k % EIG_FAM_WILKINSON_BLOCK));
        if ((k - n + 1) % EIG_FAM_WILKINSON_BLOCK != 0) return 1.0;
        return 1e-14 * (1.0 + eig_fam_uniform(seed, index, EIG_FAM_STREAM_SCALE, 0));
    default: return 0.0;
    }
}

/* ---- control: closed-loop state matrices over a gain grid (see top) ---- */

#define EIG_FAM_CONTROL_DAMPING 0.02
EIG_HD double eig_fam_control_kmin(int j) { return j < 2 ? -0.5 : 0.0; }
EIG_HD double eig_fam_control_kmax(int j) { return j < 2 ? 2.0 : 1.0; }

/* Smallest g with g^3 >= count (exact in integers, unlike cbrt). */
EIG_HD eig_idx eig_fam_control_grid_side(eig_idx count)
{
    eig_idx g = (eig_idx)floor(cbrt((double)count));
    if (g < 1) g = 1;
    while (g > 1 && (g - 1) * (g - 1) * (g - 1) >= count) g--;
    while (g * g * g < count) g++;
    return g;
}

EIG_HD void eig_fam_control_gains(uint64_t index, eig_idx count, double k[3])
{
    eig_idx g = eig_fam_control_grid_side(count);
    eig_idx i[3] = {(eig_idx)index / (g * g), ((eig_idx)index / g) % g, (eig_idx)index % g};
    for (int j = 0; j < 3; j++)
        k[j] = (g == 1) ? eig_fam_control_kmin(j)
                        : eig_fam_control_kmin(j) + (eig_fam_control_kmax(j) - eig_fam_control_kmin(j)) *
                                                        (double)i[j] / (double)(g - 1);
}

/* Entry (i, j) of A - B K C for gains k. */
EIG_HD double eig_fam_control_entry(int n, const double k[3], int i, int j)
{
    if (n == 1) return 0.05 - k[0] - k[1] - k[2];
    const int m = n / 2;
    double a = 0.0;
    if (i < m) { /* q_i' = v_i */
        if (j == m + i) a = 1.0;
    } else if (i < 2 * m) { /* v_r' = springs to both neighbours (walls at the ends), damping */
        const int r = i - m;
        if (j == r) a = -2.0;
        else if (j == r - 1 || (j == r + 1 && r < m - 1)) a = 1.0;
        else if (j == i) a = -EIG_FAM_CONTROL_DAMPING;
    } else { /* odd n: sensor lag driven by q_m */
        if (j == n - 1) a = -1.0;
        else if (j == m - 1) a = 1.0;
    }
    /* A - B K C: loop j subtracts k_j at (force row, sensor column), in this order. */
    if (i == m && j == m) a -= k[0];                 /* v_1 -> force on mass 1 */
    if (i == 2 * m - 1 && j == 2 * m - 1) a -= k[1]; /* v_m -> force on mass m */
    if (i == m && j == m - 1) a -= k[2];             /* q_m -> force on mass 1 */
    return a;
}

/* ---- any family but radar, entry by entry ---- */

/* Element k of the matrix in the solver input layout (families.h:
 * eig_family_fill), computed on its own: what one GPU thread writes. */
EIG_HD double eig_fam_element(int fam, int n, uint64_t seed, uint64_t index, eig_idx count, eig_idx k)
{
    switch (fam) {
    case EIG_FAM_RANDOM_GENERAL: return eig_fam_normal(seed, index, EIG_FAM_STREAM_ENTRY, (uint64_t)k);
    case EIG_FAM_RANDOM_SYMMETRIC: {
        const int i = (int)(k / n), j = (int)(k % n);
        return i <= j ? eig_fam_symmetric_upper(n, seed, index, i, j) : eig_fam_symmetric_upper(n, seed, index, j, i);
    }
    case EIG_FAM_RANDOM_HERMITIAN: {
        const eig_idx e = k / 2;
        const int i = (int)(e / n), j = (int)(e % n);
        double re, im;
        eig_fam_hermitian_upper(n, seed, index, i <= j ? i : j, i <= j ? j : i, &re, &im);
        /* the diagonal's imaginary part is -0.0: eig_family_fill writes the
         * lower entry (re, -im) last, and on the diagonal that is the entry */
        return k % 2 == 0 ? re : i < j ? im : -im;
    }
    case EIG_FAM_CONTROL: {
        double g[3];
        eig_fam_control_gains(index, count, g);
        return eig_fam_control_entry(n, g, (int)(k / n), (int)(k % n));
    }
    case EIG_FAM_RADAR: return 0.0; /* not entry by entry: eig_fam_radar */
    default: return eig_fam_tridiag_entry(fam, n, seed, index, (int)k);
    }
}

/* ---- radar: sample covariance of a uniform linear array ----
 * R = (1/T) sum_t x_t x_t^H, T = 2n snapshots, x_t = sum_s sqrt(p_s) a(theta_s)
 * g_{s,t} + e_t; a_k(theta) = exp(i pi k sin theta) (half-wavelength spacing),
 * theta_s uniform in [-pi/2, pi/2), p_s 10-30 dB over unit noise, g and e
 * circular complex normal of unit variance. The snapshots go EIG_RADAR_TILE
 * at a time through scratch; each upper-triangle entry sums its terms in
 * snapshot order, the lower triangle is mirrored at the end, so R is exactly
 * Hermitian and its bits do not depend on the team. */
#define EIG_RADAR_SOURCES 3
#define EIG_RADAR_TILE 16

/* Scratch doubles: sin(theta) and amplitude per source, the steering
 * vectors, a tile's source waveforms and snapshots. */
EIG_HD eig_idx eig_fam_radar_scratch(int n)
{
    return 2 * EIG_RADAR_SOURCES + 2 * EIG_RADAR_SOURCES * (eig_idx)n +
           EIG_RADAR_TILE * (2 * EIG_RADAR_SOURCES + 2 * (eig_idx)n);
}

/* The upper triangle (i <= j) dealt as ceil(n/2) slots of n+1 entries: slot
 * p holds row p's n-p entries, then row n-1-p's p+1 (for odd n the middle
 * row only its own). 0 for an empty place. */
EIG_HD int eig_fam_upper_entry(int n, int e, int *i, int *j)
{
    const int p = e / (n + 1), c = e % (n + 1);
    if (c < n - p) {
        *i = p, *j = p + c;
        return 1;
    }
    const int q = n - 1 - p;
    if (q == p) return 0;
    *i = q, *j = q + (c - (n - p));
    return 1;
}

/* r: 2*n*n doubles (Hermitian layout); scratch: eig_fam_radar_scratch(n)
 * doubles, both shared by the team. */
EIG_HD void eig_fam_radar(eig_team tm, int n, uint64_t seed, uint64_t index, double *r, double *scratch)
{
    const double pi = 3.14159265358979323846, s = 0.70710678118654752440;
    const int S = EIG_RADAR_SOURCES, T = 2 * n, upper = (n + 1) / 2 * (n + 1);
    double *sin_theta = scratch, *amp = scratch + S, *steer = scratch + 2 * S;
    double *g = steer + 2 * S * n, *x = g + EIG_RADAR_TILE * 2 * S;
    eig_team_sync(tm); /* the team's previous matrix is done with the scratch */
    if (EIG_TEAM_LEAD(tm))
        for (int src = 0; src < S; src++) {
            sin_theta[src] = sin(pi * (eig_fam_uniform(seed, index, EIG_FAM_STREAM_SOURCE, 2 * src) - 0.5));
            double db = 10.0 + 20.0 * eig_fam_uniform(seed, index, EIG_FAM_STREAM_SOURCE, 2 * src + 1);
            amp[src] = sqrt(pow(10.0, db / 10.0));
        }
    EIG_TEAM_FOR(tm, e, 0, 2 * n * n - 1) r[e] = 0.0;
    eig_team_sync(tm);
    EIG_TEAM_FOR(tm, e, 0, S * n - 1) {
        const int src = e / n, k = e % n;
        double phase = pi * k * sin_theta[src];
        steer[2 * e] = cos(phase);
        steer[2 * e + 1] = sin(phase);
    }
    for (int t0 = 0; t0 < T; t0 += EIG_RADAR_TILE) {
        const int nt = T - t0 < EIG_RADAR_TILE ? T - t0 : EIG_RADAR_TILE;
        EIG_TEAM_FOR(tm, e, 0, nt * S - 1) { /* source waveforms at times t0.. */
            const int src = e % S;
            const uint64_t w = (uint64_t)(t0 + e / S) * S + src;
            g[2 * e] = s * amp[src] * eig_fam_normal(seed, index, EIG_FAM_STREAM_SIGNAL, 2 * w);
            g[2 * e + 1] = s * amp[src] * eig_fam_normal(seed, index, EIG_FAM_STREAM_SIGNAL, 2 * w + 1);
        }
        eig_team_sync(tm);
        EIG_TEAM_FOR(tm, e, 0, nt * n - 1) { /* the snapshots */
            const int tt = e / n, k = e % n;
            const uint64_t ek = (uint64_t)(t0 + tt) * n + k;
            double re = s * eig_fam_normal(seed, index, EIG_FAM_STREAM_NOISE, 2 * ek);
            double im = s * eig_fam_normal(seed, index, EIG_FAM_STREAM_NOISE, 2 * ek + 1);
            for (int src = 0; src < S; src++) {
                double ar = steer[2 * (src * n + k)], ai = steer[2 * (src * n + k) + 1];
                double gr = g[2 * (tt * S + src)], gi = g[2 * (tt * S + src) + 1];
                re += ar * gr - ai * gi;
                im += ar * gi + ai * gr;
            }
            x[2 * e] = re;
            x[2 * e + 1] = im;
        }
        eig_team_sync(tm);
        EIG_TEAM_FOR(tm, e, 0, upper - 1) { /* x_i conj(x_j), snapshot by snapshot */
            int i, j;
            if (!eig_fam_upper_entry(n, e, &i, &j)) continue;
            double *rij = r + 2 * ((eig_idx)i * n + j), re = rij[0], im = rij[1];
            for (int tt = 0; tt < nt; tt++) {
                const double *xt = x + 2 * (eig_idx)tt * n;
                re += xt[2 * i] * xt[2 * j] + xt[2 * i + 1] * xt[2 * j + 1];
                im += xt[2 * i + 1] * xt[2 * j] - xt[2 * i] * xt[2 * j + 1];
            }
            rij[0] = re, rij[1] = im;
        }
        eig_team_sync(tm);
    }
    EIG_TEAM_FOR(tm, e, 0, upper - 1) {
        int i, j;
        if (!eig_fam_upper_entry(n, e, &i, &j)) continue;
        double *rij = r + 2 * ((eig_idx)i * n + j);
        rij[0] /= T;
        rij[1] = (i == j) ? 0.0 : rij[1] / T;
    }
    eig_team_sync(tm);
    EIG_TEAM_FOR(tm, e, 0, n * n - 1) { /* the lower triangle, and -0.0 on the diagonal as (re, -im) */
        const int i = e / n, j = e % n;
        if (j > i) continue;
        const double *rji = r + 2 * ((eig_idx)j * n + i);
        double *rij = r + 2 * (eig_idx)e;
        rij[0] = rji[0];
        rij[1] = -rji[1];
    }
    eig_team_sync(tm);
}

#endif
