#include "harness/config_file.hpp"

#include "harness/io/csv_text.hpp"

#include <fmt/format.h>

#include <cctype>
#include <stdexcept>

namespace tb {
namespace {

std::string trim(const std::string& s) {
  const auto b = s.find_first_not_of(" \t\r");
  if (b == std::string::npos) return "";
  return s.substr(b, s.find_last_not_of(" \t\r") - b + 1);
}

struct LineReader {
  const std::string& name;
  int line;
  [[noreturn]] void bad(const std::string& what, const std::string& accepted) const {
    throw std::invalid_argument(fmt::format("{}:{}: {}; accepted: {}", name, line, what, accepted));
  }
};

// The line without its comment (a # outside a string).
std::string strip_comment(const std::string& s) {
  bool quoted = false;
  for (std::size_t i = 0; i < s.size(); ++i) {
    if (s[i] == '"' && (i == 0 || s[i - 1] != '\\')) quoted = !quoted;
    if (s[i] == '#' && !quoted) return s.substr(0, i);
  }
  return s;
}

// One scalar: "a string" (\" and \\ escapes), a number, true or false. Returns the text.
std::string scalar(const std::string& v, const LineReader& at) {
  if (!v.empty() && v.front() == '"') {
    std::string out;
    for (std::size_t i = 1; i < v.size(); ++i) {
      if (v[i] == '\\' && i + 1 < v.size()) {
        out += v[++i];
      } else if (v[i] == '"') {
        if (i + 1 != v.size()) at.bad("text after a closing quote", "one value");
        return out;
      } else {
        out += v[i];
      }
    }
    at.bad("unterminated string", "\"text\" on one line");
  }
  const bool number = !v.empty() && v.find_first_not_of("0123456789.+-eE_") == std::string::npos;
  if (number || v == "true" || v == "false") return v;
  at.bad(fmt::format("'{}' is not a value", v.size() > 40 ? v.substr(0, 40) + "..." : v),
         "a \"string\", a number, true, false, or [\"a\", \"b\"]");
}

// The elements of a one-line array "[a, b]".
std::vector<std::string> array(const std::string& v, const LineReader& at) {
  if (v.back() != ']') at.bad("unterminated array", "[\"a\", \"b\"] on one line");
  std::vector<std::string> out;
  std::string item;
  bool quoted = false;
  const std::string body = v.substr(1, v.size() - 2);
  for (std::size_t i = 0; i <= body.size(); ++i) {
    const char c = i < body.size() ? body[i] : ',';
    if (c == '"' && (i == 0 || body[i - 1] != '\\')) quoted = !quoted;
    if (c == ',' && !quoted) {
      const std::string t = trim(item);
      if (!t.empty())
        out.push_back(scalar(t, at));
      else if (i < body.size())
        at.bad("an empty array element", "[\"a\", \"b\"]");
      item.clear();
    } else {
      item += c;
    }
  }
  if (quoted) at.bad("unterminated string", "\"text\" on one line");
  return out;
}

} // namespace

std::vector<std::string> config_arguments(const std::string& text, const std::string& name,
                                          const ConfigSyntax& syntax,
                                          const std::set<std::string>& given_on_command_line) {
  std::vector<std::string> args;
  std::set<std::string> seen;
  const std::string body = strip_bom(text);
  int number = 0;
  for (std::size_t pos = 0; pos <= body.size();) {
    const std::size_t end = std::min(body.find('\n', pos), body.size());
    const std::string line = trim(strip_comment(body.substr(pos, end - pos)));
    pos = end + 1;
    const LineReader at{name, ++number};
    if (line.empty()) continue;
    const auto eq = line.find('=');
    if (eq == std::string::npos)
      at.bad(fmt::format("'{}' is not key = value", line), "key = value");
    const std::string key = trim(line.substr(0, eq)), value = trim(line.substr(eq + 1));
    if (!syntax.keys.count(key))
      at.bad(fmt::format("unknown key '{}'", key), fmt::format("{}", fmt::join(syntax.keys, ", ")));
    if (!seen.insert(key).second) at.bad(fmt::format("'{}' is given twice", key), "each key once");
    if (value.empty()) at.bad(fmt::format("'{}' has no value", key), "key = value");
    const std::vector<std::string> values =
        value.front() == '[' ? array(value, at) : std::vector<std::string>{scalar(value, at)};
    if (given_on_command_line.count(key)) continue; // the command line wins
    if (syntax.flags.count(key)) {
      if (values.size() != 1 || (values[0] != "true" && values[0] != "false"))
        at.bad(fmt::format("'{}' takes true or false", key), "true, false");
      if (values[0] == "true") args.push_back("--" + key);
      continue;
    }
    for (const auto& v : values) {
      args.push_back("--" + key);
      args.push_back(v);
    }
  }
  return args;
}

} // namespace tb
