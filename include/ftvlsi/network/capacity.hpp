#pragma once
// Capacity profiles of the binary fat-tree (docs/design.md §2.1). cap(k) is the number of wires in
// each direction of the channel at binary level k (k = 0 the root channel, k = L the leaves).
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace ftvlsi {

// kFourWay is the standard fat-tree of Greenberg & Leiserson 1986 §5 built from 4-way switches
// (leaves 1, capacities doubling every other level, root sqrt n; docs/adversary-host.md). For
// L - k even the channel at level k+1 is the sum of its two children, so only the even-level
// nodes concentrate, each joining four channels of 2^((L-k)/2 - 1) into 2^((L-k)/2). For L odd
// the root joins two such trees without concentrating.
enum class CapacityProfile {
  kUniversal,         // min(ceil(n/2^k), ceil(w / 2^(2k/3))), n^(2/3) <= w <= n
  kAreaUniversal,     // min(ceil(n/2^k), ceil(w / 2^(k/2))), sqrt n <= w <= n
  kDoubleEvery2,      // 2^floor((L-k)/2)
  kFourWay,           // 2^ceil((L-k)/2)
  kQuadrupleEvery3,   // 4^floor((L-k)/3)
  kLinearSize,        // ceil(sqrt(p alpha) / lg n)
  kLinearSizeBumped,  // ceil(sqrt(alpha) + sqrt(p alpha) / lg n)
  kModular,           // ceil(sqrt p)
  kFull,              // p
  kConstant,          // c
  kCustom,            // L+1 values
};

// Every profile with its CLI/YAML name, in a fixed order.
const std::vector<CapacityProfile>& all_capacity_profiles();
std::string_view to_string(CapacityProfile profile);
// Throws InputError listing the valid names when `name` is not one.
CapacityProfile parse_capacity_profile(std::string_view name);

// The parameters of a profile; which ones apply depends on the profile.
struct CapacityParams {
  CapacityProfile profile = CapacityProfile::kLinearSize;
  std::optional<std::uint64_t> root_capacity;  // w, universal and area-universal
  std::uint64_t alpha = 1;                     // processor area, linear-size profiles
  std::uint64_t constant = 1;                  // c, constant profile
  std::vector<std::uint64_t> custom;           // custom profile, indexed by k = 0..L
};

// cap(k) for k = 0..L on n = 2^L processors. Throws InputError (one sentence naming the
// allowed range) when the parameters do not fit the profile or the size.
std::vector<std::uint64_t> compute_capacities(const CapacityParams& params, std::uint64_t n);

// The root capacity a profile uses when none is given: the smallest allowed w.
std::uint64_t default_root_capacity(CapacityProfile profile, std::uint64_t n);

}  // namespace ftvlsi
