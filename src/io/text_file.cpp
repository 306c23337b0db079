#include "ftvlsi/io/text_file.hpp"

#include <fmt/format.h>
#include <sys/stat.h>

#include <fstream>
#include <sstream>

#include "ftvlsi/core/error.hpp"

namespace ftvlsi {
namespace {

// A text file of ftvlsi's formats has short lines; a longer one is binary or not a text file.
constexpr std::size_t kMaxLine = std::size_t{1} << 20;
// Specs and other files read whole are small; a bigger one (or /dev/zero) is refused.
constexpr std::uint64_t kMaxWholeFile = std::uint64_t{64} << 20;

// The size of a regular file, 0 for anything else (a pipe, a device).
std::uint64_t regular_size(const std::string& path) {
  struct stat st {};
  return ::stat(path.c_str(), &st) == 0 && S_ISREG(st.st_mode)
             ? static_cast<std::uint64_t>(st.st_size)
             : 0;
}

// Feeds every line of the file to fn(line, number), its comment removed, reading 1 MiB at a
// time: memory stays bounded by the longest line, whatever the file's size.
template <class Fn>
void stream_lines(const std::string& path, std::string_view what, Fn&& fn) {
  std::ifstream in = open_input_file(path, what);
  std::string carry;
  std::vector<char> chunk(std::size_t{1} << 20);
  std::size_t no = 0;
  auto too_long = [&](std::size_t line) {
    throw InputError(4001, fmt::format("{}:{}: the line is longer than 1 MiB; '{}' is not a {} "
                                       "(a text file of short lines)",
                                       path, line, path, what));
  };
  auto emit = [&](std::string_view line) {
    if (line.size() > kMaxLine) too_long(no + 1);
    ++no;
    if (const auto hash = line.find('#'); hash != std::string_view::npos)
      line = line.substr(0, hash);
    if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
    fn(line, no);
  };
  while (in) {
    in.read(chunk.data(), static_cast<std::streamsize>(chunk.size()));
    std::string_view got(chunk.data(), static_cast<std::size_t>(in.gcount()));
    for (std::size_t end; (end = got.find('\n')) != std::string_view::npos;
         got.remove_prefix(end + 1)) {
      if (carry.empty()) {
        emit(got.substr(0, end));
      } else {
        carry.append(got.substr(0, end));
        emit(carry);
        carry.clear();
      }
    }
    carry.append(got);
    if (carry.size() > kMaxLine) too_long(no + 1);
  }
  if (in.bad()) throw IoError(7022, fmt::format("reading {} '{}' failed", what, path));
  if (!carry.empty()) emit(carry);
}

}  // namespace

std::ifstream open_input_file(const std::string& path, std::string_view what) {
  // A directory opens like a file on Linux and only its first read fails: say so up front.
  struct stat st {};
  if (::stat(path.c_str(), &st) == 0 && S_ISDIR(st.st_mode))
    throw IoError(
        7061, fmt::format("'{}' is a directory, not a file; give the path of the {}", path, what));
  std::ifstream in(path, std::ios::binary);
  if (!in) throw IoError(7021, fmt::format("cannot read {} '{}'; check the path", what, path));
  return in;
}

std::string read_text_file(const std::string& path, std::string_view what) {
  std::ifstream in = open_input_file(path, what);
  std::string text;
  std::vector<char> chunk(std::size_t{1} << 16);
  while (in) {
    in.read(chunk.data(), static_cast<std::streamsize>(chunk.size()));
    text.append(chunk.data(), static_cast<std::size_t>(in.gcount()));
    if (text.size() > kMaxWholeFile)
      throw IoError(7023, fmt::format("{} '{}' is larger than 64 MiB; a {} is a small text file, "
                                      "check the path",
                                      what, path, what));
  }
  if (in.bad()) throw IoError(7022, fmt::format("reading {} '{}' failed", what, path));
  return text;
}

CompetingNetwork read_network_file(const std::string& path) {
  NetworkFileReader reader(path, regular_size(path));
  stream_lines(path, "network file",
               [&](std::string_view line, std::size_t no) { reader.line(line, no); });
  return reader.finish();
}

MessageSet read_messages(const std::string& path, std::uint64_t n) {
  MessageFileReader reader(path, n, regular_size(path));
  stream_lines(path, "message file",
               [&](std::string_view line, std::size_t no) { reader.line(line, no); });
  return reader.finish();
}

}  // namespace ftvlsi
