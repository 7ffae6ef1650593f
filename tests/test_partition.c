/* Partition arithmetic: every (N, R) covers 0..N-1 exactly once, in rank
 * order, with sizes differing by at most one; chunks cover a slice exactly. */
#include "partition.h"
#include "testutil.h"

static void check_block(eig_idx total, int nranks)
{
    eig_idx next = 0, lo = total, hi = 0;
    for (int r = 0; r < nranks; r++) {
        eig_slice s = eig_part_block(total, nranks, r);
        eig_test_expect(s.count >= 0, "N=%lld R=%d rank %d: negative count", (long long)total, nranks, r);
        if (s.count > 0)
            eig_test_expect(s.start == next, "N=%lld R=%d rank %d starts at %lld, expected %lld", (long long)total,
                            nranks, r, (long long)s.start, (long long)next);
        next += s.count;
        if (s.count < lo) lo = s.count;
        if (s.count > hi) hi = s.count;
    }
    eig_test_expect(next == total, "N=%lld R=%d: slices cover %lld items", (long long)total, nranks, (long long)next);
    eig_test_expect(hi - lo <= 1, "N=%lld R=%d: slice sizes %lld..%lld differ by more than one", (long long)total,
                    nranks, (long long)lo, (long long)hi);
}

static void check_chunks(eig_slice s, eig_idx chunk)
{
    eig_idx n = eig_part_chunk_count(s.count, chunk), next = s.start;
    for (eig_idx k = 0; k < n; k++) {
        eig_slice c = eig_part_chunk(s, chunk, k);
        eig_test_expect(c.start == next && c.count > 0 && c.count <= chunk, "chunk %lld of [%lld,+%lld) by %lld is [%lld,+%lld)",
                        (long long)k, (long long)s.start, (long long)s.count, (long long)chunk, (long long)c.start,
                        (long long)c.count);
        next += c.count;
    }
    eig_test_expect(next == s.start + s.count, "chunks of [%lld,+%lld) by %lld end at %lld", (long long)s.start,
                    (long long)s.count, (long long)chunk, (long long)next);
    eig_test_expect(eig_part_chunk(s, chunk, n).count == 0, "chunk past the end is not empty");
}

int main(void)
{
    eig_test_rng rng;
    eig_test_rng_init(&rng, eig_test_seed("unit_partition"));
    /* Edge cases: N = 0, N < R, N = R, N not divisible by R, single rank. */
    eig_idx fixed[] = {0, 1, 2, 3, 5, 7, 8, 1000, 1001, 999983};
    for (unsigned i = 0; i < sizeof fixed / sizeof *fixed; i++)
        for (int r = 1; r <= 17; r++) check_block(fixed[i], r);
    for (int t = 0; t < 2000; t++) {
        eig_idx total = (eig_idx)(eig_test_next(&rng) % 100000);
        int nranks = 1 + (int)(eig_test_next(&rng) % 600);
        check_block(total, nranks);
    }
    /* Beyond 2^31: 64-bit indices. */
    check_block((eig_idx)5 << 32, 7);
    eig_slice big = eig_part_block((eig_idx)5 << 32, 7, 6);
    eig_test_expect(big.start + big.count == (eig_idx)5 << 32, "last rank of a 2^34 batch ends at %lld", (long long)(big.start + big.count));
    /* Ranges shift the block partition. */
    eig_slice rs = eig_part_block_range(100, 10, 3, 1);
    eig_test_expect(rs.start == 104 && rs.count == 3, "range partition gives [%lld,+%lld)", (long long)rs.start, (long long)rs.count);
    for (int t = 0; t < 500; t++) {
        eig_slice s = {(eig_idx)(eig_test_next(&rng) % 1000), (eig_idx)(eig_test_next(&rng) % 5000)};
        check_chunks(s, 1 + (eig_idx)(eig_test_next(&rng) % 700));
    }
    eig_test_expect(eig_part_chunk_count(0, 10) == 0, "no chunks for an empty slice");
    eig_test_expect(eig_part_auto_chunk(1000, 50, 1 << 20) == 50, "auto chunk is capped by the count");
    eig_test_expect(eig_part_auto_chunk(1 << 30, 50, 1 << 20) == 1, "auto chunk is at least 1");
    eig_test_expect(eig_part_auto_chunk(1024, 1 << 20, 1 << 20) == 1024, "auto chunk hits the byte target");
    return eig_test_summary();
}
