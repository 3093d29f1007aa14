#include "harness/io/files.hpp"
#include "harness/sinks/csv.hpp"
#include "test_support.hpp"

#include <gtest/gtest.h>

#include <cstdio>
#include <fstream>
#include <sstream>
#include <unistd.h>

using namespace tb;

namespace {
std::vector<std::string> split_csv_line(const std::string& line) {
  std::vector<std::string> out;
  std::string cur;
  bool quoted = false;
  for (std::size_t i = 0; i < line.size(); ++i) {
    const char c = line[i];
    if (quoted) {
      if (c == '"' && i + 1 < line.size() && line[i + 1] == '"') {
        cur += '"';
        ++i;
      } else if (c == '"') {
        quoted = false;
      } else {
        cur += c;
      }
    } else if (c == '"') {
      quoted = true;
    } else if (c == ',') {
      out.push_back(cur);
      cur.clear();
    } else {
      cur += c;
    }
  }
  out.push_back(cur);
  return out;
}
} // namespace

TEST(Csv, EscapesOnlyWhatNeedsIt) {
  EXPECT_EQ(csv_escape("plain"), "plain");
  EXPECT_EQ(csv_escape("a,b"), "\"a,b\"");
  EXPECT_EQ(csv_escape("say \"hi\""), "\"say \"\"hi\"\"\"");
  EXPECT_EQ(csv_escape("two\nlines"), "\"two\nlines\"");
}

TEST(Csv, OneTidyRowPerRecordWithAllColumns) {
  std::vector<Record> rs{test::fake_record("simple_copy", "Simple Copy", Mode::loop_over_kernel,
                                           0.01, Status::ok, "copy"),
                         test::fake_record("transpose_x", "X, the kernel", Mode::loop_in_kernel,
                                           0.02, Status::failed)};
  rs[1].message = "3 of 9 output elements wrong, first at (0, 1)";
  std::istringstream in(render_csv(rs));
  std::string header, row1, row2, extra;
  std::getline(in, header);
  std::getline(in, row1);
  std::getline(in, row2);
  EXPECT_FALSE(std::getline(in, extra));
  const auto cols = csv_columns();
  EXPECT_EQ(split_csv_line(header), cols);
  for (const char* must : {"gpu",
                           "compute_capability",
                           "driver",
                           "cuda_runtime",
                           "kernel",
                           "family",
                           "mode",
                           "dtype",
                           "rows",
                           "cols",
                           "tile_w",
                           "block_y",
                           "reps",
                           "time_ms",
                           "bandwidth_gbps",
                           "valid",
                           "timestamp",
                           "git_revision",
                           "schema_version",
                           "cache_resident"})
    EXPECT_NE(std::find(cols.begin(), cols.end(), must), cols.end()) << must;
  const auto f1 = split_csv_line(row1), f2 = split_csv_line(row2);
  ASSERT_EQ(f1.size(), cols.size());
  ASSERT_EQ(f2.size(), cols.size());
  auto col = [&](const std::vector<std::string>& f, const char* name) {
    return f[std::find(cols.begin(), cols.end(), name) - cols.begin()];
  };
  EXPECT_EQ(col(f1, "gpu"), "Fake GPU, \"X\" edition");
  EXPECT_EQ(col(f1, "compute_capability"), "9.0");
  EXPECT_EQ(col(f1, "mode"), "loop-over-kernel");
  EXPECT_EQ(col(f1, "rows"), "2048");
  EXPECT_EQ(col(f1, "samples"), "3");
  EXPECT_EQ(col(f1, "time_ms"), "0.010000");
  // 33554432 bytes in 0.01 ms = 3355.4432 GB/s, above the fake 3352.3 peak, inside L2.
  EXPECT_EQ(col(f1, "bandwidth_gbps"), "3355.4431999999997"); // every digit of the double
  EXPECT_EQ(col(f1, "above_dram_peak"), "true");
  EXPECT_EQ(col(f1, "cache_resident"), "true");
  EXPECT_EQ(col(f1, "valid"), "true");
  EXPECT_EQ(col(f2, "kernel_name"), "X, the kernel");
  EXPECT_EQ(col(f2, "valid"), "false");
  EXPECT_EQ(col(f2, "status"), "FAILED");
  EXPECT_EQ(col(f2, "message"), "3 of 9 output elements wrong, first at (0, 1)");
  EXPECT_EQ(col(f2, "schema_version"), std::to_string(kCsvSchemaVersion));
}

