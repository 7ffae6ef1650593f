/* ---- warp-tridiag with vectors: tridiag-ql, a warp per G matrices ----
 * What warp-tridiag does for values (kernel_warp_tridiag.cuh), with the
 * eigenvectors: block-tridiag spends two thirds of its time at n = 32-64 in
 * the QL iteration, one thread chasing each sweep while its block waits
 * (docs/performance.md §2). Here a warp takes G matrices in three phases,
 * the parts of solvers/tridiag_reduce_impl.h's tridiag-ql with vectors:
 *   1. teams of T lanes reduce the group's matrices one after another (A
 *      bordered to odd order in shared memory, as for values), the
 *      reflectors and tau going to the matrix's slot of the device
 *      workspace (eig_tridiag_ql_vectors_reduce_team);
 *   2. lane j runs the QL iteration of matrix j, its rotations written to a
 *      log in the workspace instead of applied (eig_tridiag_ql_logged_finish):
 *      G chases side by side;
 *   3. the teams take the matrices again: V = Q formed in shared memory from
 *      the reflectors (eig_tridiag_ql_vectors_form_team; formed in the
 *      workspace in phase 1 it took 13% longer at n = 32, 5% at n = 64),
 *      the log applied chunk by chunk (each chunk copied to shared memory
 *      while the previous one is applied), V's columns written out in the
 *      order of the values (each value's rank: no sorting passes).
 * With 32-lane teams and enough matrices (warp_tridiag_vectors_split) the
 * kernel runs as two launches, phases 1-2 then phase 3, each with a G of
 * its own; part 1 leaves each matrix's values, scale, status and log
 * length in its workspace for part 2. A log that overflows its capacity
 * (a matrix needing many more sweeps than usual) is not an error: phase 2
 * saved d and e before the chase, and the team solves that matrix again
 * the block-tridiag way (the leader chases, the team applies each sweep)
 * on the V it formed. A is in shared memory
 * only (double, real: n <= 133 on an H100, 117 on an A100; the fit is
 * checked against the GPU). Above n = 48 (Hermitian 36) a team is a
 * whole block of 64 or 128 threads, one team per block
 * (warp_tridiag_team): two or four warps share each matrix's work, since
 * shared memory holds too few matrices for one warp each to hide its
 * latencies. Per-precision body included by batch_gpu_impl.cuh after
 * kernel_warp_tridiag.cuh. */
#ifndef EIG_WARP_TRIDIAG_VECTORS_ONCE
#define EIG_WARP_TRIDIAG_VECTORS_ONCE
/* auto takes warp-tridiag with vectors up to this n, Hermitian matrices up
 * to HERMITIAN_TO (H100, device resident, ms, block-tridiag against
 * warp-tridiag: symmetric 10,000 n = 80 104.6 / 42.9, 96 205.9 / 73.3,
 * 128 380.5 / 203.0; Hermitian 20,000 n = 40 39.4 / 22.6, 48 57.0 / 38.6,
 * 56 80.4 / 66.6, 64 124.7 / 116.6; 10,000 n = 80 146.7 / 156.1, 96
 * 291.0 / 218.0: the crossings at n = 64-80 and 96 left aside) */
#define EIG_WARP_TRIDIAG_VECTORS_TO 128
#define EIG_WARP_TRIDIAG_VECTORS_HERMITIAN_TO 64
/* warp_tridiag_vectors_group sizes G by the waves of warps up to this many
 * waves; above it a wave's rounding costs little and G is
 * warp_tridiag_group's */
#define EIG_WARP_TRIDIAG_VECTORS_FEW_WAVES 4
/* The kernel with warp teams is compiled for this many resident warps an
 * SM: 16 leave 128 registers a lane, where it took 140 (double; 12 warps
 * an SM, 3 in each of the 4 register files), without spills. H100,
 * 2026-11-27 (docs/performance.md, fourteenth session), device-resident,
 * ms, 140 / 128 registers: symmetric n = 20 100,000 matrices 8.85 / 7.46,
 * 10,000 1.24 / 1.12; n = 24 11.8 / 10.0 and 1.64 / 1.47; n = 28 10,000
 * 1.99 / 1.80; n = 32 20,000 4.51 / 4.36, 10,000 and 100,000 the same;
 * n = 40, 48 and Hermitian 36 the same. */
