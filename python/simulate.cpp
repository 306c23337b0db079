// ftvlsi.simulate and ftvlsi.check and their results (docs/python.md): the parameters of
// `ftvlsi simulate` and `ftvlsi check`, parsed by the same io/ parsers as the CLI's flags.
#include <pybind11/stl.h>

#include <array>
#include <memory>
#include <tuple>

#include "ftvlsi/core/version.hpp"
#include "ftvlsi/io/numbers.hpp"
#include "ftvlsi/io/options.hpp"
#include "ftvlsi/io/simulate_report.hpp"
#include "ftvlsi/io/spec_overrides.hpp"
#include "ftvlsi/io/technology_spec.hpp"
#include "ftvlsi/network/competing.hpp"
#include "ftvlsi/report/check.hpp"
#include "ftvlsi/report/check_partial.hpp"
#include "ftvlsi/report/check_spec.hpp"
#include "ftvlsi/report/simulate_job.hpp"
#include "params.hpp"
#include "results.hpp"
#include "signature.hpp"

namespace ftvlsi::python {
namespace {

// ftvlsi.simulate's keyword parameters: `ftvlsi simulate`'s flags (not the sweep's), the defaults
// a default SimulateSpec's. The host's capacity flags, the delay and the switch delay change
// what is decided when they are given (a 3D network's host, a technology's delays), so theirs
// show as None.
std::vector<Param> simulate_params() {
  const SimulateSpec d;
  const py::object none = py::none();
  return {
      {"competing", "str", py::str(d.competing),
       "the competing network R: " + competing_kind_list(" or ")},
      {"processors", "int", py::int_(d.processors), "R's processors"},
      {"network_file", "path", none, "the network file, with competing='file'"},
      {"host", "str", py::str(std::string(to_string(d.host))),
       "the host: fat-tree (H-tree layout; 3D: the volume-universal cube) or fat-pyramid "
       "(fold-and-squash; 3D: the 3D lattice)"},
      {"capacity", "str", none,
       fmt::format("a fat-tree host's capacity profile: {}; None: {} (a 3D R: Theorem 10's "
                   "universal host)",
                   capacity_profile_names(), to_string(d.capacity.profile))},
      {"root_capacity", "int", none, "a fat-tree host's root capacity w in wires"},
      {"alpha", "int or 'technology'", none,
       "the host's processor area in grid units²; None: Greenberg's lg² n"},
      {"constant", "int", none, "every channel's capacity in wires (constant profile)"},
      {"capacities", "list of int", none, "a custom profile: cap(0), ..., cap(L) in wires"},
      {"competing_alpha", "int", none,
       "R's processor area in grid units² (3D: volume, grid units³); None: padded from the "
       "host's until both total areas are equal within [0.8, 1.25]"},
      {"competing_processors", "int", none,
       "a fat-tree host: R's processors when they differ from the host's (processors then "
       "sizes the host; several on a leaf when more); None: processors"},
      {"mesh_diagonals", "bool", py::bool_(d.mesh_diagonals),
       "a fat-pyramid host: diagonal mesh wires too"},
      {"switch_span", "bool", py::bool_(d.switch_span),
       "charge crossing a host switch as wire: half its box's span at each wire end"},
      {"switch_model", "str", py::str(std::string(to_string(d.switch_model))),
       "a 2D fat-tree host's switches: ideal or partial (Pippenger's partial concentrators; a "
       "message with no free path through them is lost and sent again)"},
      {"mapping", "str", py::str(std::string(to_string(d.mapping))),
       "a fat-tree host: " + names_of(kMappingKindNames, " or ")},
      {"algorithm", "str", py::str(std::string(to_string(d.algorithm))),
       "the router: greedy, random, offline (fat-tree host) or random-prime (fat-pyramid)"},
      {"switch", "str", py::str(std::string(to_string(d.policy))),
       "the switch policy: " + names_of(kSwitchPolicyNames, " or ")},
      {"delay", "str", none,
       fmt::format("the wire delay: {}; None: {} (with a technology: its own)",
                   delay_model_forms(" or ", false), d.delay.name())},
      {"data_bits", "int", py::int_(d.data_bits), "data bits per message"},
      {"switch_delay", "float", none,
       fmt::format("the time to pass a switch, in the delay model's time units; None: {} (with "
                   "a technology: its own, ns)",
                   d.switch_delay)},
      {"seed", "int", py::int_(d.seed), "the random seed"},
      {"max_cycles", "int", py::int_(d.max_cycles), "give up after this many delivery cycles"},
      {"technology", "path", none,
       "a technology file: its wire delay, switch delay and clock, so times are in ns"},
  };
}

// The same options as `ftvlsi simulate`, by the same names; simulate_spec builds the spec for
// both.
SimulateSpec simulate_spec(Params& p) {
  SimulateOptions o;
  o.capacity.technology = take(p, "technology");
  o.capacity.capacity = take(p, "capacity"), o.capacity.root_capacity = take(p, "root_capacity");
  o.capacity.alpha = take(p, "alpha"), o.capacity.constant = take(p, "constant");
  o.capacity.capacities = take(p, "capacities");
  o.competing = take(p, "competing"), o.processors = take(p, "processors");
  o.network_file = take(p, "network_file"), o.host = take(p, "host");
  o.competing_alpha = take(p, "competing_alpha");
  o.competing_processors = take(p, "competing_processors");
  o.mesh_diagonals = truthy(take(p, "mesh_diagonals"));
  o.switch_span = truthy(take(p, "switch_span"));
  o.capacity.switch_model = take(p, "switch_model");
  o.mapping = take(p, "mapping"), o.algorithm = take(p, "algorithm");
  o.policy = take(p, "switch"), o.delay = take(p, "delay");
  o.data_bits = take(p, "data_bits"), o.switch_delay = take(p, "switch_delay");
  o.seed = take(p, "seed"), o.max_cycles = take(p, "max_cycles");
  return ftvlsi::simulate_spec(o, FrontEnd::kPython);
}

struct Simulate {
  Params given;
  SimulateResult r;
  std::string json() const { return simulate_json(r); }
};

std::shared_ptr<Simulate> simulate_of(Params p) {
  auto out = std::make_shared<Simulate>();
  out->given = p;
  const SimulateSpec s = simulate_spec(p);
  require_used("simulate", p);
  Interruptible computing;
  out->r = run_simulate(s);
  return out;
}

std::shared_ptr<Simulate> simulate(const py::object& spec_arg, const py::kwargs& kw) {
  static const std::vector<std::string> names = param_names(simulate_params());
  return simulate_of(params_of("simulate", spec_arg, kw, names, {{"network", "competing"}}));
}

py::object opt(const std::optional<double>& v) {
  return v ? py::object(py::float_(*v)) : py::none();
}

void bind_simulate_result(py::module_& m) {
  using S = Simulate;
  py::class_<S, std::shared_ptr<S>> c(m, "SimulateResult",
                                      "One step of a competing network timed on a host.");
  // Times are in the delay model's units: a wire of length d takes w(d), a switch switch_delay
  // (ns with a technology).
  const std::array<std::tuple<const char*, double SimulateResult::*, const char*>, 7> reals{{
      {"slowdown_with_compute", &SimulateResult::slowdown_with_compute,
       "float: max(slowdown, mapping_load), with the shared leaves' computation, a ratio"},
      {"delta_bit_times", &SimulateResult::delta_bit_times,
       "float: δ, the step's delivery time on the host in bit-times"},
      {"cycle_bit_times", &SimulateResult::cycle_bit_times,
       "float: one delivery cycle's time in bit-times (δ / delivery_cycles)"},
      {"area_ratio", &SimulateResult::area_ratio,
       "float: the host's area over R's (volumes in 3D), a ratio"},
      {"load_factor", &SimulateResult::load_factor,
       "float: the one-step message set's load factor λ on the host, messages per wire"},
      {"time_host", &SimulateResult::time_host,
       "float: T_host, the summed slowest round trip of each delivery cycle, in the delay "
       "model's time units (ns with a technology)"},
      {"time_competing", &SimulateResult::time_competing,
       "float: T_R, the slowest round trip over one wire of R's own layout, in the delay "
       "model's time units (ns with a technology)"},
  }};
  for (const auto& [name, member, doc] : reals)
    c.def_property_readonly(
        name, [member = member](const S& s) { return s.r.*member; }, doc);
  const std::array<std::tuple<const char*, std::uint64_t SimulateResult::*, const char*>, 8> counts{
      {
          {"mapping_load", &SimulateResult::mapping_load,
           "int: the most of R's processors on one host leaf"},
          {"processors", &SimulateResult::processors, "int: R's processors"},
          {"host_processors", &SimulateResult::host_processors, "int: the host's processors"},
          {"area_competing", &SimulateResult::area_competing,
           "int: R's layout area in grid units² (3D: volume, grid units³)"},
          {"area_host", &SimulateResult::area_host,
           "int: the host's layout area in grid units² (3D: volume, grid units³)"},
          {"delivery_cycles", &SimulateResult::delivery_cycles,
           "int: the delivery cycles the host needed for the step"},
          {"path_length_max", &SimulateResult::path_length_max,
           "int: the longest path a message took in the host's layout, grid units"},
          {"lost_in_switches", &SimulateResult::lost_in_switches,
           "int: with switch_model='partial', the messages the ideal concentrators would have "
           "passed that found no free path through a switch (0 with ideal switches)"},
      }};
  for (const auto& [name, member, doc] : counts)
    c.def_property_readonly(
        name, [member = member](const S& s) { return s.r.*member; }, doc);
  c.def_property_readonly(
       "host", [](const S& s) { return s.r.host; }, "str: the host, fat-tree or fat-pyramid")
      .def_property_readonly(
          "competing", [](const S& s) { return s.r.competing; }, "str: R's kind")
      .def_property_readonly(
          "slowdown", [](const S& s) { return s.r.slowdown; },
          "float: the slowdown Δ = T_host / T_R, a ratio")
      .def_property_readonly(
          "delay_model", [](const S& s) { return s.r.delay_model; },
          "str: the wire-delay model, as `delay` names it")
      .def_property_readonly(
          "time_host_ns",
          [](const S& s) { return s.r.technology ? opt(s.r.time_host) : py::none(); },
          "float or None: T_host in ns (None without a technology)")
      .def_property_readonly(
          "time_competing_ns",
          [](const S& s) { return s.r.technology ? opt(s.r.time_competing) : py::none(); },
          "float or None: T_R in ns (None without a technology)")
      .def_property_readonly(
          "area_host_mm2",
          [](const S& s) {
            return s.r.technology && s.r.dimensions == 2
                       ? opt(s.r.technology->mm2(static_cast<double>(s.r.area_host)))
                       : py::none();
          },
          "float or None: the host's area in mm² (None without a technology, or in 3D)")
      .def_property_readonly(
          "host_capacities",
          [](py::object self) { return view(self.cast<const S&>().r.host_capacities, self); },
          "numpy.ndarray of int64: a fat-tree host's capacities cap(k), k = 0 (the root) .. L, "
          "wires (empty for a fat-pyramid)");
  def_document_methods<S>(c, "SimulateResult", "simulate", [](const S& v) { return v.json(); })
      .def("__repr__",
           [](const S& s) {
             return repr_of("SimulateResult", {{"competing", py::str(s.r.competing)},
                                               {"host", py::str(s.r.host)},
                                               {"n", py::int_(s.r.processors)},
                                               {"delay", py::str(s.r.delay_model)},
                                               {"cycles", py::int_(s.r.delivery_cycles)},
                                               {"slowdown", py::float_(s.r.slowdown)}});
           })
      .def(pickled_by_parameters<S>("SimulateResult", &simulate_of))
      .def("__reduce_ex__", &reduce_ex);
  def_job<23>(m, "simulate", &simulate, simulate_params(),
              "Time one step of a competing network R on a fat-tree or fat-pyramid host of the "
              "same area, as `ftvlsi simulate` does: the slowdown.",
              "SimulateResult\n    The delivery cycles, the times and the slowdown.");
}

struct Check {
  CheckOptions options;
  std::vector<CheckResult> results;
  std::string json() const { return check_json(results, options); }
};

// ftvlsi.check's keyword parameters: `ftvlsi check`'s (the IDs a list), the defaults a default
// CheckOptions'.
std::vector<Param> check_params() {
  const CheckOptions d;
  const py::object none = py::none();
  return {
      {"ids", "list of str", none, "the check IDs to run (`ftvlsi check --list`); None: all"},
      {"full", "bool", py::bool_(d.full),
       "the larger sweeps (up to 30 minutes) instead of the quick ones"},
      {"seed", "int", py::int_(d.seed), "the random seed"},
      {"technology", "path", none, "a technology file: C1 and C2 judged on its wire delay"},
      {"tiny", "int", none, "cap every size at this many processors, for a quick look"},
      {"jobs", "int", none,
       "measurements run side by side; None: one per hardware thread (fewer where the full "
       "sweeps' memory does not hold them)"},
  };
}

std::shared_ptr<Check> check(const py::object& spec_arg, const py::kwargs& kw) {
  static const std::vector<std::string> names = param_names(check_params());
  Params p = params_of("check", spec_arg, kw, names);
  auto out = std::make_shared<Check>();
  CheckChoices c;
  if (const auto v = take(p, "ids"))
    for (auto id : split_list(*v, ',')) c.ids.emplace_back(id);
  c.full = truthy(take(p, "full"));
  c.seed = take(p, "seed"), c.technology = take(p, "technology"), c.tiny = take(p, "tiny");
  c.jobs = take(p, "jobs");
  require_used("check", p);
  out->options = check_options(c, FrontEnd::kPython);
  const CheckOptions& o = out->options;
  Interruptible computing;
  out->results = run_checks(o);
  return out;
}

// Checks pickle their figures exactly, as a check shard's partial result does
// (report/check_partial.hpp), so unpickling runs nothing.
py::dict check_state(const char* type, const CheckOptions& options,
                     const std::vector<CheckResult>& results) {
  CheckPartial partial;
  partial.options = options;
  partial.options.progress = nullptr;
  for (std::size_t i = 0; i < results.size(); ++i) partial.results.emplace_back(i, results[i]);
  partial.total = results.size();
  py::dict state;
  state["type"] = type;
  state["ftvlsi"] = std::string(version());
  state["partial"] = check_partial_json(partial);
  return state;
}

CheckPartial check_of_state(const char* type, const py::object& state) {
  const auto bad = [type] {
    return InputError(1325, fmt::format("this is not the pickled state of an ftvlsi.{}; "
                                        "unpickle only what pickle.dumps made of one",
                                        type));
  };
  if (!py::isinstance<py::dict>(state)) throw bad();
  const py::dict d = state.cast<py::dict>();
  if (!d.contains("type") || !d.contains("partial") || !py::isinstance<py::str>(d["partial"]) ||
      !py::isinstance<py::str>(d["type"]) || d["type"].cast<std::string>() != type)
    throw bad();
  return parse_check_partial(d["partial"].cast<std::string>(),
                             fmt::format("a pickled ftvlsi.{}", type));
}

// One check's entry of check.json.
py::object verdict_dict(const CheckResult& r) {
  return parsed_json(check_json({r}, CheckOptions{}))["checks"][py::int_(0)];
}

void bind_verdict(py::module_& m) {
  py::class_<CheckResult>(m, "CheckVerdict", "One claim of the papers, measured and judged.")
      .def(py::init([](const py::args&, const py::kwargs&) -> CheckResult {
        not_constructible("CheckVerdict", "check");
      }))
      .def_readonly("id", &CheckResult::id, "str: the check's ID, as `ftvlsi check --list`")
      .def_readonly("claim", &CheckResult::claim, "str: the claim, as the paper states it")
      .def_readonly("source", &CheckResult::source, "str: the paper and the statement")
      .def_property_readonly(
          "verdict", [](const CheckResult& r) { return std::string(to_string(r.verdict)); },
          "str: pass, fail, inconclusive or not-measured")
      .def_property_readonly(
          "sizes",
          [](const CheckResult& r) {
            std::vector<std::int64_t> n;
            if (!r.series.empty())
              for (const auto& pt : r.series.front().points)
                n.push_back(static_cast<std::int64_t>(pt.n));
            return py::array_t<std::int64_t>(static_cast<py::ssize_t>(n.size()), n.data());
          },
          "numpy.ndarray of int64: the sizes measured, processors")
      .def_property_readonly(
          "ratios",
          [](const CheckResult& r) {
            std::vector<double> v;
            if (!r.series.empty())
              for (const auto& pt : r.series.front().points) v.push_back(pt.ratio());
            return py::array_t<double>(static_cast<py::ssize_t>(v.size()), v.data());
          },
          "numpy.ndarray of float64: measured / bound at each size, a ratio")
      .def("to_dict", &verdict_dict,
           "to_dict($self, /)\n--\n\nThe check's entry of check.json as plain dicts and lists.")
      .def("__repr__",
           [](const CheckResult& r) {
             return repr_of("CheckVerdict",
                            {{"id", py::str(r.id)},
                             {"verdict", py::str(std::string(to_string(r.verdict)))},
                             {"source", py::str(r.source)}});
           })
      .def(py::pickle(
          [](const CheckResult& r) {
            return py::object(check_state("CheckVerdict", CheckOptions{}, {r}));
          },
          [](const py::object& state) {
            CheckPartial p = check_of_state("CheckVerdict", state);
            if (p.results.size() != 1)
              throw InputError(1325,
                               "this is not the pickled state of an ftvlsi.CheckVerdict; "
                               "unpickle only what pickle.dumps made of one");
            return std::move(p.results.front().second);
          }))
      .def("__reduce_ex__", &reduce_ex);
}

void bind_check(py::module_& m) {
  using C = Check;
  bind_verdict(m);
  py::class_<C, std::shared_ptr<C>> c(m, "CheckResult",
                                      "The papers' bounds, one verdict per claim.");
  c.def_property_readonly(
       "results", [](const C& c) { return c.results; }, "list of CheckVerdict: one per check")
      .def_property_readonly(
          "passed", [](const C& c) { return summarise(c.results).pass; },
          "int: the checks that pass, a count")
      .def_property_readonly(
          "failed", [](const C& c) { return summarise(c.results).fail; },
          "int: the checks that fail, a count");
  def_document_methods<C>(c, "CheckResult", "check", [](const C& c) { return c.json(); })
      .def("to_markdown",
           no_argument_method<C>("CheckResult", "to_markdown",
                                 [](const C& c) {
                                   return check_markdown(c.results, false) +
                                          check_technology_markdown(c.options);
                                 }),
           "to_markdown($self, /)\n--\n\ncheck.md: the verdicts as Markdown, a str.")
      .def("__repr__",
           [](const C& c) {
             const auto sum = summarise(c.results);
             return repr_of("CheckResult", {{"checks", py::int_(c.results.size())},
                                            {"passed", py::int_(sum.pass)},
                                            {"failed", py::int_(sum.fail)},
                                            {"inconclusive", py::int_(sum.inconclusive)}});
           })
      .def(py::pickle(
          [](const C& c) { return py::object(check_state("CheckResult", c.options, c.results)); },
          [](const py::object& state) {
            CheckPartial p = check_of_state("CheckResult", state);
            auto out = std::make_shared<C>();
            out->options = p.options;
            for (auto& [index, result] : p.results) out->results.push_back(std::move(result));
            return out;
          }))
      .def("__reduce_ex__", &reduce_ex);
  def_job<6>(m, "check", &check, check_params(),
             "Check the papers' bounds with numbers, as `ftvlsi check` does: one verdict per "
             "claim.",
             "CheckResult\n    The verdicts, check.json and check.md.");
}

}  // namespace

void bind_simulate(py::module_& m) {
  bind_simulate_result(m);
  bind_check(m);
}

}  // namespace ftvlsi::python
