#include "ftvlsi/io/staged_folder.hpp"

#include <fcntl.h>
#include <fmt/format.h>

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>

#include "ftvlsi/core/error.hpp"
#include "ftvlsi/core/shard.hpp"
#include "ftvlsi/io/interrupt.hpp"
#include "ftvlsi/io/temporary_name.hpp"

namespace ftvlsi {
namespace {

namespace fs = std::filesystem;

// The files that mark a folder as an earlier ftvlsi output, which a new one may replace.
bool is_ftvlsi_output(const std::string& name) {
  for (const char* marker :
       {"summary.md", "index.html", "simulate.md", "check.md", "check.json", "dehon.md"})
    if (name == marker) return true;
  return is_partial_file_name(name);
}

fs::path resolved(const std::string& path) {
  std::error_code ec;
  fs::path p = fs::weakly_canonical(fs::absolute(path, ec), ec);
  return ec ? fs::absolute(path).lexically_normal() : p;
}

// Swaps two paths in one step (Linux renameat2); false when the file system cannot.
bool exchange(const fs::path& a, const fs::path& b) {
  return ::renameat2(AT_FDCWD, a.c_str(), AT_FDCWD, b.c_str(), RENAME_EXCHANGE) == 0;
}

[[noreturn]] void fail_move(const fs::path& from, const fs::path& to, int err) {
  throw IoError(7035, fmt::format("cannot move the finished '{}' onto '{}': {}", from.string(),
                                  to.string(), std::strerror(err)));
}

// `from` replaces `to` (which exists): exchanged, then the old one, now at `from`, removed.
void replace(const fs::path& from, const fs::path& to) {
  if (!exchange(from, to)) {
    if (errno != EINVAL && errno != ENOSYS) fail_move(from, to, errno);
    // A file system without RENAME_EXCHANGE: the old one steps aside first.
    const fs::path aside = temporary_folder_name(to.string());
    if (std::rename(to.c_str(), aside.c_str()) != 0) fail_move(from, to, errno);
    if (std::rename(from.c_str(), to.c_str()) != 0) {
      const int err = errno;
      std::rename(aside.c_str(), to.c_str());
      fail_move(from, to, err);
    }
    std::error_code ec;
    fs::remove_all(aside, ec);
    return;
  }
  std::error_code ec;
  fs::remove_all(from, ec);
}

void move_into_place(const fs::path& from, const fs::path& to) {
  std::error_code ec;
  if (fs::symlink_status(to, ec).type() == fs::file_type::not_found) {
    if (std::rename(from.c_str(), to.c_str()) != 0) fail_move(from, to, errno);
    return;
  }
  replace(from, to);
}

}  // namespace

std::string_view component_problem(std::string_view name) {
  if (name.empty()) return "it is empty";
  if (name.size() > 200) return "it is longer than 200 characters";
  if (name == "." || name == "..") return "it names a folder, not an entry in one";
  if (name.front() == '.') return "it starts with '.' (hidden names are reserved for temporaries)";
  for (const char c : name) {
    if (c == '/') return "it contains '/' (it must be one name, not a path)";
    if (static_cast<unsigned char>(c) < 0x20 || c == 0x7f) return "it contains a control character";
  }
  return "";
}

bool path_is_within(const std::string& inner, const std::string& outer) {
  const fs::path in = resolved(inner), out = resolved(outer);
  auto i = in.begin();
  for (auto o = out.begin(); o != out.end(); ++o, ++i) {
    if (o->empty()) continue;  // a trailing separator
    if (i == in.end() || *i != *o) return false;
  }
  return true;
}

void require_replaceable_folder(const std::string& path, std::string_view flag) {
  if (path.empty()) throw IoError(7030, fmt::format("the {} folder is empty; name a folder", flag));
  std::error_code ec;
  const auto status = fs::status(path, ec);
  if (!fs::exists(status)) return;
  if (!fs::is_directory(status))
    throw IoError(7031, fmt::format("cannot write the folder '{}': it exists and is not a folder; "
                                    "choose another {}",
                                    path, flag));
  if (path_is_within(fs::current_path(ec).string(), path))
    throw IoError(7032, fmt::format("cannot replace the folder '{}': it is the working folder or "
                                    "one of its parents; choose a new {}",
                                    path, flag));
  bool empty = true, marked = false;
  for (fs::directory_iterator it(path, ec), end; !ec && it != end; it.increment(ec)) {
    empty = false;
    marked = marked || is_ftvlsi_output(it->path().filename().string());
  }
  if (!empty && !marked)
    throw IoError(7033, fmt::format("cannot replace the folder '{}': it holds files that are not "
                                    "ftvlsi's (no summary.md, index.html or *-shard-K-of-N.json); "
                                    "choose an empty or new {}, or remove it first",
                                    path, flag));
}

StagedFolder::StagedFolder(std::string final_path, std::string_view flag, Commit mode)
    : final_(std::move(final_path)), flag_(flag), mode_(mode) {
  if (mode_ == Commit::kFolder) require_replaceable_folder(final_, flag_);
  if (final_.empty())
    throw IoError(7030, fmt::format("the {} folder is empty; name a folder", flag));
  std::error_code ec;
  const fs::path parent = fs::absolute(final_, ec).lexically_normal().parent_path();
  for (fs::path p = parent; !p.empty() && !fs::exists(p, ec); p = p.parent_path())
    created_parents_.push_back(p.string());
  std::reverse(created_parents_.begin(), created_parents_.end());
  fs::create_directories(parent, ec);
  if (ec || !fs::is_directory(parent))
    throw IoError(7005,
                  fmt::format("cannot create the report folder '{}': {}; choose another {}", final_,
                              ec ? ec.message() : "its parent is not a folder", flag_));
  remove_stale_temporaries(final_);
  temp_ = temporary_folder_name(fs::absolute(final_).lexically_normal().string());
  slot_ = register_temporary(temp_, true);
  if (!fs::create_directory(temp_, ec) || ec) {
    release_temporary(slot_);
    done_ = true;
    throw IoError(7005, fmt::format("cannot create the report folder '{}': {}; choose another {}",
                                    final_, ec ? ec.message() : "its temporary exists", flag_));
  }
}

StagedFolder::~StagedFolder() {
  if (done_) return;
  std::error_code ec;
  fs::remove_all(temp_, ec);
  release_temporary(slot_);
  for (auto p = created_parents_.rbegin(); p != created_parents_.rend(); ++p) fs::remove(*p, ec);
}

void StagedFolder::commit() {
  if (done_) return;
  // Once the first entry moves, the rest follow: a signal waits until the folder is in place
  // (and the temporary released), then ends the run as usual, the output whole.
  const InterruptsDeferred whole;
  if (mode_ == Commit::kFolder)
    commit_folder();
  else
    commit_entries();
  done_ = true;
  release_temporary(slot_);
}

void StagedFolder::commit_folder() {
  require_replaceable_folder(final_, flag_);
  move_into_place(temp_, fs::absolute(final_).lexically_normal());
}

void StagedFolder::commit_entries() {
  std::error_code ec;
  const fs::path final_dir = fs::absolute(final_).lexically_normal();
  fs::create_directories(final_dir, ec);
  if (ec || !fs::is_directory(final_dir))
    throw IoError(7005, fmt::format("cannot create the report folder '{}': {}; choose another {}",
                                    final_, ec ? ec.message() : "it is not a folder", flag_));
  std::vector<fs::path> entries;
  for (const auto& e : fs::directory_iterator(temp_)) entries.push_back(e.path());
  // Partial results last, each group in name order.
  std::sort(entries.begin(), entries.end(), [](const fs::path& a, const fs::path& b) {
    const bool pa = is_ftvlsi_output(a.filename().string());
    const bool pb = is_ftvlsi_output(b.filename().string());
    return pa != pb ? pb : a < b;
  });
  for (const auto& e : entries) move_into_place(e, final_dir / e.filename());
  fs::remove(temp_, ec);
}

}  // namespace ftvlsi
