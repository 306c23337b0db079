// ftvlsi.simulate and ftvlsi.check and their results (docs/python.md): the parameters of
// `ftvlsi simulate` and `ftvlsi check`, parsed by the same io/ parsers as the CLI's flags.
#include <pybind11/stl.h>

#include <memory>

#include "ftvlsi/io/numbers.hpp"
#include "ftvlsi/io/options.hpp"
#include "ftvlsi/io/simulate_report.hpp"
#include "ftvlsi/io/spec_overrides.hpp"
#include "ftvlsi/io/technology_spec.hpp"
#include "ftvlsi/report/check.hpp"
#include "ftvlsi/report/check_spec.hpp"
#include "ftvlsi/report/simulate_job.hpp"
#include "params.hpp"

namespace ftvlsi::python {
namespace {

const std::vector<std::string> kSimulateParams = {
    "competing",      "processors",   "network_file", "host",       "capacity",
    "root_capacity",  "alpha",        "constant",     "capacities", "competing_alpha",
    "mesh_diagonals", "mapping",      "algorithm",    "switch",     "delay",
    "data_bits",      "switch_delay", "seed",         "max_cycles", "technology",
    "switch_span"};

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
  o.mesh_diagonals = truthy(take(p, "mesh_diagonals"));
  o.switch_span = truthy(take(p, "switch_span"));
  o.mapping = take(p, "mapping"), o.algorithm = take(p, "algorithm");
  o.policy = take(p, "switch"), o.delay = take(p, "delay");
  o.data_bits = take(p, "data_bits"), o.switch_delay = take(p, "switch_delay");
  o.seed = take(p, "seed"), o.max_cycles = take(p, "max_cycles");
  return ftvlsi::simulate_spec(o, FrontEnd::kPython);
}

struct Simulate {
  SimulateResult r;
};

std::shared_ptr<Simulate> simulate(const py::object& spec_arg, const py::kwargs& kw) {
  Params p = params_of("simulate", spec_arg, kw, kSimulateParams, {{"network", "competing"}});
  const SimulateSpec s = simulate_spec(p);
  require_used("simulate", p);
  auto out = std::make_shared<Simulate>();
  Interruptible computing;
  out->r = run_simulate(s);
  return out;
}

py::object opt(const std::optional<double>& v) {
  return v ? py::object(py::float_(*v)) : py::none();
}

void bind_simulate_result(py::module_& m) {
  using S = Simulate;
  py::class_<S, std::shared_ptr<S>>(m, "SimulateResult",
                                    "One step of a competing network timed on a host.")
      .def_property_readonly("host", [](const S& s) { return s.r.host; })
      .def_property_readonly("competing", [](const S& s) { return s.r.competing; })
      .def_property_readonly("processors", [](const S& s) { return s.r.processors; })
      .def_property_readonly("host_processors", [](const S& s) { return s.r.host_processors; })
      .def_property_readonly("area_competing", [](const S& s) { return s.r.area_competing; })
      .def_property_readonly("area_host", [](const S& s) { return s.r.area_host; })
      .def_property_readonly("area_ratio", [](const S& s) { return s.r.area_ratio; })
      .def_property_readonly("load_factor", [](const S& s) { return s.r.load_factor; })
      .def_property_readonly("delivery_cycles", [](const S& s) { return s.r.delivery_cycles; })
      .def_property_readonly("time_host", [](const S& s) { return s.r.time_host; })
      .def_property_readonly("time_competing", [](const S& s) { return s.r.time_competing; })
      .def_property_readonly("slowdown", [](const S& s) { return s.r.slowdown; })
      .def_property_readonly("delay_model", [](const S& s) { return s.r.delay_model; })
      .def_property_readonly("path_length_max", [](const S& s) { return s.r.path_length_max; })
      .def_property_readonly(
          "time_host_ns",
          [](const S& s) { return s.r.technology ? opt(s.r.time_host) : py::none(); })
      .def_property_readonly(
          "time_competing_ns",
          [](const S& s) { return s.r.technology ? opt(s.r.time_competing) : py::none(); })
      .def_property_readonly(
          "area_host_mm2",
          [](const S& s) {
            return s.r.technology && s.r.dimensions == 2
                       ? opt(s.r.technology->mm2(static_cast<double>(s.r.area_host)))
                       : py::none();
          })
      .def_property_readonly(
          "host_capacities",
          [](py::object self) { return view(self.cast<const S&>().r.host_capacities, self); })
      .def(no_constructor<S>("SimulateResult", "simulate"))
      .def("to_json",
           no_argument_method<S>("SimulateResult", "to_json",
                                 [](const S& v) { return simulate_json(v.r); }),
           "to_json()\n\nThe same document as `ftvlsi simulate --json`.");
  def_job(m, "simulate", &simulate,
          "Time a competing network's step on a fat-tree or fat-pyramid (the parameters of "
          "`ftvlsi simulate`: competing, processors, host, delay, technology, seed, ...).");
}

struct Check {
  CheckOptions options;
  std::vector<CheckResult> results;
};

std::shared_ptr<Check> check(const py::object& spec_arg, const py::kwargs& kw) {
  Params p = params_of("check", spec_arg, kw, {"ids", "full", "seed", "technology", "tiny"});
  auto out = std::make_shared<Check>();
  CheckChoices c;
  if (const auto v = take(p, "ids"))
    for (auto id : split_list(*v, ',')) c.ids.emplace_back(id);
  c.full = truthy(take(p, "full"));
  c.seed = take(p, "seed"), c.technology = take(p, "technology"), c.tiny = take(p, "tiny");
  require_used("check", p);
  out->options = check_options(c, FrontEnd::kPython);
  const CheckOptions& o = out->options;
  Interruptible computing;
  out->results = run_checks(o);
  return out;
}

void bind_check(py::module_& m) {
  using C = Check;
  py::class_<CheckResult>(m, "CheckVerdict", "One claim of the papers, measured and judged.")
      .def(py::init([](const py::args&, const py::kwargs&) -> CheckResult {
        not_constructible("CheckVerdict", "check");
      }))
      .def_readonly("id", &CheckResult::id)
      .def_readonly("claim", &CheckResult::claim)
      .def_readonly("source", &CheckResult::source)
      .def_property_readonly("verdict",
                             [](const CheckResult& r) { return std::string(to_string(r.verdict)); })
      .def_property_readonly("sizes",
                             [](const CheckResult& r) {
                               std::vector<std::uint64_t> n;
                               if (!r.series.empty())
                                 for (const auto& pt : r.series.front().points) n.push_back(pt.n);
                               return py::array_t<std::uint64_t>(static_cast<py::ssize_t>(n.size()),
                                                                 n.data());
                             })
      .def_property_readonly("ratios", [](const CheckResult& r) {
        std::vector<double> v;
        if (!r.series.empty())
          for (const auto& pt : r.series.front().points) v.push_back(pt.ratio());
        return py::array_t<double>(static_cast<py::ssize_t>(v.size()), v.data());
      });
  py::class_<C, std::shared_ptr<C>>(m, "CheckResult", "The papers' bounds, one verdict per claim.")
      .def_property_readonly("results", [](const C& c) { return c.results; })
      .def_property_readonly("passed", [](const C& c) { return summarise(c.results).pass; })
      .def_property_readonly("failed", [](const C& c) { return summarise(c.results).fail; })
      .def(no_constructor<C>("CheckResult", "check"))
      .def("to_json",
           no_argument_method<C>("CheckResult", "to_json",
                                 [](const C& c) { return check_json(c.results, c.options); }),
           "to_json()\n\nThe same document as `ftvlsi check --json`.")
      .def("to_markdown",
           no_argument_method<C>("CheckResult", "to_markdown",
                                 [](const C& c) {
                                   return check_markdown(c.results, false) +
                                          check_technology_markdown(c.options);
                                 }),
           "to_markdown()\n\ncheck.md: the verdicts as Markdown.");
  def_job(m, "check", &check,
          "Check the papers' bounds (ids: a list of check IDs, full, seed, technology).");
}

}  // namespace

void bind_simulate(py::module_& m) {
  bind_simulate_result(m);
  bind_check(m);
}

}  // namespace ftvlsi::python
