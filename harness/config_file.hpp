// Config files: a saved command line in a small subset of TOML, one `key = value` a line, where
// a key is a long option's name and a value a string, a number, true or false, or a one-line
// array of strings or numbers; `#` starts a comment. The file becomes the arguments it stands
// for, so a config file can do exactly what the command line can; keys that the command line
// also gives are left out (the command line wins).
#pragma once

#include <set>
#include <string>
#include <vector>

namespace tb {

struct ConfigSyntax {
  std::set<std::string> keys;  // accepted keys: the long options without their dashes
  std::set<std::string> flags; // the keys that take no value (true adds the flag)
};

// Throws std::invalid_argument("FILE:LINE: ...; accepted: ...") for anything else: an unknown
// key (the message lists the accepted ones), a line that is not `key = value`, an unterminated
// string or array, a key given twice. A leading UTF-8 byte-order mark is accepted.
std::vector<std::string> config_arguments(const std::string& text, const std::string& name,
                                          const ConfigSyntax& syntax,
                                          const std::set<std::string>& given_on_command_line);

} // namespace tb
