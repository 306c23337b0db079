#include "ftvlsi/io/booksim_writer.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <filesystem>
#include <map>
#include <utility>
#include <vector>

#include "ftvlsi/core/error.hpp"
#include "ftvlsi/core/version.hpp"
#include "ftvlsi/io/atomic_file.hpp"

namespace ftvlsi {
namespace {

// Each router's neighbours with the least latency of the wires to them, in router order.
std::vector<std::map<std::uint32_t, std::uint32_t>> neighbours(const LatencyGraph& g) {
  std::vector<std::map<std::uint32_t, std::uint32_t>> out(g.routers());
  for (std::size_t i = 0; i < g.links(); ++i) {
    const std::uint32_t a = g.link_a[i], b = g.link_b[i], l = g.link_latency[i];
    FTVLSI_ASSERT(a != b && l >= 1);
    for (const auto& [from, to] : {std::pair{a, b}, std::pair{b, a}}) {
      auto [it, fresh] = out[from].try_emplace(to, l);
      if (!fresh) it->second = std::min(it->second, l);
    }
  }
  return out;
}

// Streams the anynet lines to `sink`, one router at a time.
template <class Sink>
void anynet_lines(const LatencyGraph& g, Sink&& sink) {
  std::vector<std::vector<std::uint32_t>> held(g.routers());
  for (std::uint32_t p = 0; p < g.processors(); ++p) held[g.processor_router[p]].push_back(p);
  const auto next = neighbours(g);
  std::string line;
  for (std::uint32_t r = 0; r < g.routers(); ++r) {
    line = fmt::format("router {}", r);
    for (const std::uint32_t p : held[r]) fmt::format_to(std::back_inserter(line), " node {}", p);
    for (const auto& [s, l] : next[r])
      fmt::format_to(std::back_inserter(line), " router {} {}", s, l);
    line += '\n';
    sink(line);
  }
}

std::uint32_t max_latency(const LatencyGraph& g) {
  std::uint32_t m = 1;
  for (const std::uint32_t l : g.link_latency) m = std::max(m, l);
  return m;
}

}  // namespace

std::string booksim_config_path(const std::string& network_path) {
  return network_path + ".config";
}

std::string booksim_network_text(const LatencyGraph& graph) {
  std::string out;
  anynet_lines(graph, [&](std::string_view line) { out += line; });
  return out;
}

std::string booksim_config_text(const ExportRun& run, std::string_view network_file_name) {
  const LatencyGraph& g = run.graph;
  // A channel of L cycles needs about 2L + 2 flits of buffer per VC to run at full rate (the
  // credit comes back after another L cycles); shallower buffers would cap the throughput.
  const std::uint32_t buffer = std::max<std::uint32_t>(8, 2 * max_latency(g) + 2);
  std::string s;
  auto line = [&](std::string_view text) {
    s += text;
    s += '\n';
  };
  line(fmt::format(
      "// BookSim2 configuration written by ftvlsi {} (docs/export.md): a {} of {} processors,",
      version(), g.kind, g.processors()));
  line(fmt::format("// {} routers and {} links, latencies measured from its drawn layout.",
                   g.routers(), g.links()));
  if (run.mean_zero_load_latency)
    line(fmt::format(
        "// Mean zero-load latency over the links: {} cycles, plus each hop's router delay.",
        *run.mean_zero_load_latency));
  line(fmt::format("// Run it in the folder that holds both files: booksim {}.config",
                   network_file_name));
  line("topology = anynet;");
  line(fmt::format("network_file = {};", network_file_name));
  line("// Shortest paths by latency, one path per pair (BookSim2's min_anynet).");
  line("routing_function = min;");
  line("traffic = uniform;");
  line("packet_size = 1;");
  line("// Offered load in flits per node per cycle. Sweep it from the command line, e.g.");
  line(fmt::format(
      "//   for r in 0.01 0.02 0.05 0.1 0.2; do booksim {}.config injection_rate=$r; done",
      network_file_name));
  line("// and stop where BookSim2 reports the network saturated.");
  line("injection_rate = 0.01;");
  line("num_vcs = 2;");
  line(fmt::format("// At least 2 L + 2 flits for the longest channel (L = {} cycles).",
                   max_latency(g)));
  line(fmt::format("vc_buf_size = {};", buffer));
  line("sim_type = latency;");
  line("sample_period = 10000;");
  return s;
}

void write_booksim(const ExportRun& run, const std::string& path) {
  const std::string name = std::filesystem::path(path).filename().string();
  AtomicFile network(path);
  anynet_lines(run.graph, [&](std::string_view line) { network.write(line); });
  AtomicFile config(booksim_config_path(path));
  config.write(booksim_config_text(run, name));
  network.commit();
  config.commit();
}

}  // namespace ftvlsi
