// What the timed samples of one case say: their median, extremes and spread.
#pragma once

#include <vector>

namespace tb {

// Summary of the timed samples of one case, in milliseconds per repetition.
struct SampleStats {
  int count = 0;
  double median_ms = 0, min_ms = 0, max_ms = 0, mean_ms = 0;
  double cv = 0; // coefficient of variation: sample standard deviation / mean
};
SampleStats compute_stats(const std::vector<double>& samples_ms);
inline constexpr double kNoisyCv = 0.02; // above this the spread is flagged

double median(std::vector<double> v);

} // namespace tb
