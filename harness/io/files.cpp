#include "harness/io/files.hpp"

#include "harness/core/text.hpp"

#include <fmt/format.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <stdexcept>
#include <sys/stat.h>
#include <unistd.h>

namespace tb {
namespace {

std::string kind_of(const struct stat& st) {
  if (S_ISDIR(st.st_mode)) return "a folder";
  if (S_ISLNK(st.st_mode)) return "a symbolic link";
  if (S_ISCHR(st.st_mode) || S_ISBLK(st.st_mode)) return "a device";
  if (S_ISFIFO(st.st_mode)) return "a pipe";
  if (S_ISSOCK(st.st_mode)) return "a socket";
  return "not a regular file";
}

std::string parent_of(const std::string& path) {
  const auto slash = path.find_last_of('/');
  if (slash == std::string::npos) return ".";
  return slash == 0 ? "/" : path.substr(0, slash);
}

} // namespace

std::string read_file(const std::string& path, std::size_t limit) {
  const bool stdin_ = path == "-";
  const std::string name = stdin_ ? "standard input" : "'" + shown(path) + "'";
  std::FILE* f = stdin_ ? stdin : std::fopen(path.c_str(), "rb");
  if (!f)
    throw std::invalid_argument(fmt::format("cannot read {}: {}", name, std::strerror(errno)));
  struct stat st {};
  if (fstat(fileno(f), &st) == 0 && S_ISDIR(st.st_mode)) {
    if (!stdin_) std::fclose(f);
    throw std::invalid_argument(
        fmt::format("cannot read {}: it is a folder; accepted: a file", name));
  }
  std::string text;
  char buf[1 << 16];
  std::size_t n = 0;
  while ((n = std::fread(buf, 1, sizeof buf, f)) > 0) {
    if (text.size() + n > limit) {
      if (!stdin_) std::fclose(f);
      throw std::invalid_argument(fmt::format(
          "{} holds more than {} MiB; accepted: files up to that size", name, limit >> 20));
    }
    text.append(buf, n);
  }
  const bool failed = std::ferror(f) != 0;
  if (!stdin_) std::fclose(f);
  if (failed) throw std::invalid_argument(fmt::format("cannot read {}", name));
  return text;
}

void check_input_file(const std::string& path, const char* what, std::size_t limit) {
  struct stat st {};
  if (stat(path.c_str(), &st) != 0)
    throw std::invalid_argument(
        fmt::format("{} '{}': cannot read it: {}", what, shown(path), std::strerror(errno)));
  if (!S_ISREG(st.st_mode))
    throw std::invalid_argument(
        fmt::format("{} '{}' is {}; accepted: a regular file", what, shown(path), kind_of(st)));
  if (static_cast<std::size_t>(st.st_size) > limit)
    throw std::invalid_argument(fmt::format("{} '{}' holds more than {} KiB; accepted: files up "
                                            "to that size",
                                            what, shown(path), limit >> 10));
  if (access(path.c_str(), R_OK) != 0)
    throw std::invalid_argument(
        fmt::format("{} '{}': cannot read it: {}", what, shown(path), std::strerror(errno)));
}

void check_output_path(const std::string& path, const char* what, bool may_replace,
                       const char* replace_flag) {
  if (path.empty())
    throw std::invalid_argument(fmt::format("{}: empty output path; accepted: a file path", what));
  if (path.back() == '/')
    throw std::invalid_argument(
        fmt::format("{} '{}' is a folder; accepted: a file path", what, shown(path)));
  struct stat st {};
  if (lstat(path.c_str(), &st) == 0) {
    if (!S_ISREG(st.st_mode))
      throw std::invalid_argument(fmt::format("{} '{}' is {}; accepted: a regular file or a new "
                                              "path",
                                              what, shown(path), kind_of(st)));
    if (!may_replace)
      throw std::invalid_argument(
          fmt::format("{} '{}' already exists; accepted: {} to replace it, or another path", what,
                      shown(path), replace_flag));
  }
  const std::string dir = parent_of(path);
  struct stat dst {};
  if (stat(dir.c_str(), &dst) != 0)
    throw std::invalid_argument(fmt::format("{} '{}': folder '{}' does not exist; accepted: a "
                                            "file in an existing, writable folder",
                                            what, shown(path), shown(dir)));
  if (!S_ISDIR(dst.st_mode))
    throw std::invalid_argument(fmt::format("{} '{}': '{}' is not a folder; accepted: a file in "
                                            "an existing, writable folder",
                                            what, shown(path), shown(dir)));
  if (access(dir.c_str(), W_OK) != 0)
    throw std::invalid_argument(fmt::format("{} '{}': folder '{}' is not writable; accepted: a "
                                            "file in an existing, writable folder",
                                            what, shown(path), shown(dir)));
}

void write_file_atomic(const std::string& path, const std::string& text) {
  const std::string tmp = fmt::format("{}.tmp.{}", path, static_cast<long>(getpid()));
  std::FILE* f = std::fopen(tmp.c_str(), "wb");
  if (!f) throw std::runtime_error(fmt::format("cannot write '{}': {}", tmp, std::strerror(errno)));
  const bool ok = std::fwrite(text.data(), 1, text.size(), f) == text.size() &&
                  std::fflush(f) == 0 && fsync(fileno(f)) == 0;
  const bool closed = std::fclose(f) == 0;
  if (!ok || !closed || std::rename(tmp.c_str(), path.c_str()) != 0) {
    const std::string err = std::strerror(errno);
    std::remove(tmp.c_str());
    throw std::runtime_error(fmt::format("cannot write '{}': {}", path, err));
  }
}

bool file_exists(const std::string& path) {
  struct stat st {};
  return lstat(path.c_str(), &st) == 0;
}

bool same_file(const std::string& a, const std::string& b) {
  if (a == b) return true;
  struct stat sa {
  }, sb{};
  return stat(a.c_str(), &sa) == 0 && stat(b.c_str(), &sb) == 0 && sa.st_dev == sb.st_dev &&
         sa.st_ino == sb.st_ino;
}

} // namespace tb
