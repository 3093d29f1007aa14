// CSV round trip, report, compare and the reader's refusals: all without a GPU.
#include "harness/report.hpp"
#include "harness/sinks/csv.hpp"
#include "harness/sinks/table.hpp"
#include "test_support.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <gtest/gtest.h>

#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <sys/stat.h>
#include <unistd.h>

using namespace tb;
using test::fake_record;

namespace {

std::vector<Record> sample_run(const std::string& gpu, double scale) {
  std::vector<Record> rs;
  for (Mode m : {Mode::loop_over_kernel, Mode::cold_single}) {
    rs.push_back(fake_record("simple_copy", "Simple Copy", m, 0.02 * scale, Status::ok, "copy"));
    rs.push_back(fake_record("transpose_naive", "Naive Transpose", m, 0.04 * scale));
  }
  Record skipped =
      fake_record("transpose_naive", "Naive Transpose", Mode::loop_over_kernel, 0, Status::skipped);
  skipped.shape = {65536, 65536};
  skipped.message = "65536x65536 fp32 needs 34.36 GB of device memory, 10.00 GB free";
  rs.push_back(skipped);
  for (auto& r : rs) {
    r.device.name = gpu;
    r.l2 = r.mode == Mode::cold_single ? L2Policy::flush : L2Policy::warm;
    r.state.sm_clock_before_mhz = 1980;
    r.state.throttled_samples = 0;
  }
  rs[1].message = "a note, with a comma";
  return rs;
}

std::string temp_file(const std::string& text, const char* suffix = ".csv") {
  static int n = 0;
  const std::string path =
      "/tmp/tb_report_" + std::to_string(::getpid()) + "_" + std::to_string(n++) + suffix;
  std::ofstream(path) << text;
  return path;
}

std::string error_of(const std::string& text) {
  try {
    records_from_csv_text(text, "x.csv");
  } catch (const std::invalid_argument& e) {
    return e.what();
  }
  return "no error";
}

} // namespace

// Figures on a rounding edge: 1677.6496 GB/s shows as 1677.6, but a CSV with two decimals
// stores 1677.65, which a re-rendered table shows as 1677.7 (likewise 999.9499: 999.9, not
// 1000.0). The CSV keeps every digit, so the tables come back exactly.
TEST(CsvRoundTrip, ReRenderingShowsExactlyTheFiguresOfTheRun) {
  std::vector<Record> live;
  for (double gbps : {1677.6496, 999.9499}) {
    const double ms = 2.0 * 2048 * 2048 * 4 / (gbps * 1e9) * 1e3;
    live.push_back(test::fake_record("simple_copy", "Simple Copy", Mode::loop_over_kernel, ms,
                                     Status::ok, "copy"));
    live.back().shape = {2048, 2048};
    live.back().device.index = static_cast<int>(live.size()); // one table each
  }
  ASSERT_EQ(fmt::format("{:.1f}", live[0].bandwidth_gbps()), "1677.6");
  const auto back = records_from_csv_text(render_csv(live), ""); // "": no "(from FILE)"
  EXPECT_EQ(render_tables(back, Unit::GB, TableFormat::markdown),
            render_tables(live, Unit::GB, TableFormat::markdown));
}

TEST(CsvRoundTrip, ReadBackRendersTheSameTablesAndCsv) {
  const auto original = sample_run("GPU A", 1.0);
  const std::string csv = render_csv(original);
  const auto back = records_from_csv_text(csv, "");
  ASSERT_EQ(back.size(), original.size());
  EXPECT_EQ(render_csv(back), csv);
  EXPECT_EQ(render_tables(back, Unit::GB, TableFormat::text),
            render_tables(original, Unit::GB, TableFormat::text));
  EXPECT_EQ(back[0].stats.count, 3);
  EXPECT_NEAR(back[0].bandwidth_gbps(), original[0].bandwidth_gbps(), 0.01);
  EXPECT_EQ(back[1].message, "a note, with a comma");
  EXPECT_EQ(back[2].mode, Mode::cold_single);
  EXPECT_EQ(back[2].l2, L2Policy::flush);
  EXPECT_EQ(back[4].status, Status::skipped);
  EXPECT_EQ(back[0].state.sm_clock_before_mhz, 1980);
  EXPECT_EQ(back[0].state.sm_clock_after_mhz, -1);
}