#ifndef EIG_WARP_TRIDIAG_VECTORS_WARPS_AN_SM
#define EIG_WARP_TRIDIAG_VECTORS_WARPS_AN_SM 16
#endif
/* The split kernel's parts (warp_tridiag_vectors_split) are compiled for
 * the same 16: for 20 (96 registers) and 24 they were 1-6 % slower at
 * symmetric n = 28-48 (H100, 2026-11-27, docs/performance.md, fifteenth
 * session). */
/* Reals of a log chunk: at least a whole sweep (2n); 128, or 4n above
 * n = 32. H100, symmetric, device-resident, ms: n = 64 (20,000) with 160 /
 * 256 / 384 / 512 / 768: 52.6 / 46.9 / 52.1 / 51.5 / 50.6 (160 fits 5
 * warps an SM instead of 4, and is still slower); n = 48 (20,000) with
 * 128 / 192 / 384: 21.0 / 18.5 / 22.2; n = 32 (100,000) with 128 / 256:
 * 20.6 / 20.3. EIG_WARP_TRIDIAG_LOG_CHUNK in the environment sets it (a
 * tuning knob; at least 2n + 2). */
static int warp_tridiag_log_chunk(int n)
{
    const char *s = getenv("EIG_WARP_TRIDIAG_LOG_CHUNK");
    if (s && atoi(s) >= 2 * n + 2) return atoi(s) / 2 * 2;
    return n <= 32 ? 128 : 4 * n;
}
/* Log capacity, reals: about twice what a sweep count of 2.3 n (n = 32,
 * 64, random matrices: 72 and 142 sweeps) of average length n/2 needs,
 * padding included; whole chunks. EIG_WARP_TRIDIAG_LOG_CAP in the
 * environment sets it (a testing knob: a small log sends every matrix to
 * the re-solve). */
static int warp_tridiag_log_cap(int n)
{
    const char *s = getenv("EIG_WARP_TRIDIAG_LOG_CAP");
    if (s && atoi(s) >= 2) return atoi(s) / 2 * 2;
    const int ch = warp_tridiag_log_chunk(n);
    return (5 * n * n + ch - 1) / ch * ch;
}
#endif

/* Device workspace of one matrix, reals: the reflectors (bordered, n' x n'
 * complex at most), tau (n'), the complex off-diagonal (2n'), d and e saved
 * for a re-solve and its rotation buffer (4n), the log (cap reals), and
 * what the split kernel's first part hands its second (the values, scale,
 * status and log length: n + 3). */
EIG_HD eig_idx EIG_FN(warp_tridiag_vectors_work)(int zc, int n, int cap)
{
    const eig_idx np = EIG_FN(warp_tridiag_order)(n);
    return np * np * zc + 3 * np + 4 * (eig_idx)n + cap + n + 3;
}

/* Shared reals of one warp: each team's bordered matrix (V in phase 3),
 * the group's d and e (no e in the split kernel's second part, part 2),
 * scale factors, statuses and log lengths, then each team's scratch
 * (warp_tridiag_scratch) and two log chunks (one read while the next
 * arrives; not in part 1, which applies no log). */
