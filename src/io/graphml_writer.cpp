#include "ftvlsi/io/graphml_writer.hpp"

#include <fmt/format.h>

#include <array>
#include <string_view>
#include <utility>

#include "ftvlsi/core/version.hpp"
#include "ftvlsi/io/atomic_file.hpp"
#include "xml_text.hpp"

namespace ftvlsi {
namespace {

// One edge's attributes, shared by both formats.
struct EdgeData {
  std::uint64_t length, capacity;
  std::uint32_t latency;
  std::string_view kind;
  double timed;  // the length its delay is computed from: `length`, or a cable's straight span
};

// A wire's length in mm and its delay in ns, under a technology or a transit timing; "" without.
std::pair<double, double> physical(const LatencyRule& rule, const EdgeData& e) {
  if (rule.timing) {
    const double mm = rule.timing->packaging.grid_mm;
    return {mm * static_cast<double>(e.length),
            mm * e.timed / (10 * rule.timing->signal_cm_per_ns)};
  }
  const Technology& t = *rule.technology;
  return {t.mm(static_cast<double>(e.length)), t.wire_ns(e.timed)};
}

std::string_view wire_kind(const LatencyGraph& g, std::size_t link) {
  return g.link_is_mesh[link] ? "mesh" : "tree";
}

// Calls edge(source id, target id, data) for every processor wire, then every link; a directed
// graph's from the wire's sender to its receiver.
template <class F>
void for_each_edge(const LatencyGraph& g, const LatencyRule& rule, F&& edge) {
  auto processor_wire = [&](std::uint32_t p) {
    const auto l = g.processor_wire[p];
    return EdgeData{l, g.processor_capacity, 1, "processor", static_cast<double>(l)};
  };
  if (g.directed) {
    for (const auto& w : g.processor_inject)
      edge(fmt::format("p{}", w.processor), fmt::format("r{}", w.router),
           processor_wire(w.processor));
    for (const auto& w : g.processor_eject)
      edge(fmt::format("r{}", w.router), fmt::format("p{}", w.processor),
           processor_wire(w.processor));
  } else {
    for (std::uint32_t p = 0; p < g.processors(); ++p)
      edge(fmt::format("p{}", p), fmt::format("r{}", g.processor_router[p]), processor_wire(p));
  }
  const bool straight = rule.timing && rule.timing->straight && !g.link_straight.empty();
  for (std::size_t i = 0; i < g.links(); ++i)
    edge(fmt::format("r{}", g.link_a[i]), fmt::format("r{}", g.link_b[i]),
         EdgeData{g.link_length[i], g.link_capacity[i], g.link_latency[i], wire_kind(g, i),
                  straight ? g.link_straight[i] : static_cast<double>(g.link_length[i])});
}

// Calls node(id, kind, level, position) for every router, then every processor.
template <class F>
void for_each_node(const LatencyGraph& g, F&& node) {
  for (std::uint32_t r = 0; r < g.routers(); ++r)
    node(fmt::format("r{}", r), g.router_kind, g.router_level[r], g.router_position[r]);
  for (std::uint32_t p = 0; p < g.processors(); ++p)
    node(fmt::format("p{}", p), "processor", 0, g.processor_position[p]);
}

constexpr std::array<std::array<std::string_view, 3>, 10> kKeys{{
    {"kind", "node", "string"},
    {"level", "node", "int"},
    {"x", "node", "long"},
    {"y", "node", "long"},
    {"z", "node", "long"},
    {"length", "edge", "long"},
    {"latency", "edge", "int"},
    {"capacity", "edge", "int"},
    {"wire", "edge", "string"},
    {"network", "graph", "string"},
}};

void graphml_head(const ExportRun& run, AtomicFile& f) {
  f.write(
      "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
      "<graphml xmlns=\"http://graphml.graphdrawing.org/xmlns\" "
      "xmlns:xsi=\"http://www.w3.org/2001/XMLSchema-instance\" "
      "xsi:schemaLocation=\"http://graphml.graphdrawing.org/xmlns "
      "http://graphml.graphdrawing.org/xmlns/1.0/graphml.xsd\">\n");
  f.write(fmt::format("  <!-- written by ftvlsi {} (docs/export.md) -->\n", version()));
  for (const auto& [name, domain, type] : kKeys)
    f.write(fmt::format("  <key id=\"{0}\" for=\"{1}\" attr.name=\"{0}\" attr.type=\"{2}\"/>\n",
                        name, domain, type));
  f.write(
      "  <key id=\"processors\" for=\"graph\" attr.name=\"processors\" attr.type=\"long\"/>\n"
      "  <key id=\"mean_zero_load_latency_cycles\" for=\"graph\" "
      "attr.name=\"mean_zero_load_latency_cycles\" attr.type=\"double\"/>\n");
  if (run.rule.technology || run.rule.timing) {
    f.write(
        "  <key id=\"length_mm\" for=\"edge\" attr.name=\"length_mm\" attr.type=\"double\"/>\n"
        "  <key id=\"delay_ns\" for=\"edge\" attr.name=\"delay_ns\" attr.type=\"double\"/>\n");
    f.write(run.rule.timing
                ? "  <key id=\"timing\" for=\"graph\" attr.name=\"timing\" attr.type=\"string\"/>\n"
                : "  <key id=\"technology\" for=\"graph\" attr.name=\"technology\" "
                  "attr.type=\"string\"/>\n");
    f.write(
        "  <key id=\"clock_mhz\" for=\"graph\" attr.name=\"clock_mhz\" attr.type=\"double\"/>\n");
  } else {
    f.write(
        "  <key id=\"cycle_length\" for=\"graph\" attr.name=\"cycle_length\" "
        "attr.type=\"double\"/>\n"
        "  <key id=\"delay\" for=\"graph\" attr.name=\"delay\" attr.type=\"string\"/>\n");
  }
}

void graphml_graph_data(const ExportRun& run, AtomicFile& f) {
  auto data = [&](std::string_view key, const std::string& value) {
    f.write(fmt::format("    <data key=\"{}\">{}</data>\n", key, xml_escape(value)));
  };
  data("network", run.graph.kind);
  data("processors", fmt::format("{}", run.graph.processors()));
  if (run.mean_zero_load_latency)
    data("mean_zero_load_latency_cycles", fmt::format("{}", *run.mean_zero_load_latency));
  if (run.rule.timing) {
    data("timing", run.rule.timing_file.empty() ? "default" : run.rule.timing_file);
    data("clock_mhz", fmt::format("{}", run.rule.timing->clock_mhz));
  } else if (run.rule.technology) {
    data("technology", run.rule.technology->name);
    data("clock_mhz", fmt::format("{}", run.rule.technology->clock_mhz));
  } else {
    data("cycle_length", fmt::format("{}", run.rule.cycle_length));
    data("delay", run.rule.delay.name());
  }
}

}  // namespace

void write_graphml(const ExportRun& run, const std::string& path) {
  AtomicFile f(path);
  graphml_head(run, f);
  f.write(fmt::format("  <graph id=\"G\" edgedefault=\"{}\">\n",
                      run.graph.directed ? "directed" : "undirected"));
  graphml_graph_data(run, f);
  const bool timed = run.rule.technology || run.rule.timing;
  for_each_node(run.graph, [&](const std::string& id, std::string_view kind, int level,
                               const std::array<std::int64_t, 3>& at) {
    f.write(fmt::format(
        "    <node id=\"{}\"><data key=\"kind\">{}</data><data key=\"level\">{}</data>"
        "<data key=\"x\">{}</data><data key=\"y\">{}</data><data key=\"z\">{}</data></node>\n",
        id, kind, level, at[0], at[1], at[2]));
  });
  for_each_edge(
      run.graph, run.rule, [&](const std::string& a, const std::string& b, const EdgeData& e) {
        std::string measured;
        if (timed) {
          const auto [mm, ns] = physical(run.rule, e);
          measured = fmt::format(
              "<data key=\"length_mm\">{}</data><data key=\"delay_ns\">{}</data>", mm, ns);
        }
        f.write(
            fmt::format("    <edge source=\"{}\" target=\"{}\"><data key=\"length\">{}</data>"
                        "<data key=\"latency\">{}</data><data key=\"capacity\">{}</data>"
                        "<data key=\"wire\">{}</data>{}</edge>\n",
                        a, b, e.length, e.latency, e.capacity, e.kind, measured));
      });
  f.write("  </graph>\n</graphml>\n");
  f.commit();
}

void write_export_dot(const ExportRun& run, const std::string& path) {
  AtomicFile f(path);
  const bool timed = run.rule.technology || run.rule.timing;
  const bool directed = run.graph.directed;
  f.write(fmt::format("// {} of {} processors, written by ftvlsi {} (docs/export.md)\n",
                      run.graph.kind, run.graph.processors(), version()));
  f.write(directed ? "digraph ftvlsi {\n" : "graph ftvlsi {\n");
  for_each_node(run.graph, [&](const std::string& id, std::string_view kind, int level,
                               const std::array<std::int64_t, 3>& at) {
    f.write(fmt::format("  {} [kind={}, level={}, x={}, y={}, z={}];\n", id, kind, level, at[0],
                        at[1], at[2]));
  });
  for_each_edge(
      run.graph, run.rule, [&](const std::string& a, const std::string& b, const EdgeData& e) {
        std::string measured;
        if (timed) {
          const auto [mm, ns] = physical(run.rule, e);
          measured = fmt::format(", length_mm={}, delay_ns={}", mm, ns);
        }
        f.write(fmt::format("  {} {} {} [length={}, latency={}, capacity={}, wire={}{}];\n", a,
                            directed ? "->" : "--", b, e.length, e.latency, e.capacity, e.kind,
                            measured));
      });
  f.write("}\n");
  f.commit();
}

}  // namespace ftvlsi
