#include "harness/device_info.hpp"

#include "harness/core/cuda_check.hpp"
#include "harness/core/dram_peak.hpp"
#include "harness/nvml.hpp"

#include <fmt/format.h>

namespace tb {
namespace {

std::string cuda_version(int v) {
  return fmt::format("{}.{}", v / 1000, (v % 1000) / 10);
}

} // namespace

int device_count() {
  int count = 0;
  const cudaError_t e = cudaGetDeviceCount(&count);
  if (e != cudaSuccess || count == 0) {
    const char* why = e == cudaSuccess ? "no device reported" : cudaGetErrorString(e);
    throw no_device_error(fmt::format(
        "no usable CUDA device ({}): this program needs an NVIDIA GPU with a working driver; "
        "check nvidia-smi and CUDA_VISIBLE_DEVICES",
        e == cudaSuccess ? why : fmt::format("{}: {}", cudaGetErrorName(e), why)));
  }
  return count;
}

DeviceInfo open_device(int index) {
  const int count = device_count();
  if (index < 0 || index >= count)
    throw no_device_error(fmt::format("device {} does not exist; accepted: 0 to {} ({} visible)",
                                      index, count - 1, count));
  TB_CUDA_CALL(cudaSetDevice(index));
  cudaDeviceProp p{};
  TB_CUDA_CALL(cudaGetDeviceProperties(&p, index));
  int mem_clock_khz = 0, bus_bits = 0;
  TB_CUDA_CALL(cudaDeviceGetAttribute(&mem_clock_khz, cudaDevAttrMemoryClockRate, index));
  TB_CUDA_CALL(cudaDeviceGetAttribute(&bus_bits, cudaDevAttrGlobalMemoryBusWidth, index));
  int runtime = 0, driver = 0;
  TB_CUDA_CALL(cudaRuntimeGetVersion(&runtime));
  TB_CUDA_CALL(cudaDriverGetVersion(&driver));

  DeviceInfo d;
  d.index = index;
  d.name = p.name;
  d.cc_major = p.major;
  d.cc_minor = p.minor;
  d.sm_count = p.multiProcessorCount;
  d.l2_bytes = p.l2CacheSize;
  d.memory_bytes = static_cast<std::int64_t>(p.totalGlobalMem);
  d.dram_peak_gbps = dram_peak_gbps(mem_clock_khz, bus_bits);
  d.runtime = cuda_version(runtime);
  d.driver = nvml::driver_version().value_or("CUDA " + cuda_version(driver));
  char pci[32] = {};
  if (cudaDeviceGetPCIBusId(pci, sizeof pci, index) == cudaSuccess) d.pci_bus_id = pci;
  d.ecc = nvml::Device(d.pci_bus_id).ecc();
  return d;
}

std::int64_t free_device_memory() {
  std::size_t free = 0, total = 0;
  TB_CUDA_CALL(cudaMemGetInfo(&free, &total));
  return static_cast<std::int64_t>(free);
}

} // namespace tb
