// CounterReader on CUPTI's Range Profiler (CUDA 12.6 and later; cupti_range_profiler.h). The
// sequence follows CUPTI's documentation: profiler initialise; host object for the chip with the
// counter-availability image; metrics into a config image; then per workload: enable on the
// context, counter-data image, set config (user range, user replay), one range per pass until
// every pass is submitted, decode, evaluate, disable.
#include "harness/counter_reader.hpp"

#include "harness/core/cuda_check.hpp"
#include "harness/exit.hpp"

#include <fmt/format.h>

#include <cstdint>
#include <cstdlib>
#include <stdexcept>

#if TB_HAVE_CUPTI
#include <dlfcn.h>

#include <cuda.h>
#include <cupti_profiler_host.h>
#include <cupti_profiler_target.h>
#include <cupti_range_profiler.h>
#include <cupti_result.h>
#include <cupti_target.h>
#endif

namespace tb {

#if !TB_HAVE_CUPTI

std::string counters_library_problem() {
  return "this build has no CUPTI (its headers were not found when it was configured)";
}

std::unique_ptr<CounterReader> open_counter_reader() {
  throw run_error(kExitNoDevice, counters_unavailable_message(counters_library_problem()));
}

#else

namespace {

// The CUPTI entry points we use, resolved from libcupti at run time.
struct Cupti {
  void* so = nullptr;
  std::string problem; // why it could not be loaded
#define TB_CUPTI_FN(name) decltype(&::name) name = nullptr;
#define TB_CUPTI_FUNCTIONS(X)                                                                      \
  X(cuptiGetResultString)                                                                          \
  X(cuptiProfilerInitialize)                                                                       \
  X(cuptiDeviceGetChipName)                                                                        \
  X(cuptiProfilerGetCounterAvailability)                                                           \
  X(cuptiProfilerHostInitialize)                                                                   \
  X(cuptiProfilerHostDeinitialize)                                                                 \
  X(cuptiProfilerHostConfigAddMetrics)                                                             \
  X(cuptiProfilerHostGetConfigImageSize)                                                           \
  X(cuptiProfilerHostGetConfigImage)                                                               \
  X(cuptiProfilerHostEvaluateToGpuValues)                                                          \
  X(cuptiRangeProfilerEnable)                                                                      \
  X(cuptiRangeProfilerDisable)                                                                     \
  X(cuptiRangeProfilerGetCounterDataSize)                                                          \
  X(cuptiRangeProfilerCounterDataImageInitialize)                                                  \
  X(cuptiRangeProfilerSetConfig)                                                                   \
  X(cuptiRangeProfilerStart)                                                                       \
  X(cuptiRangeProfilerStop)                                                                        \
  X(cuptiRangeProfilerPushRange)                                                                   \
  X(cuptiRangeProfilerPopRange)                                                                    \
  X(cuptiRangeProfilerDecodeData)
  TB_CUPTI_FUNCTIONS(TB_CUPTI_FN)

