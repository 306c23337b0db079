#include "arguments.hpp"

#include <fmt/format.h>

namespace ftvlsi::python {
namespace {

// Where the first lone surrogate of `s` is, as "\\udc80 at index 3".
std::string first_surrogate(const py::handle& s) {
  const Py_ssize_t n = PyUnicode_GetLength(s.ptr());
  for (Py_ssize_t i = 0; i < n; ++i) {
    const Py_UCS4 c = PyUnicode_ReadChar(s.ptr(), i);
    if (c >= 0xd800 && c <= 0xdfff) return fmt::format("\\u{:04x} at index {}", c, i);
  }
  return "a character that is not Unicode";
}

py::object checked(PyObject* result, const std::string& what) {
  if (!result) throw ArgumentReadError(what, py::error_already_set());
  return py::reinterpret_steal<py::object>(result);
}

}  // namespace

std::string utf8_text(const py::handle& s, const std::string& what) {
  Py_ssize_t size = 0;
  if (const char* data = PyUnicode_AsUTF8AndSize(s.ptr(), &size))
    return std::string(data, static_cast<std::size_t>(size));
  PyErr_Clear();
  throw InputError(1314, fmt::format("{} is not valid text: it holds a lone surrogate ({}), as "
                                     "os.fsdecode makes of bytes that are not UTF-8; pass the "
                                     "text as it was meant, or a file's path as bytes",
                                     what, first_surrogate(s)));
}

std::string flag_text(const py::handle& v, const std::string& what) {
  if (PyBool_Check(v.ptr())) return v.ptr() == Py_True ? "true" : "false";
  if (PyList_Check(v.ptr()) || PyTuple_Check(v.ptr())) {
    std::string out;
    for (const auto& item : v) out += (out.empty() ? "" : ",") + flag_text(item, what);
    return out;
  }
  if (PyUnicode_Check(v.ptr())) return utf8_text(v, what);
  return utf8_text(checked(PyObject_Str(v.ptr()), what), what);
}

bool is_path_like(const py::handle& v) {
  return PyUnicode_Check(v.ptr()) || PyBytes_Check(v.ptr()) ||
         PyObject_HasAttrString(reinterpret_cast<PyObject*>(Py_TYPE(v.ptr())), "__fspath__");
}

std::string path_text(const py::handle& v, const std::string& what) {
  if (!is_path_like(v))
    throw ArgumentTypeError(1315, fmt::format("{} names a file: give a str, bytes or an "
                                              "os.PathLike, not {}",
                                              what, Py_TYPE(v.ptr())->tp_name));
  py::object path = checked(PyOS_FSPath(v.ptr()), what);
  if (PyUnicode_Check(path.ptr())) {
    PyObject* bytes = PyUnicode_EncodeFSDefault(path.ptr());
    if (!bytes) {
      PyErr_Clear();
      utf8_text(path, what);  // names the surrogate that cannot be encoded
    }
    path = py::reinterpret_steal<py::object>(bytes);
  }
  std::string text(PyBytes_AsString(path.ptr()),
                   static_cast<std::size_t>(PyBytes_Size(path.ptr())));
  if (text.find('\0') != std::string::npos)
    throw InputError(1322, fmt::format("{} holds a NUL character, which no file name can; check "
                                       "how the path was built",
                                       what));
  return text;
}

py::object one_argument(const std::string& fn, const char* name, const py::args& a,
                        const py::kwargs& k) {
  if (a.size() > 1)
    throw ArgumentTypeError(1317,
                            fmt::format("{} takes one argument ({}), not {}", fn, name, a.size()));
  for (const auto& [key, value] : k)
    if (flag_text(key, "a keyword") != name)
      throw ArgumentTypeError(1318, fmt::format("{} has no parameter '{}'; its one parameter is "
                                                "'{}'",
                                                fn, flag_text(key, "a keyword"), name));
  if (a.size() == 1 && !k.empty())
    throw ArgumentTypeError(1324, fmt::format("{} got its argument '{}' twice, by position and "
                                              "by keyword; give it once",
                                              fn, name));
  if (a.size() == 1) return a[0];
  if (k.empty()) throw ArgumentTypeError(1319, fmt::format("{} needs the argument '{}'", fn, name));
  return k[name];
}

void no_arguments(const std::string& fn, const py::args& a, const py::kwargs& k) {
  if (!a.empty())
    throw ArgumentTypeError(1317, fmt::format("{} takes no arguments, not {}", fn, a.size()));
  for (const auto& [key, value] : k)
    throw ArgumentTypeError(1318, fmt::format("{} has no parameter '{}'; it takes no arguments", fn,
                                              flag_text(key, "a keyword")));
}

void not_constructible(const char* type, const char* maker) {
  throw ArgumentTypeError(1321, fmt::format("ftvlsi.{} is made by ftvlsi.{}(), not created "
                                            "directly; call ftvlsi.{}()",
                                            type, maker, maker));
}

}  // namespace ftvlsi::python