TEST(CsvReader, ParsesQuotesAndEmbeddedNewlines) {
  const auto rows = parse_csv("a,b\n\"x,1\",\"say \"\"hi\"\"\nthere\"\n3,4\n", "t");
  ASSERT_EQ(rows.size(), 3u);
  EXPECT_EQ(rows[1].fields[0], "x,1");
  EXPECT_EQ(rows[1].fields[1], "say \"hi\"\nthere");
  EXPECT_EQ(rows[2].line, 4);
  EXPECT_THROW(parse_csv("a\n\"open", "t"), std::invalid_argument);
}

TEST(CsvReader, RejectsWhatItDoesNotUnderstand) {
  const std::string good = render_csv(sample_run("GPU A", 1.0));
  // Another schema version.
  std::string v1 = good;
  v1.replace(v1.find("\n3,") + 1, 1, "1");
  EXPECT_NE(error_of(v1).find("x.csv:2: schema version '1' is not understood; accepted: 2 to 3"),
            std::string::npos)
      << error_of(v1);
  // Not ours at all.
  EXPECT_NE(error_of("a,b\n1,2\n").find("x.csv:1: not a transpose_bench CSV"), std::string::npos);
  // A missing column.
  std::string missing = good;
  missing.replace(missing.find("bandwidth_gbps"), 14, "bandwidth_gibps");
  EXPECT_NE(error_of(missing).find("missing column bandwidth_gbps"), std::string::npos)
      << error_of(missing);
  // A non-numeric value, named with file, line and column.
  std::string text = good;
  const std::size_t row2 = text.find('\n') + 1;
  const std::string field = ",2048,2048,";
  text.replace(text.find(field, row2), field.size(), ",2048,lots,");
  EXPECT_NE(error_of(text).find("x.csv:2: column 'cols': 'lots' is not a whole number"),
            std::string::npos)
      << error_of(text);
  // Ragged rows, empty files, unknown modes.
  EXPECT_NE(error_of(good + "2,short\n").find("fields, but the header has"), std::string::npos);
  EXPECT_NE(error_of("").find("empty file"), std::string::npos);
  std::string mode = good;
  mode.replace(mode.find("loop-over-kernel"), 16, "loop-sideways");
  EXPECT_NE(error_of(mode).find("column 'mode': 'loop-sideways'"), std::string::npos);
  for (const auto& e : {error_of(v1), error_of(missing), error_of(text)})
    EXPECT_EQ(e.find('\n'), std::string::npos) << e;
}

// The first data row of `csv` with `column` set to `value`.
std::string with_value(const std::string& csv, const std::string& column,
                       const std::string& value) {
  const auto rows = parse_csv(csv, "");
  std::vector<std::string> header = rows[0].fields, fields = rows[1].fields;
  const auto at = std::find(header.begin(), header.end(), column) - header.begin();
  fields.at(static_cast<std::size_t>(at)) = value;
  std::string out = csv.substr(0, csv.find('\n') + 1);
  for (std::size_t i = 0; i < fields.size(); ++i) out += (i ? "," : "") + csv_escape(fields[i]);
  return out + "\n";
}

