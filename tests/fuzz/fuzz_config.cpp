// libFuzzer target: config files (TOML read by CLI11 into the option set) on arbitrary bytes.
// Every input must end in a parsed option set or a one-line error with exit code 2.
#include "harness/options.hpp"

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
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
  return 0;
}
