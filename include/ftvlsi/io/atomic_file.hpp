#pragma once
// A buffered output file written under a temporary name in the same directory and renamed
// into place by commit(). Destroying it uncommitted removes the temporary, so a failed run
// never leaves a half-written output behind, and the temporary is registered for removal on
// SIGINT/SIGTERM (io/interrupt.hpp). The path "-" means standard output; an existing special
// file (/dev/null, a FIFO, a terminal) is written in place, never renamed over.
#include <cstdio>
#include <string>
#include <string_view>

namespace ftvlsi {

class AtomicFile {
 public:
  // Throws IoError (one sentence naming the path) when the file cannot be created.
  explicit AtomicFile(std::string path);
  ~AtomicFile();
  AtomicFile(const AtomicFile&) = delete;
  AtomicFile& operator=(const AtomicFile&) = delete;

  void write(std::string_view bytes);
  void write(const void* data, std::size_t size);
  // Flushes, closes and renames the temporary onto the final path.
  void commit();
  const std::string& path() const { return path_; }

 private:
  std::string path_;
  std::string temp_;
  std::FILE* file_ = nullptr;
  bool is_stdout_ = false;
  bool committed_ = false;
  bool in_place_ = false;
  int slot_ = -1;
  char* buffer_ = nullptr;
};

// Checks before any work is done that `path` can be created: its directory exists and is
// writable. Throws IoError otherwise. "-" always passes.
void require_writable(const std::string& path, std::string_view what);

// Writes a whole file atomically.
void write_file_atomically(const std::string& path, std::string_view contents);

// Creates `dir` (and its parents) if needed; IoError naming the folder and `flag` (the option to
// change) when it cannot.
void make_directory(const std::string& dir, std::string_view flag);

}  // namespace ftvlsi
