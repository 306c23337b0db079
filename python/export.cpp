// ftvlsi.export and its result (docs/python.md, docs/export.md): `ftvlsi export`'s parameters as
// keyword arguments or a dict, the file written as the CLI writes it, and the JSON summary's
// figures as attributes; to_json() is the CLI's document.
#include <fmt/format.h>
#include <pybind11/stl.h>

#include <memory>

#include "ftvlsi/io/export_json.hpp"
#include "ftvlsi/io/layout_spec.hpp"
#include "ftvlsi/network/capacity.hpp"
#include "ftvlsi/report/export_job.hpp"
#include "params.hpp"
#include "results.hpp"
#include "signature.hpp"

namespace ftvlsi::python {
namespace {

// ftvlsi.export's keyword parameters: `ftvlsi export`'s flags (signature.hpp). The defaults are
// a default ExportSpec's; the network's are a default LayoutSpec's, as in ftvlsi.layout.
std::vector<Param> export_params() {
  const ExportSpec d;
  const auto& tree = std::get<FatTreeParams>(d.layout.network);
  const py::object none = py::none();
  std::string formats;
  for (const auto f : export_formats())
    formats += (formats.empty() ? "" : " or ") + std::string(to_string(f));
  return {
      {"format", "str", py::str(std::string(to_string(d.format))), "the file format: " + formats},
      {"out", "path", none, "the file to write (booksim also writes OUT.config); required"},
      {"network", "str", py::str(std::string(network_kind_name(d.layout.network))),
       "the network: " + layout_network_kinds(" or ") + ", or transit (DeHon's)"},
      {"network_file", "path", none, "the network file, with network='file'"},
      {"processors", "int", py::int_(tree.processors), "the number of processors"},
      {"capacity", "str", none,
       fmt::format("a fat-tree's capacity profile: {}; None: {}", capacity_profile_names(),
                   to_string(tree.capacity.profile))},
      {"root_capacity", "int", none, "the root channel's capacity w in wires (universal profiles)"},
      {"alpha", "int or 'technology'", none, "the processor area in grid units²"},
      {"constant", "int", none, "every channel's capacity in wires (constant profile)"},
      {"capacities", "list of int", none, "a custom profile: cap(0), ..., cap(L) in wires"},
      {"parents", "list of int", none, "butterfly networks: parents per switch (1, 2 or 4)"},
      {"mesh_diagonals", "bool", py::bool_(false), "a fat-pyramid: diagonal mesh wires too"},
      {"style", "str", none, "the layout style the wires are measured on; None: the network's own"},
      {"seed", "int", py::int_(d.layout.seed), "the random seed"},
      {"technology", "path", none,
       "a technology file: each link's delay in ns times its clock, in cycles (at least 1)"},
      {"delay", "str", none,
       "without a technology: the delay model of a wire's length; None: linear"},
      {"cycle_length", "float", py::float_(d.rule.cycle_length),
       "without a technology: grid units of delay per cycle"},
      {"composition", "str", none, "transit: 4K, 256K, 12K, 768K or custom"},
      {"leaf", "str", none, "transit custom: the leaf clusters"},
      {"stages", "int", none, "transit custom: unit-tree stages above the leaves"},
      {"rn1", "str", none, "transit: the RN1 configuration (dilation-2 or dual-4x4)"},
      {"wiring", "str", none, "transit: redundant paths wired random or deterministic"},
      {"timing", "path", none, "transit: the technology and timing spec (YAML)"},
  };
}

struct Export {
  ExportRun run;
};

// The files `out` and `timing` may be given as paths too.
py::kwargs with_paths(const py::kwargs& kw) {
  py::kwargs out;
  const py::object path_like = py::module_::import("os").attr("PathLike");
  for (const auto& [k, v] : kw) {
    const bool file =
        py::str(k).cast<std::string>() == "out" || py::str(k).cast<std::string>() == "timing";
    out[k] = file && py::isinstance(v, path_like) ? py::module_::import("os").attr("fspath")(v)
                                                  : py::reinterpret_borrow<py::object>(v);
  }
  return out;
}

std::shared_ptr<Export> run(const py::object& spec_arg, const py::kwargs& kw) {
  static const std::vector<std::string> names = param_names(export_params());
  Params p = params_of("export", spec_arg, with_paths(kw), names,
                       {{"kind", "network"}, {"file", "network_file"}});
  ExportOptions o;
  SpecOverrides& n = o.network;
  o.format = take(p, "format"), o.out = take(p, "out");
  n.network = take(p, "network"), n.network_file = take(p, "network_file");
  n.processors = take(p, "processors"), n.capacity = take(p, "capacity");
  n.root_capacity = take(p, "root_capacity"), n.alpha = take(p, "alpha");
  n.constant = take(p, "constant"), n.capacities = take(p, "capacities");
  n.parents = take(p, "parents"), n.mesh_diagonals = truthy(take(p, "mesh_diagonals"));
  n.style = take(p, "style"), n.seed = take(p, "seed"), n.technology = take(p, "technology");
  o.delay = take(p, "delay"), o.cycle_length = take(p, "cycle_length");
  o.composition = take(p, "composition"), o.leaf = take(p, "leaf");
  o.stages = take(p, "stages"), o.rn1 = take(p, "rn1"), o.wiring = take(p, "wiring");
  o.timing = take(p, "timing");
  require_used("export", p);
  const ExportSpec spec = export_spec(o);  // no JSON file: the result carries the summary
  auto out = std::make_shared<Export>();
  Interruptible computing;
  out->run = run_export(spec);
  return out;
}

}  // namespace

void bind_export(py::module_& m) {
  using E = Export;
  py::class_<E, std::shared_ptr<E>> c(
      m, "ExportResult", "A network written with its measured link latencies (docs/export.md).");
  c.def_property_readonly("format", [](const E& e) { return std::string(to_string(e.run.format)); })
      .def_property_readonly("network", [](const E& e) { return e.run.graph.kind; })
      .def_property_readonly("routers", [](const E& e) { return e.run.graph.routers(); })
      .def_property_readonly("nodes", [](const E& e) { return e.run.graph.processors(); })
      .def_property_readonly("links", [](const E& e) { return e.run.graph.links(); })
      .def_property_readonly("latency_histogram",
                             [](const E& e) { return e.run.latency_histogram; })
      .def_property_readonly("mean_zero_load_latency_cycles",
                             [](const E& e) { return e.run.mean_zero_load_latency; })
      .def_property_readonly("cycle_length",
                             [](const E& e) -> std::optional<double> {
                               if (e.run.rule.technology || e.run.rule.timing) return std::nullopt;
                               return e.run.rule.cycle_length;
                             })
      .def_property_readonly("out", [](const E& e) { return e.run.out; });
  def_document_methods<E>(c, "ExportResult", "export", [](const E& e) {
    return export_json(e.run);
  }).def("__repr__", [](const E& e) -> std::string {
    return repr_of("ExportResult", {{"format", py::str(std::string(to_string(e.run.format)))},
                                    {"network", py::str(e.run.graph.kind)},
                                    {"routers", py::int_(e.run.graph.routers())},
                                    {"nodes", py::int_(e.run.graph.processors())},
                                    {"links", py::int_(e.run.graph.links())},
                                    {"mean_zero_load_latency_cycles",
                                     e.run.mean_zero_load_latency
                                         ? py::object(py::float_(*e.run.mean_zero_load_latency))
                                         : py::object(py::none())}});
  });
  def_job<23>(m, "export", &run, export_params(),
              "Write a network with its measured link latencies for BookSim2, networkx or DOT, as "
              "`ftvlsi export` does.",
              "ExportResult\n    The routers, nodes and links written, the latency histogram and "
              "the mean zero-load latency in cycles.");
}

}  // namespace ftvlsi::python
