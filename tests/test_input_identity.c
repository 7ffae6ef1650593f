/* io/identity.c: the input identity sees content (head, tail and data spread
 * over a large file), not the path or the modification time; eig_same_file
 * sees through spellings, symlinks and hard links; eig_key_difference names
 * the words that differ. Files are fresh random bytes in a temporary folder. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/time.h>
#include <unistd.h>

#include "identity.h"
#include "testutil.h"

static char dir[256];

static void write_file(const char *name, const unsigned char *data, size_t len)
{
    char path[512];
    snprintf(path, sizeof path, "%s/%s", dir, name);
    FILE *f = fopen(path, "wb");
    eig_test_expect(f && fwrite(data, 1, len, f) == len && fclose(f) == 0, "cannot write %s", path);
}

static void identity_of(const char *name, char *out)
{
    char path[512];
    snprintf(path, sizeof path, "%s/%s", dir, name);
    int rc = eig_input_identity(path, out, EIG_IDENTITY_CAP);
    eig_test_expect(rc == 0, "eig_input_identity(%s) failed", path);
}

/* A file of len random bytes, and the same with one byte flipped at `at`:
 * the identities must differ. */
static void expect_flip_seen(const unsigned char *data, size_t len, size_t at, const char *where)
{
    unsigned char *copy = malloc(len);
    memcpy(copy, data, len);
    copy[at] ^= 0x5a;
    char a[EIG_IDENTITY_CAP], b[EIG_IDENTITY_CAP];
    write_file("orig.bin", data, len);
    write_file("flip.bin", copy, len);
    identity_of("orig.bin", a);
    identity_of("flip.bin", b);
    eig_test_expect(strcmp(a, b) != 0, "a byte changed %s (offset %zu of %zu) went unseen: %s", where, at, len, a);
    free(copy);
}