static size_t EIG_FN(warp_tridiag_vectors_smem_part)(const eig_solve_params *p, int n, int g, int part)
{
    const size_t zc = p->kind == EIG_KIND_HERMITIAN ? 2 : 1, T = (size_t)warp_tridiag_team(p, n);
    const size_t teams = T > 32 ? 1 : 32 / T, red = T > 32 ? 32 : 0; /* a block team's reduction slots */
    const size_t np = (size_t)EIG_FN(warp_tridiag_order)(n), G = (size_t)g;
    const size_t ez = part == 2 ? 0 : zc; /* part 2 has no use for e */
    return teams * (size_t)EIG_FN(warp_tridiag_team_stride)((int)np, (int)zc, (int)T) + G * (1 + ez) * np + 3 * G +
           teams * (red + (size_t)EIG_FN(warp_tridiag_scratch)((int)np) +
                    (part == 1 ? 0 : 2 * (size_t)warp_tridiag_log_chunk(n)));
}

static int EIG_FN(warp_tridiag_vectors_fits)(const eig_solve_params *p, int n)
{
    /* G of any call is at most warp_tridiag_group's (warp_tridiag_vectors_group) */
    return EIG_FN(warp_tridiag_vectors_smem_part)(p, n, warp_tridiag_group(p, n), 0) * sizeof(eig_real) <=
           warp_tridiag_smem_limit();
}

/* in: matrix-wise input (read only); values, vectors: matrix-wise outputs;
 * work: warp_tridiag_vectors_work reals per matrix; cap, chunk: the log's
 * capacity and chunk (warp_tridiag_log_cap, _chunk). G: matrices per warp;
 * T: lanes per team. PART 0: all three phases; the split kernel
 * (warp_tridiag_vectors_split) launches PART 1 (phases 1 and 2, which
 * leave each matrix's values, scale, status and log length in its
 * workspace) then PART 2 (phase 3), each with its own G. */
