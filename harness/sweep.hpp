// Runs the plan on each chosen GPU in turn (one GPU, or every visible one with --device all),
// rewriting the CSV after every completed case. The runner (runner.hpp) measures one GPU.
#pragma once

#include "harness/options.hpp"
#include "harness/outputs.hpp"
#include "harness/plan.hpp"
#include "harness/record.hpp"

#include <vector>

namespace tb {

// The device indices `requested` names (-1: every visible one). Throws run_error (exit 3) when
// there is no usable device or the index does not exist.
std::vector<int> choose_devices(int requested);

// The records of every GPU, in plan order per GPU. Stops early when a stop signal arrives.
// Throws run_error: a plan of which nothing fits (exit 2), a device that cannot be opened
// (exit 3), a CUDA error outside any case (exit 1).
std::vector<Record> run_on_devices(const std::vector<Case>& plan, const std::vector<int>& devices,
                                   const Options& opt, const Outputs& outputs);

} // namespace tb
