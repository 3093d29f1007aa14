#include "harness/stats.hpp"

#include <algorithm>
#include <cmath>

namespace tb {

SampleStats compute_stats(const std::vector<double>& v) {
  SampleStats s;
  s.count = static_cast<int>(v.size());
  if (v.empty()) return s;
  s.median_ms = median(v);
  s.min_ms = *std::min_element(v.begin(), v.end());
  s.max_ms = *std::max_element(v.begin(), v.end());
  double sum = 0;
  for (double x : v) sum += x;
  s.mean_ms = sum / v.size();
  if (v.size() > 1 && s.mean_ms > 0) {
    double sq = 0;
    for (double x : v) sq += (x - s.mean_ms) * (x - s.mean_ms);
    s.cv = std::sqrt(sq / (v.size() - 1)) / s.mean_ms;
  }
  return s;
}

double median(std::vector<double> v) {
  if (v.empty()) return 0;
  std::sort(v.begin(), v.end());
  const std::size_t n = v.size();
  return n % 2 ? v[n / 2] : 0.5 * (v[n / 2 - 1] + v[n / 2]);
}

} // namespace tb
