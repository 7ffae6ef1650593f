/* The solver kernels and their dispatch in double precision (batch_gpu_impl.cuh);
 * a unit of its own so that CUDA loads only this precision's module
 * (gpu/batch_gpu_shared.cuh). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "batch_gpu_shared.cuh"
#include "precision.h"

#include "precision_double.h"
#include "batch_gpu_impl.cuh"
#include "precision_undef.h"
