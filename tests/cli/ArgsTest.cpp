// cli::parseArgs on CLI11: every form of today's grammar, and each place where CLI11's own
// reading differs (`--x=`, values that start with '-', switches given a value, single-dash
// arguments, `--` and `--help`), with the exact messages the commands and their tests rely on.

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "Harness.h"
#include "cli/Args.h"

namespace hlotrain::testing {
namespace {

const cli::FlagSpec kSpecs[] = {
    {"--name"}, {"--lr"}, {"--many", true, true}, {"--switch", false}, {"--often", false, true}};

cli::ParsedArgs parse(const std::vector<std::string>& args) {
  return cli::parseArgs(args, kSpecs);
}

// The UsageError's message, or "" when `args` parse.
std::string usageError(const std::vector<std::string>& args) {
  try {
    parse(args);
  } catch (const cli::UsageError& e) {
    return e.what();
  }
  return "";
}

using Strings = std::vector<std::string>;

TEST(Args, ValueForms) {
  cli::ParsedArgs p = parse({"--name", "a", "--lr=0.5"});
  EXPECT_EQ(p.value("--name"), "a");
  EXPECT_EQ(p.value("--lr"), "0.5");
  EXPECT_TRUE(p.positional.empty());
  EXPECT_EQ(parse({"--name=a=b"}).value("--name"), "a=b");
  EXPECT_EQ(parse({"--name", "a=b"}).value("--name"), "a=b");
  EXPECT_EQ(parse({"--name", ""}).value("--name", "fallback"), "");
  EXPECT_EQ(parse({}).value("--name", "fallback"), "fallback");
  EXPECT_FALSE(parse({}).has("--name"));
  // CLI11 alone would split these into lists or read them as a default; ours are the text.
  EXPECT_EQ(parse({"--name=[a,b]"}).values("--name"), Strings{"[a,b]"});
  EXPECT_EQ(parse({"--many", "[a,b]"}).values("--many"), Strings{"[a,b]"});
  EXPECT_EQ(parse({"--name", "a,b c"}).value("--name"), "a,b c");
  EXPECT_EQ(parse({"--name={}"}).value("--name"), "{}");
}

TEST(Args, EmptyInlineValueIsTheEmptyString) {
  // CLI11 reads `--x=` as `--x` and would take "next" as the value.
  cli::ParsedArgs p = parse({"--name=", "next"});
  EXPECT_TRUE(p.has("--name"));
  EXPECT_EQ(p.value("--name", "fallback"), "");
  EXPECT_EQ(p.positional, Strings{"next"});
  EXPECT_EQ(parse({"--many=", "--many=x", "--many", ""}).values("--many"), (Strings{"", "x", ""}));
  EXPECT_EQ(parse({"--name="}).value("--name", "fallback"), "");
}

TEST(Args, ValuesMayStartWithADash) {
  EXPECT_EQ(parse({"--lr", "-1"}).value("--lr"), "-1");
  EXPECT_EQ(parse({"--lr", "-0.5e-3"}).value("--lr"), "-0.5e-3");
  EXPECT_EQ(parse({"--lr=-1"}).value("--lr"), "-1");
  EXPECT_EQ(parse({"--name", "-"}).value("--name"), "-");
  EXPECT_EQ(parse({"--name", "-x"}).value("--name"), "-x");
  EXPECT_EQ(parse({"--name", "--lr"}).value("--name"), "--lr");
  EXPECT_FALSE(parse({"--name", "--lr"}).has("--lr"));
  EXPECT_EQ(parse({"--name", "--bogus=1"}).value("--name"), "--bogus=1");
  EXPECT_EQ(parse({"--name", "--bogus="}).value("--name"), "--bogus=");
  EXPECT_EQ(parse({"--name", "--switch=1"}).value("--name"), "--switch=1");
  // The argument after a value flag is its value, `--` too, so it ends nothing.
  cli::ParsedArgs p = parse({"--name", "--", "--lr", "2"});
  EXPECT_EQ(p.value("--name"), "--");
  EXPECT_EQ(p.value("--lr"), "2");
  EXPECT_TRUE(p.positional.empty());
}

TEST(Args, NegativeNumbersReachTheRangeCheck) {
  cli::ParsedArgs p = parse({"--lr", "-1"});
  EXPECT_THROW(
      {
        try {
          cli::positiveIntFlag(p, "--lr", 1, 10);
        } catch (const cli::UsageError& e) {
          EXPECT_STREQ(e.what(), "--lr: expected an integer in [1, 10], got '-1'");
          throw;
        }
      },
      cli::UsageError);
  EXPECT_EQ(cli::positiveIntFlag(parse({"--lr=7"}), "--lr", 1, 10), 7);
  EXPECT_EQ(cli::positiveIntFlag(parse({}), "--lr", 3, 10), 3);
}

TEST(Args, PositionalsAndTheEndOfFlags) {
  cli::ParsedArgs p = parse({"a", "--name", "x", "b", "-", "", "--", "--name", "--bogus", "-x",
                             "-1", "--", "--switch=1", "c"});
  EXPECT_EQ(p.positional,
            (Strings{"a", "b", "-", "", "--name", "--bogus", "-x", "-1", "--", "--switch=1", "c"}));
  EXPECT_EQ(p.values("--name"), Strings{"x"});
  EXPECT_FALSE(p.has("--switch"));
  EXPECT_EQ(parse({"--"}).positional, Strings{});
  cli::ParsedArgs afterSwitch = parse({"--switch", "--", "--lr", "-"});
  EXPECT_TRUE(afterSwitch.has("--switch"));
  EXPECT_FALSE(afterSwitch.has("--lr"));
  EXPECT_EQ(afterSwitch.positional, (Strings{"--lr", "-"}));
  EXPECT_EQ(cli::parseArgs(Strings{"x", "--", "y"}, {}).positional, (Strings{"x", "y"}));
}

TEST(Args, RepeatableFlagsKeepEveryValueInOrder) {
  cli::ParsedArgs p = parse({"--many", "1", "--often", "--many=2", "x", "--often", "--many", "-3"});
  EXPECT_EQ(p.values("--many"), (Strings{"1", "2", "-3"}));
  EXPECT_EQ(p.value("--many"), "-3");
  EXPECT_EQ(p.values("--often"), (Strings{"", ""}));
  EXPECT_EQ(p.positional, Strings{"x"});
  EXPECT_EQ(parse({}).values("--many"), Strings{});
}

TEST(Args, Switches) {
  cli::ParsedArgs p = parse({"--switch", "x"});
  EXPECT_TRUE(p.has("--switch"));
  EXPECT_EQ(p.values("--switch"), Strings{""});
  EXPECT_EQ(p.positional, Strings{"x"});
  // CLI11 alone would accept `--switch=true` (and `--switch=`) as the switch itself.
  for (const char* given : {"--switch=1", "--switch=", "--switch=true", "--switch=false",
                            "--switch={}", "--often=yes"}) {
    std::string name = std::string(given).substr(0, std::string(given).find('='));
    EXPECT_EQ(usageError({given}), "flag '" + name + "' takes no value") << given;
  }
}

TEST(Args, UnknownFlagsAreNamedWithoutTheirValue) {
  EXPECT_EQ(usageError({"--bogus"}), "unknown flag '--bogus'");
  EXPECT_EQ(usageError({"--bogus=3"}), "unknown flag '--bogus'");
  EXPECT_EQ(usageError({"--bogus="}), "unknown flag '--bogus'");
  EXPECT_EQ(usageError({"a", "--bogus", "b"}), "unknown flag '--bogus'");
  EXPECT_EQ(usageError({"--Name", "x"}), "unknown flag '--Name'");
  EXPECT_EQ(usageError({"--nam", "x"}), "unknown flag '--nam'"); // no abbreviations
  // Single-dash arguments and names CLI11 reads as positionals (or negative numbers).
  EXPECT_EQ(usageError({"-x"}), "unknown flag '-x'");
  EXPECT_EQ(usageError({"-x=1"}), "unknown flag '-x'");
  EXPECT_EQ(usageError({"-1"}), "unknown flag '-1'");
  EXPECT_EQ(usageError({"---name"}), "unknown flag '---name'");
  EXPECT_EQ(usageError({"--!x"}), "unknown flag '--!x'");
  EXPECT_EQ(usageError({"--=3"}), "unknown flag '--'");
  EXPECT_EQ(usageError({"/name"}), ""); // no Windows-style flags: a positional
  // CLI11's own help flags are off; `hlotrain CMD --help` never reaches the parser.
  EXPECT_EQ(usageError({"--help"}), "unknown flag '--help'");
  EXPECT_EQ(usageError({"-h"}), "unknown flag '-h'");
}

TEST(Args, RepeatsAndMissingValues) {
  EXPECT_EQ(usageError({"--name", "a", "--name", "b"}), "flag '--name' given more than once");
  EXPECT_EQ(usageError({"--name=a", "--name="}), "flag '--name' given more than once");
  EXPECT_EQ(usageError({"--switch", "--switch"}), "flag '--switch' given more than once");
  EXPECT_EQ(usageError({"--name"}), "flag '--name' needs a value");
  EXPECT_EQ(usageError({"x", "--many", "1", "--many"}), "flag '--many' needs a value");
  EXPECT_EQ(usageError({"--", "--name"}), "");
}

TEST(Args, UnicodeValues) {
  cli::ParsedArgs p =
      parse({"--name=größe", "--many", "日本語", "--many=🙂=ok", "ünï", "--", "--naïve"});
  EXPECT_EQ(p.value("--name"), "größe");
  EXPECT_EQ(p.values("--many"), (Strings{"日本語", "🙂=ok"}));
  EXPECT_EQ(p.positional, (Strings{"ünï", "--naïve"}));
  EXPECT_EQ(usageError({"--naïve"}), "unknown flag '--naïve'");
  EXPECT_EQ(usageError({"--größe=1"}), "unknown flag '--größe'");
}

TEST(Args, TablesMayNameAFlagTwiceAndNulBytesAreRefused) {
  const cli::FlagSpec twice[] = {{"--out"}, {"--out"}};
  EXPECT_EQ(cli::parseArgs(Strings{"--out", "d"}, twice).value("--out"), "d");
  try {
    parse({"x", std::string("--name=a\0b", 10)});
    ADD_FAILURE() << "a NUL byte was accepted";
  } catch (const cli::UsageError& e) {
    EXPECT_STREQ(e.what(), "argument 2 holds a NUL byte");
  }
}

TEST(Args, CommandsNameTheCulprit) {
  expectUsageError({"run", "x.mlir", "--fast"}, "unknown flag '--fast'");
  expectUsageError({"run", "x.mlir", "--entry"}, "flag '--entry' needs a value");
  expectUsageError({"run", "x.mlir", "--entry", "a", "--entry=b"},
                   "flag '--entry' given more than once");
  expectUsageError({"run", "x.mlir", "-v"}, "unknown flag '-v'");
}

} // namespace
} // namespace hlotrain::testing
