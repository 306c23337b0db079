// ftvlsi.export and its result (docs/python.md, docs/export.md): `ftvlsi export`'s parameters as
// keyword arguments or a dict, the file written as the CLI writes it, and the JSON summary's
// figures as attributes; to_json() is the CLI's document.
#include <pybind11/stl.h>

#include <memory>

#include "ftvlsi/io/export_json.hpp"
#include "ftvlsi/report/export_job.hpp"
#include "params.hpp"

namespace ftvlsi::python {
namespace {

const std::vector<std::string> kExportParams = {
    "format",        "out",    "network",    "network_file", "processors",   "capacity",
    "root_capacity", "alpha",  "constant",   "capacities",   "parents",      "mesh_diagonals",
    "style",         "seed",   "technology", "delay",        "cycle_length", "composition",
    "leaf",          "stages", "rn1",        "wiring",       "timing"};

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
  Params p = params_of("export", spec_arg, with_paths(kw), kExportParams,
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
  py::class_<E, std::shared_ptr<E>>(
      m, "ExportResult", "A network written with its measured link latencies (docs/export.md).")
      .def_property_readonly("format",
                             [](const E& e) { return std::string(to_string(e.run.format)); })
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
      .def_property_readonly("out", [](const E& e) { return e.run.out; })
      .def(no_constructor<E>("ExportResult", "export"))
      .def("to_json",
           no_argument_method<E>("ExportResult", "to_json",
                                 [](const E& e) { return export_json(e.run); }),
           "to_json()\n\nThe same document as `ftvlsi export --json`.");
  def_job(m, "export", &run,
          "Write a network with its measured link latencies for BookSim2, networkx or DOT (the "
          "parameters of `ftvlsi export`: format, out, network, processors, technology, delay, "
          "cycle_length, composition, timing, ...).");
}

}  // namespace ftvlsi::python
