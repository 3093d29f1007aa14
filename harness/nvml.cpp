#include "harness/nvml.hpp"

#include <dlfcn.h>

namespace tb::nvml {

std::optional<std::string> driver_version() {
  void* lib = dlopen("libnvidia-ml.so.1", RTLD_LAZY | RTLD_LOCAL);
  if (!lib) return std::nullopt;
  using init_fn = int (*)();
  using version_fn = int (*)(char*, unsigned);
  auto init = reinterpret_cast<init_fn>(dlsym(lib, "nvmlInit_v2"));
  auto version = reinterpret_cast<version_fn>(dlsym(lib, "nvmlSystemGetDriverVersion"));
  auto shutdown = reinterpret_cast<init_fn>(dlsym(lib, "nvmlShutdown"));
  std::optional<std::string> out;
  if (init && version && init() == 0) {
    char buf[96] = {};
    if (version(buf, sizeof buf) == 0) out = buf;
    if (shutdown) shutdown();
  }
  dlclose(lib);
  return out;
}

} // namespace tb::nvml