template <int T, int PART>
__global__ void __launch_bounds__(T > 32 ? T : 32, T == 32 ? EIG_WARP_TRIDIAG_VECTORS_WARPS_AN_SM : 1)
    EIG_FN(warp_tridiag_vectors_kernel)(eig_solve_params p, int n, int G, int cap, int chunk, eig_idx count,
                                        const eig_real *in, eig_real *values, eig_real *vectors, eig_real *work,
                                        int8_t *status, int32_t *iterations)
{
    extern __shared__ unsigned char eig_smem_raw[];
    /* T > 32: one team, the whole block of T / 32 warps */
    const int lane = T > 32 ? (int)threadIdx.x : (int)(threadIdx.x & 31u), zc = p.kind == EIG_KIND_HERMITIAN ? 2 : 1;
    const int np = EIG_FN(warp_tridiag_order)(n), off = np - n;
    const int teams = T > 32 ? 1 : 32 / T, team = T > 32 ? 0 : lane / T, red = T > 32 ? 32 : 0;
    const eig_idx first = (eig_idx)blockIdx.x * G;
    if (first >= count) return;
    const int members = count - first < G ? (int)(count - first) : G;
    const eig_idx asz = EIG_FN(warp_tridiag_team_stride)(np, zc, T);
    eig_real *As = (eig_real *)eig_smem_raw + team * asz, *d = (eig_real *)eig_smem_raw + teams * asz;
    eig_real *e = d + (eig_idx)G * np, *sig = e + (PART == 2 ? 0 : (eig_idx)G * np * zc), *stat = sig + G;
    eig_real *loglen = stat + G;
    eig_real *scr = loglen + G + team * (red + EIG_FN(warp_tridiag_scratch)(np) + (PART == 1 ? 0 : 2 * chunk));
    eig_real *stage = scr + red + EIG_FN(warp_tridiag_scratch)(np);
    const eig_team t = {lane % T, T, T >= 32 ? 0xffffffffu : ((1u << T) - 1u) << (team * T), T > 32};
    const eig_idx nn = (eig_idx)n * n * zc, wsz = EIG_FN(warp_tridiag_vectors_work)(zc, n, cap);
    const int rowlen = np * zc, offc = off * zc;
    const eig_idx vb = (eig_idx)np * rowlen; /* reals of a bordered matrix */
    /* a matrix's workspace: reflectors, tau, complex e, saved d / e / rotations (w), log */
#define EIG_WT_TAU(m) (work + (m) * wsz + vb)
#define EIG_WT_EC(m) (EIG_WT_TAU(m) + np)
#define EIG_WT_SAVE(m) (EIG_WT_EC(m) + 2 * np)
#define EIG_WT_LOG(m) (EIG_WT_SAVE(m) + 4 * n)
#define EIG_WT_HANDOFF(m) (EIG_WT_LOG(m) + cap) /* the values, then sigma, status, log length */
    EIG_FN(warp_tridiag_zero_border)<T>(t, As, np, zc, off);
    /* 1: reduce; the reflectors and tau to the workspace */
    for (int j = team; PART != 2 && j < members; j += teams) {
        const eig_idx m = first + j;
        EIG_FN(warp_tridiag_load)<T>(t, As, in + m * nn, n, zc, off);
        eig_real sigma = EIG_ONE;
        int st = EIG_FN(eig_tridiag_ql_vectors_reduce_team)(t, np, zc, As, 1, d + j, G, e + j, G, EIG_WT_TAU(m), 1,
                                                            EIG_WT_EC(m), 1, scr, &sigma);
        for (eig_idx x = t.rank; x < vb; x += T) work[m * wsz + x] = As[x];
        if (t.rank == 0) sig[j] = sigma, stat[j] = (eig_real)st;
        eig_team_sync(t); /* A and the scratch are reused by the team's next matrix */
    }
    if (T > 32) __syncthreads();
    else __syncwarp();
    /* 2: lane j chases matrix j, logging its rotations */
    if (PART != 2 && lane < members) {
        const eig_idx m = first + lane;
        eig_real *w = EIG_WT_SAVE(m), *dl = d + lane + (eig_idx)off * G, *el = e + lane + (eig_idx)off * zc * G;
        for (int k = 0; k < n; k++) w[k] = dl[(eig_idx)k * G], w[n + k] = el[(eig_idx)k * zc * G];
        eig_ql_log log = {EIG_WT_LOG(m), cap, chunk, 0, 0};
        int it = 0;
        int st = EIG_FN(eig_tridiag_ql_logged_finish)(n, (int)stat[lane], sig[lane], dl, G, el, G, zc,
                                                     p.max_iter_factor, &it, &log);
        stat[lane] = (eig_real)st, loglen[lane] = (eig_real)log.len;
        iterations[m] = it;
        if (PART == 1) { /* to part 2 (the same bits it would have found in shared memory) */
            eig_real *h = EIG_WT_HANDOFF(m);
            for (int k = 0; k < n; k++) h[k] = dl[(eig_idx)k * G];
            h[n] = sig[lane], h[n + 1] = stat[lane], h[n + 2] = loglen[lane];
        }
    }
    if (PART == 1) return;
    if (PART == 2 && lane < members) { /* part 1's handoff, where phase 2 leaves it */
        const eig_real *h = EIG_WT_HANDOFF(first + lane);
        eig_real *dl = d + lane + (eig_idx)off * G;
        for (int k = 0; k < n; k++) dl[(eig_idx)k * G] = h[k];
        sig[lane] = h[n], stat[lane] = h[n + 1], loglen[lane] = h[n + 2];
    }
    if (T > 32) __syncthreads();
    else __syncwarp();
    /* 3: V = Q in shared memory, the log applied to it, written out by rank */
    for (int j = team; j < members; j += teams) {
        const eig_idx m = first + j;
        eig_real *w = EIG_WT_SAVE(m), *out = vectors + m * nn, *dl = d + j + (eig_idx)off * G;
        const eig_real *lg = EIG_WT_LOG(m);
        int st = (int)stat[j];
        const int len = (int)loglen[j], logged = st == EIG_STATUS_OK && len <= cap;
        eig_real *V = As + off * rowlen + offc; /* V's n x n part, as the QL sees it */
        /* the log's first chunk on its way while Q is formed */
        if (logged)
            for (int x = t.rank; x < (len < chunk ? len : chunk); x += T)
                __pipeline_memcpy_async(stage + x, lg + x, sizeof(eig_real));
        __pipeline_commit();
        if (st == EIG_STATUS_OK)
            EIG_FN(eig_tridiag_ql_vectors_form_team)(t, np, zc, work + m * wsz, 1, EIG_WT_TAU(m), 1, EIG_WT_EC(m), 1,
                                                     As, 1, scr);
        if (st == EIG_STATUS_OK && !logged) { /* the log overflowed: solve again, the team way */
            int it = 0;
            st = EIG_FN(eig_tridiag_ql_team)(t, n, w, 1, w + n, 1, V, rowlen, zc, 1, zc, w + 2 * n, 0, 1,
                                              p.max_iter_factor, &it);
            eig_team_sync(t);
            if (st == EIG_STATUS_OK && EIG_FN(eig_unscale_overflows)(n, w, 1, sig[j])) st = EIG_STATUS_INVALID_INPUT;
            EIG_TEAM_FOR(t, k, 0, n - 1) dl[(eig_idx)k * G] = w[k] / sig[j];
            if (t.rank == 0) iterations[m] = it;
        }
        for (int x = 0, b = 0; logged && x < len; x += chunk, b ^= 1) {
            /* each chunk's successor on its way while the chunk is applied */
            const int next = x + chunk, c = len - x < chunk ? len - x : chunk;
            if (next < len) {
                const int cn = len - next < chunk ? len - next : chunk;
                for (int y = t.rank; y < cn; y += T)
                    __pipeline_memcpy_async(stage + (b ^ 1) * chunk + y, lg + next + y, sizeof(eig_real));
                __pipeline_commit();
                __pipeline_wait_prior(1);
            } else {
                __pipeline_wait_prior(0);
            }
            eig_team_sync(t);
            EIG_FN(eig_ql_log_apply_team)(t, n, stage + b * chunk, c, V, rowlen, zc, 1, zc);
            eig_team_sync(t); /* every member is done with the chunk */
        }
        __pipeline_wait_prior(0);
        eig_team_sync(t);
        /* sorted by rank: value k goes to the place of the values before it
         * (ties in index order, where the CPU's selection sort may swap
         * exactly equal values' columns: either is an eigenbasis), and
         * column k of V with it */
        eig_real *rank = scr;
        const eig_real nan = EIG_ZERO / EIG_ZERO;
        EIG_TEAM_FOR(t, k, 0, n - 1) {
            const eig_real wk = dl[(eig_idx)k * G];
            int r = 0;
            for (int i = 0; i < n; i++) {
                const eig_real wi = dl[(eig_idx)i * G];
                r += wi < wk || (wi == wk && i < k);
            }
            rank[k] = (eig_real)r;
            values[m * n + (st == EIG_STATUS_OK ? r : k)] = st == EIG_STATUS_OK ? wk : nan;
        }
        eig_team_sync(t);
        for (int r = 0; r < n; r++)
            for (int x = t.rank; x < n * zc; x += T) {
                const int col = zc == 2 ? x >> 1 : x, to = st == EIG_STATUS_OK ? (int)rank[col] : col;
                out[(eig_idx)r * n * zc + to * zc + (x - col * zc)] = st == EIG_STATUS_OK ? V[r * rowlen + x] : nan;
            }
        if (t.rank == 0) status[m] = (int8_t)st;
        eig_team_sync(t); /* As and the scratch serve the team's next matrix */
    }
#undef EIG_WT_TAU
#undef EIG_WT_EC
#undef EIG_WT_SAVE
#undef EIG_WT_LOG
#undef EIG_WT_HANDOFF
}

