// Config files as the arguments they stand for: no GPU needed.
#include "harness/config_file.hpp"

#include <gtest/gtest.h>

using namespace tb;

namespace {
const ConfigSyntax kSyntax{{"size", "reps", "suite", "verbose", "csv"}, {"verbose"}};

std::vector<std::string> args(const std::string& text, std::set<std::string> given = {}) {
  return config_arguments(text, "run.toml", kSyntax, given);
}
std::string error(const std::string& text) {
  try {
    args(text);
  } catch (const std::invalid_argument& e) {
    return e.what();
  }
  return "no error";
}
} // namespace

TEST(ConfigFile, BecomesTheArgumentsItStandsFor) {
  EXPECT_EQ(args("# a comment\nsize = [\"64\", \"33x65\"] # two sizes\nreps = 7\n\n"
                 "suite = \"a # not a comment\"\nverbose = true\n"),
            (std::vector<std::string>{"--size", "64", "--size", "33x65", "--reps", "7", "--suite",
                                      "a # not a comment", "--verbose"}));
  EXPECT_EQ(args("verbose = false\n"), std::vector<std::string>{});
  // A byte-order mark is accepted; the command line wins over the file.
  EXPECT_EQ(args("\xEF\xBB\xBFreps = 7\nsize = [\"64\"]\n", {"reps"}),
            (std::vector<std::string>{"--size", "64"}));
}

TEST(ConfigFile, ErrorsNameTheFileTheLineAndWhatIsAccepted) {
  EXPECT_EQ(error("reps = 3\ncolour = \"blue\"\n"),
            "run.toml:2: unknown key 'colour'; accepted: csv, reps, size, suite, verbose");
  EXPECT_EQ(error("size = [\"64x64\"\n"),
            "run.toml:1: unterminated array; accepted: [\"a\", \"b\"] on one line");
  EXPECT_EQ(error("suite = \"all\n"),
            "run.toml:1: unterminated string; accepted: \"text\" on one line");
  EXPECT_EQ(error("reps = 3\nreps = 4\n"),
            "run.toml:2: 'reps' is given twice; accepted: each key once");
  EXPECT_EQ(error("verbose = 1\n"),
            "run.toml:1: 'verbose' takes true or false; accepted: true, false");
  EXPECT_EQ(error("just words\n"),
            "run.toml:1: 'just words' is not key = value; accepted: key = value");
  EXPECT_EQ(error("reps =\n"), "run.toml:1: 'reps' has no value; accepted: key = value");
  EXPECT_EQ(error("size = [\"64\",,\"8\"]\n"),
            "run.toml:1: an empty array element; accepted: [\"a\", \"b\"]");
}
