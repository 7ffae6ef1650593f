/* Format round trip: collections of every kind and precision written through
 * the writer read back bit-exactly through the reader (in the solver layout),
 * slices at arbitrary offsets included; result files hold what was written.
 * Runs under MPI with one rank. */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "collection.h"
#include "results.h"
#include "eig_error.h"
#include "testutil.h"

static void roundtrip(eig_kind kind, eig_precision prec, int n, eig_idx count, eig_test_rng *rng)
{
    char path[256];
    snprintf(path, sizeof path, "roundtrip_%d_%d_%d.h5", (int)kind, (int)prec, n);
    unlink(path);
    eig_solve_params p = {.kind = kind, .precision = prec};
    eig_idx per = eig_layout_of(&p, n).input;
    double *data = malloc(sizeof(double) * (size_t)(per * count));
    for (eig_idx i = 0; i < per * count; i++) data[i] = eig_test_normal(rng) * pow(10.0, (double)(i % 7) - 3);
    eig_collection_writer w;
    int rc = eig_h5_create_collection(MPI_COMM_WORLD, path, kind, prec, count, n, &w);
    eig_test_expect(rc == 0, "create %s: %s", path, eig_error_message());
    if (rc) { free(data); return; }
    /* Written in two uneven pieces. */
    eig_idx half = count / 3;
    rc |= eig_h5_write_collection_slice(&w, 0, half, data);
    rc |= eig_h5_write_collection_slice(&w, half, count - half, data + half * per);
    rc |= eig_h5_finish_collection(MPI_COMM_WORLD, &w, 1);
    eig_test_expect(rc == 0, "write %s", path);
    eig_test_expect(access(w.tmp_path, F_OK) != 0, "temporary %s left behind", w.tmp_path);

    eig_collection c;
    rc = eig_h5_open_input(MPI_COMM_WORLD, path, EIG_READ_MPIIO, NULL, &c);
    eig_test_expect(rc == 0, "open %s: %s", path, eig_error_message());
    if (rc) { free(data); return; }
    eig_test_expect(c.kind == kind && c.precision == prec && c.n == n && c.count == count,
                    "%s: header says kind %d prec %d n %d N %lld", path, c.kind, c.precision, c.n, (long long)c.count);
    size_t es = prec == EIG_PREC_SINGLE ? 4 : 8;
    eig_idx start = count / 2, cnt = count - start;
    void *buf = malloc((size_t)(per * cnt) * es);
    rc = eig_h5_read_slice(&c, start, cnt, buf);
    eig_test_expect(rc == 0, "read %s", path);
    long bad = 0;
    for (eig_idx i = 0; i < per * cnt; i++) {
        double want = data[start * per + i];
        double got = prec == EIG_PREC_SINGLE ? ((float *)buf)[i] : ((double *)buf)[i];
        if (prec == EIG_PREC_SINGLE) want = (float)want;
        bad += got != want;
    }
    eig_test_expect(bad == 0, "%s: %ld values differ after the round trip", path, bad);
    eig_test_expect(eig_h5_read_slice(&c, count - 1, 2, buf) != 0, "%s: reading past the end is refused", path);
    eig_h5_close_input(&c);
    free(buf);
    free(data);
    unlink(path);
}

static void results_roundtrip(void)
{
    const char *path = "roundtrip_results.h5";
    unlink(path);
    eig_solve_params p = {.kind = EIG_KIND_GENERAL, .precision = EIG_PREC_DOUBLE};
    eig_result_file r;
    int n = 3;
    eig_idx count = 5;
    double values[5 * 6];
    int8_t status[5] = {0, 1, 2, 0, 0};
    int32_t iters[5] = {1, 2, 3, 4, 5};
    for (int i = 0; i < 30; i++) values[i] = i * 0.5;
    eig_results_mode mode = {0, 0, 0, "test key", NULL, NULL};
    int resumed, complete;
    int rc = eig_results_open(MPI_COMM_WORLD, path, &p, count, n, &mode, &resumed, &complete, &r);
    int8_t pending[5];
    rc |= eig_results_read_status(&r, 0, count, pending);
    eig_test_expect(pending[0] == EIG_STATUS_PENDING && pending[4] == EIG_STATUS_PENDING, "fresh /status reads as pending");
    rc |= eig_results_write(&r, 0, count, values, status, iters, NULL);
    eig_test_expect(access(path, F_OK) != 0, "result file visible before it is complete");
    rc |= eig_results_finish(&r, 1, 0);
    eig_test_expect(rc == 0 && access(path, F_OK) == 0, "result file written");
    eig_result_file again;
    eig_test_expect(eig_results_open(MPI_COMM_WORLD, path, &p, count, n, &mode, &resumed, &complete, &again) == EIG_ERR_OUTPUT,
                    "an existing result file is refused without --force");
    eig_results_mode resume = {0, 0, 1, "test key", NULL, NULL};
    eig_test_expect(eig_results_open(MPI_COMM_WORLD, path, &p, count, n, &resume, &resumed, &complete, &again) == 0 && complete,
                    "--resume on a complete file reports it complete");
    hid_t f = H5Fopen(path, H5F_ACC_RDONLY, H5P_DEFAULT);
    double back[30];
    int8_t sb[5];
    int32_t ib[5];
    hid_t ct = H5Tcreate(H5T_COMPOUND, 16);
    H5Tinsert(ct, "r", 0, H5T_NATIVE_DOUBLE);
    H5Tinsert(ct, "i", 8, H5T_NATIVE_DOUBLE);
    hid_t d = eig_h5_open_dataset(f, "eigenvalues");
    eig_test_expect(H5Dread(d, ct, H5S_ALL, H5S_ALL, H5P_DEFAULT, back) >= 0 && !memcmp(back, values, sizeof back),
                    "eigenvalues read back as {r,i} pairs");
    H5Dclose(d);
    d = eig_h5_open_dataset(f, "status");
    eig_test_expect(H5Dread(d, H5T_NATIVE_INT8, H5S_ALL, H5S_ALL, H5P_DEFAULT, sb) >= 0 && !memcmp(sb, status, 5), "status read back");
    H5Dclose(d);
    d = eig_h5_open_dataset(f, "iterations");
    eig_test_expect(H5Dread(d, H5T_NATIVE_INT32, H5S_ALL, H5S_ALL, H5P_DEFAULT, ib) >= 0 && !memcmp(ib, iters, sizeof ib), "iterations read back");
    H5Dclose(d);
    H5Tclose(ct);
    H5Fclose(f);
    unlink(path);
}

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    H5Eset_auto2(H5E_DEFAULT, NULL, NULL);
    eig_test_rng rng;
    eig_test_rng_init(&rng, eig_test_seed("unit_format_roundtrip"));
    int sizes[] = {1, 2, 5, 17};
    for (int k = 0; k < EIG_KIND_COUNT; k++)
        for (int pr = 0; pr < 2; pr++)
            for (int s = 0; s < 4; s++) roundtrip((eig_kind)k, (eig_precision)pr, sizes[s], 1 + (eig_idx)(eig_test_next(&rng) % 300), &rng);
    results_roundtrip();
    int rc = eig_test_summary();
    MPI_Finalize();
    return rc;
}