typedef void (*EIG_FN(warp_tridiag_vectors_fn))(eig_solve_params, int, int, int, int, eig_idx, const eig_real *, eig_real *,
                                                eig_real *, eig_real *, int8_t *, int32_t *);
static EIG_FN(warp_tridiag_vectors_fn) EIG_FN(warp_tridiag_vectors_kernel_for)(int T)
{
    return T == 8    ? EIG_FN(warp_tridiag_vectors_kernel)<8, 0>
           : T == 16 ? EIG_FN(warp_tridiag_vectors_kernel)<16, 0>
           : T == 64 ? EIG_FN(warp_tridiag_vectors_kernel)<64, 0>
           : T == 128 ? EIG_FN(warp_tridiag_vectors_kernel)<128, 0>
                      : EIG_FN(warp_tridiag_vectors_kernel)<32, 0>;
}
/* the 32-lane kernel whole (part 0) or one part of the split kernel */
static EIG_FN(warp_tridiag_vectors_fn) EIG_FN(warp_tridiag_vectors_part)(int part)
{
    return part == 1   ? EIG_FN(warp_tridiag_vectors_kernel)<32, 1>
           : part == 2 ? EIG_FN(warp_tridiag_vectors_kernel)<32, 2>
                       : EIG_FN(warp_tridiag_vectors_kernel)<32, 0>;
}

