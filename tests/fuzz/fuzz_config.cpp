// libFuzzer target: config files (harness/config_file.cpp, then CLI11) on arbitrary bytes, and
// the same bytes as an output path. Every input must end in a parsed option set or a one-line
// error with exit code 2, and a path is accepted or refused in one line.
#include "harness/io/files.hpp"
#include "harness/options.hpp"

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <stdexcept>
#include <string>
#include <unistd.h>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  static const std::string path = "/tmp/tb_fuzz_config_" + std::to_string(::getpid()) + ".toml";
  std::FILE* f = std::fopen(path.c_str(), "wb");
  if (!f) return 0;
  std::fwrite(data, 1, size, f);
  std::fclose(f);
  const tb::CliResult r = tb::parse_command_line({"--config", path});
  if (r.exit_now && r.exit_code != tb::kExitBadInput) std::abort();
  if (r.exit_now && r.output.find('\n') != std::string::npos) std::abort(); // one line
  // The same bytes as an output path: checked (nothing is written), or refused in one line.
  try {
    tb::check_output_path(std::string(reinterpret_cast<const char*>(data), size), "-o", false);
  } catch (const std::invalid_argument& e) {
    if (std::string(e.what()).find('\n') != std::string::npos) std::abort();
  }
  return 0;
}
