// src/gpu/hd.hpp — execution-space macros shared by device code and its host twin.
//
// The device arithmetic (field.cuh, curve.cuh) and the per-thread bodies of the kernels are
// written once as CUZK_HD functions. nvcc compiles them for the GPU; a plain C++ compiler
// compiles them for the host, where the tests run them against src/ff and src/ec on machines
// without a GPU (CI). Only carry.hpp differs between the two: PTX on the device, a portable
// emulation of the carry flag on the host.
#pragma once

#if defined(__CUDACC__)
#define CUZK_HD __host__ __device__ __forceinline__
#define CUZK_DEVICE __device__ __forceinline__
#define CUZK_UNROLL _Pragma("unroll")
// For the large curve formulas: one out-of-line copy per translation unit instead of one per
// call site keeps ptxas time and code size down (a G2 XYZZ addition is ~40 Fp multiplications);
// the call costs little next to the body.
#define CUZK_HD_NOINLINE __host__ __device__ __noinline__
#else
#define CUZK_HD inline
#define CUZK_DEVICE inline
#define CUZK_UNROLL
#define CUZK_HD_NOINLINE inline
#endif
