// 16-byte packets of any element type, for kernels that move 16 bytes per global access
// whatever sizeof(T) is (4 fp32, 8 fp16/bf16, 2 fp64, 16 u8 per access).
#pragma once

#include <cstddef>

namespace tb {

template <typename T> struct alignas(16) Pack16 {
  static constexpr int kCount = static_cast<int>(16 / sizeof(T));
  T e[kCount];
};

template <typename T> __device__ __forceinline__ Pack16<T> load16(const T* p) {
  return *reinterpret_cast<const Pack16<T>*>(p);
}
template <typename T> __device__ __forceinline__ void store16(T* p, const Pack16<T>& v) {
  *reinterpret_cast<Pack16<T>*>(p) = v;
}

} // namespace tb
