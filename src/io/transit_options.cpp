#include "ftvlsi/io/transit_options.hpp"

#include <fmt/format.h>

#include <cmath>
#include <limits>
#include <string>

#include "ftvlsi/core/error.hpp"
#include "ftvlsi/io/numbers.hpp"

namespace ftvlsi {
namespace {

template <class T, std::size_t N>
T pick(std::string_view text, std::string_view flag, const std::pair<const char*, T> (&names)[N]) {
  std::string valid;
  for (const auto& [name, value] : names) {
    if (text == name) return value;
    valid += valid.empty() ? name : std::string(", ") + name;
  }
  throw InputError(1131, fmt::format("{} must be one of {}, not '{}'", flag, valid, text));
}

}  // namespace

TransitLeaf parse_transit_leaf(std::string_view text) {
  static constexpr std::pair<const char*, TransitLeaf> kNames[] = {
      {"small", TransitLeaf::kSmall},
      {"cluster-12", TransitLeaf::kCluster12},
      {"cluster-48", TransitLeaf::kCluster48},
      {"cluster-192", TransitLeaf::kCluster192}};
  return pick(text, "--leaf", kNames);
}

Locality parse_locality(std::string_view text) {
  static constexpr std::pair<const char*, Locality> kNames[] = {{"uniform", Locality::kUniform},
                                                                {"matched", Locality::kMatched}};
  return pick(text, "--locality", kNames);
}

FaultKind parse_fault_kind(std::string_view text) {
  static constexpr std::pair<const char*, FaultKind> kNames[] = {
      {"router", FaultKind::kRouter}, {"paired", FaultKind::kPaired}, {"link", FaultKind::kLink}};
  return pick(text, "--fault-kind", kNames);
}

Rn1Config parse_rn1_config(std::string_view text) {
  static constexpr std::pair<const char*, Rn1Config> kNames[] = {
      {"dilation-2", Rn1Config::kDilation2}, {"dual-4x4", Rn1Config::kDual4x4}};
  return pick(text, "--rn1", kNames);
}

RedundantWiring parse_redundant_wiring(std::string_view text) {
  static constexpr std::pair<const char*, RedundantWiring> kNames[] = {
      {"random", RedundantWiring::kRandom}, {"deterministic", RedundantWiring::kDeterministic}};
  return pick(text, "--wiring", kNames);
}

double parse_probability(std::string_view text, std::string_view flag) {
  const std::string s(text);
  try {
    std::size_t used = 0;
    const double v = std::stod(s, &used);
    if (used == s.size() && std::isfinite(v) && v >= 0 && v <= 1) return v;
  } catch (const std::exception&) {
  }
  throw InputError(1132, fmt::format("{} must be a probability in [0, 1], not '{}'", flag, text));
}

TransitParams parse_transit_params(const TransitFlags& f, FrontEnd front) {
  // --stages is an int: a larger count is "too large", never wrapped around.
  constexpr std::uint64_t kIntMax = std::numeric_limits<int>::max();
  TransitParams p;
  if (f.composition) p.composition = *f.composition;
  if ((f.leaf || f.stages) && p.composition != "custom")
    throw InputError(1030, fmt::format("{} and {} describe a {} custom; the named ones fix them",
                                       spelled("leaf", front), spelled("stages", front),
                                       spelled("composition", front)));
  if (f.leaf) p.leaf = parse_transit_leaf(*f.leaf);
  if (f.stages)
    p.stages = static_cast<int>(parse_unsigned(*f.stages, spelled("stages", front), kIntMax));
  if (f.rn1) p.rn1 = parse_rn1_config(*f.rn1);
  if (f.wiring) p.wiring = parse_redundant_wiring(*f.wiring);
  if (f.seed) p.seed = parse_unsigned(*f.seed, spelled("seed", front));
  return resolve_composition(p);
}

}  // namespace ftvlsi
