#pragma once
// No output of a run overwrites one of its inputs or another of its outputs. Every job checks the
// files it will write against the files it reads, and against each other, before any work.
// Paths are compared resolved (std::filesystem::weakly_canonical), so "./net.txt",
// "dir/../net.txt" and a symbolic link to net.txt all name net.txt, and two names of one existing
// file (hard links) count as one. "-" (standard output) is no file, and an existing file that is
// not a regular one (/dev/null, a FIFO) may be named any number of times.
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace ftvlsi {

// A file of a run: what it is, for the message ("network file", "JSON output"), and its path,
// unset when the run does not read or write it.
struct RunFile {
  std::string_view what;
  std::optional<std::string> path;
};

// InputError FTV-1050 when an output names one of the inputs, FTV-1051 when two outputs name the
// same file.
void require_distinct_outputs(const std::vector<RunFile>& inputs,
                              const std::vector<RunFile>& outputs);

}  // namespace ftvlsi
