#include "harness/options.hpp"

#include <gtest/gtest.h>

#include <cstdio>
#include <fstream>

using namespace tb;

namespace {
CliResult parse(std::vector<std::string> args) {
  return parse_command_line(args);
}

std::string temp_config(const std::string& text) {
  static int n = 0;
  const std::string path =
      "/tmp/tb_cfg_" + std::to_string(::getpid()) + "_" + std::to_string(n++) + ".toml";
  std::ofstream(path) << text;
  return path;
}
} // namespace

TEST(Options, DefaultsAreTheWhitepaperRun) {
  const CliResult r = parse({});
  ASSERT_FALSE(r.exit_now) << r.output;
  const Options& o = r.options;
  EXPECT_EQ(o.shapes, std::vector<Shape>{(Shape{2048, 2048})});
  EXPECT_EQ(o.dtype_values, std::vector<DType>{DType::fp32});
  EXPECT_EQ(o.mode_values,
            (std::vector<Mode>{Mode::loop_over_kernel, Mode::loop_in_kernel, Mode::cold_single}));
  EXPECT_EQ(o.l2_value, L2Policy::warm);
  EXPECT_EQ(o.device_index, 0);
  EXPECT_EQ(o.reps, 100);
  EXPECT_EQ(o.suite, "whitepaper");
  EXPECT_EQ(o.unit_value, Unit::GB);
  EXPECT_TRUE(o.kernels.empty());
}

// configs/whitepaper.toml is the default run, saved: loading it changes nothing.
TEST(Options, WhitepaperConfigEqualsTheDefaults) {
  const CliResult d = parse({});
  const CliResult c = parse({"--config", std::string(TB_SOURCE_DIR) + "/configs/whitepaper.toml"});
  ASSERT_FALSE(c.exit_now) << c.output;
  EXPECT_EQ(c.options.sizes, d.options.sizes);
  EXPECT_EQ(c.options.dtypes, d.options.dtypes);
  EXPECT_EQ(c.options.modes, d.options.modes);
  EXPECT_EQ(c.options.reps, d.options.reps);
  EXPECT_EQ(c.options.samples, d.options.samples);
  EXPECT_EQ(c.options.unit, d.options.unit);
  EXPECT_EQ(c.options.suite, d.options.suite);
  EXPECT_EQ(c.options.l2, d.options.l2);
}

TEST(Options, FlagsParseAndOverrideTheConfigFile) {
  const std::string cfg = temp_config("size = [\"4096x1024\"]\nreps = 7\nunit = \"GiB\"\n");
  const CliResult r = parse({"--config", cfg, "--reps", "3", "--dtype", "fp16", "--dtype", "u8",
                             "--kernels", "transpose_naive", "--modes", "loop-in-kernel"});
  std::remove(cfg.c_str());
  ASSERT_FALSE(r.exit_now) << r.output;
  EXPECT_EQ(r.options.shapes, std::vector<Shape>{(Shape{4096, 1024})}); // from the file
  EXPECT_EQ(r.options.reps, 3);                                         // flag wins
  EXPECT_EQ(r.options.unit_value, Unit::GiB);
  EXPECT_EQ(r.options.dtype_values, (std::vector<DType>{DType::fp16, DType::u8}));
  EXPECT_EQ(r.options.kernels, std::vector<std::string>{"transpose_naive"});
  EXPECT_EQ(r.options.mode_values, std::vector<Mode>{Mode::loop_in_kernel});
}

TEST(Options, SeveralSizes) {
  const CliResult r = parse({"--size", "33x65", "--size", "8192"});
  ASSERT_FALSE(r.exit_now) << r.output;
  EXPECT_EQ(r.options.shapes, (std::vector<Shape>{{33, 65}, {8192, 8192}}));
}

TEST(Options, HelpExitsZeroWithUsage) {
  const CliResult r = parse({"--help"});
  EXPECT_TRUE(r.exit_now);
  EXPECT_EQ(r.exit_code, kExitOk);
  EXPECT_NE(r.output.find("--size"), std::string::npos);
  EXPECT_NE(r.output.find("--config"), std::string::npos);
}

struct BadInput {
  std::vector<std::string> args;
  std::string needle;
};

class OptionsBadInput : public ::testing::TestWithParam<BadInput> {};

TEST_P(OptionsBadInput, OneLineErrorAndExitCode2) {
  const CliResult r = parse(GetParam().args);
  EXPECT_TRUE(r.exit_now);
  EXPECT_EQ(r.exit_code, kExitBadInput);
  EXPECT_NE(r.output.find(GetParam().needle), std::string::npos) << r.output;
  EXPECT_EQ(r.output.find('\n'), std::string::npos) << r.output;
}

INSTANTIATE_TEST_SUITE_P(
    All, OptionsBadInput,
    ::testing::Values(
        BadInput{{"--size", "0"}, "invalid size '0': extent must be at least 1"},
        BadInput{{"--size", "-3"}, "negative extent"},
        BadInput{{"--size", "ten"}, "'ten' is not a whole number"},
        BadInput{{"--dtype", "int4"}, "unknown element type 'int4'; accepted: fp32, fp16"},
        BadInput{{"--unit", "TB"}, "unknown unit 'TB'; accepted: GB, GiB"},
        BadInput{{"--modes", "both"}, "unknown timing mode 'both'"}, BadInput{{"--reps", "0"}, "0"},
        BadInput{{"--reps", "x"}, "x"}, BadInput{{"--samples", "-1"}, "-1"},
        BadInput{{"--bogus"}, "--bogus"},
        BadInput{{"--config", "/nonexistent/cfg.toml"}, "/nonexistent/cfg.toml"},
        BadInput{{"--config", std::string(TB_SOURCE_DIR) + "/tests/cli/unknown-key.toml"},
                 "colour"},
        BadInput{{"--config", std::string(TB_SOURCE_DIR) + "/tests/cli/bad-size.toml"},
                 "invalid size 'big'"}));