// Every numeric field is checked for range and finiteness, with the file, line and column.
TEST(CsvReader, RejectsNumbersOutOfRange) {
  const std::string good = render_csv(sample_run("GPU A", 1.0));
  ASSERT_EQ(error_of(with_value(good, "rows", "2048")), "no error");
  const std::vector<std::pair<const char*, const char*>> bad = {{"bandwidth_gbps", "nan"},
                                                                {"bandwidth_gbps", "inf"},
                                                                {"bandwidth_gbps", "-5"},
                                                                {"bandwidth_gbps", "0"},
                                                                {"time_ms", "0"},
                                                                {"time_ms", "-0.5"},
                                                                {"time_cv", "-1"},
                                                                {"samples", "-3"},
                                                                {"rows", "0"},
                                                                {"cols", "99999999999"},
                                                                {"gpu_index", "-1"},
                                                                {"gpu_index", "100000"},
                                                                {"reps", "-2"},
                                                                {"bytes_per_rep", "-1"},
                                                                {"l2_bytes", "-7"},
                                                                {"dram_peak_gbps", "inf"},
                                                                {"block_x", "4096"},
                                                                {"time_ms_max", "nan"}};
  for (const auto& [column, value] : bad) {
    const std::string e = error_of(with_value(good, column, value));
    EXPECT_EQ(e.find(fmt::format("x.csv:2: column '{}': '{}' is not", column, value)), 0u)
        << column << " = " << value << ": " << e;
  }
}

TEST(CsvReader, AcceptsAByteOrderMarkAndRefusesAHeaderWithoutRows) {
  const std::string good = render_csv(sample_run("GPU A", 1.0));
  EXPECT_EQ(error_of("\xEF\xBB\xBF" + good), "no error");
  EXPECT_EQ(error_of(good.substr(0, good.find('\n') + 1)),
            "x.csv: a header and no rows; accepted: a CSV with at least one measurement");
}

TEST(Compare, BothFiguresAndTheRatio) {
  const auto a = records_from_csv_text(render_csv(sample_run("GPU A", 1.0)), "a.csv");
  const auto b = records_from_csv_text(render_csv(sample_run("GPU B", 2.0)), "b.csv");
  const std::string t = render_compare(a, b, Unit::GB, TableFormat::text);
  EXPECT_NE(t.find("A: a.csv (GPU A)"), std::string::npos) << t;
  EXPECT_NE(t.find("B: b.csv (GPU B)"), std::string::npos) << t;
  // Simple copy: 1677.7 GB/s on A, half on B: A / B = 2.00 (twice for the two modes).
  EXPECT_NE(t.find("1677.7"), std::string::npos) << t;
  EXPECT_NE(t.find("838.9"), std::string::npos) << t;
  std::size_t twos = 0;
  for (std::size_t p = t.find(" 2.00\n"); p != std::string::npos; p = t.find(" 2.00\n", p + 1))
    ++twos;
  EXPECT_EQ(twos, 4u) << t;
  EXPECT_NE(t.find("geometric mean of A / B over 4 pairs: 2.000"), std::string::npos) << t;
  // 2048^2 fits in the fake GPU's L2: the repeated launches measure caches, and say so.
  EXPECT_NE(t.find("1677.7 *"), std::string::npos) << t;
  EXPECT_NE(t.find("* the figure measures caches, not DRAM"), std::string::npos) << t;
  EXPECT_NE(t.find("cold-single"), std::string::npos);
  EXPECT_EQ(t.find("65536"), std::string::npos); // skipped rows are not compared
  const std::string md = render_compare(a, b, Unit::GiB, TableFormat::markdown);
  EXPECT_NE(md.find("| Kernel"), std::string::npos) << md;
  EXPECT_NE(md.find("GiB/s"), std::string::npos);
}

