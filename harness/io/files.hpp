// Files: reading inputs whole (and boundedly), checking output paths before any GPU work, and
// writing outputs atomically (a temporary file beside the target, then a rename), so that a
// crash never leaves a half-written file.
#pragma once

#include <cstddef>
#include <string>

namespace tb {

// The most an input file may hold: results CSVs and config files are far smaller.
inline constexpr std::size_t kMaxInputBytes = std::size_t(256) << 20;

// Reads a whole file, or standard input for "-". Throws std::invalid_argument naming the file
// when it cannot be read, is not a regular file (a folder; a device or pipe other than
// standard input is read up to the limit), or holds more than `limit` bytes.
std::string read_file(const std::string& path, std::size_t limit = kMaxInputBytes);

// Throws std::invalid_argument naming `what` unless `path` is a readable regular file (links
// to one count) of at most `limit` bytes. For inputs that another library reads.
void check_input_file(const std::string& path, const char* what, std::size_t limit);

// Throws std::invalid_argument, in one line that says what is wrong and what is accepted, for
// an output that must not be written: an empty path; a folder, a symbolic link, or a device,
// pipe or socket at the path; a parent that is missing, not a folder, or not writable; an
// existing file, unless `may_replace` (the message then names `replace_flag`).
void check_output_path(const std::string& path, const char* what, bool may_replace,
                       const char* replace_flag = "--force");
// Writes `text` to path atomically (temporary file + rename). Throws std::runtime_error.
void write_file_atomic(const std::string& path, const std::string& text);
// True when something exists at `path` (a dangling symbolic link counts).
bool file_exists(const std::string& path);
// True when `a` and `b` are the same file: the same path, or the same device and inode.
bool same_file(const std::string& a, const std::string& b);

} // namespace tb
