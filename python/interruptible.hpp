#pragma once
// Ctrl-C during a long call (docs/python.md, "Interrupting a call"). Python runs its signal
// handlers only between bytecodes of the main thread, never while the library computes; so
// while a call runs, Interruptible releases the GIL and opens a CancelScope (core/cancel.hpp)
// whose hook takes the GIL back every 50 ms to run the pending handlers (PyErr_CheckSignals).
// When one raises — KeyboardInterrupt for Ctrl-C — the library throws Cancelled and the call
// raises ftvlsi.Interrupted (a KeyboardInterrupt, FTV-7110), or the handler's own exception.
#include <Python.h>
#include <pybind11/pybind11.h>

#include "ftvlsi/core/cancel.hpp"

namespace ftvlsi::python {

class Interruptible {
 public:
  Interruptible();

 private:
  CancelScope scope_;
  pybind11::gil_scoped_release release_;
};

// The exception a signal handler raised during this thread's last cancelled call, as a new
// reference (null when there is none); the GIL must be held.
PyObject* take_signal_exception();

}  // namespace ftvlsi::python
