/* Oracle for end-to-end tests: recomputes every matrix of an input collection
 * with LAPACK (in double) and checks the result file's eigenvalues, status and
 * (when present) eigenvectors.
 *   solve_oracle IN.h5 OUT.h5 [RANGE_START]
 * Exit 0 when everything agrees within C·n·eps·‖A‖ (eps of the file's
 * precision; for general matrices times 1/min s_i, the worst eigenvalue
 * condition from dgeevx, since LAPACK's own answer is only that close for
 * non-normal matrices), 1 otherwise. */
#include <hdf5.h>
#include <lapacke.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "h5util.h"

#include "testutil.h"

#define TOL_C 200.0 /* generous: a check that the pipeline is wired, not a bound */

static hid_t cplx(void)
{
    hid_t t = H5Tcreate(H5T_COMPOUND, 16);
    H5Tinsert(t, "r", 0, H5T_NATIVE_DOUBLE);
    H5Tinsert(t, "i", 8, H5T_NATIVE_DOUBLE);
    return t;
}

static int read_all(hid_t f, const char *name, hid_t mtype, void *buf)
{
    hid_t d = eig_h5_open_dataset(f, name);
    if (d < 0) return -1;
    herr_t r = H5Dread(d, mtype, H5S_ALL, H5S_ALL, H5P_DEFAULT, buf);
    H5Dclose(d);
    return r < 0 ? -1 : 0;
}

static int dims_of(hid_t f, const char *name, hsize_t *dims)
{
    hid_t d = eig_h5_open_dataset(f, name);
    if (d < 0) return -1;
    hid_t s = H5Dget_space(d);
    int r = H5Sget_simple_extent_dims(s, dims, NULL);
    H5Sclose(s), H5Dclose(d);
    return r;
}

static char *attr_string(hid_t obj, const char *name, char *out, size_t cap)
{
    out[0] = 0;
    hid_t a = H5Aopen(obj, name, H5P_DEFAULT);
    if (a < 0) return out;
    hid_t t = H5Aget_type(a), mt = H5Tcopy(H5T_C_S1);
    H5Tset_size(mt, cap);
    H5Aread(a, mt, out);
    H5Tclose(mt), H5Tclose(t), H5Aclose(a);
    return out;
}

/* Residual ||AV - VL||_F and orthogonality ||V^H V - I||_F of one matrix's
 * eigenvectors (complex when herm, else real; column k pairs with w[k]). */
static void vector_errors(int n, int herm, const double *a, const double *v, const double *w, double *res,
                          double *orth)
{
    int cs = herm ? 2 : 1;
    double r2 = 0, o2 = 0;
    for (int i = 0; i < n; i++)
        for (int k = 0; k < n; k++) {
            double sr = 0, si = 0; /* (A V)(i,k) - w_k V(i,k) */
            for (int j = 0; j < n; j++) {
                double ar = a[(i * n + j) * cs], ai = herm ? a[(i * n + j) * cs + 1] : 0;
                double vr = v[(j * n + k) * cs], vi = herm ? v[(j * n + k) * cs + 1] : 0;
                sr += ar * vr - ai * vi, si += ar * vi + ai * vr;
            }
            sr -= w[k] * v[(i * n + k) * cs];
            if (herm) si -= w[k] * v[(i * n + k) * cs + 1];
            r2 += sr * sr + si * si;
        }
    for (int k = 0; k < n; k++)
        for (int l = 0; l < n; l++) {
            double sr = 0, si = 0; /* (V^H V)(k,l) - delta */
            for (int j = 0; j < n; j++) {
                double pr = v[(j * n + k) * cs], pi = herm ? -v[(j * n + k) * cs + 1] : 0;
                double qr = v[(j * n + l) * cs], qi = herm ? v[(j * n + l) * cs + 1] : 0;
                sr += pr * qr - pi * qi, si += pr * qi + pi * qr;
            }
            if (k == l) sr -= 1;
            o2 += sr * sr + si * si;
        }
    *res = sqrt(r2), *orth = sqrt(o2);
}

