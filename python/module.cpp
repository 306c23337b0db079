// The Python module `ftvlsi` (docs/python.md): layout, decompose, route, simulate and check with
// the CLI's parameters as keyword arguments or a dict, typed results whose figures are
// attributes, per-level arrays as numpy arrays over the result's own memory, the CLI's JSON
// documents and writers, and the CLI's errors as ValueError (bad input) and OSError (I/O). The
// GIL is released while the library computes.
#include <pybind11/pybind11.h>

#include <string>

#include "ftvlsi/core/error.hpp"
#include "ftvlsi/core/version.hpp"
#include "params.hpp"

PYBIND11_MODULE(ftvlsi, m) {
  using namespace ftvlsi;
  m.doc() = "ftvlsi: fat-trees and the VLSI theory of universal networks (docs/python.md)";
  m.attr("__version__") = std::string(version());
  pybind11::register_exception_translator([](std::exception_ptr p) {
    try {
      if (p) std::rethrow_exception(p);
    } catch (const Error& e) {
      // The CLI's line without its "ftvlsi: error " prefix: "FTV-nnnn: message"; the ID also as
      // the exception's `id`. The exit code decides the class (3: I/O).
      PyObject* type = e.exit_code() == ExitCode::kIo ? PyExc_OSError : PyExc_ValueError;
      const std::string id = error_id_text(e.id());
      const std::string text = id + ": " + e.what();
      PyObject* exc = PyObject_CallFunction(type, "s", text.c_str());
      if (!exc) return;
      PyObject_SetAttrString(exc, "id", pybind11::str(id).ptr());
      PyErr_SetObject(type, exc);
      Py_DECREF(exc);
    }
  });
  python::bind_layout(m);
  python::bind_analysis(m);
  python::bind_simulate(m);
}
