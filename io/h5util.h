/* HDF5 plumbing shared by collections (io/collection.c) and result files
 * (io/results.c). */
#ifndef EIG_H5UTIL_H
#define EIG_H5UTIL_H

#include <hdf5.h>
#include <stddef.h>
#include <stdint.h>

#include "eigsweep.h"

hid_t eig_h5_real_type(eig_precision p);     /* native float/double */
hid_t eig_h5_complex_type(eig_precision p);  /* compound {r, i}; caller closes */
size_t eig_h5_real_size(eig_precision p);
/* The memory type reading a file's complex compound of two floats by its
 * own member names ({r, i}, {real, imag}, {re, im}), in precision p. */
hid_t eig_h5_complex_memory_type(hid_t file_type, eig_precision p);
/* What dataset d holds: real float32/float64 (integers count as float64),
 * or a complex compound of two equal floats (*is_complex; *complex_mem, when
 * not NULL, gets the memory type reading it, which the caller closes).
 * Anything else (float16, strings ...) is an error naming path and name. */
int eig_h5_element_type(hid_t d, const char *path, const char *name, int *is_complex, eig_precision *prec,
                        hid_t *complex_mem);

/* Selects rows [start, start+count) along dim 0 (none when count is 0) and
 * makes the matching memory space; caller closes both. */
int eig_h5_select_rows(hid_t dset, eig_idx start, eig_idx count, hid_t *file_space, hid_t *mem_space);
/* Writes rows [start, start+count) of dset from buf (dxpl: transfer mode). */
int eig_h5_write_rows(hid_t dset, hid_t mtype, eig_idx start, eig_idx count, const void *buf, hid_t dxpl);

/* Create or overwrite (a rerun, --resume) a scalar attribute. */
int eig_h5_write_attr_string(hid_t obj, const char *name, const char *value);
int eig_h5_write_attr_int64(hid_t obj, const char *name, int64_t value);
/* A text attribute, in any string form an HDF5 client writes (fixed or
 * variable length, ASCII or UTF-8, any padding, scalar or one-element):
 * 0, EIG_ATTR_ABSENT, or EIG_ATTR_NOT_TEXT with `found` saying what the
 * attribute holds instead ("a 8-byte integer"; found may be NULL). */
enum { EIG_ATTR_ABSENT = -1, EIG_ATTR_NOT_TEXT = -2 };
int eig_h5_read_attr_text(hid_t obj, const char *name, char *out, size_t cap, char *found, size_t found_cap);
/* The same, 0 or -1 (absent or not text). */
int eig_h5_read_attr_string(hid_t obj, const char *name, char *out, size_t cap);

/* True when path is a readable HDF5 file (any HDF5 1.10+). */
int eig_h5_is_hdf5(const char *path);
/* Refuses an output path eigsweep could not write under its working name
 * (path + EIG_PARTIAL_SUFFIX): longer than PATH_MAX, or a last component that
 * with the suffix exceeds the directory's NAME_MAX. Checks names only, so it
 * can run before any work. */
int eig_h5_check_output_name(const char *path);
/* eig_h5_check_output_name, then refuses an existing path unless force, and
 * an unwritable directory. */
int eig_h5_check_output_path(const char *path, int force);
/* Chunked (~1 MiB, whole rows), allocated early, no fill, no timestamps. */
hid_t eig_h5_make_dcpl(int rank, const hsize_t *dims, hsize_t row_bytes);
/* Opens a dataset without a chunk cache. HDF5 1.10 then reads an unfiltered
 * chunk straight into the caller's buffer, sized by the chunk's shape.
 * Through the cache it trusts the stored size in the chunk record, and a
 * damaged record (say 256 bytes where the chunk has 11,520) makes it copy a
 * whole chunk out of the smaller buffer. Filtered (compressed) chunks go
 * through the cache whatever its size, so this protects unfiltered data
 * only; their filters check what they decode. Without the cache, reads
 * that cover whole chunks skip a copy; partial ones read only the part
 * they need. Every dataset of a file a user hands us (inputs, results to
 * resume, merge parts, info) is opened through this, read-only or not. */
hid_t eig_h5_open_dataset(hid_t loc, const char *name);
hid_t eig_h5_create_dataset(hid_t file, const char *name, hid_t type, int rank, const hsize_t *dims);
/* Reserves `size` bytes of disk for path (creating it when create), so a full
 * disk fails here, before HDF5 writes (HDF5 1.10 cannot close a file after a
 * failed flush). */
int eig_h5_reserve_bytes(const char *path, hsize_t size, int create);
/* Reserves up to the end of the space allocated so far in an open file, and
 * at least at_least bytes. */
int eig_h5_reserve_space(hid_t file, const char *path, hsize_t at_least);
/* "<path>.partial": where an output is written until it is complete. */
#define EIG_PARTIAL_SUFFIX ".partial"
void eig_h5_tmp_path(char *out, size_t cap, const char *path);

#endif