int main(int argc, char **argv)
{
    if (argc < 3) { fprintf(stderr, "usage: solve_oracle IN.h5 OUT.h5 [RANGE_START]\n"); return 2; }
    long long range_start = argc > 3 ? atoll(argv[3]) : 0;
    H5Eset_auto2(H5E_DEFAULT, NULL, NULL);
    hid_t fi = H5Fopen(argv[1], H5F_ACC_RDONLY, H5P_DEFAULT), fo = H5Fopen(argv[2], H5F_ACC_RDONLY, H5P_DEFAULT);
    if (fi < 0 || fo < 0) { fprintf(stderr, "cannot open %s or %s\n", argv[1], argv[2]); return 2; }
    char kind[64], prec[16];
    int tri = H5Lexists(fi, "diag", H5P_DEFAULT) > 0;
    hid_t dk = eig_h5_open_dataset(fi, tri ? "diag" : "matrices");
    attr_string(dk, "kind", kind, sizeof kind);
    hid_t ft = H5Dget_type(dk);
    int single = H5Tget_size(ft) == 4 || (H5Tget_size(ft) == 8 && H5Tget_class(ft) == H5T_COMPOUND);
    H5Tclose(ft), H5Dclose(dk);
    attr_string(fo, "precision", prec, sizeof prec);
    double eps = single ? 0x1p-24 : 0x1p-53;
    /* [N, n], or a whole sweep's grid [d1..dK, n]: N = d1 * ... * dK rows, row-major */
    hsize_t od[H5S_MAX_RANK];
    int orank = dims_of(fo, "eigenvalues", od);
    if (orank < 2) { fprintf(stderr, "%s: /eigenvalues is not [N, n] or [d1..dK, n]\n", argv[2]); return 2; }
    long long count = 1;
    for (int k = 0; k < orank - 1; k++) count *= (long long)od[k];
    int n = (int)od[orank - 1];
    int general = !strcmp(kind, "general"), herm = !strcmp(kind, "hermitian");
    size_t per = tri ? (size_t)(2 * n - 1) : (size_t)n * n * (herm ? 2 : 1);
    hsize_t id[H5S_MAX_RANK];
    dims_of(fi, tri ? "diag" : "matrices", id);
    long long total = (long long)id[0];
    double *in = malloc(sizeof(double) * per * (size_t)total);
    if (tri) {
        double *d = malloc(sizeof(double) * (size_t)(total * n)), *e = malloc(sizeof(double) * (size_t)(total * n));
        read_all(fi, "diag", H5T_NATIVE_DOUBLE, d);
        if (n > 1) read_all(fi, "offdiag", H5T_NATIVE_DOUBLE, e);
        for (long long m = 0; m < total; m++) {
            memcpy(in + m * (long long)per, d + m * n, sizeof(double) * (size_t)n);
            if (n > 1) memcpy(in + m * (long long)per + n, e + m * (n - 1), sizeof(double) * (size_t)(n - 1));
        }
        free(d), free(e);
    } else {
        hid_t t = herm ? cplx() : H5Tcopy(H5T_NATIVE_DOUBLE);
        read_all(fi, "matrices", t, in);
        H5Tclose(t);
    }
    double *vals = malloc(sizeof(double) * 2 * (size_t)(count * n));
    int8_t *status = malloc((size_t)count);
    hid_t vt = general ? cplx() : H5Tcopy(H5T_NATIVE_DOUBLE);
    read_all(fo, "eigenvalues", vt, vals);
    read_all(fo, "status", H5T_NATIVE_INT8, status);
    H5Tclose(vt);

    int has_vec = H5Lexists(fo, "eigenvectors", H5P_DEFAULT) > 0;
    double *vec = NULL;
    if (has_vec) {
        vec = malloc(sizeof(double) * (size_t)(count * n * n) * (herm ? 2 : 1));
        hid_t xt = herm ? cplx() : H5Tcopy(H5T_NATIVE_DOUBLE);
        read_all(fo, "eigenvectors", xt, vec);
        H5Tclose(xt);
    }
    double worst = 0, worst_res = 0, worst_orth = 0;
    long long bad = 0, not_ok = 0, order = 0;
    /* Column-major calls on our own padded copy: LAPACKE then makes no
     * transposed copy, and OpenBLAS's vector kernels may read a little past
     * the end of a matrix (harmless, but AddressSanitizer builds trap it).
     * Read column-major, the row-major matrix is its transpose: same eigenvalues. */
    double *a = malloc(sizeof(double) * per + 8192), *wr = malloc(sizeof(double) * 4 * (size_t)n + 8192), *wi = wr + n;
    for (long long m = 0; m < count; m++) {
        const double *src = in + (m + range_start) * (long long)per;
        memcpy(a, src, sizeof(double) * per);
        double norm = 0;
        for (size_t i = 0; i < per; i++) norm += src[i] * src[i];
        norm = sqrt(norm);
        if (status[m] != 0) { not_ok++; continue; }
        double err;
        double cond = 1; /* general: 1 / the smallest eigenvalue condition (dgeevx rconde) */
        if (general) {
            /* Non-normal matrices (control) move an eigenvalue by up to
             * eps*|A|/s_i: the bound scales with the worst s_i (floored at eps). */
            double *vl = malloc(sizeof(double) * (2 * per + 4 * (size_t)n) + 8192), *vr = vl + per;
            double *scale = vr + per, *rconde = scale + n, *rcondv = rconde + n;
            lapack_int ilo, ihi;
            double abnrm;
            if (LAPACKE_dgeevx(LAPACK_COL_MAJOR, 'N', 'V', 'V', 'E', n, a, n, wr, wi, vl, n, vr, n, &ilo, &ihi, scale,
                               &abnrm, rconde, rcondv) == 0)
                for (int k = 0; k < n; k++) {
                    double sk = rconde[k] > eps ? rconde[k] : eps;
                    if (1 / sk > cond) cond = 1 / sk;
                }
            free(vl);
            double *cr = malloc(sizeof(double) * 2 * (size_t)n), *ci = cr + n;
            for (int k = 0; k < n; k++) cr[k] = vals[(m * n + k) * 2], ci[k] = vals[(m * n + k) * 2 + 1];
            err = eig_test_match_complex(n, cr, ci, wr, wi);
            for (int k = 1; k < n; k++) order += cr[k] < cr[k - 1];
            free(cr);
        } else {
            int info;
            if (tri) {
                memcpy(wr, src, sizeof(double) * (size_t)n);
                memcpy(wr + n, src + n, sizeof(double) * (size_t)(n - 1));
                info = LAPACKE_dsterf(n, wr, wr + n);
            } else if (herm) {
                info = LAPACKE_zheev(LAPACK_COL_MAJOR, 'N', 'L', n, (lapack_complex_double *)a, n, wr);
            } else {
                info = LAPACKE_dsyev(LAPACK_COL_MAJOR, 'N', 'L', n, a, n, wr);
            }
            if (info) { bad++; continue; }
            err = eig_test_match_real(n, vals + m * n, wr);
            for (int k = 1; k < n; k++) order += vals[m * n + k] < vals[m * n + k - 1];
        }
        double ratio = err / (n * eps * (norm > 0 ? norm : 1) * cond);
        if (has_vec) {
            double res, orth;
            vector_errors(n, herm, src, vec + m * (long long)n * n * (herm ? 2 : 1), vals + m * n, &res, &orth);
            res /= n * eps * (norm > 0 ? norm : 1);
            orth /= n * eps;
            if (!(res <= TOL_C) || !(orth <= TOL_C)) bad++;
            if (!(res <= worst_res)) worst_res = res;
            if (!(orth <= worst_orth)) worst_orth = orth;
        }
        if (!(ratio <= TOL_C)) bad++;
        if (ratio > worst || isnan(ratio)) worst = ratio;
    }
    printf("solve_oracle: %lld matrices (%s, %s), worst error %.3g n*eps*|A|%s, %lld beyond %.0f, %lld not ok, %lld out of order\n",
           count, kind, prec, worst, general ? "/s_min" : "", bad, TOL_C, not_ok, order);
    if (has_vec)
        printf("solve_oracle: eigenvectors: worst residual %.3g n*eps*|A|, worst orthogonality %.3g n*eps\n", worst_res,
               worst_orth);
    free(vec);
    free(a), free(wr), free(in), free(vals), free(status);
    H5Fclose(fi), H5Fclose(fo);
    return bad || not_ok || order ? 1 : 0;
}
