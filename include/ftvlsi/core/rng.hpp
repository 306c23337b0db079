#pragma once
// A small, fast seeded generator for inner loops (SplitMix64, Steele et al. 2014), usable as a
// UniformRandomBitGenerator, and an unbiased-enough bounded draw by multiply-shift (Lemire).
// Same seed, same sequence, on every platform.
#include <cstdint>
#include <limits>

namespace ftvlsi {

class SplitMix64 {
 public:
  using result_type = std::uint64_t;
  explicit SplitMix64(std::uint64_t seed) : state_(seed) {}
  static constexpr std::uint64_t kGamma = 0x9E3779B97F4A7C15ull;
  static constexpr result_type min() { return 0; }
  static constexpr result_type max() { return std::numeric_limits<result_type>::max(); }
  result_type operator()() {
    std::uint64_t z = (state_ += kGamma);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
  }
  // Skips n draws: the state after them, as n calls would leave it (the state only counts).
  void discard(std::uint64_t n) { state_ += n * kGamma; }
  // A draw in [0, bound) (bound >= 1); the bias is below bound / 2^64.
  std::uint64_t below(std::uint64_t bound) {
    return static_cast<std::uint64_t>((static_cast<unsigned __int128>((*this)()) * bound) >> 64);
  }

 private:
  std::uint64_t state_;
};

}  // namespace ftvlsi
