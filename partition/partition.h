/* Which global matrix indices a rank owns, and how its slice is cut into chunks. */
#ifndef EIG_PARTITION_H
#define EIG_PARTITION_H

#include "eigsweep.h"

typedef struct {
    eig_idx start; /* first global index owned */
    eig_idx count; /* number of matrices owned (may be 0) */
} eig_slice;

/* Contiguous block partition of `total` items over `nranks`: the first
 * total % nranks ranks get one extra item. Works for total < nranks (idle
 * ranks get count 0) and total = 0. */
eig_slice eig_part_block(eig_idx total, int nranks, int rank);

/* The slice [range_start, range_start + range_count) of the collection split
 * over nranks, as eig_part_block on the sub-range. */
eig_slice eig_part_block_range(eig_idx range_start, eig_idx range_count, int nranks, int rank);

/* Number of chunks of at most `chunk` items covering `count` items. */
eig_idx eig_part_chunk_count(eig_idx count, eig_idx chunk);

/* Chunk number k (0-based) of a slice cut into chunks of `chunk` items. */
eig_slice eig_part_chunk(eig_slice s, eig_idx chunk, eig_idx k);

/* Default chunk size (matrices) so one chunk's input is about `target_bytes`,
 * at least 1 and at most `count` (when count > 0). */
eig_idx eig_part_auto_chunk(eig_idx bytes_per_matrix, eig_idx count, eig_idx target_bytes);

#endif
