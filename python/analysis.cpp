// ftvlsi.decompose and ftvlsi.route and their results (docs/python.md): the parameters of
// `ftvlsi decompose` and `ftvlsi route`, parsed by the same io/ parsers as the CLI's flags.
#include <memory>

#include "ftvlsi/io/decompose_json.hpp"
#include "ftvlsi/io/decompose_spec.hpp"
#include "ftvlsi/io/numbers.hpp"
#include "ftvlsi/io/options.hpp"
#include "ftvlsi/io/route_json.hpp"
#include "ftvlsi/io/spec_overrides.hpp"
#include "ftvlsi/report/decompose_job.hpp"
#include "ftvlsi/report/route_job.hpp"
#include "params.hpp"

namespace ftvlsi::python {
namespace {

struct Decompose {
  DecomposeSpec spec;
  DecomposeRun run;
};

const std::vector<std::string> kDecomposeParams = {
    "spec",          "network",      "processors", "network_file", "host_processors",
    "host_capacity", "host_alpha",   "mapping",    "mapping_in",   "cut_on",
    "coordinates",   "graph_format", "seed"};

// The same options as `ftvlsi decompose`, by the same names; decompose_spec builds the spec for
// both. Python writes no files, so the spec file's outputs are dropped.
std::shared_ptr<Decompose> decompose(const py::object& spec_arg, const py::kwargs& kw) {
  Params p = params_of("decompose", spec_arg, kw, kDecomposeParams,
                       {{"kind", "network"}, {"file", "network_file"}});
  DecomposeOptions o;
  o.spec = take(p, "spec");
  o.network = take(p, "network"), o.processors = take(p, "processors");
  o.network_file = take(p, "network_file"), o.host_processors = take(p, "host_processors");
  o.host_capacity = take(p, "host_capacity"), o.host_alpha = take(p, "host_alpha");
  o.mapping = take(p, "mapping"), o.mapping_in = take(p, "mapping_in");
  o.cut_on = take(p, "cut_on"), o.seed = take(p, "seed");
  o.coordinates = take(p, "coordinates"), o.graph_format = take(p, "graph_format");
  require_used("decompose", p);
  auto out = std::make_shared<Decompose>();
  DecomposeSpec& s = out->spec;
  s = decompose_spec(o, FrontEnd::kPython);
  s.json = s.dot = s.svg = s.mapping_out = s.messages_out = std::nullopt;
  s.export_scotch = s.export_metis = s.network_out = s.export_xyz = std::nullopt;
  Interruptible computing;
  out->run = run_decompose(s);
  return out;
}

void bind_decompose(py::module_& m) {
  using D = Decompose;
  py::class_<D, std::shared_ptr<D>>(m, "DecomposeResult",
                                    "Cutting-plane and balanced trees, mapping and loads.")
      .def_property_readonly("network", [](const D& d) { return d.run.net.kind; })
      .def_property_readonly("processors", [](const D& d) { return d.run.net.processors(); })
      .def_property_readonly("depth", [](const D& d) { return d.run.tree.depth; })
      .def_property_readonly("load_factor", [](const D& d) { return d.run.loads.load_factor; })
      .def_property_readonly("within_bound",
                             [](const D& d) { return d.run.balanced.within_bound(); })
      .def_property_readonly("max_imbalance",
                             [](const D& d) { return d.run.balanced.max_imbalance; })
      .def_property_readonly("max_strings", [](const D& d) { return d.run.balanced.max_strings; })
      .def_property_readonly("bandwidth_by_level",
                             [](py::object self) {
                               return view(self.cast<const D&>().run.tree.bandwidth_by_level, self);
                             })
      .def_property_readonly("balanced_bandwidth_by_level",
                             [](py::object self) {
                               return view(self.cast<const D&>().run.balanced.bandwidth_by_level,
                                           self);
                             })
      .def_property_readonly("balanced_bound_by_level",
                             [](py::object self) {
                               return view(self.cast<const D&>().run.balanced.bound_by_level, self);
                             })
      .def_property_readonly(
          "host_capacities",
          [](py::object self) { return view(self.cast<const D&>().run.host_capacities, self); })
      .def_property_readonly("max_load_by_level",
                             [](py::object self) {
                               return view(self.cast<const D&>().run.loads.max_load_by_level, self);
                             })
      .def_property_readonly(
          "leaf", [](py::object self) { return view(self.cast<const D&>().run.leaf, self); })
      .def(no_constructor<D>("DecomposeResult", "decompose"))
      .def("to_json",
           no_argument_method<D>("DecomposeResult", "to_json",
                                 [](const D& d) { return decompose_json(d.spec, d.run); }),
           "to_json()\n\nThe same document as `ftvlsi decompose --json`.");
  def_job(m, "decompose", &decompose,
          "Decompose a competing network and map it onto a fat-tree (the parameters of "
          "`ftvlsi decompose`: network, processors, host_capacity, mapping, cut_on, seed, ...).");
}

struct Route {
  RouteRun run;
};

const std::vector<std::string> kRouteParams = {
    "network",    "processors", "capacity",       "root_capacity", "alpha",    "constant",
    "capacities", "parents",    "mesh_diagonals", "pattern",       "messages", "count",
    "block",      "algorithm",  "switch",         "constants",     "k1",       "k2",
    "offline",    "lambda",     "max_cycles",     "seed"};

// The same options as `ftvlsi route`, by the same names; route_spec builds the spec for both.
std::shared_ptr<Route> route(const py::object& spec_arg, const py::kwargs& kw) {
  Params p = params_of("route", spec_arg, kw, kRouteParams, {{"kind", "network"}});
  RouteOptions o;
  o.host.network = take(p, "network"), o.host.processors = take(p, "processors");
  o.host.capacity = take(p, "capacity"), o.host.root_capacity = take(p, "root_capacity");
  o.host.alpha = take(p, "alpha"), o.host.constant = take(p, "constant");
  o.host.capacities = take(p, "capacities"), o.host.parents = take(p, "parents");
  o.host.mesh_diagonals = truthy(take(p, "mesh_diagonals"));
  o.host.seed = take(p, "seed");
  o.messages = take(p, "messages"), o.pattern = take(p, "pattern");
  o.count = take(p, "count"), o.block = take(p, "block");
  o.algorithm = take(p, "algorithm"), o.policy = take(p, "switch");
  o.constants = take(p, "constants"), o.k1 = take(p, "k1"), o.k2 = take(p, "k2");
  o.offline = take(p, "offline"), o.lambda = take(p, "lambda");
  o.max_cycles = take(p, "max_cycles");
  require_used("route", p);
  const RouteSpec s = route_spec(o, FrontEnd::kPython);
  auto out = std::make_shared<Route>();
  Interruptible computing;
  out->run = run_route(s);
  return out;
}

void bind_route(py::module_& m) {
  using R = Route;
  py::class_<R, std::shared_ptr<R>>(m, "RouteResult", "A message set routed cycle by cycle.")
      .def_property_readonly("messages", [](const R& r) { return r.run.messages.size(); })
      .def_property_readonly("load_factor", [](const R& r) { return r.run.load_factor; })
      .def_property_readonly("cycles", [](const R& r) { return r.run.result.cycles; })
      .def_property_readonly("delivered", [](const R& r) { return r.run.result.delivered; })
      .def_property_readonly("algorithm",
                             [](const R& r) { return std::string(to_string(r.run.algorithm)); })
      .def_property_readonly(
          "cycle_of",
          [](py::object self) { return view(self.cast<const R&>().run.result.cycle_of, self); })
      .def_property_readonly(
          "capacities",
          [](py::object self) { return view(self.cast<const R&>().run.capacities, self); })
      .def(no_constructor<R>("RouteResult", "route"))
      .def("to_json",
           no_argument_method<R>("RouteResult", "to_json",
                                 [](const R& v) { return route_json(v.run); }),
           "to_json()\n\nThe same document as `ftvlsi route --json`.");
  def_job(m, "route", &route,
          "Route a message set on a fat-tree, butterfly fat-tree or fat-pyramid (the parameters "
          "of `ftvlsi route`: network, processors, capacity, pattern, algorithm, seed, ...).");
}

}  // namespace

void bind_analysis(py::module_& m) {
  bind_decompose(m);
  bind_route(m);
}

}  // namespace ftvlsi::python
