#include "interruptible.hpp"

namespace ftvlsi::python {
namespace {

// Owned; set by the hook, taken by the translation of Cancelled (python/errors.cpp).
thread_local PyObject* t_raised = nullptr;

// Runs Python's pending signal handlers; true when one raised (the exception is kept).
bool python_signal_raised() {
  pybind11::gil_scoped_acquire gil;
  if (PyErr_CheckSignals() == 0) return false;
  PyObject *type = nullptr, *value = nullptr, *trace = nullptr;
  PyErr_Fetch(&type, &value, &trace);
  PyErr_NormalizeException(&type, &value, &trace);
  if (trace && value) PyException_SetTraceback(value, trace);
  Py_XDECREF(type);
  Py_XDECREF(trace);
  Py_XDECREF(t_raised);
  t_raised = value;
  return true;
}

}  // namespace

Interruptible::Interruptible() : scope_(python_signal_raised) {}

PyObject* take_signal_exception() {
  PyObject* raised = t_raised;
  t_raised = nullptr;
  return raised;
}

}  // namespace ftvlsi::python