TEST(Csv, AtomicWriteReplacesAndLeavesNoTemporary) {
  char dir_tmpl[] = "/tmp/tb_csv_XXXXXX";
  const std::string dir = mkdtemp(dir_tmpl);
  const std::string path = dir + "/out.csv";
  write_file_atomic(path, "first\n");
  write_file_atomic(path, "second\n");
  std::ifstream f(path);
  std::string content((std::istreambuf_iterator<char>(f)), {});
  EXPECT_EQ(content, "second\n");
  EXPECT_NO_THROW(check_output_path(path, "--csv", /*may_replace=*/true));
  std::remove(path.c_str());
  rmdir(dir.c_str());
  EXPECT_THROW(write_file_atomic("/nonexistent-dir/x.csv", "x"), std::runtime_error);
}

TEST(Csv, OutputPathIsCheckedBeforeRunning) {
  try {
    check_output_path("/nonexistent-dir/x.csv", "--csv", false);
    FAIL() << "no error";
  } catch (const std::invalid_argument& e) {
    EXPECT_STREQ(e.what(), "--csv '/nonexistent-dir/x.csv': folder '/nonexistent-dir' does not "
                           "exist; accepted: a file in an existing, writable folder");
  }
  EXPECT_THROW(check_output_path("/tmp/", "--csv", true), std::invalid_argument);
  EXPECT_NO_THROW(check_output_path("relative.csv", "--csv", false));
}

namespace {
std::string output_error(const std::string& path, bool may_replace) {
  try {
    check_output_path(path, "-o", may_replace);
  } catch (const std::invalid_argument& e) {
    return e.what();
  }
  return "";
}
} // namespace

// Nothing that is not a plain file (or a new path) is ever written: not a folder, a link, a
// device; an existing file only when the user asked for it; never a path under a file.
TEST(Files, OutputPathsThatMustNotBeWritten) {
  char dir_tmpl[] = "/tmp/tb_out_XXXXXX";
  const std::string dir = mkdtemp(dir_tmpl);
  const std::string file = dir + "/data.csv", link = dir + "/link.csv";
  write_file_atomic(file, "keep\n");
  ASSERT_EQ(symlink(file.c_str(), link.c_str()), 0);
  EXPECT_EQ(output_error(file, false),
            "-o '" + file + "' already exists; accepted: --force to replace it, or another path");
  EXPECT_EQ(output_error(file, true), "");
  EXPECT_EQ(output_error(link, true),
            "-o '" + link + "' is a symbolic link; accepted: a regular file or a new path");
  EXPECT_EQ(output_error(dir, true),
            "-o '" + dir + "' is a folder; accepted: a regular file or a new path");
  EXPECT_EQ(output_error("/dev/null", true),
            "-o '/dev/null' is a device; accepted: a regular file or a new path");
  EXPECT_EQ(output_error(file + "/x.md", true),
            "-o '" + file + "/x.md': '" + file +
                "' is not a folder; accepted: a file in an existing, writable folder");
  EXPECT_EQ(output_error("", true), "-o: empty output path; accepted: a file path");
  // A path with a newline (the fuzzer found one) is quoted on one line.
  EXPECT_EQ(output_error("/nonexistent\ndir/x", true),
            "-o '/nonexistent?dir/x': folder '/nonexistent?dir' does not exist; accepted: a file "
            "in an existing, writable folder");
  EXPECT_TRUE(same_file(file, link));
  EXPECT_TRUE(same_file(file, dir + "/./data.csv"));
  EXPECT_FALSE(same_file(file, dir + "/other.csv"));
  std::remove(link.c_str());
  std::remove(file.c_str());
  rmdir(dir.c_str());
}

// Inputs are bounded: a file larger than the limit, or an endless device, is refused with one
// line instead of being read until memory runs out.
TEST(Files, InputsAreBounded) {
  try {
    read_file("/dev/zero", 1 << 20);
    FAIL() << "read /dev/zero to the end";
  } catch (const std::invalid_argument& e) {
    EXPECT_STREQ(e.what(), "'/dev/zero' holds more than 1 MiB; accepted: files up to that size");
  }
  EXPECT_THROW(read_file("/tmp", 1 << 20), std::invalid_argument); // a folder
  EXPECT_THROW(read_file("/nonexistent/x.csv"), std::invalid_argument);
}
