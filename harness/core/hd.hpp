// Lets index mappings be shared by kernels (device) and host tests (plain C++).
#pragma once
#if defined(__CUDACC__)
#define TB_HD __host__ __device__
#else
#define TB_HD
#endif
