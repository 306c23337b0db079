#pragma once
// The module's functions as Python sees them (docs/python.md, "Functions"): one table per
// function names its keyword parameters, their types, their defaults and what they mean with
// their units. The table gives pybind11 its py::arg list (keyword-only after `params`), the
// docstring, and the text signature that help() and inspect.signature() read.
//
// A parameter shows a default only when giving that value is the same as leaving it out: the
// value the library's spec struct starts from (read from a default-made spec, never written
// here). Where the default depends on the other parameters (a fat-tree's capacity flags, the
// adversary's four-way host, a spec file's values) the signature shows None and the text says
// what None means. pybind11 passes None for every parameter left out, so a spec file's values
// stand unless a keyword overrides them, as the CLI's flags do.
#include <pybind11/pybind11.h>

#include <array>
#include <cstddef>
#include <string>
#include <utility>
#include <vector>

#include "params.hpp"

namespace ftvlsi::python {

namespace py = pybind11;

struct Param {
  const char* name;
  const char* type;     // as Python would annotate it: "int", "str", "path", "list of int"
  py::object default_;  // what leaving it out means; None when that depends on the others
  std::string doc;      // what it is, with its unit
};

// The parameters' names, for params_of.
std::vector<std::string> param_names(const std::vector<Param>& params);

// "universal, area-universal, ...": the capacity profiles, for the parameters' docs.
std::string capacity_profile_names();

// "name(params=None, *, a=1, b='x')\n--\n\n": CPython's text signature, from which
// `__text_signature__` and inspect.signature() read the parameters and their defaults.
std::string text_signature(const char* name, const std::vector<Param>& params);

// The docstring: the text signature, the summary, and a numpydoc "Parameters" and "Returns"
// section from the table.
std::string job_docstring(const char* name, const std::vector<Param>& params,
                          const std::string& summary, const char* returns);

// The doc of a read-only attribute: "type: what it is, in its unit".
inline std::string attribute_doc(const char* type, const std::string& text) {
  return std::string(type) + ": " + text;
}

namespace detail {

template <std::size_t>
using Object = py::object;

// Binds `name` twice. The first overload has the table's signature (pybind11 matches the
// keywords); the second, tried only when the first does not match, takes anything and reads it
// with params_of, so a mistake pybind11 would report as a TypeError without an ID (an unknown
// keyword, two positional arguments, a surrogate in a name) raises the module's error with its
// ID, and the YAML spec's names (`kind`, `file`) still work. Its doc is empty, so help() shows the
// first only.
template <class R, std::size_t... I>
void def_job(py::module_& m, const char* name, R (*run)(const py::object&, const py::kwargs&),
             const std::vector<Param>& table, const std::string& doc, std::index_sequence<I...>) {
  const std::array<const char*, sizeof...(I)> names{table[I].name...};
  m.def(
      name,
      [names, run](const py::object& params, const Object<I>&... values) {
        return guarded([&] {
          py::kwargs given;
          ((values.is_none() ? void() : void(given[names[I]] = values)), ...);
          return run(params, given);
        });
      },
      doc.c_str(), py::arg("params") = py::none(), py::kw_only(),
      py::arg(table[I].name) = py::none()...);
  m.def(name, [name, run](const py::args& a, py::kwargs k) {
    return guarded([&] {
      const std::string fn = std::string("ftvlsi.") + name;
      if (a.size() > 1)
        throw ArgumentTypeError(
            1317, fmt::format("{} takes one positional argument (a dict of parameters or a "
                              "spec file's path), not {}; give the others by keyword",
                              fn, a.size()));
      py::object params = a.empty() ? py::object(py::none()) : py::object(a[0]);
      if (k.contains("params")) {
        if (!a.empty())
          throw ArgumentTypeError(1324, fmt::format("{} got its argument 'params' twice, by "
                                                    "position and by keyword; give it once",
                                                    fn));
        params = k.attr("pop")("params");
      }
      return run(params, k);
    });
  });
}

}  // namespace detail

// Binds ftvlsi.<name>(params=None, *, <the table's parameters>) -> `returns`: `run` gets the dict
// or spec path (None when absent) and the parameters given, as keyword arguments.
template <std::size_t N, class R>
void def_job(py::module_& m, const char* name, R (*run)(const py::object&, const py::kwargs&),
             const std::vector<Param>& table, const std::string& summary, const char* returns) {
  FTVLSI_ASSERT(table.size() == N);
  detail::def_job(m, name, run, table, job_docstring(name, table, summary, returns),
                  std::make_index_sequence<N>());
}

}  // namespace ftvlsi::python
