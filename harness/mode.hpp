// How a case is timed: the timing mode and what the L2 holds when a sample starts.
#pragma once

#include <cstdint>
#include <optional>
#include <string_view>

namespace tb {

// Timing modes: the paper's two, and a cold one.
//  loop_over_kernel: one warm-up launch, then `reps` launches with nreps = 1 between two events
//  loop_in_kernel:   one launch with nreps = reps between two events
//  cold_single:      one launch with nreps = 1 right after an L2 flush, timed alone
enum class Mode { loop_over_kernel, loop_in_kernel, cold_single };
inline constexpr Mode kAllModes[] = {Mode::loop_over_kernel, Mode::loop_in_kernel,
                                     Mode::cold_single};
std::string_view mode_name(Mode m);  // "loop-over-kernel"
std::string_view mode_title(Mode m); // "Loop over kernel"
std::optional<Mode> parse_mode(std::string_view s);
// True for modes whose kernel runs its in-kernel repetition loop (needs KernelSpec::has_nreps).
inline bool mode_needs_nreps(Mode m) {
  return m == Mode::loop_in_kernel;
}

// What the L2 holds when a sample starts.
//  warm:  whatever the warm-up launch and the previous sample left (the paper's setting)
//  flush: a buffer of twice the L2 size is overwritten before each sample, outside the timing
//         (as nvbench does); the L2 is then full of dirty lines of that buffer, which the timed
//         kernel has to write back to DRAM as it evicts them
//  flush-clean: the same overwrite, then the buffer is read back, so the L2 holds clean lines
//         only and the timed kernel moves its own bytes and no others
enum class L2Policy { warm, flush, flush_clean };
std::string_view l2_name(L2Policy p);
std::optional<L2Policy> parse_l2(std::string_view s);

// Bytes to overwrite so that nothing of the previous sample stays in an L2 of `l2_bytes`:
// twice the L2, at least 1 MiB (and 64 MiB when the size is unknown).
std::int64_t l2_flush_bytes(std::int64_t l2_bytes);

} // namespace tb