int main(void)
{
    eig_test_rng rng;
    eig_test_rng_init(&rng, eig_test_seed("unit_input_identity"));
    snprintf(dir, sizeof dir, "%s/eig-identity-XXXXXX", getenv("TMPDIR") ? getenv("TMPDIR") : "/tmp");
    if (!mkdtemp(dir)) { perror("mkdtemp"); return 1; }

    /* FNV-1a 64 reference values (the published test vectors). */
    eig_test_expect(eig_fnv1a64(EIG_FNV1A64_INIT, "", 0) == 0xcbf29ce484222325ULL, "fnv1a64('')");
    eig_test_expect(eig_fnv1a64(EIG_FNV1A64_INIT, "a", 1) == 0xaf63dc4c8601ec8cULL, "fnv1a64('a')");
    eig_test_expect(eig_fnv1a64(EIG_FNV1A64_INIT, "foobar", 6) == 0x85944171f73967e8ULL, "fnv1a64('foobar')");

    /* A small file is hashed whole; a large one (9-12 MiB) is sampled. */
    size_t sizes[2] = {(size_t)(100000 + eig_test_next(&rng) % 4000000),
                       (size_t)((9u << 20) + eig_test_next(&rng) % (3u << 20))};
    for (int s = 0; s < 2; s++) {
        size_t len = sizes[s];
        unsigned char *data = malloc(len);
        for (size_t i = 0; i < len; i++) data[i] = (unsigned char)eig_test_next(&rng);
        expect_flip_seen(data, len, (size_t)(eig_test_next(&rng) % 1000), "in the head");
        expect_flip_seen(data, len, len - 1 - (size_t)(eig_test_next(&rng) % 1000), "in the tail");
        if (s == 0) expect_flip_seen(data, len, len / 3 + (size_t)(eig_test_next(&rng) % (len / 3)), "in the middle");
        else {
            /* The 64 KiB blocks spread between head and tail: the middle of
             * one of them, where a collection holds matrices. */
            uint64_t span = len - (2u << 20) - 65536, k = 1 + eig_test_next(&rng) % 62;
            expect_flip_seen(data, len, (size_t)((1u << 20) + k * span / 63 + 32768), "in a sampled data block");
        }
        /* The same bytes under another name, written later (as by cp without
         * -p), and with an old modification time: the same identity. */
        char a[EIG_IDENTITY_CAP], b[EIG_IDENTITY_CAP], c[EIG_IDENTITY_CAP];
        write_file("one.bin", data, len);
        write_file("two.bin", data, len);
        char path[512];
        snprintf(path, sizeof path, "%s/two.bin", dir);
        struct timeval old[2] = {{1000000000, 0}, {1000000000, 0}};
        utimes(path, old);
        identity_of("one.bin", a);
        identity_of("two.bin", b);
        eig_test_expect(!strcmp(a, b), "a copy has another identity: %s vs %s", a, b);
        char want[64];
        snprintf(want, sizeof want, "file:bytes=%zu:fnv1a64=", len);
        eig_test_expect(!strncmp(a, want, strlen(want)) && strlen(a) == strlen(want) + 16, "identity format: %s", a);
        /* One byte more: another size, another identity. */
        write_file("longer.bin", data, len - 1);
        identity_of("longer.bin", c);
        eig_test_expect(strcmp(a, c) != 0, "a shorter file has the same identity: %s", a);
        free(data);
    }
    char missing[512], out[EIG_IDENTITY_CAP];
    snprintf(missing, sizeof missing, "%s/none.bin", dir);
    eig_test_expect(eig_input_identity(missing, out, sizeof out) != 0, "a missing file has an identity");

    /* eig_same_file: spellings, symlinks, hard links, files not there yet. */
    char orig[512], link_s[512], link_h[512], dotted[512], other[512], newf[512], newdot[512];
    snprintf(orig, sizeof orig, "%s/one.bin", dir);
    snprintf(link_s, sizeof link_s, "%s/soft.bin", dir);
    snprintf(link_h, sizeof link_h, "%s/hard.bin", dir);
    snprintf(dotted, sizeof dotted, "%s/./sub/../one.bin", dir);
    snprintf(other, sizeof other, "%s/two.bin", dir);
    snprintf(newf, sizeof newf, "%s/new.bin", dir);
    snprintf(newdot, sizeof newdot, "%s/sub/.././new.bin", dir);
    char sub[512];
    snprintf(sub, sizeof sub, "%s/sub", dir);
    mkdir(sub, 0700);
    eig_test_expect(symlink(orig, link_s) == 0 && link(orig, link_h) == 0, "cannot make links");
    eig_test_expect(eig_same_file(orig, orig) && eig_same_file(orig, dotted), "same path, other spelling");
    eig_test_expect(eig_same_file(orig, link_s) && eig_same_file(link_s, orig), "symlink");
    eig_test_expect(eig_same_file(orig, link_h) && eig_same_file(link_h, link_s), "hard link");
    eig_test_expect(!eig_same_file(orig, other), "two files with equal content are not one file");
    eig_test_expect(!eig_same_file(orig, newf), "an existing file and a new name");
    eig_test_expect(eig_same_file(newf, newdot), "a file not there yet, spelled two ways");

    /* eig_key_difference */
    char diff[512];
    eig_key_difference("a=1 b=2 c=3", "P", "a=1 b=5 c=3", "Q", diff, sizeof diff);
    eig_test_expect(!strcmp(diff, "b: 2 (P) vs 5 (Q)"), "key difference: '%s'", diff);
    eig_key_difference("a=1 b=2", "P", "b=2 a=1", "Q", diff, sizeof diff);
    eig_test_expect(!strcmp(diff, ""), "same words in another order: '%s'", diff);
    eig_key_difference("a=1 ab=2", "P", "a=1 c=3", "Q", diff, sizeof diff);
    eig_test_expect(!strcmp(diff, "ab: 2 (P) vs (none) (Q); c: (none) (P) vs 3 (Q)"), "missing words: '%s'", diff);

    const char *names[] = {"orig.bin", "flip.bin", "one.bin", "two.bin", "longer.bin", "soft.bin", "hard.bin"};
    for (int i = 0; i < 7; i++) {
        char p[512];
        snprintf(p, sizeof p, "%s/%s", dir, names[i]);
        unlink(p);
    }
    rmdir(sub);
    rmdir(dir);
    return eig_test_summary();
}
