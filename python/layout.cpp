// ftvlsi.layout and its result (docs/python.md).
#include <memory>

#include "ftvlsi/io/layout_json.hpp"
#include "ftvlsi/io/layout_spec.hpp"
#include "ftvlsi/io/spec_overrides.hpp"
#include "ftvlsi/report/layout_job.hpp"
#include "params.hpp"

namespace ftvlsi::python {
namespace {

// ---- layout ------------------------------------------------------------------------------

struct Layout {
  LayoutSpec spec;
  LayoutRun run;
  template <class F>
  auto metric(F f) const {
    return std::visit([&](const auto& d) { return f(d.metrics); }, run.drawn);
  }
  const Technology* tech() const { return spec.technology ? &*spec.technology : nullptr; }
};

const std::vector<std::string> kLayoutParams = {
    "spec",           "network", "network_file", "processors", "capacity",
    "root_capacity",  "alpha",   "constant",     "capacities", "parents",
    "mesh_diagonals", "style",   "drc",          "seed",       "technology"};

std::shared_ptr<Layout> layout(const py::object& spec_arg, const py::kwargs& kw) {
  Params p = params_of("layout", spec_arg, kw, kLayoutParams,
                       {{"kind", "network"}, {"file", "network_file"}});
  auto out = std::make_shared<Layout>();
  LayoutOptions options;
  options.spec_file = take(p, "spec");
  SpecOverrides& o = options.overrides;
  o.network = take(p, "network"), o.network_file = take(p, "network_file");
  o.processors = take(p, "processors"), o.capacity = take(p, "capacity");
  o.root_capacity = take(p, "root_capacity"), o.alpha = take(p, "alpha");
  o.constant = take(p, "constant"), o.capacities = take(p, "capacities");
  o.parents = take(p, "parents"), o.mesh_diagonals = truthy(take(p, "mesh_diagonals"));
  o.style = take(p, "style"), o.seed = take(p, "seed"), o.technology = take(p, "technology");
  o.drc = take(p, "drc");  // True / False arrive as "true" / "false", DRC modes of their own
  require_used("layout", p);
  out->spec = layout_spec(options, FrontEnd::kPython);
  Interruptible computing;
  out->run = run_layout(out->spec);
  return out;
}

using L = Layout;
using LayoutClass = py::class_<L, std::shared_ptr<L>>;

// The measured figures, as attributes.
void bind_figures(LayoutClass& c) {
  c.def_property_readonly("kind", [](const L& l) { return l.run.kind(); })
      .def_property_readonly("processors", [](const L& l) { return l.run.processors(); })
      .def_property_readonly("dimensions", [](const L& l) { return l.run.dimensions(); })
      .def_property_readonly("width",
                             [](const L& l) { return l.metric([](auto& m) { return m.width; }); })
      .def_property_readonly("height",
                             [](const L& l) { return l.metric([](auto& m) { return m.height; }); })
      .def_property_readonly("depth",
                             [](const L& l) { return l.metric([](auto& m) { return m.depth; }); })
      .def_property_readonly("area",
                             [](const L& l) -> py::object {
                               if (l.run.dimensions() != 2) return py::none();
                               return py::int_(l.metric([](auto& m) { return m.size; }));
                             })
      .def_property_readonly("volume",
                             [](const L& l) -> py::object {
                               if (l.run.dimensions() != 3) return py::none();
                               return py::int_(l.metric([](auto& m) { return m.size; }));
                             })
      .def_property_readonly("wires",
                             [](const L& l) { return l.metric([](auto& m) { return m.wires; }); })
      .def_property_readonly(
          "segments", [](const L& l) { return l.metric([](auto& m) { return m.segments; }); })
      .def_property_readonly("vias",
                             [](const L& l) { return l.metric([](auto& m) { return m.vias; }); })
      .def_property_readonly(
          "components", [](const L& l) { return l.metric([](auto& m) { return m.components; }); })
      .def_property_readonly(
          "wire_length_total",
          [](const L& l) { return l.metric([](auto& m) { return m.wire_length_total; }); })
      .def_property_readonly(
          "wire_length_max",
          [](const L& l) { return l.metric([](auto& m) { return m.wire_length_max; }); })
      .def_property_readonly(
          "processor_area",
          [](const L& l) { return l.metric([](auto& m) { return m.processor_size; }); })
      .def_property_readonly("cells",
                             [](const L& l) { return l.metric([](auto& m) { return m.cells; }); })
      .def_property_readonly("drc_clean", [](const L& l) { return l.run.drc_clean(); })
      .def_property_readonly("drc_violations", [](const L& l) {
        std::uint64_t v = 0;
        for (const auto& r : l.run.drc) v += r.violations;
        return v;
      });
}

void bind_arrays(LayoutClass& c) {
  // Per-level arrays: numpy views of the result's own vectors.
  for (const char* name :
       {"wires_by_level", "wire_length_total_by_level", "wire_length_max_by_level"}) {
    const std::string key = name;
    c.def_property_readonly(name, [key](py::object self) {
      const L& l = self.cast<const L&>();
      return l.metric([&](auto& m) {
        const auto& v = key == "wires_by_level"               ? m.wires_by_level
                        : key == "wire_length_total_by_level" ? m.wire_length_total_by_level
                                                              : m.wire_length_max_by_level;
        return view(v, self);
      });
    });
  }
  c.def_property_readonly("capacities", [](py::object self) -> py::object {
    const L& l = self.cast<const L&>();
    if (!l.run.tree()) return py::none();
    return view(l.run.tree()->capacities(), self);
  });
}

void bind_physical(LayoutClass& c) {
  // Physical figures with a technology (None without one).
  c.def_property_readonly("technology",
                          [](const L& l) -> py::object {
                            return l.tech() ? py::object(py::str(l.tech()->name)) : py::none();
                          })
      .def_property_readonly("area_mm2",
                             [](const L& l) -> py::object {
                               if (!l.tech() || l.run.dimensions() != 2) return py::none();
                               return py::float_(l.tech()->mm2(
                                   static_cast<double>(l.metric([](auto& m) { return m.size; }))));
                             })
      .def_property_readonly("wire_length_max_mm",
                             [](const L& l) -> py::object {
                               if (!l.tech()) return py::none();
                               return py::float_(l.tech()->mm(static_cast<double>(
                                   l.metric([](auto& m) { return m.wire_length_max; }))));
                             })
      .def_property_readonly("wire_delay_max_ns",
                             [](const L& l) -> py::object {
                               if (!l.tech()) return py::none();
                               return py::float_(l.tech()->wire_ns(static_cast<double>(
                                   l.metric([](auto& m) { return m.wire_length_max; }))));
                             })
      .def_property_readonly("wire_length_max_by_level_mm", [](const L& l) -> py::object {
        if (!l.tech()) return py::none();
        const Technology& t = *l.tech();
        return l.metric([&](auto& m) {
          return mapped(m.wire_length_max_by_level, [&](double d) { return t.mm(d); });
        });
      });
}

// Writes one of the CLI's files of the layout: `member` of OutputPaths is the path.
template <std::optional<std::string> OutputPaths::*member>
void write_file(const py::object& self, const char* fn, const py::args& a, const py::kwargs& k) {
  L& l = self_as<L>(self, fn, "LayoutResult");
  OutputPaths o;
  o.*member = path_text(one_argument(fn, "path", a, k), fmt::format("argument 'path' of {}", fn));
  Interruptible computing;
  write_layout_outputs(l.spec, l.run, o);
}

void bind_methods(LayoutClass& c) {
  c.def(no_constructor<L>("LayoutResult", "layout"))
      .def("to_json",
           no_argument_method<L>("LayoutResult", "to_json",
                                 [](const L& l) { return layout_json(l.spec, l.run); }),
           "to_json()\n\nThe same document as `ftvlsi layout --json`.")
      .def(
          "write_gds",
          [](const py::object& self, const py::args& a, const py::kwargs& k) {
            return guarded(
                [&] { write_file<&OutputPaths::gds>(self, "LayoutResult.write_gds", a, k); });
          },
          "write_gds(path)\n\nThe same GDSII file as `ftvlsi layout --gds path`, written "
          "atomically.")
      .def(
          "write_svg",
          [](const py::object& self, const py::args& a, const py::kwargs& k) {
            return guarded(
                [&] { write_file<&OutputPaths::svg>(self, "LayoutResult.write_svg", a, k); });
          },
          "write_svg(path)\n\nThe same SVG picture as `ftvlsi layout --svg path`, written "
          "atomically.")
      .def("__repr__", [](const L& l) {
        return fmt::format("<ftvlsi.LayoutResult {} n={} {} wires={}>", l.run.kind(),
                           l.run.processors(), l.run.grid_size(), l.run.wires());
      });
}

}  // namespace

void bind_layout(py::module_& m) {
  LayoutClass c(m, "LayoutResult", "A layout: its figures measured from the geometry.");
  bind_figures(c);
  bind_arrays(c);
  bind_physical(c);
  bind_methods(c);
  def_job(m, "layout", &layout,
          "Lay out a network (the parameters of `ftvlsi layout`: network, processors, capacity, "
          "alpha, style, drc, technology, ...) and measure it.");
}

}  // namespace ftvlsi::python
