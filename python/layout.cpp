// ftvlsi.layout and its result (docs/python.md).
#include <memory>

#include "ftvlsi/io/layout_json.hpp"
#include "ftvlsi/io/layout_spec.hpp"
#include "ftvlsi/io/spec_overrides.hpp"
#include "ftvlsi/report/layout_job.hpp"
#include "params.hpp"
#include "results.hpp"
#include "signature.hpp"

namespace ftvlsi::python {
namespace {

// ---- layout ------------------------------------------------------------------------------

struct Layout {
  Params given;  // the parameters as given: pickling runs the layout again from them
  LayoutSpec spec;
  LayoutRun run;
  template <class F>
  auto metric(F f) const {
    return std::visit([&](const auto& d) { return f(d.metrics); }, run.drawn);
  }
  const Technology* tech() const { return spec.technology ? &*spec.technology : nullptr; }
  std::string json() const { return layout_json(spec, run); }
};

// ftvlsi.layout's keyword parameters: `ftvlsi layout`'s flags (signature.hpp). The defaults are
// a default LayoutSpec's; the capacity flags apply to fat-trees only, so theirs show as None.
std::vector<Param> layout_params() {
  const LayoutSpec d;
  const auto& tree = std::get<FatTreeParams>(d.network);
  const py::object none = py::none();
  return {
      {"spec", "path", none,
       "a YAML layout spec (layouts/*.yaml); the other parameters override it"},
      {"network", "str", py::str(std::string(network_kind_name(d.network))),
       "the network: " + layout_network_kinds(" or ")},
      {"network_file", "path", none, "the network file, with network='file'"},
      {"processors", "int", py::int_(tree.processors), "the number of processors"},
      {"capacity", "str", none,
       fmt::format("a fat-tree's capacity profile: {}; None: {}", capacity_profile_names(),
                   to_string(tree.capacity.profile))},
      {"root_capacity", "int", none,
       "the root channel's capacity w in wires (universal profiles); None: the least the "
       "profile allows"},
      {"alpha", "int or 'technology'", none,
       fmt::format("the processor area in grid units² (linear-size profiles, butterfly "
                   "networks), or 'technology' for the technology's; None: {}",
                   tree.capacity.alpha)},
      {"constant", "int", none,
       fmt::format("every channel's capacity in wires (constant profile); None: {}",
                   tree.capacity.constant)},
      {"capacities", "list of int", none, "a custom profile: cap(0), ..., cap(L) in wires"},
      {"parents", "list of int", none,
       "butterfly networks: parents per switch at levels 1 .. m-1 (1, 2 or 4; one value: all "
       "levels); None: 2"},
      {"mesh_diagonals", "bool", py::bool_(false),
       "a fat-pyramid: diagonal mesh wires too (Greenberg's mesh is 4-neighbour)"},
      {"style", "str", none,
       "the layout style (" + layout_styles_by_network() + "); None: the network's own, first"},
      {"drc", "bool or str", py::bool_(d.drc != DrcMode::kNone),
       "run the design-rule check: True (hierarchical) or a mode: " +
           names_of(kDrcModeNames, " or ")},
      {"seed", "int", py::int_(d.seed), "the random seed (written into the JSON)"},
      {"technology", "path", none,
       "a technology file (technology/*.yaml): mm², mm and ns beside the grid figures"},
  };
}

std::shared_ptr<Layout> layout_of(Params p) {
  auto out = std::make_shared<Layout>();
  out->given = p;
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

std::shared_ptr<Layout> layout(const py::object& spec_arg, const py::kwargs& kw) {
  static const std::vector<std::string> names = param_names(layout_params());
  return layout_of(
      params_of("layout", spec_arg, kw, names, {{"kind", "network"}, {"file", "network_file"}}));
}

using L = Layout;
using LayoutClass = py::class_<L, std::shared_ptr<L>>;

// A figure of the layout's metrics (geometry/metrics.hpp), as an attribute documented `doc`.
template <class F>
void def_metric(LayoutClass& c, const char* name, F f, const std::string& doc) {
  c.def_property_readonly(
      name, [f](const L& l) { return l.metric(f); }, doc.c_str());
}

// The measured figures, as attributes.
void bind_figures(LayoutClass& c) {
  c.def_property_readonly(
       "kind", [](const L& l) { return l.run.kind(); },
       "str: the network's kind, as `network` names it ('fat-tree', 'mesh', ...)")
      .def_property_readonly(
          "processors", [](const L& l) { return l.run.processors(); },
          "int: the number of processors")
      .def_property_readonly(
          "dimensions", [](const L& l) { return l.run.dimensions(); },
          "int: 2 for a layout on the Thompson grid, 3 for one in the 3D grid")
      .def_property_readonly(
          "area",
          [](const L& l) -> py::object {
            if (l.run.dimensions() != 2) return py::none();
            return py::int_(l.metric([](auto& m) { return m.size; }));
          },
          "int or None: the bounding box's area in grid units² (None in 3D)")
      .def_property_readonly(
          "volume",
          [](const L& l) -> py::object {
            if (l.run.dimensions() != 3) return py::none();
            return py::int_(l.metric([](auto& m) { return m.size; }));
          },
          "int or None: the bounding box's volume in grid units³ (None in 2D)")
      .def_property_readonly(
          "drc_clean", [](const L& l) { return l.run.drc_clean(); },
          "bool: no design-rule violation (True when no check ran)")
      .def_property_readonly(
          "drc_violations",
          [](const L& l) {
            std::uint64_t v = 0;
            for (const auto& r : l.run.drc) v += r.violations;
            return v;
          },
          "int: design-rule violations found, every check counted (0 when none ran)");
  def_metric(
      c, "width", [](auto& m) { return m.width; }, "int: the extent along x, grid units");
  def_metric(
      c, "height", [](auto& m) { return m.height; }, "int: the extent along y, grid units");
  def_metric(
      c, "depth", [](auto& m) { return m.depth; }, "int: the extent along z, grid units (0 in 2D)");
  def_metric(
      c, "wires", [](auto& m) { return m.wires; }, "int: the drawn wires, a count");
  def_metric(
      c, "segments", [](auto& m) { return m.segments; },
      "int: the wires' straight segments, a count");
  def_metric(
      c, "vias", [](auto& m) { return m.vias; }, "int: the vias between wiring layers, a count");
  def_metric(
      c, "components", [](auto& m) { return m.components; },
      "int: wire ends on switches, summed over switches (Leiserson's component count)");
  def_metric(
      c, "wire_length_total", [](auto& m) { return m.wire_length_total; },
      "int: the total wire length, grid units");
  def_metric(
      c, "wire_length_max", [](auto& m) { return m.wire_length_max; },
      "int: the longest wire, grid units");
  def_metric(
      c, "processor_area", [](auto& m) { return m.processor_size; },
      "int: the processors' total area, grid units² (3D: their volume, grid units³)");
  def_metric(
      c, "cells", [](auto& m) { return m.cells; },
      "int: the cells of the hierarchical layout, the top cell included");
}

void bind_arrays(LayoutClass& c) {
  // Per-level arrays: numpy views of the result's own vectors.
  const std::array<std::pair<const char*, const char*>, 3> arrays{{
      {"wires_by_level", "the drawn wires of each level, a count"},
      {"wire_length_total_by_level", "the total wire length of each level, grid units"},
      {"wire_length_max_by_level", "the longest wire of each level, grid units"},
  }};
  for (const auto& [name, text] : arrays) {
    const std::string key = name;
    c.def_property_readonly(
        name,
        [key](py::object self) {
          const L& l = self.cast<const L&>();
          return l.metric([&](auto& m) {
            const auto& v = key == "wires_by_level"               ? m.wires_by_level
                            : key == "wire_length_total_by_level" ? m.wire_length_total_by_level
                                                                  : m.wire_length_max_by_level;
            return view(v, self);
          });
        },
        attribute_doc("numpy.ndarray of int64",
                      std::string(text) + ", indexed by the wire's level k (0 = the root's)")
            .c_str());
  }
  c.def_property_readonly(
      "capacities",
      [](py::object self) -> py::object {
        const L& l = self.cast<const L&>();
        if (!l.run.tree()) return py::none();
        return view(l.run.tree()->capacities(), self);
      },
      "numpy.ndarray of int64 or None: a fat-tree's channel capacities cap(k) in wires, k = 0 "
      "(the root) .. L (None for other networks)");
}

void bind_physical(LayoutClass& c) {
  // Physical figures with a technology (None without one).
  c.def_property_readonly(
       "technology",
       [](const L& l) -> py::object {
         return l.tech() ? py::object(py::str(l.tech()->name)) : py::none();
       },
       "str or None: the technology's name (None without one)")
      .def_property_readonly(
          "area_mm2",
          [](const L& l) -> py::object {
            if (!l.tech() || l.run.dimensions() != 2) return py::none();
            return py::float_(
                l.tech()->mm2(static_cast<double>(l.metric([](auto& m) { return m.size; }))));
          },
          "float or None: the area in mm² (None without a technology, or in 3D)")
      .def_property_readonly(
          "wire_length_max_mm",
          [](const L& l) -> py::object {
            if (!l.tech()) return py::none();
            return py::float_(l.tech()->mm(
                static_cast<double>(l.metric([](auto& m) { return m.wire_length_max; }))));
          },
          "float or None: the longest wire in mm (None without a technology)")
      .def_property_readonly(
          "wire_delay_max_ns",
          [](const L& l) -> py::object {
            if (!l.tech()) return py::none();
            return py::float_(l.tech()->wire_ns(
                static_cast<double>(l.metric([](auto& m) { return m.wire_length_max; }))));
          },
          "float or None: the longest wire's delay in ns (None without a technology)")
      .def_property_readonly(
          "wire_length_max_by_level_mm",
          [](const L& l) -> py::object {
            if (!l.tech()) return py::none();
            const Technology& t = *l.tech();
            return l.metric([&](auto& m) {
              return mapped(m.wire_length_max_by_level, [&](double d) { return t.mm(d); });
            });
          },
          "numpy.ndarray of float64 or None: the longest wire of each level in mm (None without "
          "a technology)");
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
  def_document_methods<L>(c, "LayoutResult", "layout", [](const L& l) { return l.json(); })
      .def(
          "write_gds",
          [](const py::object& self, const py::args& a, const py::kwargs& k) {
            return guarded(
                [&] { write_file<&OutputPaths::gds>(self, "LayoutResult.write_gds", a, k); });
          },
          "write_gds($self, path, /)\n--\n\nThe same GDSII file as `ftvlsi layout --gds path`, "
          "written atomically.")
      .def(
          "write_svg",
          [](const py::object& self, const py::args& a, const py::kwargs& k) {
            return guarded(
                [&] { write_file<&OutputPaths::svg>(self, "LayoutResult.write_svg", a, k); });
          },
          "write_svg($self, path, /)\n--\n\nThe same SVG picture as `ftvlsi layout --svg "
          "path`, written atomically.")
      .def("__repr__",
           [](const L& l) {
             const bool flat = l.run.dimensions() == 2;
             const auto size = l.metric([](auto& m) { return m.size; });
             return repr_of("LayoutResult",
                            {{"network", py::str(l.run.kind())},
                             {"n", py::int_(l.run.processors())},
                             {"dimensions", py::int_(l.run.dimensions())},
                             {flat ? "area" : "volume", py::int_(size)},
                             {"wires", py::int_(l.run.wires())},
                             {"wire_length_max",
                              py::int_(l.metric([](auto& m) { return m.wire_length_max; }))},
                             {"drc_clean", py::bool_(l.run.drc_clean())}});
           })
      .def(pickled_by_parameters<L>("LayoutResult", &layout_of))
      .def("__reduce_ex__", &reduce_ex);
}

}  // namespace

void bind_layout(py::module_& m) {
  LayoutClass c(m, "LayoutResult", "A layout: its figures measured from the geometry.");
  bind_figures(c);
  bind_arrays(c);
  bind_physical(c);
  bind_methods(c);
  def_job<15>(
      m, "layout", &layout, layout_params(),
      "Lay out a network as `ftvlsi layout` does, and measure it from the drawn geometry.",
      "LayoutResult\n    The layout's figures, its JSON document and its GDSII and SVG writers.");
}

}  // namespace ftvlsi::python
