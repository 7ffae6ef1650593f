#include "source.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "eig_error.h"

/* A collection's results are a list: one axis, "index". */
static void list_grid(eig_source *s)
{
    s->grid.rank = 1;
    s->grid.dims[0] = s->count;
    snprintf(s->grid.name[0], sizeof s->grid.name[0], "index");
}

/* Rank 0 identifies the input file for every rank (prefix: "sweep:" for a spec). */
static int identify(MPI_Comm comm, const char *path, const char *prefix, eig_source *s)
{
    int rank, rc = 0;
    MPI_Comm_rank(comm, &rank);
    if (rank == 0) {
        char id[EIG_IDENTITY_CAP];
        rc = eig_input_identity(path, id, sizeof id);
        snprintf(s->identity, sizeof s->identity, "%s%.*s", prefix, (int)(sizeof s->identity - 1 - strlen(prefix)), id);
    }
    MPI_Bcast(&rc, 1, MPI_INT, 0, comm);
    MPI_Bcast(s->identity, (int)sizeof s->identity, MPI_CHAR, 0, comm);
    return rc ? (rank == 0 ? rc : EIG_ERR_INPUT) : 0;
}

int eig_source_open_sweep(MPI_Comm comm, const char *path, const eig_kind *kind_override, eig_source *s)
{
    memset(s, 0, sizeof *s);
    EIG_CALL(eig_sweep_spec_open(path, kind_override, &s->spec));
    s->sweep = 1;
    s->kind = s->spec.kind, s->precision = s->spec.precision, s->count = s->spec.count, s->n = s->spec.n;
    snprintf(s->name, sizeof s->name, "%s", path);
    snprintf(s->dataset, sizeof s->dataset, "%s", s->spec.dataset);
    snprintf(s->offdiag, sizeof s->offdiag, "%s", s->spec.offdiag);
    s->grid = s->spec.grid;
    int rc = identify(comm, path, "sweep:", s);
    if (rc) eig_sweep_spec_close(&s->spec);
    return rc;
}

int eig_source_open_file(MPI_Comm comm, const char *path, eig_read_driver how, const eig_input_spec *spec,
                         eig_source *s)
{
    memset(s, 0, sizeof *s);
    if (!(spec && (spec->dataset || spec->diag || spec->offdiag)) && eig_sweep_spec_detect(path))
        return eig_source_open_sweep(comm, path, spec && spec->kind_given ? &spec->kind : NULL, s);
    EIG_CALL(eig_h5_open_input(comm, path, how, spec, &s->file));
    s->kind = s->file.kind, s->precision = s->file.precision, s->count = s->file.count, s->n = s->file.n;
    snprintf(s->name, sizeof s->name, "%s", path);
    snprintf(s->dataset, sizeof s->dataset, "%s", s->file.dataset);
    snprintf(s->offdiag, sizeof s->offdiag, "%s", s->file.offdiag_name);
    int rc = identify(comm, path, "", s);
    if (rc) {
        eig_h5_close_input(&s->file);
        return rc;
    }
    list_grid(s);
    return 0;
}

int eig_source_open_synthetic(const char *spec, eig_source *s)
{
    memset(s, 0, sizeof *s);
    s->synthetic = 1;
    s->seed = 1;
    char buf[512], *field[5] = {0};
    EIG_CHECK(strlen(spec) < sizeof buf, EIG_ERR_USAGE, "--synthetic: '%.40s...' is too long for FAMILY:N:COUNT[:SEED[:single]]", spec);
    snprintf(buf, sizeof buf, "%s", spec);
    /* Split at every ':' (empty fields kept, so each is checked); a sixth
     * field is refused rather than dropped. */
    int nf = 0;
    for (char *rest = buf, *tok; (tok = strsep(&rest, ":")) != NULL; nf++) {
        EIG_CHECK(nf < 5, EIG_ERR_USAGE, "--synthetic %s: unexpected field '%s' after FAMILY:N:COUNT:SEED:PRECISION", spec, tok);
        field[nf] = tok;
    }
    EIG_CHECK(nf >= 3, EIG_ERR_USAGE, "--synthetic: expected FAMILY:N:COUNT[:SEED[:single]], got '%s'", spec);
    s->family = eig_family_find(field[0]);
    EIG_CHECK(s->family, EIG_ERR_USAGE, "--synthetic: unknown family '%s' (see eigsweep generate --help)", field[0]);
    EIG_CALL(eig_parse_int("--synthetic N", field[1], 1, EIG_MAX_N, &s->n));
    EIG_CALL(eig_parse_i64("--synthetic COUNT", field[2], 1, INT64_MAX / 2, &s->count));
    if (nf > 3) EIG_CALL(eig_parse_u64("--synthetic SEED", field[3], &s->seed));
    if (nf > 4) EIG_CALL(eig_parse_precision(field[4], &s->precision));
    s->kind = s->family->kind;
    snprintf(s->name, sizeof s->name, "synthetic:%s:%d:%lld:%llu:%s", s->family->name, s->n, (long long)s->count,
             (unsigned long long)s->seed, s->precision == EIG_PREC_SINGLE ? "single" : "double");
    snprintf(s->dataset, sizeof s->dataset, "(generated)");
    snprintf(s->identity, sizeof s->identity, "%.*s", (int)sizeof s->identity - 1, s->name); /* (fits: short fields) */
    list_grid(s);
    return 0;
}

int eig_source_read(eig_source *s, eig_idx start, eig_idx count, void *buf)
{
    if (s->sweep) return eig_sweep_fill(&s->spec, start, count, s->precision, buf);
    if (!s->synthetic) return eig_h5_read_slice(&s->file, start, count, buf);
    int rc = eig_family_fill_range(s->family, s->n, s->seed, start, count, s->count, s->precision, buf);
    EIG_CHECK(rc == 0, rc == EIG_ERR_RESOURCE ? EIG_ERR_RESOURCE : rc, "cannot generate matrices %lld..%lld of %s",
              (long long)start, (long long)(start + count - 1), s->name);
    return 0;
}

void eig_source_close(eig_source *s)
{
    if (s->sweep) eig_sweep_spec_close(&s->spec);
    else if (!s->synthetic) eig_h5_close_input(&s->file);
}