// Two files that each hold two GPUs: a row pairs with the same GPU's row only.
TEST(Compare, KeyedByGpuWhenBothFilesHoldSeveral) {
  auto a = sample_run("GPU A", 1.0);
  auto a2 = sample_run("GPU B", 4.0);
  a.insert(a.end(), a2.begin(), a2.end());
  auto b = sample_run("GPU A", 2.0);
  auto b2 = sample_run("GPU B", 8.0);
  b.insert(b.end(), b2.begin(), b2.end());
  const auto pairs = compare_pairs(a, b);
  ASSERT_FALSE(pairs.empty());
  for (const auto& [ra, rb] : pairs) {
    ASSERT_NE(rb, nullptr);
    EXPECT_EQ(ra->device.name, rb->device.name);
  }
  const std::string t = render_compare(a, b, Unit::GB, TableFormat::text);
  EXPECT_NE(t.find("geometric mean of A / B over 8 pairs: 2.000"), std::string::npos) << t;
  // One GPU against another: the GPU is what is compared.
  EXPECT_EQ(
      compare_pairs(sample_run("GPU A", 1.0), sample_run("GPU B", 2.0)).front().second->device.name,
      "GPU B");
}

TEST(Published, ThePapersFiguresLoadAndCompare) {
  const auto pub = load_results(std::string(TB_SOURCE_DIR) + "/results/whitepaper/published.csv");
  ASSERT_EQ(pub.size(), 32u); // GTX 280: 8 kernels x 2 modes; M2090, K20X: 8 each
  const std::string t = render_tables(pub, Unit::GiB, TableFormat::text);
  EXPECT_NE(t.find("GTX 280"), std::string::npos);
  EXPECT_NE(t.find("96.9"), std::string::npos) << t; // back in the paper's own unit
  EXPECT_NE(t.find("147.6"), std::string::npos) << t;
  // Our run against the paper: names match case-insensitively, GiB/s converts to GB/s.
  auto ours = sample_run("GPU A", 1.0);
  const std::string c = render_compare(ours, pub, Unit::GB, TableFormat::text);
  EXPECT_NE(c.find("GTX 280"), std::string::npos) << c;
  EXPECT_NE(c.find("104.0"), std::string::npos) << c; // 96.9 GiB/s = 104.0 GB/s
  EXPECT_NE(c.find("16.12"), std::string::npos) << c; // 1677.7 / 104.05
  EXPECT_THROW(published_from_csv_text(
                   "gpu,kernel,mode,rows,cols,bandwidth_gibps\nX,k,sideways,1,1,2\n", "p"),
               std::invalid_argument);
}

TEST(Plot, ScriptWritesNonEmptyPngAndSvg) {
  std::vector<Record> rs;
  for (const char* gpu : {"GPU A", "GPU B"})
    for (int n : {512, 1024, 2048, 4096})
      for (auto [id, name, base] : {std::tuple{"cuda_memcpy", "cudaMemcpy D2D", "memcpy"},
                                    std::tuple{"transpose_naive", "Naive Transpose", ""}}) {
        Record r = fake_record(id, name, Mode::loop_over_kernel, n * n * 8e-9 * (base[0] ? 1 : 5),
                               Status::ok, base);
        r.device.name = gpu;
        r.shape = {n, n};
        r.bytes_per_rep = 2.0 * n * n * 4;
        rs.push_back(r);
      }
  const std::string csv = temp_file(render_csv(rs));
  char dir_tmpl[] = "/tmp/tb_plot_XXXXXX";
  const std::string dir = mkdtemp(dir_tmpl);
  const std::string cmd = "python3 " + std::string(TB_SOURCE_DIR) + "/scripts/plot.py --out " +
                          dir + " " + csv + " > " + dir + "/log 2>&1";
  ASSERT_EQ(std::system(cmd.c_str()), 0) << std::ifstream(dir + "/log").rdbuf();
  for (const char* f : {"/gpu-a-bandwidth.png", "/gpu-a-bandwidth.svg", "/gpu-a-percent.png",
                        "/gpu-b-bandwidth.png", "/compare-gpus.png"}) {
    struct stat st {};
    ASSERT_EQ(stat((dir + f).c_str(), &st), 0) << f;
    EXPECT_GT(st.st_size, 1000) << f;
  }
  EXPECT_EQ(std::system(("rm -rf " + dir + " " + csv).c_str()), 0);
}
