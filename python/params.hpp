#pragma once
// The Python module's shared helpers (docs/python.md): parameters given as keyword arguments or a
// dict turned into the CLI's flag texts, and numpy arrays over a result's own memory.
#include <fmt/format.h>
#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>

#include <algorithm>
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <type_traits>
#include <vector>

#include "arguments.hpp"
#include "errors.hpp"
#include "ftvlsi/core/error.hpp"
#include "interruptible.hpp"

namespace ftvlsi::python {

namespace py = pybind11;

// ---- Parameters: keyword arguments or a dict, as the CLI's flag values -----------------------

using Params = std::map<std::string, std::string>;

// The parameters that name files: read as paths (arguments.hpp), not as text.
inline bool is_path_parameter(const std::string& key) {
  return key == "spec" || key == "network_file" || key == "messages" || key == "mapping_in" ||
         key == "coordinates" || key == "technology";
}

// The dict (if any) and the keyword arguments, later ones winning; names checked against
// `valid` (YAML aliases mapped to the flag's name).
inline Params params_of(const char* fn, const py::object& spec, const py::kwargs& kw,
                        const std::vector<std::string>& valid,
                        const std::map<std::string, std::string>& aliases = {}) {
  Params out;
  auto add = [&](const py::dict& d) {
    for (const auto& [k, v] : d) {
      std::string key = flag_text(k, fmt::format("a parameter name of ftvlsi.{}", fn));
      if (const auto a = aliases.find(key); a != aliases.end()) key = a->second;
      if (std::find(valid.begin(), valid.end(), key) == valid.end()) {
        std::string names;
        for (const auto& n : valid) names += (names.empty() ? "" : ", ") + n;
        throw InputError(
            1311, fmt::format("unknown parameter '{}' of ftvlsi.{}; valid parameters are {}", key,
                              fn, names));
      }
      const std::string what = fmt::format("parameter '{}' of ftvlsi.{}", key, fn);
      if (!v.is_none()) out[key] = is_path_parameter(key) ? path_text(v, what) : flag_text(v, what);
    }
  };
  if (is_path_like(spec)) {  // a YAML spec file
    out["spec"] = path_text(spec, fmt::format("the spec file of ftvlsi.{}", fn));
  } else if (!spec.is_none()) {
    if (!py::isinstance<py::dict>(spec))
      throw ArgumentTypeError(
          1312,
          fmt::format(
              "ftvlsi.{} takes a dict of parameters, a spec file's path or keyword arguments", fn));
    add(spec.cast<py::dict>());
  }
  add(kw);
  return out;
}

inline std::optional<std::string> take(Params& p, const std::string& key) {
  const auto it = p.find(key);
  if (it == p.end()) return std::nullopt;
  std::string v = it->second;
  p.erase(it);
  return v;
}

inline bool truthy(const std::optional<std::string>& v) {
  return v && *v == "true";
}

// ---- numpy arrays over a result's memory -----------------------------------------------------

// A read-only 1-D array viewing `v`, kept alive by `owner` (no copy). Counts and lengths are
// unsigned in C++ but signed here, as numpy users expect: np.diff of an unsigned array wraps
// around (every value is far below 2^63, so the bits are the same number).
template <class T>
auto view(const std::vector<T>& v, const py::object& owner) {
  using Out =
      std::conditional_t<std::is_integral_v<T> && std::is_unsigned_v<T>, std::make_signed_t<T>, T>;
  py::array_t<Out> a({static_cast<py::ssize_t>(v.size())}, {static_cast<py::ssize_t>(sizeof(T))},
                     reinterpret_cast<const Out*>(v.data()), owner);
  py::detail::array_proxy(a.ptr())->flags &= ~py::detail::npy_api::NPY_ARRAY_WRITEABLE_;
  return a;
}

template <class F>
py::array_t<double> mapped(const std::vector<std::uint64_t>& v, F f) {
  py::array_t<double> a(static_cast<py::ssize_t>(v.size()));
  auto m = a.mutable_unchecked<1>();
  for (std::size_t i = 0; i < v.size(); ++i) m(i) = f(static_cast<double>(v[i]));
  return a;
}

// Parameters left over after a function took its own: an error naming them.
inline void require_used(const char* fn, const Params& p) {
  if (!p.empty())
    throw InputError(
        1313, fmt::format("parameter '{}' does not apply to ftvlsi.{} here", p.begin()->first, fn));
}

void bind_layout(py::module_& m);
void bind_analysis(py::module_& m);
void bind_simulate(py::module_& m);

}  // namespace ftvlsi::python
