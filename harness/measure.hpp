// Runs one case on the GPU: owns the input/output buffers of the current shape and type, times
// a sample with CUDA events in either of the paper's modes, and validates the output exactly.
// Used by the Google Benchmark runner and by the device tests alike.
#pragma once

#include "harness/core/cuda_raii.hpp"
#include "harness/core/kernel_spec.hpp"
#include "harness/core/shape.hpp"
#include "harness/counter_reader.hpp"
#include "harness/expected.hpp"
#include "harness/plan.hpp"
#include "harness/record.hpp"

#include <map>
#include <string>
#include <utility>

namespace tb {

struct Validation {
  bool ok = false;
  std::string message; // empty when ok
};

class Measurer {
public:
  // The device must already be selected. `flush_bytes`: size of the L2 flush buffer
  // (l2_flush_bytes of the device's L2), allocated on the first flush.
  explicit Measurer(std::int64_t flush_bytes = 64ll << 20);

  // Makes the buffers hold a fresh random input of this shape and type (no-op if they do).
  void prepare(Shape s, DType t);

  // One timed sample, in milliseconds per repetition. After a warm-up launch the output is
  // poisoned and, if the case flushes, the L2 is overwritten; both outside the timed region.
  double sample_ms_per_rep(const Case& c);

  // Overwrites the flush buffer (twice the L2) on the measuring stream; `clean`: then reads it
  // back, so that no dirty line is left in the L2.
  void flush_l2(bool clean = false);

  // The hardware counters of one sample's work, per repetition: the same launches after the same
  // warm-up, poison and flush, replayed as often as `reader` needs (never timed).
  Counters profile(const Case& c, CounterReader& reader);

  // Compares the output of the last sample with the exact host reference.
  Validation validate(const Case& c);

private:
  LaunchArgs args(const Case& c, int nreps) const;
  void before_sample(const Case& c); // warm-up launch, poison, flush: outside the timed region
  void launch_sample(const Case& c); // the launches a sample times
  void upload(DeviceBuffer& dst, const Bytes& src);
  const Bytes& expected(Output o, int tile);

  Stream m_stream;
  Event m_start, m_stop;
  bool m_ready = false;
  Shape m_shape;
  DType m_dtype = DType::fp32;
  DeviceBuffer m_in, m_out;
  std::int64_t m_flush_bytes;
  DeviceBuffer m_flush;
  unsigned char m_flush_value = 0;
  Bytes m_input;
  std::map<std::pair<Output, int>, Bytes> m_expected;
  // The reference uploaded to the device, for comparing there; dropped when memory is short.
  std::map<std::pair<Output, int>, DeviceBuffer> m_expected_dev;
  const DeviceBuffer* device_expected(Output o, int tile);
};

} // namespace tb
