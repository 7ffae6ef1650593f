/* A sweep's matrices formed on the host (eig_sweep_fill, sweep_spec.h): the
 * arithmetic is sweep_form_impl.h, which gpu/sweep_form_gpu.cu compiles too.
 * Compiled with -ffp-contract=off (CMakeLists.txt), as the GPU side with
 * --fmad=false: a + p*b rounds twice on both, so they agree bit for bit. */
#include "sweep_spec.h"

#include "eig_error.h"
#include "sweep_form_impl.h"

int eig_sweep_fill(const eig_sweep_spec *s, eig_idx start, eig_idx count, eig_precision precision, void *out)
{
    EIG_CHECK(start >= 0 && count >= 0 && start + count <= s->count, EIG_ERR_INTERNAL,
              "sweep points [%lld, +%lld) outside the %lld of %s", (long long)start, (long long)count,
              (long long)s->count, s->path);
    const eig_sweep_form f = s->form;
    const eig_idx per = f.per;
#pragma omp parallel for schedule(static)
    for (eig_idx m = 0; m < count; m++) {
        double p[EIG_SWEEP_MAX_PARAMS];
        eig_sweep_point(&f, start + m, p);
        if (precision == EIG_PREC_SINGLE) {
            float *o = (float *)out + m * per;
            for (eig_idx e = 0; e < per; e++) o[e] = (float)eig_sweep_entry(&f, p, e);
        } else {
            double *o = (double *)out + m * per;
            for (eig_idx e = 0; e < per; e++) o[e] = eig_sweep_entry(&f, p, e);
        }
    }
    return 0;
}
