#pragma once
// The RN1 routing component of DeHon's practical fat-tree (docs/design.md §2.6; Transit Note #32
// §RN1): 8 input and 8 output channels, 9 bits wide, in one of two configurations:
//   kDilation2  one 8x8 crossbar with dilation 2: 4 logical directions, 2 equivalent outputs
//               each (outputs 2d and 2d + 1 go in direction d), all 8 inputs equivalent;
//   kDual4x4    two 4x4 crossbars with dilation 1: inputs 4h .. 4h + 3 reach only outputs
//               4h .. 4h + 3, and output 4h + d goes in direction d.
// A connection names a direction; it takes a free output of that direction, at random among the
// equivalent ones, or the whole connection is dropped and the sender retries.
#include <array>
#include <cstdint>
#include <string_view>

namespace ftvlsi {

inline constexpr int kRn1Ports = 8;
inline constexpr int kRn1Directions = 4;
inline constexpr int kRn1ChannelBits = 9;

enum class Rn1Config : std::uint8_t { kDilation2, kDual4x4 };

std::string_view to_string(Rn1Config config);

// Outputs that carry direction `dir`, for wiring: both equivalent outputs of the direction
// (kDual4x4: one in each crossbar).
constexpr std::array<int, 2> rn1_direction_outputs(Rn1Config config, int dir) {
  return config == Rn1Config::kDilation2 ? std::array<int, 2>{2 * dir, 2 * dir + 1}
                                         : std::array<int, 2>{dir, 4 + dir};
}

// Outputs a connection entering input `input` may take in direction `dir` (first `count`).
struct Rn1Choice {
  std::array<int, 2> outputs{};
  int count = 0;
};
constexpr Rn1Choice rn1_choices(Rn1Config config, int input, int dir) {
  if (config == Rn1Config::kDilation2) return {{2 * dir, 2 * dir + 1}, 2};
  return {{4 * (input / 4) + dir, 0}, 1};
}

// Inputs per crossbar and outputs per direction: (8, 2) or (4, 1).
constexpr int rn1_crossbar_inputs(Rn1Config config) {
  return config == Rn1Config::kDilation2 ? 8 : 4;
}
constexpr int rn1_dilation(Rn1Config config) {
  return config == Rn1Config::kDilation2 ? 2 : 1;
}

}  // namespace ftvlsi