/* Where G follows the job (warp_tridiag_vectors_group) and the kernel may
 * be split (warp_tridiag_vectors_split): with vectors, 32-lane teams,
 * symmetric n <= 48, Hermitian n <= 32 (33-36: even, 2026-11-27 18:42). */
static int EIG_FN(warp_tridiag_vectors_by_waves)(const eig_solve_params *p, int n)
{
    const int to = p->kind == EIG_KIND_HERMITIAN ? 32 : 48;
    return p->vectors && n <= to && warp_tridiag_team(p, n) == 32;
}

/* Matrices a warp, G, for COUNT matrices with vectors where a team is the
 * whole warp, symmetric n <= 48 and Hermitian n <= 32 (n = 20-48 and 25-32
 * in practice; elsewhere warp_tridiag_group's). A warp reduces and
 * back-transforms its G matrices one after another, so while the SMs hold
 * every warp at once a warp's time, and the call's, grows with G; the call
 * takes as many such times as it has waves of warps. So: the smallest G
 * from 4 up to warp_tridiag_group's whose warps come in as few waves as
 * any G's, the SMs' resident warps for each G by the occupancy calculator
 * (registers by sub-partition, and the shared memory, which grows with G);
 * above EIG_WARP_TRIDIAG_VECTORS_FEW_WAVES waves warp_tridiag_group's.
 * H100, n = 32, device-resident, every G from 4 to 12 at 2,640-40,000
 * matrices (2026-11-27, docs/performance.md, fourteenth session): the rule
 * picks the fastest G or one within 2 % in all 18 symmetric and Hermitian
 * cases measured (with 140 registers a lane: 12 resident warps an SM
 * symmetric, 7-9 Hermitian by the shared memory). Symmetric n = 36-48
 * (2026-11-27 18:42, before / after, ms): 2,000 matrices 3.3 / 2.1, 4.0 /
 * 2.5, 4.8 / 2.9, 5.6 / 3.4 at n = 36, 40, 44, 48; 10,000 4.0 / 3.6, 4.8
 * / 4.9, 9.7 / 7.2, 11.3 / 8.3; 100,000 the same. G only strides the
 * kernel's work: results do not depend on it. EIG_WARP_TRIDIAG_GROUP
 * overrides it. part: the G of the whole kernel (0) or of the split
 * kernel's part 1 or 2, by that kernel's registers and shared memory;
 * EIG_WARP_TRIDIAG_GROUP2 (4 .. 32) overrides part 2's alone (a testing
 * knob: the parts may take different G). */
