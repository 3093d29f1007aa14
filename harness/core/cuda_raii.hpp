// Move-only owners of device memory, events and streams. No raw cudaFree outside a destructor.
#pragma once

#include "harness/core/cuda_check.hpp"

#include <cstddef>
#include <utility>

namespace tb {

class DeviceBuffer {
public:
  DeviceBuffer() = default;
  explicit DeviceBuffer(std::size_t bytes) : m_bytes(bytes) {
    if (bytes) TB_CUDA_CALL(cudaMalloc(&m_ptr, bytes));
  }
  ~DeviceBuffer() {
    if (m_ptr) TB_CUDA_CALL_NOEXCEPT(cudaFree(m_ptr));
  }
  DeviceBuffer(const DeviceBuffer&) = delete;
  DeviceBuffer& operator=(const DeviceBuffer&) = delete;
  DeviceBuffer(DeviceBuffer&& o) noexcept
      : m_ptr(std::exchange(o.m_ptr, nullptr)), m_bytes(std::exchange(o.m_bytes, 0)) {}
  DeviceBuffer& operator=(DeviceBuffer&& o) noexcept {
    if (this != &o) {
      DeviceBuffer old(std::move(*this));
      m_ptr = std::exchange(o.m_ptr, nullptr);
      m_bytes = std::exchange(o.m_bytes, 0);
    }
    return *this;
  }
  void* get() const noexcept { return m_ptr; }
  std::size_t bytes() const noexcept { return m_bytes; }

private:
  void* m_ptr = nullptr;
  std::size_t m_bytes = 0;
};

class Event {
public:
  Event() { TB_CUDA_CALL(cudaEventCreate(&m_event)); }
  ~Event() {
    if (m_event) TB_CUDA_CALL_NOEXCEPT(cudaEventDestroy(m_event));
  }
  Event(const Event&) = delete;
  Event& operator=(const Event&) = delete;
  Event(Event&& o) noexcept : m_event(std::exchange(o.m_event, nullptr)) {}
  Event& operator=(Event&& o) noexcept {
    std::swap(m_event, o.m_event);
    return *this;
  }
  cudaEvent_t get() const noexcept { return m_event; }

private:
  cudaEvent_t m_event = nullptr;
};

class Stream {
public:
  Stream() { TB_CUDA_CALL(cudaStreamCreateWithFlags(&m_stream, cudaStreamNonBlocking)); }
  ~Stream() {
    if (m_stream) TB_CUDA_CALL_NOEXCEPT(cudaStreamDestroy(m_stream));
  }
  Stream(const Stream&) = delete;
  Stream& operator=(const Stream&) = delete;
  Stream(Stream&& o) noexcept : m_stream(std::exchange(o.m_stream, nullptr)) {}
  Stream& operator=(Stream&& o) noexcept {
    std::swap(m_stream, o.m_stream);
    return *this;
  }
  cudaStream_t get() const noexcept { return m_stream; }

private:
  cudaStream_t m_stream = nullptr;
};

} // namespace tb
