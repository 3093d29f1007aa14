// report and compare, steered: filters, CSV and JSON output, the fastest kernel per shape.
#include "harness/report.hpp"
#include "harness/sinks/csv.hpp"
#include "test_support.hpp"

#include <gtest/gtest.h>

using namespace tb;
using test::fake_record;

namespace {
// Simple copy (a copy), two transposes and memcpy, in two modes, at two sizes, in fp32 and u8.
std::vector<Record> run() {
  std::vector<Record> rs;
  for (Shape s : {Shape{2048, 2048}, Shape{64, 128}})
    for (DType t : {DType::fp32, DType::u8})
      for (Mode m : {Mode::loop_over_kernel, Mode::cold_single}) {
        auto add = [&](const char* id, const char* name, double ms, const char* base) {
          rs.push_back(fake_record(id, name, m, ms, Status::ok, base));
          rs.back().shape = s;
          rs.back().dtype = t;
          if (base == std::string("memcpy")) rs.back().family = "library";
        };
        add("simple_copy", "Simple Copy", 0.010, "copy");
        add("transpose_naive", "Naive Transpose", 0.080, "");
        add("transpose_diagonal", "Diagonal Transpose", 0.025, "");
        add("cuda_memcpy", "cudaMemcpy D2D", 0.020, "memcpy");
      }
  return rs;
}
} // namespace

TEST(ReportFilter, KernelsTypesModesAndSizes) {
  ReportFilter f;
  f.kernels = {"transpose_.*"};
  f.dtypes = {DType::u8};
  f.modes = {Mode::cold_single};
  f.shapes = {{64, 128}};
  const auto kept = filter_records(run(), f);
  ASSERT_EQ(kept.size(), 2u);
  EXPECT_EQ(kept[0].kernel_id, "transpose_naive");
  EXPECT_EQ(kept[1].kernel_id, "transpose_diagonal");
  f = {};
  f.kernels = {"diagonal transpose", "whitepaper"}; // a printed name, and the family
  EXPECT_EQ(filter_records(run(), f).size(), 24u);  // the whitepaper family: all but memcpy
  f.kernels = {"[unclosed"};
  EXPECT_THROW(filter_records(run(), f), std::invalid_argument);
  EXPECT_EQ(filter_records(run(), ReportFilter{}).size(), run().size());
}

TEST(ReportFormats, CsvIsTheTidyCsvAndJsonHasOneObjectPerRecord) {
  const auto rs = run();
  EXPECT_EQ(render_records(rs, Unit::GB, TableFormat::csv), render_csv(rs));
  const std::string j = render_records(rs, Unit::GiB, TableFormat::json);
  EXPECT_EQ(
      j.rfind("[\n {\"gpu\": \"Fake GPU, \\\"X\\\" edition\", \"kernel\": \"simple_copy\"", 0), 0u)
      << j.substr(0, 200);
  std::size_t objects = 0;
  for (std::size_t p = j.find("\n {"); p != std::string::npos; p = j.find("\n {", p + 1)) ++objects;
  EXPECT_EQ(objects, rs.size());
  EXPECT_NE(j.find("\"bandwidth_gibps\": "), std::string::npos);
  EXPECT_NE(j.find("\"rows\": 64, \"cols\": 128"), std::string::npos); // numbers, not strings
}

TEST(ReportBest, FastestTransposePerShapeAndTypeWithPercentOfMemcpy) {
  const std::string t = render_best(run(), Unit::GB, TableFormat::csv);
  // The copy is faster but is not a transpose; the diagonal transpose wins, at 0.020 / 0.025
  // of memcpy's time: 80.0%. One row per size x type, loop over kernel only.
  EXPECT_EQ(t, "GPU,Size,Type,Fastest kernel,GB/s,% of memcpy\n"
               "\"Fake GPU, \"\"X\"\" edition\",2048x2048,fp32,Diagonal Transpose,1342.2,80.0\n"
               "\"Fake GPU, \"\"X\"\" edition\",2048x2048,u8,Diagonal Transpose,1342.2,80.0\n"
               "\"Fake GPU, \"\"X\"\" edition\",64x128,fp32,Diagonal Transpose,1342.2,80.0\n"
               "\"Fake GPU, \"\"X\"\" edition\",64x128,u8,Diagonal Transpose,1342.2,80.0\n");
}
