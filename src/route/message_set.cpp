#include "ftvlsi/route/message_set.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <charconv>
#include <numeric>
#include <random>
#include <sstream>

#include "ftvlsi/core/error.hpp"
#include "ftvlsi/core/math.hpp"

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

}  // namespace

std::vector<std::string_view> pattern_names() {
  return {"permutation", "bit-reversal", "transpose", "hot-spot", "uniform", "local"};
}

MessageSet make_pattern(const PatternParams& p, std::uint64_t n) {
  std::mt19937_64 rng(p.seed);
  const std::uint64_t count = p.count == 0 ? n : p.count;
  if (count > (std::uint64_t{1} << 28))
    throw InputError(6121,
                     fmt::format("--count {} is beyond the 2^28 messages a set may have", count));
  auto pick = [&](std::uint64_t k) { return static_cast<std::uint32_t>(rng() % k); };
  MessageSet m;
  if (p.name == "permutation") return permutation(n, rng);
  if (p.name == "bit-reversal") {
    for (std::uint32_t s = 0; s < n; ++s) m.push_back({s, reverse_bits(s, floor_log2(n))});
    return m;
  }
  if (p.name == "transpose") return transpose(n);
  if (p.name == "uniform") {
    for (std::uint64_t i = 0; i < count; ++i) m.push_back({pick(n), pick(n)});
    return m;
  }
  if (p.name == "hot-spot") {
    // Every message goes to processor 0, the hot spot.
    for (std::uint64_t i = 0; i < count; ++i) m.push_back({pick(n), 0});
    return m;
  }
  if (p.name == "local") {
    if (!is_power_of_two(p.block) || p.block > n)
      throw InputError(
          6122, fmt::format("--block must be a power of two between 1 and {}, not {}", n, p.block));
    for (std::uint32_t s = 0; s < n; ++s)
      m.push_back({s, static_cast<std::uint32_t>((s / p.block) * p.block + pick(p.block))});
    return m;
  }
  std::string list;
  for (auto name : pattern_names()) list += (list.empty() ? "" : ", ") + std::string(name);
  throw InputError(
      6123, fmt::format("unknown message pattern '{}'; valid patterns are {}", p.name, list));
}

MessageSet parse_messages(std::string_view text, std::string_view source, std::uint64_t n) {
  MessageSet m;
  std::istringstream in{std::string(text)};
  std::string line;
  for (std::size_t no = 1; std::getline(in, line); ++no) {
    if (const auto hash = line.find('#'); hash != std::string::npos) line.resize(hash);
    std::istringstream fields(line);
    std::string a, b, extra;
    if (!(fields >> a)) continue;
    std::uint64_t s = 0, d = 0;
    const bool ok = (fields >> b) && !(fields >> extra) &&
                    std::from_chars(a.data(), a.data() + a.size(), s).ptr == a.data() + a.size() &&
                    std::from_chars(b.data(), b.data() + b.size(), d).ptr == b.data() + b.size();
    if (!ok)
      throw InputError(
          4201,
          fmt::format("{}:{}: a message line is 'src dst' with two processor numbers", source, no));
    if (s >= n || d >= n)
      throw InputError(4202, fmt::format("{}:{}: message {} -> {} names a processor that does not "
                                         "exist (processors are 0 .. {})",
                                         source, no, s, d, n - 1));
    m.push_back({static_cast<std::uint32_t>(s), static_cast<std::uint32_t>(d)});
  }
  if (m.empty())
    throw InputError(
        4203, fmt::format("{}: the message file holds no messages; add 'src dst' lines", source));
  return m;
}

std::string messages_text(const MessageSet& m) {
  std::string out = "# src dst\n";
  for (const auto& [s, d] : m) out += fmt::format("{} {}\n", s, d);
  return out;
}

}  // namespace ftvlsi
