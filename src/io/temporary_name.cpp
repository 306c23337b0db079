#include "ftvlsi/io/temporary_name.hpp"

#include <fmt/format.h>
#include <signal.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <charconv>
#include <filesystem>
#include <optional>
#include <string_view>

namespace ftvlsi {
namespace {

namespace fs = std::filesystem;

std::atomic<std::uint64_t> g_counter{0};

// This host's name as it appears in temporaries: letters, digits and '-' only.
const std::string& host_tag() {
  static const std::string tag = [] {
    char name[256] = {};
    if (::gethostname(name, sizeof name - 1) != 0 || name[0] == '\0') return std::string("host");
    std::string out;
    for (const char* c = name; *c != '\0'; ++c)
      out += (std::isalnum(static_cast<unsigned char>(*c)) || *c == '-') ? *c : '-';
    return out;
  }();
  return tag;
}

std::string tail(std::uint64_t n) {
  return fmt::format("{}.{}.{}", host_tag(), ::getpid(), n);
}

std::optional<long> parse_pid(std::string_view text) {
  long pid = 0;
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), pid);
  if (ec != std::errc() || end != text.data() + text.size() || pid <= 0) return std::nullopt;
  return pid;
}

// The process that wrote a temporary with this suffix (after ".tmp."), when it ran on this host:
// "HOST.PID.N", or "PID" (earlier versions, which wrote no host).
std::optional<long> writer_pid(std::string_view suffix) {
  if (const auto pid = parse_pid(suffix)) return pid;
  const auto last = suffix.rfind('.');
  if (last == std::string_view::npos || !parse_pid(suffix.substr(last + 1))) return std::nullopt;
  const auto middle = suffix.rfind('.', last - 1);
  if (middle == std::string_view::npos || suffix.substr(0, middle) != host_tag())
    return std::nullopt;
  return parse_pid(suffix.substr(middle + 1, last - middle - 1));
}

bool process_gone(long pid) {
  return ::kill(static_cast<pid_t>(pid), 0) != 0 && errno == ESRCH;
}

}  // namespace

std::string temporary_file_name(const std::string& path) {
  return fmt::format("{}.tmp.{}", path, tail(g_counter++));
}

std::string temporary_folder_name(const std::string& path) {
  const fs::path p(path);
  const fs::path name = p.filename().empty() ? p.parent_path().filename() : p.filename();
  const fs::path parent = p.filename().empty() ? p.parent_path().parent_path() : p.parent_path();
  return (parent / fmt::format(".{}.tmp.{}", name.string(), tail(g_counter++))).string();
}

int remove_stale_temporaries(const std::string& path) {
  const fs::path p(path);
  const fs::path dir = p.parent_path().empty() ? fs::path(".") : p.parent_path();
  const std::string name = p.filename().string();
  if (name.empty()) return 0;
  const std::string as_file = name + ".tmp.", as_folder = "." + name + ".tmp.";
  std::error_code ec;
  int removed = 0;
  for (fs::directory_iterator it(dir, ec), end; !ec && it != end; it.increment(ec)) {
    const std::string entry = it->path().filename().string();
    std::string_view suffix;
    if (entry.rfind(as_file, 0) == 0)
      suffix = std::string_view(entry).substr(as_file.size());
    else if (entry.rfind(as_folder, 0) == 0)
      suffix = std::string_view(entry).substr(as_folder.size());
    else
      continue;
    const auto pid = writer_pid(suffix);
    if (!pid || !process_gone(*pid)) continue;
    std::error_code rm;
    removed += fs::remove_all(it->path(), rm) > 0 && !rm;
  }
  return removed;
}

}  // namespace ftvlsi
