#include "ftvlsi/core/system.hpp"

#include <fmt/format.h>
#include <sys/resource.h>
#include <unistd.h>

#include <cstdlib>
#include <fstream>
#include <optional>
#include <string>

#include "ftvlsi/core/error.hpp"

namespace ftvlsi {
namespace {

// The power of 1024 a suffix stands for, or nothing when `c` is none of K, M, G, T.
std::optional<int> suffix_power(char c) {
  switch (c) {
    case 'K':
    case 'k':
      return 1;
    case 'M':
    case 'm':
      return 2;
    case 'G':
    case 'g':
      return 3;
    case 'T':
    case 't':
      return 4;
    default:
      return std::nullopt;
  }
}

[[noreturn]] void bad_limit(std::string_view text) {
  throw InputError(8010, fmt::format("FTVLSI_MEMORY_LIMIT must be a whole number of bytes from 1 "
                                     "to 2^64 - 1, optionally with one suffix K, M, G or T "
                                     "(powers of 1024) such as 512M, not '{}'",
                                     text));
}

}  // namespace

std::uint64_t parse_memory_limit(std::string_view text) {
  std::size_t digits = 0;
  std::uint64_t value = 0;
  for (; digits < text.size() && text[digits] >= '0' && text[digits] <= '9'; ++digits) {
    const auto d = static_cast<std::uint64_t>(text[digits] - '0');
    if (value > (UINT64_MAX - d) / 10) bad_limit(text);
    value = value * 10 + d;
  }
  if (digits == 0 || value == 0 || text.size() > digits + 1) bad_limit(text);
  if (text.size() == digits) return value;
  const std::optional<int> power = suffix_power(text.back());
  if (!power) bad_limit(text);
  if (value > (UINT64_MAX >> (10 * *power))) bad_limit(text);
  return value << (10 * *power);
}

void check_memory_limit_setting() {
  if (const char* env = std::getenv("FTVLSI_MEMORY_LIMIT")) parse_memory_limit(env);
}

std::uint64_t available_memory_bytes() {
  if (const char* env = std::getenv("FTVLSI_MEMORY_LIMIT")) return parse_memory_limit(env);
  std::ifstream meminfo("/proc/meminfo");
  std::string key;
  std::uint64_t value = 0;
  std::string unit;
  while (meminfo >> key >> value >> unit) {
    if (key == "MemAvailable:") return value * 1024;
  }
  return static_cast<std::uint64_t>(::sysconf(_SC_PHYS_PAGES)) *
         static_cast<std::uint64_t>(::sysconf(_SC_PAGE_SIZE));
}

std::uint64_t peak_memory_bytes() {
  rusage usage{};
  ::getrusage(RUSAGE_SELF, &usage);
  return static_cast<std::uint64_t>(usage.ru_maxrss) * 1024;
}

}  // namespace ftvlsi
