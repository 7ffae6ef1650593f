/* What a file is, independent of how its path is spelled: the identity of a
 * solve's input (kept in the --resume key and the result's provenance, so a
 * swapped input is refused), and whether two paths name one file (so -o
 * never overwrites the input). */
#ifndef EIG_IDENTITY_H
#define EIG_IDENTITY_H

#include <stddef.h>
#include <stdint.h>

/* Room for an input identity: a file's (below) or a --synthetic spec. */
#define EIG_IDENTITY_CAP 256

/* The identity of the file at path, from its content only (neither the path
 * nor the modification time, so a copy made with plain `cp` or staged to
 * node-local disk is the same input): "file:bytes=SIZE:fnv1a64=HASH", HASH
 * being 64-bit FNV-1a over the whole file up to 8 MiB, and above that over
 * the first and last MiB and 64 blocks of 64 KiB spread evenly in between
 * (6 MiB read, whatever the size: data blocks of a large collection are
 * sampled, not only its header). Returns 0, or EIG_ERR_INPUT naming the file
 * when it cannot be read. */
int eig_input_identity(const char *path, char *out, size_t cap);

/* 64-bit FNV-1a, continued from h (start with EIG_FNV1A64_INIT). */
#define EIG_FNV1A64_INIT 0xcbf29ce484222325ULL
uint64_t eig_fnv1a64(uint64_t h, const void *data, size_t len);

/* 1 when paths a and b name the same file: the same device and inode when
 * both exist (hard links and symlinks included), else the same canonical
 * path (the real path of the directory plus the final name), so that
 * "out.h5", "./out.h5" and "dir/../out.h5" match before out.h5 exists. */
int eig_same_file(const char *a, const char *b);

/* Keys are "name=value" words separated by spaces (the --resume key, the
 * solve_options attribute). Writes the words in which a and b differ as
 * "name: A (a_label) vs B (b_label)", joined by "; ", or "" when none; a
 * word missing from one key shows as "(none)". */
void eig_key_difference(const char *a, const char *a_label, const char *b, const char *b_label, char *out,
                        size_t cap);

#endif
