// ftvlsi.decompose and ftvlsi.route and their results (docs/python.md): the parameters of
// `ftvlsi decompose` and `ftvlsi route`, parsed by the same io/ parsers as the CLI's flags.
#include <memory>

#include "ftvlsi/io/decompose_json.hpp"
#include "ftvlsi/io/decompose_spec.hpp"
#include "ftvlsi/io/graph_file.hpp"
#include "ftvlsi/io/numbers.hpp"
#include "ftvlsi/io/options.hpp"
#include "ftvlsi/io/route_json.hpp"
#include "ftvlsi/io/spec_overrides.hpp"
#include "ftvlsi/network/competing.hpp"
#include "ftvlsi/report/decompose_job.hpp"
#include "ftvlsi/report/route_job.hpp"
#include "params.hpp"
#include "results.hpp"
#include "signature.hpp"

namespace ftvlsi::python {
namespace {

struct Decompose {
  Params given;
  DecomposeSpec spec;
  DecomposeRun run;
  std::string json() const { return decompose_json(spec, run); }
};

// ftvlsi.decompose's keyword parameters: `ftvlsi decompose`'s flags, the defaults a default
// DecomposeSpec's.
std::vector<Param> decompose_params() {
  const DecomposeSpec d;
  const py::object none = py::none();
  return {
      {"spec", "path", none, "a YAML decompose spec; the other parameters override it"},
      {"network", "str", py::str(d.network),
       "the competing network: " + competing_kind_list(" or ")},
      {"processors", "int", py::int_(d.processors), "the competing network's processors"},
      {"network_file", "path", none, "the network file, with network='file'"},
      {"host_processors", "int", none,
       "the fat-tree's leaves; None: the least power of two >= processors"},
      {"host_capacity", "str", none,
       fmt::format("the fat-tree's capacity profile: {}; None: {} (a 3D network: Leiserson's "
                   "volume-universal host, Theorem 10)",
                   capacity_profile_names(), to_string(d.host_capacity.profile))},
      {"host_alpha", "int", none,
       "the fat-tree's processor area in grid units²; None: the network's layout area over the "
       "fat-tree's leaves"},
      {"mapping", "str", py::str(std::string(to_string(d.mapping))),
       "how processors map onto leaves: " + names_of(kMappingKindNames, " or ")},
      {"mapping_in", "path", none, "read the mapping ('processor leaf' lines) instead"},
      {"cut_on", "str", py::str(std::string(cut_on_name(d.cut_layout))),
       "cut the network's own channel layout ('layout') or its placement grid ('placement')"},
      {"coordinates", "path", none,
       "the graph's geometry: a Scotch .xyz or METIS 'x y [z]' file; None: computed"},
      {"graph_format", "str", none,
       "the network file's format: " + names_of(kGraphFormats, " or ") +
           "; None: from its extension"},
      {"seed", "int", py::int_(d.seed), "the random seed"},
  };
}

// The same options as `ftvlsi decompose`, by the same names; decompose_spec builds the spec for
// both. Python writes no files, so the spec file's outputs are dropped.
std::shared_ptr<Decompose> decompose_of(Params p) {
  auto out = std::make_shared<Decompose>();
  out->given = p;
  DecomposeOptions o;
  o.spec = take(p, "spec");
  o.network = take(p, "network"), o.processors = take(p, "processors");
  o.network_file = take(p, "network_file"), o.host_processors = take(p, "host_processors");
  o.host_capacity = take(p, "host_capacity"), o.host_alpha = take(p, "host_alpha");
  o.mapping = take(p, "mapping"), o.mapping_in = take(p, "mapping_in");
  o.cut_on = take(p, "cut_on"), o.seed = take(p, "seed");
  o.coordinates = take(p, "coordinates"), o.graph_format = take(p, "graph_format");
  require_used("decompose", p);
  DecomposeSpec& s = out->spec;
  s = decompose_spec(o, FrontEnd::kPython);
  s.json = s.dot = s.svg = s.mapping_out = s.messages_out = std::nullopt;
  s.export_scotch = s.export_metis = s.network_out = s.export_xyz = std::nullopt;
  Interruptible computing;
  out->run = run_decompose(s);
  return out;
}

std::shared_ptr<Decompose> decompose(const py::object& spec_arg, const py::kwargs& kw) {
  static const std::vector<std::string> names = param_names(decompose_params());
  return decompose_of(
      params_of("decompose", spec_arg, kw, names, {{"kind", "network"}, {"file", "network_file"}}));
}

// A per-level array of a result, a numpy view (params.hpp) documented `doc`.
template <class T, class Get>
void def_array(py::class_<T, std::shared_ptr<T>>& c, const char* name, Get get,
               const std::string& doc) {
  c.def_property_readonly(
      name, [get](py::object self) { return view(get(self.cast<const T&>()), self); }, doc.c_str());
}

void bind_decompose(py::module_& m) {
  using D = Decompose;
  py::class_<D, std::shared_ptr<D>> c(m, "DecomposeResult",
                                      "Cutting-plane and balanced trees, mapping and loads.");
  c.def_property_readonly(
       "network", [](const D& d) { return d.run.net.kind; }, "str: the competing network's kind")
      .def_property_readonly(
          "processors", [](const D& d) { return d.run.net.processors(); },
          "int: the competing network's processors")
      .def_property_readonly(
          "depth", [](const D& d) { return d.run.tree.depth; },
          "int: the cutting-plane tree's depth r, in levels")
      .def_property_readonly(
          "load_factor", [](const D& d) { return d.run.loads.load_factor; },
          "float: the one-step message set's load factor λ on the fat-tree, the most messages "
          "per wire of a channel")
      .def_property_readonly(
          "within_bound", [](const D& d) { return d.run.balanced.within_bound(); },
          "bool: the balanced tree's cuts are within Theorem 8's bound at every level")
      .def_property_readonly(
          "max_imbalance", [](const D& d) { return d.run.balanced.max_imbalance; },
          "int: the largest |blacks(A) - blacks(B)| of a split, processors")
      .def_property_readonly(
          "max_strings", [](const D& d) { return d.run.balanced.max_strings; },
          "int: the most pearl strings in one piece");
  const std::string per_level = "numpy.ndarray of int64: ";
  def_array(
      c, "bandwidth_by_level", [](const D& d) -> auto& { return d.run.tree.bandwidth_by_level; },
      per_level + "the cutting-plane tree's largest cut at each level (0 = the root), wires");
  def_array(
      c, "balanced_bandwidth_by_level",
      [](const D& d) -> auto& { return d.run.balanced.bandwidth_by_level; },
      per_level + "the balanced tree's largest cut at each level (0 = the root), wires");
  def_array(
      c, "balanced_bound_by_level",
      [](const D& d) -> auto& { return d.run.balanced.bound_by_level; },
      per_level + "Theorem 8's bound on the balanced tree's cuts at each level, wires");
  def_array(
      c, "host_capacities", [](const D& d) -> auto& { return d.run.host_capacities; },
      per_level + "the fat-tree's capacities cap(k), k = 0 (the root) .. L, wires");
  def_array(
      c, "max_load_by_level", [](const D& d) -> auto& { return d.run.loads.max_load_by_level; },
      per_level + "the most messages on one channel of each level k (0 = the root)");
  def_array(
      c, "leaf", [](const D& d) -> auto& { return d.run.leaf; },
      "numpy.ndarray of int64: the fat-tree leaf of each processor (an index)");
  def_document_methods<D>(c, "DecomposeResult", "decompose", [](const D& d) { return d.json(); })
      .def("__repr__",
           [](const D& d) {
             return repr_of("DecomposeResult",
                            {{"network", py::str(d.run.net.kind)},
                             {"n", py::int_(d.run.net.processors())},
                             {"depth", py::int_(d.run.tree.depth)},
                             {"load_factor", py::float_(d.run.loads.load_factor)},
                             {"within_bound", py::bool_(d.run.balanced.within_bound())}});
           })
      .def(pickled_by_parameters<D>("DecomposeResult", &decompose_of))
      .def("__reduce_ex__", &reduce_ex);
  def_job<13>(m, "decompose", &decompose, decompose_params(),
              "Decompose a competing network by cutting planes and map it onto a fat-tree's "
              "leaves, as `ftvlsi decompose` does.",
              "DecomposeResult\n    The trees' cuts per level, the mapping and the loads.");
}

struct Route {
  Params given;
  RouteRun run;
  std::string json() const { return route_json(run); }
};

// ftvlsi.route's keyword parameters: `ftvlsi route`'s flags, the defaults a default RouteSpec's.
// `lambda` is Python's keyword, so the parameter is `lambda_` (`lambda` in a dict still works).
std::vector<Param> route_params() {
  const RouteSpec d;
  const LayoutSpec host;
  const auto& tree = std::get<FatTreeParams>(host.network);
  const py::object none = py::none();
  std::string patterns;
  for (const auto p : pattern_names()) patterns += (patterns.empty() ? "" : ", ") + std::string(p);
  return {
      {"network", "str", py::str(std::string(network_kind_name(host.network))),
       "the host: fat-tree, butterfly-fat-tree or fat-pyramid"},
      {"processors", "int", py::int_(tree.processors), "the host's processors"},
      {"capacity", "str", none,
       fmt::format("a fat-tree's capacity profile: {}; None: {} (four-way for the adversary)",
                   capacity_profile_names(), to_string(tree.capacity.profile))},
      {"root_capacity", "int", none,
       "the root channel's capacity w in wires (universal profiles); None: the least the "
       "profile allows"},
      {"alpha", "int or 'technology'", none,
       fmt::format("the processor area in grid units² (linear-size profiles); None: {}",
                   tree.capacity.alpha)},
      {"constant", "int", none,
       fmt::format("every channel's capacity in wires (constant profile); None: {}",
                   tree.capacity.constant)},
      {"capacities", "list of int", none, "a custom profile: cap(0), ..., cap(L) in wires"},
      {"parents", "list of int", none,
       "butterfly networks: parents per switch at levels 1 .. m-1; None: 2"},
      {"mesh_diagonals", "bool", py::bool_(false), "a fat-pyramid: diagonal mesh wires too"},
      {"pattern", "str", none,
       fmt::format("the message pattern: {}; None: {} (unless `messages` is given)", patterns,
                   d.pattern.name)},
      {"messages", "path", none, "a message file: 'src dst' lines"},
      {"count", "int", none, "messages of a uniform or hot-spot pattern; None: processors"},
      {"block", "int", py::int_(d.pattern.block), "the local pattern's subtree size, in leaves"},
      {"algorithm", "str", py::str(std::string(to_string(d.algorithm))),
       "the router: " + names_of(kRouteAlgorithmNames, " or ")},
      {"switch", "str", py::str(std::string(to_string(d.policy))),
       "the switch policy: " + names_of(kSwitchPolicyNames, " or ")},
      {"constants", "str", py::str(std::string(to_string(d.constants))),
       "RANDOM's k1, k2: practical (k1 = k2 = r) or proof (Lemma 7)"},
      {"k1", "float", none, "RANDOM's constant k1 (overrides `constants`)"},
      {"k2", "float", none, "RANDOM's constant k2 (overrides `constants`)"},
      {"offline", "str", py::str(std::string(to_string(d.offline))),
       "the off-line schedule: " + names_of(kOfflineVariantNames, " or ")},
      {"lambda_", "int", py::int_(d.lambda),
       "the adversary: the load factor of Theorem 9's message set"},
      {"max_cycles", "int", py::int_(d.max_cycles), "give up after this many delivery cycles"},
      {"seed", "int", py::int_(d.seed), "the random seed"},
  };
}

// The same options as `ftvlsi route`, by the same names; route_spec builds the spec for both.
std::shared_ptr<Route> route_of(Params p) {
  auto out = std::make_shared<Route>();
  out->given = p;
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
  o.offline = take(p, "offline"), o.lambda = take(p, "lambda_");
  o.max_cycles = take(p, "max_cycles");
  require_used("route", p);
  const RouteSpec s = route_spec(o, FrontEnd::kPython);
  Interruptible computing;
  out->run = run_route(s);
  return out;
}

std::shared_ptr<Route> route(const py::object& spec_arg, const py::kwargs& kw) {
  static const std::vector<std::string> names = param_names(route_params());
  return route_of(
      params_of("route", spec_arg, kw, names, {{"kind", "network"}, {"lambda", "lambda_"}}));
}

void bind_route(py::module_& m) {
  using R = Route;
  py::class_<R, std::shared_ptr<R>> c(m, "RouteResult", "A message set routed cycle by cycle.");
  c.def_property_readonly(
       "messages", [](const R& r) { return r.run.messages.size(); },
       "int: the messages routed, a count")
      .def_property_readonly(
          "load_factor", [](const R& r) { return r.run.load_factor; },
          "float: the message set's load factor λ, the most messages per wire of a channel")
      .def_property_readonly(
          "cycles", [](const R& r) { return r.run.result.cycles; },
          "int: the delivery cycles until every message arrived")
      .def_property_readonly(
          "delivered", [](const R& r) { return r.run.result.delivered; },
          "int: the messages delivered, a count")
      .def_property_readonly(
          "seconds_routing", [](const R& r) { return r.run.seconds_routing; },
          "float: wall-clock seconds the routing took, in seconds (varies run to run; not in "
          "to_dict())")
      .def_property_readonly(
          "algorithm", [](const R& r) { return std::string(to_string(r.run.algorithm)); },
          "str: the router that ran");
  def_array(
      c, "cycle_of", [](const R& r) -> auto& { return r.run.result.cycle_of; },
      "numpy.ndarray of int32: the delivery cycle (from 1) of each message");
  def_array(
      c, "capacities", [](const R& r) -> auto& { return r.run.capacities; },
      "numpy.ndarray of int64: a binary fat-tree's capacities cap(k), k = 0 (the root) .. "
      "L, wires (empty for butterfly networks)");
  def_document_methods<R>(c, "RouteResult", "route", [](const R& r) { return r.json(); })
      .def("__repr__",
           [](const R& r) {
             return repr_of("RouteResult",
                            {{"network", py::str(r.run.host_kind)},
                             {"n", py::int_(r.run.processors)},
                             {"algorithm", py::str(std::string(to_string(r.run.algorithm)))},
                             {"messages", py::int_(r.run.messages.size())},
                             {"load_factor", py::float_(r.run.load_factor)},
                             {"cycles", py::int_(r.run.result.cycles)}});
           })
      .def(pickled_by_parameters<R>("RouteResult", &route_of))
      .def("__reduce_ex__", &reduce_ex);
  def_job<22>(m, "route", &route, route_params(),
              "Route a message set on a fat-tree, butterfly fat-tree or fat-pyramid cycle by "
              "cycle, as `ftvlsi route` does.",
              "RouteResult\n    The delivery cycles, the load factor and each message's cycle.");
}

}  // namespace

void bind_analysis(py::module_& m) {
  bind_decompose(m);
  bind_route(m);
}

}  // namespace ftvlsi::python
