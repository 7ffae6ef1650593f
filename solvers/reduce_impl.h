/* One point's reductions (solvers/reduce.h, docs/reductions.md) from its
 * eigenvalues in the solver's values layout: real kinds w[k*ws], k < n,
 * ascending; general (re, im) pairs, re at w[2k*ws], im at w[(2k+1)*ws].
 * Compiled for the host (the CPU backend's threads, the tests) and the
 * device (the GPU's reduce kernel): every number is made of IEEE-exact
 * operations only (compare, +, *, /, sqrt; no hypot, no fused multiply-add
 * on the device), so host and device give the same bits from the same
 * eigenvalues. Arithmetic in double whatever the solve's precision.
 * Precision-generic body: no include guard. */

#ifndef EIG_REDUCE_IMPL_ONCE
#define EIG_REDUCE_IMPL_ONCE
#include "reduce.h"

EIG_HD int eig_reduce_is_count_hd(int kind) { return kind == EIG_RED_UNSTABLE || kind == EIG_RED_UNSTABLE_DISCRETE; }
/* a * b and a + b rounded once each: nvcc would fuse them into an FMA. */
#ifdef __CUDA_ARCH__
#define EIG_RED_MUL(a, b) __dmul_rn((a), (b))
#define EIG_RED_ADD(a, b) __dadd_rn((a), (b))
#else
#define EIG_RED_MUL(a, b) ((a) * (b))
#define EIG_RED_ADD(a, b) ((a) + (b))
#endif

/* |re + i im| = sqrt(re^2 + im^2), with exact power-of-two scaling where
 * the squares would overflow or underflow (|x| > 2^500 or < 2^-500). */
EIG_HD double eig_reduce_modulus(double re, double im)
{
    double a = fabs(re), b = fabs(im);
    if (b == 0.0) return a;
    if (a == 0.0) return b;
    double big = a > b ? a : b, s = 1.0, inv = 1.0;
    if (big > 0x1p500) s = 0x1p-600, inv = 0x1p600;
    else if (big < 0x1p-500) s = 0x1p600, inv = 0x1p-600;
    a = EIG_RED_MUL(a, s), b = EIG_RED_MUL(b, s);
    return EIG_RED_MUL(sqrt(EIG_RED_ADD(EIG_RED_MUL(a, a), EIG_RED_MUL(b, b))), inv);
}
#endif

EIG_HD void EIG_FN(eig_reduce_one)(const eig_reduce_list *r, int general, int n, int status, const eig_real *w,
                                    eig_idx ws, double *out)
{
    const double nan = 0.0 / 0.0;
    if (status != EIG_STATUS_OK) { /* NaN reductions, counts the sentinel */
        for (int j = 0; j < r->count; j++) {
            const eig_reduce_item *it = &r->item[j];
            for (int q = 0; q < it->width; q++)
                out[it->offset + q] = eig_reduce_is_count_hd(it->kind) ? (double)EIG_REDUCE_COUNT_FAILED : nan;
        }
        return;
    }
    double absc = -1.0 / 0.0, rad = 0.0, damp = 1.0 / 0.0, lo = 1.0 / 0.0, hi = -1.0 / 0.0;
    int unstable = 0, unstable_d = 0;
    for (int k = 0; k < n; k++) {
        const double re = general ? (double)w[2 * (eig_idx)k * ws] : (double)w[(eig_idx)k * ws];
        const double im = general ? (double)w[(2 * (eig_idx)k + 1) * ws] : 0.0;
        const double mod = eig_reduce_modulus(re, im);
        const double z = mod > 0.0 ? -re / mod : 0.0; /* a zero eigenvalue: damping 0 (marginal) */
        absc = re > absc ? re : absc;
        rad = mod > rad ? mod : rad;
        damp = z < damp ? z : damp;
        lo = re < lo ? re : lo;
        hi = re > hi ? re : hi;
        unstable += re > 0.0;
        unstable_d += mod > 1.0;
    }
    for (int j = 0; j < r->count; j++) {
        const eig_reduce_item *it = &r->item[j];
        double *o = out + it->offset;
        const eig_idx i = it->index;
        switch (it->kind) {
        case EIG_RED_ABSCISSA: o[0] = absc; break;
        case EIG_RED_RADIUS: o[0] = rad; break;
        case EIG_RED_MIN_DAMPING: o[0] = damp; break;
        case EIG_RED_UNSTABLE: o[0] = (double)unstable; break;
        case EIG_RED_UNSTABLE_DISCRETE: o[0] = (double)unstable_d; break;
        case EIG_RED_MIN: o[0] = lo; break;
        case EIG_RED_MAX: o[0] = hi; break;
        case EIG_RED_GAP: o[0] = (double)w[(i + 1) * ws] - (double)w[i * ws]; break;
        case EIG_RED_EIG:
            if (general) o[0] = (double)w[2 * i * ws], o[1] = (double)w[(2 * i + 1) * ws];
            else o[0] = (double)w[i * ws];
            break;
        default: o[0] = nan; break;
        }
    }
}
