// Exact comparison of two device buffers element by element (bit patterns), on the GPU: the
// host computes the reference, uploads it once, and every case's output is checked against it
// without copying gigabytes back.
#pragma once

#include <cuda_runtime_api.h>

#include <cstddef>
#include <cstdint>

namespace tb {

struct DeviceMismatch {
  std::int64_t count = 0;
  std::int64_t first = -1; // flat index of the first differing element
};

// Compares `elements` elements of `elem_size` bytes (1, 2, 4 or 8). Synchronizes the stream.
DeviceMismatch compare_on_device(const void* expected, const void* actual, std::int64_t elements,
                                 std::size_t elem_size, cudaStream_t stream);

} // namespace tb
