#pragma once
// A multi-file output written whole or not at all: the files go into a hidden temporary folder
// beside the final one (`.NAME.tmp.HOST.PID.N`, io/temporary_name.hpp), and commit() moves it into
// place in one rename. An existing folder of the same name is exchanged atomically with the new
// one and then removed, so a reader sees the old folder or the new, never a mix. Destroying a
// StagedFolder uncommitted removes the temporary, and so does a signal (io/interrupt.hpp): a
// failed or interrupted run leaves nothing new, and the old folder as it was.
//
// With Commit::kEntries, commit() instead moves each entry of the temporary into the final folder,
// replacing entries of the same name and keeping the others: for shards, which may share one
// folder. Files named *-shard-K-of-N.json move last, so a merge never finds a shard's partial
// result before its layout folders. A signal that arrives during commit() waits until it is done
// (io/interrupt.hpp, InterruptsDeferred): the entries move all or, when it arrived before, none.
#include <string>
#include <string_view>
#include <vector>

namespace ftvlsi {

class StagedFolder {
 public:
  enum class Commit { kFolder, kEntries };
  // Checks `final_path` (for kFolder, require_replaceable_folder) and creates the temporary, and
  // the parents of `final_path` when missing. IoError naming `flag` when it cannot.
  StagedFolder(std::string final_path, std::string_view flag, Commit mode = Commit::kFolder);
  ~StagedFolder();
  StagedFolder(const StagedFolder&) = delete;
  StagedFolder& operator=(const StagedFolder&) = delete;

  // Where to write the files now.
  const std::string& path() const { return temp_; }
  const std::string& final_path() const { return final_; }

  // kFolder: the temporary becomes the final folder, replacing an existing one whole. kEntries:
  // each entry of the temporary replaces its namesake in the final folder (created if needed).
  void commit();

 private:
  void commit_folder();
  void commit_entries();
  std::string final_, temp_, flag_;
  Commit mode_;
  std::vector<std::string> created_parents_;  // removed again, when empty, on failure
  int slot_ = -1;
  bool done_ = false;
};

// Refuses, before any work, a folder a multi-file output may not replace: a path that exists and
// is no folder, the working folder or one of its parents, and a folder that holds files other than
// an ftvlsi report's (summary.md, index.html, *-shard-K-of-N.json mark one) unless it is empty.
void require_replaceable_folder(const std::string& path, std::string_view flag);

// Why `name` cannot name an entry inside an output folder, or "" when it can: it must be one path
// component (no '/', not "." or ".."), not empty, not hidden (a leading '.' is a temporary's), with
// no control character, and at most 200 bytes.
std::string_view component_problem(std::string_view name);

// True when `inner` is `outer` or lies inside it, comparing resolved paths (links, "..", "./").
bool path_is_within(const std::string& inner, const std::string& outer);

}  // namespace ftvlsi
