#include "harness/nvml.hpp"

#include <dlfcn.h>

#include <type_traits>

namespace tb::nvml {
namespace {

using nvml_device = void*;

// The few NVML entry points we use, resolved once. NVML returns 0 on success.
struct Lib {
  void* so = nullptr;
  bool ok = false;
  int (*init)() = nullptr;
  int (*shutdown)() = nullptr;
  int (*driver)(char*, unsigned) = nullptr;
  int (*by_pci)(const char*, nvml_device*) = nullptr;
  int (*clock)(nvml_device, int, unsigned*) = nullptr;
  int (*power)(nvml_device, unsigned*) = nullptr;
  int (*temp)(nvml_device, int, unsigned*) = nullptr;
  int (*reasons)(nvml_device, unsigned long long*) = nullptr;
  int (*ecc)(nvml_device, int*, int*) = nullptr;

  Lib() {
    so = dlopen("libnvidia-ml.so.1", RTLD_LAZY | RTLD_LOCAL);
    if (!so) return;
    auto sym = [&](auto& fn, const char* name) {
      fn = reinterpret_cast<std::remove_reference_t<decltype(fn)>>(dlsym(so, name));
    };
    sym(init, "nvmlInit_v2");
    sym(shutdown, "nvmlShutdown");
    sym(driver, "nvmlSystemGetDriverVersion");
    sym(by_pci, "nvmlDeviceGetHandleByPciBusId_v2");
    sym(clock, "nvmlDeviceGetClockInfo");
    sym(power, "nvmlDeviceGetPowerUsage");
    sym(temp, "nvmlDeviceGetTemperature");
    sym(reasons, "nvmlDeviceGetCurrentClocksEventReasons");
    if (!reasons) sym(reasons, "nvmlDeviceGetCurrentClocksThrottleReasons");
    sym(ecc, "nvmlDeviceGetEccMode");
    ok = init && init() == 0;
  }
  ~Lib() {
    if (ok && shutdown) shutdown();
    if (so) dlclose(so);
  }
};

Lib& lib() {
  static Lib l;
  return l;
}

} // namespace

std::optional<std::string> driver_version() {
  Lib& l = lib();
  if (!l.ok || !l.driver) return std::nullopt;
  char buf[96] = {};
  if (l.driver(buf, sizeof buf) != 0) return std::nullopt;
  return std::string(buf);
}

Device::Device(const std::string& pci_bus_id) {
  Lib& l = lib();
  nvml_device h = nullptr;
  if (l.ok && l.by_pci && l.by_pci(pci_bus_id.c_str(), &h) == 0) m_handle = h;
}

Reading Device::read() const {
  Reading r;
  if (!m_handle) return r;
  Lib& l = lib();
  unsigned v = 0;
  if (l.clock && l.clock(m_handle, 1 /*NVML_CLOCK_SM*/, &v) == 0) r.sm_mhz = static_cast<int>(v);
  if (l.clock && l.clock(m_handle, 2 /*NVML_CLOCK_MEM*/, &v) == 0) r.mem_mhz = static_cast<int>(v);
  if (l.power && l.power(m_handle, &v) == 0) r.power_w = v / 1000.0;
  if (l.temp && l.temp(m_handle, 0 /*NVML_TEMPERATURE_GPU*/, &v) == 0)
    r.temp_c = static_cast<int>(v);
  unsigned long long mask = 0;
  if (l.reasons && l.reasons(m_handle, &mask) == 0) r.reasons = mask;
  return r;
}

std::string Device::ecc() const {
  Lib& l = lib();
  int current = 0, pending = 0;
  if (!m_handle || !l.ecc || l.ecc(m_handle, &current, &pending) != 0) return "unknown";
  return current ? "on" : "off";
}

} // namespace tb::nvml
