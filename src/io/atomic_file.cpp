#include "ftvlsi/io/atomic_file.hpp"

#include <fmt/format.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <filesystem>

#include "ftvlsi/core/error.hpp"
#include "ftvlsi/io/interrupt.hpp"
#include "ftvlsi/io/standard_output.hpp"
#include "ftvlsi/io/temporary_name.hpp"

namespace ftvlsi {
namespace {

constexpr std::size_t kBufferSize = 1 << 20;

// A path that exists and is not a regular file (/dev/null, /dev/stdout, a FIFO): renaming a
// temporary over it would replace the device, so it is written in place.
bool is_special_file(const std::string& path) {
  std::error_code ec;
  const auto status = std::filesystem::status(path, ec);
  return !ec && std::filesystem::exists(status) && !std::filesystem::is_regular_file(status) &&
         !std::filesystem::is_directory(status);
}

std::string directory_of(const std::string& path) {
  const auto parent = std::filesystem::path(path).parent_path();
  return parent.empty() ? std::string(".") : parent.string();
}

}  // namespace

void require_writable(const std::string& path, std::string_view what) {
  if (path == "-") return;
  if (is_special_file(path)) {
    if (::access(path.c_str(), W_OK) == 0) return;
    throw IoError(7006,
                  fmt::format("cannot write the {} file '{}': it is not writable", what, path));
  }
  if (path.empty())
    throw IoError(7001, fmt::format("the {} output path is empty; name a file", what));
  const std::string dir = directory_of(path);
  std::error_code ec;
  // The nearest existing folder of the path: when it is a file, say so (no "does not exist").
  for (std::filesystem::path p = dir; !p.empty(); p = p.parent_path()) {
    const auto status = std::filesystem::status(p, ec);
    if (std::filesystem::exists(status)) {
      if (!std::filesystem::is_directory(status))
        throw IoError(7062, fmt::format("cannot write the {} file '{}': '{}' is a file, not a "
                                        "directory; choose another path",
                                        what, path, p.string()));
      break;
    }
    if (p == p.parent_path()) break;
  }
  if (!std::filesystem::is_directory(dir, ec)) {
    throw IoError(
        7002,
        fmt::format("cannot write the {} file '{}': directory '{}' does not exist; create it first",
                    what, path, dir));
  }
  if (::access(dir.c_str(), W_OK) != 0) {
    throw IoError(7003, fmt::format("cannot write the {} file '{}': directory '{}' is not writable",
                                    what, path, dir));
  }
  if (std::filesystem::is_directory(path, ec)) {
    throw IoError(7004,
                  fmt::format("cannot write the {} file '{}': it is a directory", what, path));
  }
}

AtomicFile::AtomicFile(std::string path) : path_(std::move(path)) {
  if (path_ == "-") {
    file_ = stdout;
    is_stdout_ = true;
    return;
  }
  in_place_ = is_special_file(path_);
  if (!in_place_) remove_stale_temporaries(path_);
  temp_ = in_place_ ? path_ : temporary_file_name(path_);
  if (!in_place_) slot_ = register_temporary(temp_);
  file_ = std::fopen(temp_.c_str(), "wb");
  if (file_ == nullptr) {
    const std::string reason = std::strerror(errno);
    release_temporary(slot_);
    throw IoError(7010, fmt::format("cannot create '{}': {}; check that the directory exists and "
                                    "is writable",
                                    path_, reason));
  }
  buffer_ = new char[kBufferSize];
  std::setvbuf(file_, buffer_, _IOFBF, kBufferSize);
}

AtomicFile::~AtomicFile() {
  if (!is_stdout_ && file_ != nullptr) {
    std::fclose(file_);
    if (!in_place_) std::remove(temp_.c_str());
  }
  release_temporary(slot_);
  delete[] buffer_;
}

void AtomicFile::write(std::string_view bytes) {
  write(bytes.data(), bytes.size());
}

void AtomicFile::write(const void* data, std::size_t size) {
  if (size == 0) return;
  if (std::fwrite(data, 1, size, file_) != size) {
    if (is_stdout_) flush_standard_output();  // FTV-7060, as for any failed write to stdout
    throw IoError(7011, fmt::format("writing '{}' failed: {}; check the free space", path_,
                                    std::strerror(errno)));
  }
}

void AtomicFile::commit() {
  if (committed_) return;
  committed_ = true;
  if (is_stdout_) {
    flush_standard_output();
    return;
  }
  const bool ok = std::fflush(file_) == 0;
  const bool closed = std::fclose(file_) == 0;
  file_ = nullptr;
  if (!ok || !closed) {
    const std::string reason = std::strerror(errno);
    if (!in_place_) std::remove(temp_.c_str());
    release_temporary(slot_);
    throw IoError(7012,
                  fmt::format("writing '{}' failed: {}; check the free space", path_, reason));
  }
  if (in_place_) return;
  if (std::rename(temp_.c_str(), path_.c_str()) != 0) {
    const std::string reason = std::strerror(errno);
    std::remove(temp_.c_str());
    release_temporary(slot_);
    throw IoError(7013,
                  fmt::format("cannot rename the finished file onto '{}': {}", path_, reason));
  }
  release_temporary(slot_);
}

void write_file_atomically(const std::string& path, std::string_view contents) {
  AtomicFile file(path);
  file.write(contents);
  file.commit();
}

void make_directory(const std::string& dir, std::string_view flag) {
  std::error_code ec;
  std::filesystem::create_directories(dir, ec);
  if (ec || !std::filesystem::is_directory(dir)) {
    throw IoError(7005, fmt::format("cannot create the report folder '{}': {}; choose another {}",
                                    dir, ec ? ec.message() : "it is not a directory", flag));
  }
}

}  // namespace ftvlsi
