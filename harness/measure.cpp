#include "harness/measure.hpp"

#include "harness/device_compare.hpp"
#include "harness/init.hpp"
#include "harness/timing_kernels.hpp"

#include <fmt/format.h>

#include <random>

namespace tb {

Measurer::Measurer(std::int64_t flush_bytes) : m_flush_bytes(flush_bytes) {}

// Every copy goes through the measuring stream. A plain cudaMemcpy runs on the legacy default
// stream, which a non-blocking stream does not wait for, and from pageable memory it may
// return before the data has landed: kernels then read a half-uploaded buffer (seen on an
// H200: 3 kernels failed validation at 512^2 in one run and passed in the next).
void Measurer::upload(DeviceBuffer& dst, const Bytes& src) {
  TB_CUDA_CALL(
      cudaMemcpyAsync(dst.get(), src.data(), src.size(), cudaMemcpyHostToDevice, m_stream.get()));
  TB_CUDA_CALL(cudaStreamSynchronize(m_stream.get()));
}

void Measurer::flush_l2(bool clean) {
  if (!m_flush.get()) m_flush = DeviceBuffer(static_cast<std::size_t>(m_flush_bytes));
  // Lines a kernel stored as persisting (L2 priority evict_last) outlive an overwrite at normal
  // priority, and the next kernel measured would find them in L2: reset them to normal first,
  // after the kernels before. GPUs without persisting lines say cudaErrorNotSupported.
  TB_CUDA_CALL(cudaStreamSynchronize(m_stream.get()));
  const cudaError_t e = cudaCtxResetPersistingL2Cache();
  if (e == cudaErrorNotSupported)
    (void)cudaGetLastError();
  else
    TB_CUDA_CALL(e);
  // A different value each time, so no write can be skipped as redundant.
  TB_CUDA_CALL(cudaMemsetAsync(m_flush.get(), ++m_flush_value, m_flush.bytes(), m_stream.get()));
  if (clean) read_through_l2(m_flush.get(), m_flush.bytes() / 16 * 16, m_stream.get());
}

void Measurer::prepare(Shape s, DType t) {
  if (m_ready && s == m_shape && t == m_dtype) return;
  m_ready = false;
  m_expected.clear();
  m_expected_dev.clear();
  m_in = DeviceBuffer();
  m_out = DeviceBuffer();
  const std::size_t bytes = static_cast<std::size_t>(s.elements()) * dtype_size(t);
  m_input = random_input(t, s.elements(), std::random_device{}() * 0x100000001ull + 1);
  m_in = DeviceBuffer(bytes);
  m_out = DeviceBuffer(bytes);
  upload(m_in, m_input);
  m_shape = s;
  m_dtype = t;
  m_ready = true;
}

LaunchArgs Measurer::args(const Case& c, int nreps) const {
  LaunchArgs a;
  a.dtype = c.dtype;
  a.out = m_out.get();
  a.in = m_in.get();
  a.rows = static_cast<int>(c.shape.rows);
  a.cols = static_cast<int>(c.shape.cols);
  a.nreps = nreps;
  a.stream = m_stream.get();
  return a;
}

void Measurer::before_sample(const Case& c) {
  prepare(c.shape, c.dtype);
  c.kernel->launch(args(c, 1)); // warm-up: module load, first-touch, clocks
  TB_CUDA_CALL(cudaMemsetAsync(m_out.get(), kPoisonByte, m_out.bytes(), m_stream.get()));
  if (c.flushes()) flush_l2(c.effective_l2() == L2Policy::flush_clean);
}

void Measurer::launch_sample(const Case& c) {
  const KernelSpec& k = *c.kernel;
  switch (c.mode) {
  case Mode::loop_over_kernel: {
    const LaunchArgs once = args(c, 1);
    for (int i = 0; i < c.reps; ++i) k.launch(once);
    break;
  }
  case Mode::loop_in_kernel:
    k.launch(args(c, c.reps));
    break;
  case Mode::cold_single:
    k.launch(args(c, 1));
    break;
  }
}

double Measurer::sample_ms_per_rep(const Case& c) {
  before_sample(c);
  cudaStream_t s = m_stream.get();
  TB_CUDA_CALL(cudaEventRecord(m_start.get(), s));
  launch_sample(c);
  TB_CUDA_CALL(cudaEventRecord(m_stop.get(), s));
  TB_CUDA_CALL(cudaEventSynchronize(m_stop.get()));
  float ms = 0;
  TB_CUDA_CALL(cudaEventElapsedTime(&ms, m_start.get(), m_stop.get()));
  return static_cast<double>(ms) / c.launches();
}

Counters Measurer::profile(const Case& c, CounterReader& reader) {
  prepare(c.shape, c.dtype);
  Counters total =
      reader.collect([&] { before_sample(c); }, [&] { launch_sample(c); }, m_stream.get());
  // Per repetition, as the bandwidth figure is; ratios and percentages are unchanged by this.
  const double n = c.launches();
  for (const CounterField& f : counter_fields()) {
    double& v = total.*f.value;
    if (v >= 0 && f.value != &Counters::warps_active_pct) v /= n;
  }
  return total;
}

const Bytes& Measurer::expected(Output o, int tile) {
  const auto key = std::make_pair(o, tile);
  auto it = m_expected.find(key);
  if (it == m_expected.end())
    it = m_expected.emplace(key, expected_output(o, tile, m_shape, dtype_size(m_dtype), m_input))
             .first;
  return it->second;
}

const DeviceBuffer* Measurer::device_expected(Output o, int tile) {
  const auto key = std::make_pair(o, tile);
  auto it = m_expected_dev.find(key);
  if (it != m_expected_dev.end()) return &it->second;
  const Bytes& host = expected(o, tile);
  for (int attempt = 0; attempt < 2; ++attempt) {
    try {
      DeviceBuffer buf(host.size());
      upload(buf, host);
      return &m_expected_dev.emplace(key, std::move(buf)).first->second;
    } catch (const cuda_error& e) {
      if (e.code() != cudaErrorMemoryAllocation) throw;
      (void)cudaGetLastError(); // out of memory is not sticky: clear it
      if (m_expected_dev.empty()) break;
      m_expected_dev.clear(); // make room and try once more
    }
  }
  return nullptr; // no room: compare on the host
}

Validation Measurer::validate(const Case& c) {
  prepare(c.shape, c.dtype);
  const Output o = c.kernel->output;
  const Shape out_shape = output_shape(o, c.shape);
  const std::size_t es = dtype_size(c.dtype);
  Mismatch m;
  if (const DeviceBuffer* ref = device_expected(o, c.kernel->tile_w)) {
    const DeviceMismatch d =
        compare_on_device(ref->get(), m_out.get(), out_shape.elements(), es, m_stream.get());
    m.count = d.count;
    if (d.first >= 0) {
      m.first_row = d.first / out_shape.cols;
      m.first_col = d.first % out_shape.cols;
    }
  } else {
    Bytes actual(m_out.bytes());
    TB_CUDA_CALL(cudaMemcpyAsync(actual.data(), m_out.get(), actual.size(), cudaMemcpyDeviceToHost,
                                 m_stream.get()));
    TB_CUDA_CALL(cudaStreamSynchronize(m_stream.get()));
    m = compare_output(expected(o, c.kernel->tile_w), actual, out_shape, es);
  }
  if (m.ok()) return {true, {}};
  return {false, fmt::format("{} of {} output elements wrong, first at ({}, {})", m.count,
                             out_shape.elements(), m.first_row, m.first_col)};
}

} // namespace tb
