/* Body of the CPU backend, instantiated per precision by batch_cpu.c.
 * red (NULL: none): each matrix's reductions, into reduced[m * red->slots],
 * by the thread that solved it, while its eigenvalues are in its cache.
 * No guard: included once per precision. */
static int EIG_FN(batch_cpu)(const eig_solve_params *p, int n, eig_idx count, eig_real *in,
                             eig_real *values, int8_t *status, int32_t *iterations, eig_real *vectors,
                             const eig_reduce_list *red, double *reduced)
{
    eig_layout l = eig_layout_of(p, n);
    int wn = EIG_FN(eig_solve_one_work)(p, n);
    int failed = 0;
#pragma omp parallel reduction(| : failed)
    {
        /* One workspace per thread, reused across its matrices. */
        eig_real *work = malloc(sizeof(eig_real) * (size_t)(wn + 1));
        if (!work) failed = 1;
#pragma omp for schedule(dynamic, 16)
        for (eig_idx m = 0; m < count; m++) {
            if (!work) continue;
            int it = 0;
            status[m] = (int8_t)EIG_FN(eig_solve_one)(p, n, in + m * l.input, 1, values + m * l.values, 1,
                                                      vectors ? vectors + m * l.vectors : 0, 1, work, 1, &it);
            iterations[m] = it;
            if (red && red->count)
                EIG_FN(eig_reduce_one)(red, p->kind == EIG_KIND_GENERAL, n, status[m], values + m * l.values, 1,
                                       reduced + m * red->slots);
        }
        free(work);
    }
    EIG_CHECK(!failed, EIG_ERR_RESOURCE, "out of host memory for solver workspace (n = %d)", n);
    return 0;
}
