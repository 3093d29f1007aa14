// How the program ends: its exit codes, and the one line it prints for an error.
#pragma once

#include <stdexcept>
#include <string>

namespace tb {

inline constexpr int kExitOk = 0;
inline constexpr int kExitFailed = 1;   // a kernel failed validation or raised a CUDA error
inline constexpr int kExitBadInput = 2; // bad flag, value, config file, size or kernel table
// No usable CUDA device or driver; or --counters cannot read counters here.
inline constexpr int kExitNoDevice = 3;
inline constexpr int kExitInterrupted = 130; // SIGINT (SIGTERM: 143); the CSV holds what completed

// An error that ends the run with `code` (thrown by the stages, caught once in run_app).
class run_error : public std::runtime_error {
public:
  run_error(int code, const std::string& message) : std::runtime_error(message), m_code(code) {}
  int code() const noexcept { return m_code; }

private:
  int m_code;
};

// Prints "transpose_bench: error: MESSAGE" on stderr and returns `code`.
int fail(int code, const std::string& message);

} // namespace tb
