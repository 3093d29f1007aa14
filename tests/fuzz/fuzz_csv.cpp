// libFuzzer target: the CSV readers (ours and the paper's published figures) on arbitrary
// bytes. Bad input must come back as std::invalid_argument; anything else (a crash, a hang, a
// sanitizer report, another exception) is a bug.
#include "harness/report.hpp"
#include "harness/sinks/csv.hpp"
#include "harness/sinks/table.hpp"

#include <cstddef>
#include <cstdint>
#include <stdexcept>
#include <string>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string text(reinterpret_cast<const char*>(data), size);
  try {
    const auto records = tb::records_from_csv_text(text, "fuzz.csv");
    // What reads back must render and write again.
    (void)tb::render_tables(records, tb::Unit::GB, tb::TableFormat::text);
    (void)tb::render_csv(records);
  } catch (const std::invalid_argument&) {
  }
  try {
    const auto pub = tb::published_from_csv_text(text, "fuzz.csv");
    (void)tb::render_compare(pub, pub, tb::Unit::GiB, tb::TableFormat::markdown);
  } catch (const std::invalid_argument&) {
  }
  return 0;
}
