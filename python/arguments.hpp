#pragma once
// Reading a call's arguments (docs/python.md, "Errors"): text, file paths, the positional and
// keyword arguments of a function or method and its `self`. Whatever is wrong with them raises
// an ftvlsi error with its ID (FTV-1314 ... FTV-1324), never pybind11's TypeError without one.
#include <fmt/format.h>
#include <pybind11/pybind11.h>

#include <cstddef>
#include <memory>
#include <string>

#include "errors.hpp"

namespace ftvlsi::python {

namespace py = pybind11;

// A str as UTF-8. `what` names the argument in the message of FTV-1314, raised for a lone
// surrogate (which os.fsdecode makes of bytes that are not UTF-8).
std::string utf8_text(const py::handle& s, const std::string& what);

// A value as the text its flag would take: booleans true/false, lists and tuples
// comma-separated, a str as it is, anything else as str() gives it.
std::string flag_text(const py::handle& v, const std::string& what);

// Whether `v` names a file: a str, bytes or an os.PathLike.
bool is_path_like(const py::handle& v);

// A file's path as the bytes the system sees: a str encoded as os.fsencode does (so a name that
// is not UTF-8, read with os.listdir, round-trips), bytes as they are, an os.PathLike's path.
std::string path_text(const py::handle& v, const std::string& what);

// `fn`'s (as "LayoutResult.write_gds") argument `name`: the first positional one or the keyword;
// FTV-1317 for more positional ones, FTV-1318 for another keyword, FTV-1319 when it is missing,
// FTV-1324 when it is given both ways.
py::object one_argument(const std::string& fn, const char* name, const py::args& a,
                        const py::kwargs& k);

// FTV-1317 or FTV-1318 when `fn`, which takes no arguments, is given some.
void no_arguments(const std::string& fn, const py::args& a, const py::kwargs& k);

// A method's `self` as the C++ object of the class `type` (FTV-1320 when it is another object,
// as in ftvlsi.LayoutResult.to_json(5)).
template <class T>
T& self_as(const py::object& self, const std::string& fn, const char* type);

// FTV-1321: the result classes are made by the module's functions only.
[[noreturn]] void not_constructible(const char* type, const char* maker);

// A method of the result class `type` that takes no arguments, for .def(name, ...): `fn(self)`
// through guarded(), after the checks of no_arguments and self_as.
template <class T, class F>
auto no_argument_method(const char* type, const char* name, F fn) {
  return [type, name, fn](const py::object& self, const py::args& a, const py::kwargs& k) {
    return guarded([&] {
      const std::string full = std::string(type) + "." + name;
      no_arguments(full, a, k);
      return fn(self_as<T>(self, full, type));
    });
  };
}

// The constructor of a result class, for .def(...): FTV-1321 (made by `maker` only).
template <class T>
auto no_constructor(const char* type, const char* maker) {
  return py::init([type, maker](const py::args&, const py::kwargs&) -> std::shared_ptr<T> {
    not_constructible(type, maker);
  });
}

template <class T>
T& self_as(const py::object& self, const std::string& fn, const char* type) {
  if (!py::isinstance<T>(self))
    throw ArgumentTypeError(1320, fmt::format("{} is a method of ftvlsi.{}; it was called on an "
                                              "object of type {}",
                                              fn, type, Py_TYPE(self.ptr())->tp_name));
  return self.cast<T&>();
}

}  // namespace ftvlsi::python
