#pragma once
// Seeded random values for round-trip tests of the partial results: doubles across many
// magnitudes (no round ones), text with quotes, backslashes, newlines and UTF-8, and shards.
#include <cmath>
#include <cstdint>
#include <random>
#include <string>

#include "ftvlsi/core/shard.hpp"

namespace ftvlsi::test {

inline double random_double(std::mt19937_64& rng) {
  const double mantissa = std::uniform_real_distribution<double>(0.5, 1.0)(rng);
  const double v = std::ldexp(mantissa, static_cast<int>(rng() % 80) - 40);
  return rng() % 4 == 0 ? -v : v;
}

inline std::string random_text(std::mt19937_64& rng) {
  static const char* const kPieces[] = {"a", "Z", "0", " ", "\"", "\\", "\n", "\t",
                                        "/", "λ", "≤", "|", "{",  "}",  "é"};
  std::string s;
  for (int i = static_cast<int>(rng() % 12); i > 0; --i) s += kPieces[rng() % 15];
  return s;
}

// A shard K/N with N >= 2, as a partial result records one.
inline Shard random_shard(std::mt19937_64& rng) {
  const std::uint64_t n = 2 + rng() % 7;
  return Shard{1 + rng() % n, n};
}

}  // namespace ftvlsi::test
