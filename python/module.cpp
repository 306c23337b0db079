// The Python module `ftvlsi` (docs/python.md): layout, decompose, route, simulate and check with
// the CLI's parameters as keyword arguments or a dict, typed results whose figures are
// attributes, per-level arrays as numpy arrays over the result's own memory, the CLI's JSON
// documents and writers, and the CLI's errors as ftvlsi.InputError (a ValueError) and
// ftvlsi.IoError (an OSError), each with its FTV ID (errors.hpp). The GIL is released while the
// library computes, and Ctrl-C interrupts it (interruptible.hpp).
#include <pybind11/pybind11.h>

#include <string>

#include "errors.hpp"
#include "ftvlsi/core/version.hpp"
#include "params.hpp"

namespace ftvlsi::python {
void bind_export(pybind11::module_& m);  // export.cpp
}  // namespace ftvlsi::python

PYBIND11_MODULE(ftvlsi, m) {
  using namespace ftvlsi;
  m.doc() = "ftvlsi: fat-trees and the VLSI theory of universal networks (docs/python.md)";
  // The functions take (*args, **kwargs) to raise their own errors for bad arguments; their
  // docstrings give the real signatures.
  pybind11::options options;
  options.disable_function_signatures();
  m.attr("__version__") = std::string(version());
  python::bind_errors(m);
  python::bind_layout(m);
  python::bind_analysis(m);
  python::bind_simulate(m);
  python::bind_export(m);
}
