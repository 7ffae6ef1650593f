/* Where a solve's matrices come from: a collection file (parallel HDF5), or
 * a built-in family generated in memory (--synthetic), which takes the file
 * system out of scaling studies. */
#ifndef EIG_SOURCE_H
#define EIG_SOURCE_H

#include <mpi.h>

#include "collection.h"
#include "families.h"
#include "grid.h"
#include "identity.h"
#include "sweep_spec.h"

typedef struct {
    int synthetic;
    eig_collection file;          /* when !synthetic */
    const eig_family *family;     /* when synthetic */
    uint64_t seed;
    eig_kind kind;
    eig_precision precision;
    eig_idx count;
    int n;
    char name[4200];              /* file path, or "synthetic:FAMILY:N:COUNT:SEED:PRECISION" */
    /* What the matrices are, whatever the path: eig_input_identity() of the
     * file (rank 0 reads it, every rank gets it), or name when synthetic
     * (the spec generates the same matrices anywhere). */
    char identity[EIG_IDENTITY_CAP];
    char dataset[EIG_DATASET_PATH_MAX];  /* "/matrices", "/diag" ..., or "(generated)" */
    char offdiag[EIG_DATASET_PATH_MAX];  /* "/offdiag" for a tridiagonal file, else "" */
    eig_grid grid;                /* the results' shape: 1-D of count ("index") for a collection */
    int sweep;                    /* a parametric sweep spec (docs/sweeps.md): matrices formed from spec */
    eig_sweep_spec spec;          /* when sweep; grid is spec.grid */
} eig_source;

/* spec: where the collection lies and its kind, when the file does not say
 * so the format's way (NULL: the defaults). */
int eig_source_open_file(MPI_Comm comm, const char *path, eig_read_driver how, const eig_input_spec *spec,
                         eig_source *s);
/* A sweep spec at path (eig_sweep_spec_open; kind_override: --kind or
 * NULL), opened by every rank. eig_source_open_file opens a file laid out
 * as a spec (eig_sweep_spec_detect) through this, unless --dataset, --diag
 * or --offdiag say it is a collection. identity: "sweep:" + the file's. */
int eig_source_open_sweep(MPI_Comm comm, const char *path, const eig_kind *kind_override, eig_source *s);
/* spec: FAMILY:N:COUNT[:SEED[:single|double]] */
int eig_source_open_synthetic(const char *spec, eig_source *s);
/* Matrices [start, start+count) in the solver input layout and precision. */
int eig_source_read(eig_source *s, eig_idx start, eig_idx count, void *buf);
void eig_source_close(eig_source *s);

#endif
