#include "harness/app.hpp"
#include "harness/options.hpp"

#include <cstdio>
#include <exception>

int main(int argc, char** argv) {
  try {
    return tb::run_app(argc, argv);
  } catch (const std::exception& e) {
    std::fprintf(stderr, "transpose_bench: error: %s\n", e.what());
    return tb::kExitFailed;
  }
}
