#include "ftvlsi/route/message_set.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <numeric>
#include <random>

#include "ftvlsi/core/error.hpp"
#include "ftvlsi/core/math.hpp"
#include "ftvlsi/core/memory_budget.hpp"
#include "ftvlsi/core/system.hpp"
#include "ftvlsi/core/text_lines.hpp"

namespace ftvlsi {
namespace {

std::uint32_t reverse_bits(std::uint32_t x, int bits) {
  std::uint32_t r = 0;
  for (int b = 0; b < bits; ++b) r |= ((x >> b) & 1u) << (bits - 1 - b);
  return r;
}

MessageSet permutation(std::uint64_t n, std::mt19937_64& rng) {
  std::vector<std::uint32_t> dst(n);
  std::iota(dst.begin(), dst.end(), 0u);
  std::shuffle(dst.begin(), dst.end(), rng);
  MessageSet m;
  for (std::uint32_t s = 0; s < n; ++s) m.push_back({s, dst[s]});
  return m;
}

MessageSet transpose(std::uint64_t n) {
  // Processor (row, col) of a sqrt n x sqrt n arrangement (the low half of the address is the
  // column) sends to (col, row); for odd lg n the halves are the floor and ceiling.
  const int bits = floor_log2(n), low = bits / 2, high = bits - low;
  MessageSet m;
  for (std::uint32_t s = 0; s < n; ++s) {
    const std::uint32_t col = s & ((1u << low) - 1), row = s >> low;
    const std::uint32_t d = ((col & ((1u << high) - 1)) << low) | (row & ((1u << low) - 1));
    m.push_back({s, d % static_cast<std::uint32_t>(n)});
  }
  return m;
}

// The message patterns, one row each: the name `--pattern` takes and the set it makes on n
// processors, `count` messages where the pattern has a count.
struct Pattern {
  std::string_view name;
  MessageSet (*make)(const PatternParams& p, std::uint64_t n, std::uint64_t count,
                     std::mt19937_64& rng);
};

std::uint32_t pick(std::mt19937_64& rng, std::uint64_t k) {
  return static_cast<std::uint32_t>(rng() % k);
}

const std::array<Pattern, 6> kPatterns{{
    {"permutation", [](const PatternParams&, std::uint64_t n, std::uint64_t,
                       std::mt19937_64& rng) { return permutation(n, rng); }},
    {"bit-reversal",
     [](const PatternParams&, std::uint64_t n, std::uint64_t, std::mt19937_64&) {
       MessageSet m;
       for (std::uint32_t s = 0; s < n; ++s) m.push_back({s, reverse_bits(s, floor_log2(n))});
       return m;
     }},
    {"transpose", [](const PatternParams&, std::uint64_t n, std::uint64_t,
                     std::mt19937_64&) { return transpose(n); }},
    {"hot-spot",
     [](const PatternParams&, std::uint64_t n, std::uint64_t count, std::mt19937_64& rng) {
       MessageSet m;  // every message goes to processor 0, the hot spot
       for (std::uint64_t i = 0; i < count; ++i) m.push_back({pick(rng, n), 0});
       return m;
     }},
    {"uniform",
     [](const PatternParams&, std::uint64_t n, std::uint64_t count, std::mt19937_64& rng) {
       MessageSet m;
       for (std::uint64_t i = 0; i < count; ++i) m.push_back({pick(rng, n), pick(rng, n)});
       return m;
     }},
    {"local",
     [](const PatternParams& p, std::uint64_t n, std::uint64_t, std::mt19937_64& rng) {
       if (!is_power_of_two(p.block) || p.block > n)
         throw InputError(
             6122,
             fmt::format("--block must be a power of two between 1 and {}, not {}", n, p.block));
       MessageSet m;
       for (std::uint32_t s = 0; s < n; ++s)
         m.push_back({s, static_cast<std::uint32_t>((s / p.block) * p.block + pick(rng, p.block))});
       return m;
     }},
}};

}  // namespace

std::vector<std::string_view> pattern_names() {
  std::vector<std::string_view> names;
  for (const auto& p : kPatterns) names.push_back(p.name);
  return names;
}

MessageSet make_pattern(const PatternParams& p, std::uint64_t n) {
  std::mt19937_64 rng(p.seed);
  const std::uint64_t count = p.count == 0 ? n : p.count;
  if (count > kMaxMessages)
    throw InputError(6121,
                     fmt::format("--count {} is beyond the 2^28 messages a set may have", count));
  for (const auto& pattern : kPatterns)
    if (pattern.name == p.name) return pattern.make(p, n, count, rng);
  std::string list;
  for (const auto& pattern : kPatterns)
    list += fmt::format("{}{}", list.empty() ? "" : ", ", pattern.name);
  throw InputError(
      6123, fmt::format("unknown message pattern '{}'; valid patterns are {}", p.name, list));
}

MessageFileReader::MessageFileReader(std::string_view source, std::uint64_t n, std::uint64_t bytes)
    : source_(source), n_(n) {
  // A message line takes at least 4 bytes ("s d\n"); 8 bytes per message, twice while growing.
  const long double need = static_cast<long double>(bytes) / 4 * 16;
  require_memory(8005, need, fmt::format("{}: reading this message file", source),
                 "use a smaller message set");
}

void MessageFileReader::line(std::string_view line, std::size_t no) {
  const auto t = line_tokens(line);
  if (t.empty()) return;
  std::uint64_t s = 0, d = 0;
  if (t.size() != 2 || !parse_token(t[0], s) || !parse_token(t[1], d))
    throw InputError(
        4201,
        fmt::format("{}:{}: a message line is 'src dst' with two processor numbers", source_, no));
  if (s >= n_ || d >= n_)
    throw InputError(4202, fmt::format("{}:{}: message {} -> {} names a processor that does not "
                                       "exist (processors are 0 .. {})",
                                       source_, no, s, d, n_ - 1));
  if (m_.size() >= kMaxMessages)
    throw InputError(4204, fmt::format("{}:{}: the file holds more than 2^28 messages, the most a "
                                       "set may have; split it",
                                       source_, no));
  m_.push_back({static_cast<std::uint32_t>(s), static_cast<std::uint32_t>(d)});
}

MessageSet MessageFileReader::finish() {
  if (m_.empty())
    throw InputError(
        4203, fmt::format("{}: the message file holds no messages; add 'src dst' lines", source_));
  return std::move(m_);
}

MessageSet parse_messages(std::string_view text, std::string_view source, std::uint64_t n) {
  MessageFileReader reader(source, n, text.size());
  for_each_line(text, [&](std::string_view line, std::size_t no) { reader.line(line, no); });
  return reader.finish();
}

std::string messages_text(const MessageSet& m) {
  std::string out = "# src dst\n";
  for (const auto& [s, d] : m) out += fmt::format("{} {}\n", s, d);
  return out;
}

}  // namespace ftvlsi
