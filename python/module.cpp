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
      // The CLI's message; its exit code decides the class (3: I/O).
      PyErr_SetString(e.exit_code() == ExitCode::kIo ? PyExc_OSError : PyExc_ValueError, e.what());
    }
  });
  python::bind_layout(m);
  python::bind_analysis(m);
  python::bind_simulate(m);
}
