#include "ftvlsi/route/transit_routing.hpp"

#include <algorithm>
#include <cmath>

#include "ftvlsi/core/error.hpp"

namespace ftvlsi {

std::string_view to_string(Locality locality) {
  return locality == Locality::kUniform ? "uniform" : "matched";
}

std::string_view to_string(FaultKind kind) {
  switch (kind) {
    case FaultKind::kRouter: return "router";
    case FaultKind::kPaired: return "paired";
    case FaultKind::kLink: return "link";
  }
  return "router";
}

std::vector<double> class_distribution(const TransitShape& shape, Locality locality) {
  const int classes = shape.classes();
  std::vector<double> p(classes, 0.0);
  const double others = static_cast<double>(shape.processors - 1);
  if (locality == Locality::kUniform) {
    for (int c = 0; c < classes; ++c) p[c] = shape.processors_by_class[c] / others;
    return p;
  }
  // P(class > l) = C_l / (2 P_l), P_l the processors below the level-l channel.
  const double unit = static_cast<double>(shape.processors / shape.leaf_units);
  double above_prev = 1.0, below = unit;
  for (int l = 0; l < classes; ++l, below *= 4) {
    const double above =
        l + 1 < classes ? std::min(1.0, shape.connections_by_level[l] / (2.0 * below)) : 0.0;
    p[l] = above_prev - above;
    above_prev = above;
  }
  return p;
}

DestinationSampler::DestinationSampler(const TransitNetwork& net, Locality locality)
    : net_(net), locality_(locality) {
  double sum = 0;
  for (double q : class_distribution(net.shape(), locality)) cumulative_.push_back(sum += q);
  cumulative_.back() = 1.0;
}

std::uint64_t DestinationSampler::draw(std::uint64_t src, SplitMix64& rng) const {
  const std::uint64_t n = net_.processors();
  if (locality_ == Locality::kUniform) {
    const std::uint64_t d = rng.below(n - 1);
    return d >= src ? d + 1 : d;
  }
  const double x = static_cast<double>(rng() >> 11) * 0x1.0p-53;
  const int c = static_cast<int>(
      std::upper_bound(cumulative_.begin(), cumulative_.end(), x) - cumulative_.begin());
  const std::uint64_t unit = n / net_.shape().leaf_units;  // processors per leaf unit
  const std::uint64_t u = net_.leaf_unit(src);
  if (c == 0) {  // another processor of the same cluster
    const std::uint64_t k = rng.below(unit - 1), own = src % unit;
    return u * unit + (k >= own ? k + 1 : k);
  }
  const std::uint64_t sub = 1ull << (2 * (c - 1));  // leaf units per level-(c-1) subtree
  const std::uint64_t base = (u >> (2 * c)) << (2 * c), own = (u >> (2 * (c - 1))) & 3;
  std::uint64_t child = rng.below(3);
  if (child >= own) ++child;
  const std::uint64_t du = base + child * sub + rng.below(sub);
  return du * unit + (unit > 1 ? rng.below(unit) : 0);
}

FaultSet make_faults(const TransitNetwork& net, const FaultSpec& spec, std::uint64_t seed) {
  FaultSet f;
  if (spec.fraction <= 0) return f;
  SplitMix64 rng(seed ^ 0x6661756c7473ull);
  const auto hit = [&] { return static_cast<double>(rng() >> 11) * 0x1.0p-53 < spec.fraction; };
  const std::uint64_t n = net.routers();
  if (spec.kind == FaultKind::kLink) {
    f.mask.blocked_output.assign(n, 0);
    for (std::uint64_t r = 0; r < n; ++r)
      for (int o = 0; o < kRn1Ports; ++o)
        if (net.link(r * kRn1Ports + o) != kNoLink && hit()) {
          f.mask.blocked_output[r] |= static_cast<std::uint8_t>(1u << o);
          ++f.links_failed;
        }
    return f;
  }
  f.mask.dead_router.assign(n, 0);
  const std::uint64_t step = spec.kind == FaultKind::kPaired ? 2 : 1;
  for (std::uint64_t r = 0; r < n; r += step)
    if (hit())
      for (std::uint64_t k = r; k < std::min(n, r + step); ++k) {
        f.mask.dead_router[k] = 1;
        ++f.routers_failed;
      }
  return f;
}

namespace {

// The requests of one trial, listed by source: each processor offers one connection with
// probability `load`, on one of its two network inputs (the low bit of its draw).
void offer(const TransitNetwork& net, const DestinationSampler& dest, double load,
           SplitMix64& rng, std::vector<CircuitRequest>& req) {
  req.clear();
  const auto threshold = static_cast<std::uint64_t>(std::ldexp(load, 53));
  for (std::uint64_t p = 0; p < net.processors(); ++p) {
    const std::uint64_t x = rng();
    if (load >= 1.0 || (x >> 11) < threshold)
      req.push_back({static_cast<std::uint32_t>(p), static_cast<std::uint32_t>(dest.draw(p, rng)),
                     static_cast<std::uint8_t>(x & 1)});
  }
}

void interval(TransitRouteResult& r) {
  const double t = static_cast<double>(r.per_trial.size());
  double mean = 0, var = 0;
  for (double x : r.per_trial) mean += x / t;
  for (double x : r.per_trial) var += (x - mean) * (x - mean);
  const double half = t > 1 ? 1.96 * std::sqrt(var / (t - 1) / t) : 0.0;
  r.ci_low = std::max(0.0, mean - half);
  r.ci_high = std::min(1.0, mean + half);
}

}  // namespace

TransitRouteResult simulate_transit(const TransitNetwork& net, const TransitRouteSpec& spec,
                                    const FaultSet* faults) {
  if (!(spec.load >= 0 && spec.load <= 1))
    throw InputError("--load must be a probability in [0, 1]");
  if (spec.trials < 1) throw InputError("--trials must be at least 1");
  const DestinationSampler dest(net, spec.locality);
  CircuitSwitch<TransitNetwork> sw(net, faults ? &faults->mask : nullptr);
  TransitRouteResult r;
  const int classes = net.shape().classes();
  std::vector<std::uint64_t> delivered_by_class(classes, 0);
  r.offered_by_class.assign(classes, 0);
  std::vector<CircuitRequest> req;
  std::vector<std::uint8_t> ok;
  std::uint64_t stages = 0;
  for (int t = 0; t < spec.trials; ++t) {
    SplitMix64 rng(spec.seed * 0x9E3779B97F4A7C15ull + static_cast<std::uint64_t>(t));
    offer(net, dest, spec.load, rng, req);
    stages += sw.route(req, rng, ok);
    std::uint64_t got = 0;
    for (std::size_t i = 0; i < req.size(); ++i) {
      const int c = net.locality_class(req[i].src, req[i].dst);
      ++r.offered_by_class[c];
      delivered_by_class[c] += ok[i];
      got += ok[i];
    }
    r.offered += req.size();
    r.delivered += got;
    r.per_trial.push_back(req.empty() ? 1.0 : static_cast<double>(got) / req.size());
  }
  r.probability = r.offered ? static_cast<double>(r.delivered) / r.offered : 1.0;
  r.mean_router_stages = r.delivered ? static_cast<double>(stages) / r.delivered : 0.0;
  for (int c = 0; c < classes; ++c)
    r.probability_by_class.push_back(
        r.offered_by_class[c] ? static_cast<double>(delivered_by_class[c]) / r.offered_by_class[c]
                              : -1.0);
  interval(r);
  return r;
}

bool transit_path_exists(const TransitNetwork& net, const FaultMask& faults, std::uint64_t src,
                         std::uint64_t dst) {
  std::vector<std::int64_t> frontier = {net.injection(src, 0), net.injection(src, 1)};
  std::vector<std::uint64_t> seen;
  while (!frontier.empty()) {
    const std::int64_t in = frontier.back();
    frontier.pop_back();
    if (in == kNoLink) continue;
    if (in < 0) return true;  // delivered: the routing rule only delivers to dst
    const auto r = static_cast<std::uint64_t>(in) / kRn1Ports;
    if (!faults.dead_router.empty() && faults.dead_router[r]) continue;
    // In the dual configuration the crossbar an input enters decides what it can reach.
    const std::uint64_t key =
        2 * r + (net.rn1() == Rn1Config::kDual4x4 ? static_cast<std::uint64_t>(in % 8) / 4 : 0);
    if (std::find(seen.begin(), seen.end(), key) != seen.end()) continue;
    seen.push_back(key);
    const auto ch = rn1_choices(net.rn1(), static_cast<int>(in % kRn1Ports),
                                net.direction(r, src, dst));
    for (int k = 0; k < ch.count; ++k)
      if (faults.blocked_output.empty() || !(faults.blocked_output[r] >> ch.outputs[k] & 1))
        frontier.push_back(net.link(r * kRn1Ports + ch.outputs[k]));
  }
  return false;
}

double transit_connectivity(const TransitNetwork& net, const FaultMask& faults, int pairs,
                            std::uint64_t seed) {
  SplitMix64 rng(seed ^ 0x70616972ull);
  int kept = 0;
  for (int k = 0; k < pairs; ++k) {
    const std::uint64_t s = rng.below(net.processors());
    std::uint64_t d = rng.below(net.processors() - 1);
    if (d >= s) ++d;
    kept += transit_path_exists(net, faults, s, d);
  }
  return pairs ? static_cast<double>(kept) / pairs : 1.0;
}

}  // namespace ftvlsi