static int EIG_FN(warp_tridiag_vectors_group)(const eig_solve_params *p, int n, long long count, int sms,
                                               int part)
{
    const char *g2 = getenv("EIG_WARP_TRIDIAG_GROUP2");
    if (part == 2 && g2 && atoi(g2) >= 4 && atoi(g2) <= 32) return atoi(g2);
    const int g_max = warp_tridiag_group(p, n);
    if (warp_tridiag_group_forced() || !EIG_FN(warp_tridiag_vectors_by_waves)(p, n) || sms < 1 || count < 1 ||
        g_max < 4)
        return g_max;
    long long waves[33], fewest = 0;
    for (int g = 4; g <= g_max; g++) {
        int blocks = 0;
        const size_t smem = EIG_FN(warp_tridiag_vectors_smem_part)(p, n, g, part) * sizeof(eig_real);
        if (cudaOccupancyMaxActiveBlocksPerMultiprocessor(&blocks, EIG_FN(warp_tridiag_vectors_part)(part), 32, smem) !=
                cudaSuccess ||
            blocks < 1) {
            cudaGetLastError(); /* no answer: G as before */
            return g_max;
        }
        const long long resident = (long long)blocks * sms;
        waves[g] = ((count + g - 1) / g + resident - 1) / resident;
        if (g == 4 || waves[g] < fewest) fewest = waves[g];
    }
    if (fewest > EIG_WARP_TRIDIAG_VECTORS_FEW_WAVES) return g_max;
    int g = 4;
    while (g < g_max && waves[g] != fewest) g++;
    return g;
}

/* Whether COUNT matrices take the split kernel: part 1 (reduce, chase)
 * with its G, then part 2 (V formed, the log applied) with its own. A warp
 * of the whole kernel does G reductions, a chase and G
 * back-transformations in a row, and its shared memory holds the log's
 * chunks and e for all three; split, part 1 has no log chunks and part 2
 * no e (for G complex matrices 2 G n' reals), so each fits more warps an
 * SM and takes a G of its own. Below EIG_WARP_TRIDIAG_SPLIT_FROM matrices
 * an SM (above n = 36: _FROM_LARGE) the second launch's tail and the
 * rounding of two waves cost more than that gains. H100, device-resident,
 * ms, whole / split (2026-11-27, docs/performance.md, fifteenth session):
 * symmetric n = 32, 3,000 matrices 1.53-1.55 / 1.65-1.66, 6,000 1.70-1.72
 * / 1.74-1.75, 7,500 1.89-1.92 / 1.84-1.90, 10,000 2.35-2.39 / 2.12-2.19,
 * 20,000 4.34-4.46 / 3.71-3.76, 40,000 7.98-8.02 / 7.08-7.10, 100,000
 * 20.1-20.2 / 17.5-17.6; symmetric n = 40, 10,000 4.81-4.86 / 4.30-4.31,
 * 20,000 9.28-9.33 / 9.83-9.86, 100,000 44.7 / 40.1; n = 44, 10,000 7.22
 * / 7.50, 40,000 25.2 / 23.3; n = 48, 10,000 8.22-8.28 / 8.42-8.45,
 * 20,000 17.6 / 16.2, 40,000 34.1 / 29.5; Hermitian n = 32, 5,000 2.72-2.75
 * / 2.56-2.57, 10,000 4.74-4.77 / 4.66-4.71, 100,000 52.8-52.9 /
 * 43.5-43.6. EIG_WARP_TRIDIAG_SPLIT = 0 or 1 in the environment forces it
 * (a tuning and testing knob, read per call, where
 * warp_tridiag_vectors_by_waves holds). */
#define EIG_WARP_TRIDIAG_SPLIT_FROM 50
#define EIG_WARP_TRIDIAG_SPLIT_FROM_LARGE 250
static int EIG_FN(warp_tridiag_vectors_split)(const eig_solve_params *p, int n, long long count, int sms)
{
    if (!EIG_FN(warp_tridiag_vectors_by_waves)(p, n)) return 0;
    const char *s = getenv("EIG_WARP_TRIDIAG_SPLIT");
    if (s && (s[0] == '0' || s[0] == '1') && !s[1]) return s[0] == '1';
    return count >= (long long)(n <= 36 ? EIG_WARP_TRIDIAG_SPLIT_FROM : EIG_WARP_TRIDIAG_SPLIT_FROM_LARGE) * sms;
}
