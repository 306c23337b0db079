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
  result_type operator()() { return mix(state_ += kGamma); }
  // Skips n draws: the state after them, as n calls would leave it (the state only counts).
  void discard(std::uint64_t n) { state_ += n * kGamma; }
  // A draw in [0, bound) (bound >= 1); the bias is below bound / 2^64.
  std::uint64_t below(std::uint64_t bound) {
    return static_cast<std::uint64_t>((static_cast<unsigned __int128>((*this)()) * bound) >> 64);
  }
  // below(bound) for bound >= 2, and 0 without drawing for bound == 1 (where below would spend a
  // draw on the only answer), without a branch: reservoir sampling's coin from its second item on.
  std::uint64_t below_past_one(std::uint64_t bound) {
    state_ += kGamma * static_cast<std::uint64_t>(bound > 1);
    return static_cast<std::uint64_t>((static_cast<unsigned __int128>(mix(state_)) * bound) >> 64);
  }

 private:
  static std::uint64_t mix(std::uint64_t z) {
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
  }
  std::uint64_t state_;
};

}  // namespace ftvlsi
