// Files: reading inputs whole, checking output paths before any GPU work, and writing outputs
// atomically (a temporary file beside the target, then a rename), so that a crash never
// leaves a half-written file.
#pragma once

#include <string>

namespace tb {

// Reads a whole file; throws std::invalid_argument naming the file when it cannot be read.
std::string read_file(const std::string& path);
// Throws std::invalid_argument when `path` cannot be written (missing or unwritable folder).
void check_output_path(const std::string& path, const char* what);
// Writes `text` to path atomically (temporary file + rename). Throws std::runtime_error.
void write_file_atomic(const std::string& path, const std::string& text);
// True when something exists at `path`.
bool file_exists(const std::string& path);

} // namespace tb
