#include "partition.h"

eig_slice eig_part_block(eig_idx total, int nranks, int rank)
{
    eig_slice s = {0, 0};
    if (total <= 0 || nranks <= 0 || rank < 0 || rank >= nranks) return s;
    eig_idx base = total / nranks, extra = total % nranks;
    s.count = base + (rank < extra ? 1 : 0);
    s.start = (eig_idx)rank * base + (rank < extra ? rank : extra);
    return s;
}

eig_slice eig_part_block_range(eig_idx range_start, eig_idx range_count, int nranks, int rank)
{
    eig_slice s = eig_part_block(range_count, nranks, rank);
    s.start += range_start;
    return s;
}

eig_idx eig_part_chunk_count(eig_idx count, eig_idx chunk)
{
    if (count <= 0 || chunk <= 0) return 0;
    return (count + chunk - 1) / chunk;
}

eig_slice eig_part_chunk(eig_slice s, eig_idx chunk, eig_idx k)
{
    eig_slice c = {s.start, 0};
    if (chunk <= 0 || k < 0) return c;
    eig_idx off = k * chunk;
    if (off >= s.count) { c.start = s.start + s.count; return c; }
    c.start = s.start + off;
    c.count = s.count - off < chunk ? s.count - off : chunk;
    return c;
}

eig_idx eig_part_auto_chunk(eig_idx bytes_per_matrix, eig_idx count, eig_idx target_bytes)
{
    if (bytes_per_matrix <= 0) bytes_per_matrix = 1;
    eig_idx c = target_bytes / bytes_per_matrix;
    if (c < 1) c = 1;
    if (count > 0 && c > count) c = count;
    return c;
}
