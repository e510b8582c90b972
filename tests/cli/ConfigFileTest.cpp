// The TOML subset and the JSON of config files: what each reads, what each refuses (naming the
// line or key), and that what the writers write reads back as written.

#include <gtest/gtest.h>

#include "cli/ConfigFile.h"
#include "support/Error.h"

using namespace hlotrain;
using namespace hlotrain::cli;

namespace {

std::string refusal(const std::string& text, bool json = false) {
  try {
    json ? parseJsonConfig(text, "f.json") : parseTomlConfig(text, "f.toml");
  } catch (const ParseError& e) {
    return e.what();
  }
  return "accepted";
}

TEST(ConfigFile, TomlSubsetReadsEveryValueKind) {
  const std::vector<ConfigEntry> e = parseTomlConfig("# a comment\r\n"
                                                     "\n"
                                                     "  net = \"mnist-cnn\"   # trailing comment\n"
                                                     "data = 'C:\\data\\#1'\n"
                                                     "tag = \"a\\\"b\\\\c\\u00e9\\U0001F600\\t\"\n"
                                                     "epochs = 15\n"
                                                     "seed = -0\n"
                                                     "lr = +1.5e-3\n"
                                                     "momentum = 0.9\n"
                                                     "clip = -inf\n"
                                                     "cosine = false\n"
                                                     "augment=true",
                                                     "f.toml");
  ASSERT_EQ(e.size(), 10u);
  const std::pair<ConfigType, std::string> want[] = {
      {ConfigType::string, "mnist-cnn"},
      {ConfigType::string, "C:\\data\\#1"},
      {ConfigType::string, "a\"b\\c\xc3\xa9\xf0\x9f\x98\x80\t"},
      {ConfigType::integer, "15"},
      {ConfigType::integer, "-0"},
      {ConfigType::floating, "1.5e-3"},
      {ConfigType::floating, "0.9"},
      {ConfigType::floating, "-inf"},
      {ConfigType::boolean, "false"},
      {ConfigType::boolean, "true"},
  };
  for (size_t i = 0; i < e.size(); ++i) {
    EXPECT_EQ(e[i].value.type, want[i].first) << i;
    EXPECT_EQ(e[i].value.text, want[i].second) << i;
  }
  EXPECT_EQ(e[0].key, "net");
  EXPECT_EQ(e[0].origin, "f.toml:3");
  EXPECT_EQ(e[9].key, "augment");
  EXPECT_EQ(e[9].origin, "f.toml:12");
}

TEST(ConfigFile, TomlOutsideTheSubsetIsRefusedNamingTheLine) {
  const std::pair<std::string, std::string> cases[] = {
      {"[run]", "f.toml:1: tables ([section]) are not supported"},
      {"a = 1\n[[runs]]", "f.toml:2: tables"},
      {"lr.x = 1", "f.toml:1: dotted keys (lr.x) are not supported"},
      {"\"lr\" = 1", "f.toml:1: quoted keys are not supported"},
      {"= 1", "f.toml:1: expected a key"},
      {"lr 1", "f.toml:1: expected '=' after the key 'lr'"},
      {"lr =", "f.toml:1: expected a value after '='"},
      {"w = [1, 2]", "f.toml:1: arrays are not supported"},
      {"w = {a = 1}", "f.toml:1: inline tables are not supported"},
      {"s = \"\"\"x\"\"\"", "f.toml:1: multi-line strings are not supported"},
      {"s = '''x'''", "f.toml:1: multi-line strings are not supported"},
      {"s = \"open", "f.toml:1: unterminated string"},
      {"s = 'open", "f.toml:1: unterminated string"},
      {"s = \"\\q\"", "f.toml:1: unknown escape \\q"},
      {"s = \"\\u12\"", "f.toml:1: \\u needs 4 hexadecimal digits"},
      {"s = \"\\uD800\"", "f.toml:1: \\u escape is not a Unicode scalar value"},
      {"s = \"a\x01\"", "f.toml:1: control character in a string"},
      {"s = \"\xff\"", "f.toml:1: not valid UTF-8"},
      {"n = 1_000", "f.toml:1: unsupported value '1_000'"},
      {"n = 0x1F", "f.toml:1: unsupported value '0x1F'"},
      {"n = 012", "f.toml:1: unsupported value '012'"},
      {"n = 1.", "f.toml:1: unsupported value '1.'"},
      {"n = .5", "f.toml:1: unsupported value '.5'"},
      {"n = +-1", "f.toml:1: unsupported value '+-1'"},
      {"d = 1979-05-27", "f.toml:1: unsupported value '1979-05-27'"},
      {"b = True", "f.toml:1: unsupported value 'True'"},
      {"a = 1 2", "f.toml:1: unexpected text after the value of 'a': '2'"},
      {"a = \"x\"y", "f.toml:1: unexpected text after the value of 'a': 'y'"},
      {"a = 1\n\na = 2", "f.toml:3: key 'a' is given twice (first on line 1)"},
  };
  for (const auto& [text, message] : cases)
    EXPECT_NE(refusal(text).find(message), std::string::npos) << text << ": " << refusal(text);
}

TEST(ConfigFile, JsonReadsScalarsAndRefusesTheRest) {
  const std::vector<ConfigEntry> e = parseJsonConfig(
      R"({"net": "mnist-cnn", "epochs": 15, "lr": 0.001, "cosine": false, "clip": null})",
      "f.json");
  ASSERT_EQ(e.size(), 5u);
  EXPECT_EQ(e[0].origin, "f.json: key \"net\"");
  EXPECT_EQ(e[1].value.type, ConfigType::integer);
  EXPECT_EQ(e[1].value.text, "15");
  EXPECT_EQ(e[2].value.type, ConfigType::floating);
  EXPECT_EQ(e[2].value.text, "0.001");
  EXPECT_EQ(e[3].value.text, "false");
  EXPECT_EQ(e[4].value.type, ConfigType::null);
  EXPECT_EQ(parseJsonConfig(R"({"epochs": 2.0})", "f.json")[0].value.text, "2.0");
  for (const auto& [text, message] : std::vector<std::pair<std::string, std::string>>{
           {R"({"a": [1]})", "f.json: key \"a\": expected a string, number, boolean or null, got "
                             "an array"},
           {R"({"a": {"b": 1}})", "got an object"},
           {R"({"a": 1, "a": 1})", "f.json: key \"a\" is given twice"},
           {R"("a")", "f.json: expected a JSON object of settings"},
           {R"({"a": 1,})", "f.json: parse error at line 1"},
           {"{\"a\": \"\xff\"}", "f.json: parse error"},
       })
    EXPECT_NE(refusal(text, true).find(message), std::string::npos) << refusal(text, true);
}

TEST(ConfigFile, WrittenConfigsReadBackAsWritten) {
  const std::vector<ConfigEntry> entries = {
      {"net", {ConfigType::string, "mnist-cnn"}, {}},
      {"data", {ConfigType::string, "dir with \"quotes\", \\ and \xc3\xa9\n"}, {}},
      {"epochs", {ConfigType::integer, "15"}, {}},
      {"lr", {ConfigType::floating, "1e-05"}, {}},
      {"cosine", {ConfigType::boolean, "true"}, {}},
      {"clip-grad-norm", {ConfigType::null, ""}, {}},
  };
  const std::string toml = tomlConfigText(entries, "# header\n");
  EXPECT_NE(toml.find("\n# clip-grad-norm: not set\n"), std::string::npos) << toml;
  std::vector<ConfigEntry> back = parseTomlConfig(toml, "t.toml");
  ASSERT_EQ(back.size(), entries.size() - 1); // the unset one is a comment
  for (size_t i = 0; i < back.size(); ++i) {
    EXPECT_EQ(back[i].key, entries[i].key);
    EXPECT_EQ(back[i].value.type, entries[i].value.type) << i;
    EXPECT_EQ(back[i].value.text, entries[i].value.text) << i;
  }
  back = parseJsonConfig(jsonConfigText(entries, true), "t.json");
  ASSERT_EQ(back.size(), entries.size());
  for (size_t i = 0; i < back.size(); ++i) {
    EXPECT_EQ(back[i].key, entries[i].key);
    EXPECT_EQ(back[i].value.type, entries[i].value.type) << i;
  }
  EXPECT_EQ(back[1].value.text, entries[1].value.text);
  EXPECT_EQ(back[3].value.text, "1e-05");
  EXPECT_EQ(jsonConfigText(entries, false).find('\n'), std::string::npos);

  const std::vector<ConfigEntry> invalid = {{"data", {ConfigType::string, "\xff"}, {}}};
  EXPECT_THROW(tomlConfigText(invalid, ""), ConfigError);
  EXPECT_THROW(jsonConfigText(invalid, true), ConfigError);
  EXPECT_NE(jsonConfigText(invalid, false, true).find("\xef\xbf\xbd"), std::string::npos);
}

} // namespace