  Cupti() {
    // TB_CUPTI_LIBRARY names another libcupti (or none that exists, to see the message).
    const char* env = std::getenv("TB_CUPTI_LIBRARY");
    std::vector<std::string> names;
    if (env && *env) {
      names.push_back(env);
    } else {
#ifdef TB_CUPTI_LIBRARY_PATH
      names.push_back(TB_CUPTI_LIBRARY_PATH); // the one found when the build was configured
#endif
      names.push_back("libcupti.so");
    }
    std::string errors;
    for (const auto& n : names) {
      so = dlopen(n.c_str(), RTLD_NOW | RTLD_LOCAL);
      if (so) break;
      const char* e = dlerror();
      errors += (errors.empty() ? "" : "; ") + std::string(e ? e : n);
    }
    if (!so) {
      problem = "libcupti could not be loaded (" + errors + ")";
      return;
    }
#define TB_CUPTI_SYM(name)                                                                         \
  name = reinterpret_cast<decltype(name)>(dlsym(so, #name));                                       \
  if (!name && problem.empty())                                                                    \
    problem = "libcupti has no " #name " (CUPTI older than CUDA "                                  \
              "12.6)";
    TB_CUPTI_FUNCTIONS(TB_CUPTI_SYM)
#undef TB_CUPTI_SYM
  }
#undef TB_CUPTI_FN
#undef TB_CUPTI_FUNCTIONS
};

Cupti& cupti() {
  static Cupti c;
  return c;
}

// A CUPTI failure; `permission` when the user may not profile.
class cupti_error : public std::runtime_error {
public:
  cupti_error(const std::string& what, bool permission)
      : std::runtime_error(what), m_permission(permission) {}
  bool permission() const { return m_permission; }

private:
  bool m_permission;
};

void check(CUptiResult r, const char* call) {
  if (r == CUPTI_SUCCESS) return;
  const char* text = nullptr;
  if (cupti().cuptiGetResultString) cupti().cuptiGetResultString(r, &text);
  const bool permission = r == CUPTI_ERROR_INSUFFICIENT_PRIVILEGES ||
                          r == CUPTI_ERROR_VIRTUALIZED_DEVICE_INSUFFICIENT_PRIVILEGES;
  throw cupti_error(fmt::format("{} failed: {}", call, text ? text : std::to_string(int(r))),
                    permission);
}
#define TB_CUPTI(call, params) check(cupti().call(&params), #call)

// A CUPTI parameter block: zeroed, with its size set (how CUPTI versions its structs).
template <class P> P params(std::size_t size) {
  P p{};
  p.structSize = size;
  return p;
}

CUcontext current_context() {
  using GetCurrent = CUresult (*)(CUcontext*);
  void* fn = nullptr;
  cudaDriverEntryPointQueryResult found{};
  TB_CUDA_CALL(cudaFree(nullptr)); // makes the primary context current
  TB_CUDA_CALL(
      cudaGetDriverEntryPointByVersion("cuCtxGetCurrent", &fn, 12000, cudaEnableDefault, &found));
  CUcontext ctx = nullptr;
  if (found != cudaDriverEntryPointSuccess || !fn ||
      reinterpret_cast<GetCurrent>(fn)(&ctx) != CUDA_SUCCESS || !ctx)
    throw cupti_error("the CUDA driver did not give the current context", false);
  return ctx;
}

class CuptiReader final : public CounterReader {
public:
  CuptiReader() {
    Cupti& c = cupti();
    if (!c.problem.empty()) throw cupti_error(c.problem, false);
    m_ctx = current_context();
    int device = 0;
    TB_CUDA_CALL(cudaGetDevice(&device));
    auto init =
        params<CUpti_Profiler_Initialize_Params>(CUpti_Profiler_Initialize_Params_STRUCT_SIZE);
    TB_CUPTI(cuptiProfilerInitialize, init);
    auto chip =
        params<CUpti_Device_GetChipName_Params>(CUpti_Device_GetChipName_Params_STRUCT_SIZE);
    chip.deviceIndex = static_cast<std::size_t>(device);
    TB_CUPTI(cuptiDeviceGetChipName, chip);
    m_chip = chip.pChipName;

    auto avail = params<CUpti_Profiler_GetCounterAvailability_Params>(
        CUpti_Profiler_GetCounterAvailability_Params_STRUCT_SIZE);
    avail.ctx = m_ctx;
    TB_CUPTI(cuptiProfilerGetCounterAvailability, avail);
    m_availability.resize(avail.counterAvailabilityImageSize);
    avail.pCounterAvailabilityImage = m_availability.data();
    TB_CUPTI(cuptiProfilerGetCounterAvailability, avail);

    auto host = params<CUpti_Profiler_Host_Initialize_Params>(
        CUpti_Profiler_Host_Initialize_Params_STRUCT_SIZE);
    host.profilerType = CUPTI_PROFILER_TYPE_RANGE_PROFILER;
    host.pChipName = m_chip.c_str();
    host.pCounterAvailabilityImage = m_availability.data();
    TB_CUPTI(cuptiProfilerHostInitialize, host);
    m_host = host.pHostObject;

    // One metric at a time, so that one this chip lacks leaves the others usable.
    for (const CounterField& f : counter_fields()) {
      const char* name = f.metric;
      auto add = params<CUpti_Profiler_Host_ConfigAddMetrics_Params>(
          CUpti_Profiler_Host_ConfigAddMetrics_Params_STRUCT_SIZE);
      add.pHostObject = m_host;
      add.ppMetricNames = &name;
      add.numMetrics = 1;
      if (c.cuptiProfilerHostConfigAddMetrics(&add) == CUPTI_SUCCESS) {
        m_metrics.push_back(name);
        m_values.push_back(f.value);
      } else {
        m_missing.push_back(name);
      }
    }
    if (m_metrics.empty())
      throw cupti_error("none of the metrics is available on " + m_chip, false);
    auto size = params<CUpti_Profiler_Host_GetConfigImageSize_Params>(
        CUpti_Profiler_Host_GetConfigImageSize_Params_STRUCT_SIZE);
    size.pHostObject = m_host;
    TB_CUPTI(cuptiProfilerHostGetConfigImageSize, size);
    m_config.resize(size.configImageSize);
    auto image = params<CUpti_Profiler_Host_GetConfigImage_Params>(
        CUpti_Profiler_Host_GetConfigImage_Params_STRUCT_SIZE);
    image.pHostObject = m_host;
    image.configImageSize = m_config.size();
    image.pConfigImage = m_config.data();
    TB_CUPTI(cuptiProfilerHostGetConfigImage, image);
  }

  ~CuptiReader() override {
    if (!m_host) return;
    auto p = params<CUpti_Profiler_Host_Deinitialize_Params>(
        CUpti_Profiler_Host_Deinitialize_Params_STRUCT_SIZE);
    p.pHostObject = m_host;
    cupti().cuptiProfilerHostDeinitialize(&p);
  }

  std::vector<std::string> missing_metrics() const override { return m_missing; }

  Counters collect(const std::function<void()>& setup, const std::function<void()>& workload,
                   cudaStream_t stream) override {
    TB_CUDA_CALL(cudaDeviceSynchronize());
    auto enable =
        params<CUpti_RangeProfiler_Enable_Params>(CUpti_RangeProfiler_Enable_Params_STRUCT_SIZE);
    enable.ctx = m_ctx;
    TB_CUPTI(cuptiRangeProfilerEnable, enable);
    CUpti_RangeProfiler_Object* rp = enable.pRangeProfilerObject;
    struct Disable { // profiling is switched off again whatever happens
      CUpti_RangeProfiler_Object* rp;
      ~Disable() {
        auto p = params<CUpti_RangeProfiler_Disable_Params>(
            CUpti_RangeProfiler_Disable_Params_STRUCT_SIZE);
        p.pRangeProfilerObject = rp;
        cupti().cuptiRangeProfilerDisable(&p);
      }
    } disable{rp};

    auto size = params<CUpti_RangeProfiler_GetCounterDataSize_Params>(
        CUpti_RangeProfiler_GetCounterDataSize_Params_STRUCT_SIZE);
    size.pRangeProfilerObject = rp;
    size.pMetricNames = m_metrics.data();
    size.numMetrics = m_metrics.size();
    size.maxNumOfRanges = 1;
    size.maxNumRangeTreeNodes = 1;
    TB_CUPTI(cuptiRangeProfilerGetCounterDataSize, size);
    std::vector<std::uint8_t> data(size.counterDataSize);
    auto init = params<CUpti_RangeProfiler_CounterDataImage_Initialize_Params>(
        CUpti_RangeProfiler_CounterDataImage_Initialize_Params_STRUCT_SIZE);
    init.pRangeProfilerObject = rp;
    init.counterDataSize = data.size();
    init.pCounterData = data.data();
    TB_CUPTI(cuptiRangeProfilerCounterDataImageInitialize, init);

    auto config = params<CUpti_RangeProfiler_SetConfig_Params>(
        CUpti_RangeProfiler_SetConfig_Params_STRUCT_SIZE);
    config.pRangeProfilerObject = rp;
    config.configSize = m_config.size();
    config.pConfig = m_config.data();
    config.counterDataImageSize = data.size();
    config.pCounterDataImage = data.data();
    config.range = CUPTI_UserRange;
    config.replayMode = CUPTI_UserReplay;
    config.maxRangesPerPass = 1;
    config.numNestingLevels = 1;
    config.minNestingLevel = 1;
    config.passIndex = 0;
    config.targetNestingLevel = 1;
    TB_CUPTI(cuptiRangeProfilerSetConfig, config);

    Counters out;
    for (bool done = false; !done;) {
      if (++out.passes > 64) throw cupti_error("the counters needed more than 64 passes", false);
      if (setup) setup();
      TB_CUDA_CALL(cudaStreamSynchronize(stream));
      auto start =
          params<CUpti_RangeProfiler_Start_Params>(CUpti_RangeProfiler_Start_Params_STRUCT_SIZE);
      start.pRangeProfilerObject = rp;
      TB_CUPTI(cuptiRangeProfilerStart, start);
      auto push = params<CUpti_RangeProfiler_PushRange_Params>(
          CUpti_RangeProfiler_PushRange_Params_STRUCT_SIZE);
      push.pRangeProfilerObject = rp;
      push.pRangeName = "workload";
      TB_CUPTI(cuptiRangeProfilerPushRange, push);
      workload();
      TB_CUDA_CALL(cudaStreamSynchronize(stream));
      auto pop = params<CUpti_RangeProfiler_PopRange_Params>(
          CUpti_RangeProfiler_PopRange_Params_STRUCT_SIZE);
      pop.pRangeProfilerObject = rp;
      TB_CUPTI(cuptiRangeProfilerPopRange, pop);
      auto stop =
          params<CUpti_RangeProfiler_Stop_Params>(CUpti_RangeProfiler_Stop_Params_STRUCT_SIZE);
      stop.pRangeProfilerObject = rp;
      TB_CUPTI(cuptiRangeProfilerStop, stop);
      done = stop.isAllPassSubmitted != 0;
    }
    auto decode = params<CUpti_RangeProfiler_DecodeData_Params>(
        CUpti_RangeProfiler_DecodeData_Params_STRUCT_SIZE);
    decode.pRangeProfilerObject = rp;
    TB_CUPTI(cuptiRangeProfilerDecodeData, decode);
    if (decode.numOfRangeDropped > 0)
      throw cupti_error("the profiled range was dropped (counter data too small)", false);

    std::vector<double> values(m_metrics.size(), -1);
    auto eval = params<CUpti_Profiler_Host_EvaluateToGpuValues_Params>(
        CUpti_Profiler_Host_EvaluateToGpuValues_Params_STRUCT_SIZE);
    eval.pHostObject = m_host;
    eval.pCounterDataImage = data.data();
    eval.counterDataImageSize = data.size();
    eval.rangeIndex = 0;
    eval.ppMetricNames = m_metrics.data();
    eval.numMetrics = m_metrics.size();
    eval.pMetricValues = values.data();
    TB_CUPTI(cuptiProfilerHostEvaluateToGpuValues, eval);
    for (std::size_t i = 0; i < values.size(); ++i) out.*m_values[i] = values[i];
    return out;
  }

private:
  CUcontext m_ctx = nullptr;
  std::string m_chip;
  std::vector<std::uint8_t> m_availability, m_config;
  CUpti_Profiler_Host_Object* m_host = nullptr;
  std::vector<const char*> m_metrics;
  std::vector<CounterMember> m_values;
  std::vector<std::string> m_missing;
};

} // namespace

std::string counters_library_problem() {
  return cupti().problem;
}

std::unique_ptr<CounterReader> open_counter_reader() {
  try {
    auto reader = std::make_unique<CuptiReader>();
    // A first pass over a small memset: the permission check happens here, before any case.
    void* probe = nullptr;
    TB_CUDA_CALL(cudaMalloc(&probe, 1 << 20));
    try {
      reader->collect(
          nullptr, [&] { TB_CUDA_CALL(cudaMemsetAsync(probe, 1, 1 << 20)); }, nullptr);
    } catch (...) {
      cudaFree(probe);
      throw;
    }
    TB_CUDA_CALL(cudaFree(probe));
    return reader;
  } catch (const cupti_error& e) {
    throw run_error(kExitNoDevice, e.permission() ? counters_permission_message(e.what())
                                                  : counters_unavailable_message(e.what()));
  } catch (const run_error&) {
    throw;
  } catch (const std::runtime_error& e) { // a CUDA error while proving the counters work
    throw run_error(kExitNoDevice, counters_unavailable_message(e.what()));
  }
}

#endif

} // namespace tb
