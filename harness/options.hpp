// Command line and config files. A config file is a saved command line: CLI11 reads TOML keys
// named like the long options into the same option set, and flags given on the command line
// override the file.
#pragma once

#include "harness/core/dtype.hpp"
#include "harness/core/shape.hpp"
#include "harness/exit.hpp"
#include "harness/record.hpp"
#include "harness/sinks/grid.hpp"
#include "harness/units.hpp"

#include <string>
#include <vector>

namespace tb {

struct Options {
  // As given (these are what config files hold).
  std::vector<std::string> sizes{"2048x2048"};
  std::vector<std::string> dtypes{"fp32"};
  std::vector<std::string> kernels; // empty: every kernel of the suite
  std::string suite = "whitepaper";
  std::vector<std::string> modes{"loop-over-kernel", "loop-in-kernel", "cold-single"};
  std::string l2 = "warm";        // warm | flush: what the L2 holds when a sample starts
  std::string reps_text = "100";  // the paper's NUM_REPS
  std::string samples_text = "5"; // timed samples per case; the table shows the median
  std::string unit = "GB";
  std::string csv;          // tidy CSV output path
  bool append = false;      // add rows to an existing CSV (its schema must match)
  bool force = false;       // replace an existing --csv or --markdown file
  std::string markdown;     // Markdown table output path
  std::string device = "0"; // an index, or "all"
  std::string config_file;  // the --config file, if any (never also an output)
  bool list = false;
  bool verbose = false;  // also print Google Benchmark's own console table
  bool counters = false; // a profiling pass after each case's samples (CUPTI hardware counters)

  // Parsed from the above by parse_command_line.
  std::vector<Shape> shapes;
  std::vector<DType> dtype_values;
  std::vector<Mode> mode_values;
  Unit unit_value = Unit::GB;
  L2Policy l2_value = L2Policy::warm;
  int device_index = 0; // -1: every visible device
  int reps = 100;
  int samples = 5;
  bool selection_given = false; // --suite or --kernels given: --list shows that selection
  bool dtypes_given = false;    // --dtype given: --list shows the kernels that run them
};

// Which measurements `report` and `compare` show; empty lists keep everything.
struct ReportFilter {
  std::vector<std::string> kernels; // ids, family names or regexes, as --kernels
  std::vector<DType> dtypes;
  std::vector<Mode> modes;
  std::vector<Shape> shapes;
};

// transpose_bench report FILE... / transpose_bench compare A B
struct ReportOptions {
  std::vector<std::string> files; // "-" is standard input
  std::string format = "text";    // text | markdown | csv | json
  std::string unit = "GB";
  std::string output;   // write here (atomically) instead of stdout; "-" is stdout
  bool force = false;   // replace an existing --output file
  bool best = false;    // report: the fastest kernel per GPU, shape and element type
  double threshold = 0; // compare: exit 1 when any A / B falls below it (0: never)
  ReportFilter filter;
  Unit unit_value = Unit::GB;
  TableFormat format_value = TableFormat::text;
};

struct ReportCliResult {
  ReportOptions options;
  bool exit_now = false;
  int exit_code = 0;
  std::string output;
};

// `compare` needs exactly two files. args exclude the program and subcommand names.
ReportCliResult parse_report_command(const std::vector<std::string>& args, bool compare);

struct CliResult {
  Options options;
  bool exit_now = false; // --help, or an error: print `output`, exit with `exit_code`
  int exit_code = 0;
  std::string output; // help text (stdout) or a one-line error (stderr)
};

// "transpose_bench 0.1.0 (revision 1234abcd5678)".
std::string version_line();

// args excludes the program name and Google Benchmark's --benchmark_* flags.
CliResult parse_command_line(const std::vector<std::string>& args);

} // namespace tb
