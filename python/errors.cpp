#include "errors.hpp"

#include <fmt/format.h>

#include <initializer_list>
#include <new>

#include "ftvlsi/core/cancel.hpp"
#include "ftvlsi/core/memory_budget.hpp"
#include "interruptible.hpp"

namespace ftvlsi::python {
namespace {

// The module's exception types, created once by bind_errors() and kept for the process.
struct Types {
  PyObject* error = nullptr;
  PyObject* input = nullptr;
  PyObject* argument = nullptr;
  PyObject* io = nullptr;
  PyObject* memory = nullptr;
  PyObject* internal = nullptr;
  PyObject* interrupted = nullptr;
};
Types g_types;

PyObject* add_type(py::module_& m, const char* name, std::initializer_list<PyObject*> bases,
                   const char* doc) {
  py::tuple base_tuple(bases.size());
  std::size_t i = 0;
  for (PyObject* b : bases) base_tuple[i++] = py::reinterpret_borrow<py::object>(b);
  const std::string qualified = std::string("ftvlsi.") + name;
  PyObject* type = PyErr_NewExceptionWithDoc(qualified.c_str(), doc, base_tuple.ptr(), nullptr);
  if (!type) throw py::error_already_set();
  m.add_object(name, py::reinterpret_borrow<py::object>(type));
  return type;  // the reference PyErr_NewExceptionWithDoc gave stays with g_types
}

// Sets `type` with the text "FTV-nnnn: message" of `e`, the ID as `id` and `cause` (a new
// reference, or null) as __cause__. Bytes of a message that are not UTF-8 (a file's) show escaped.
void raise(PyObject* type, const Error& e, PyObject* cause = nullptr) {
  const std::string ident = error_id_text(e.id());
  const std::string text = ident + ": " + e.what();
  PyObject* exc = nullptr;
  if (PyObject* str = PyUnicode_DecodeUTF8(text.data(), static_cast<Py_ssize_t>(text.size()),
                                           "backslashreplace")) {
    exc = PyObject_CallOneArg(type, str);
    Py_DECREF(str);
  }
  if (exc) {
    if (PyObject* id_text = PyUnicode_FromString(ident.c_str())) {
      PyObject_SetAttrString(exc, "id", id_text);
      Py_DECREF(id_text);
    }
    if (cause) PyException_SetCause(exc, cause), cause = nullptr;
    PyErr_SetObject(type, exc);
    Py_DECREF(exc);
  }
  Py_XDECREF(cause);
}

// The type an ftvlsi error is raised as: by its kind, as the CLI's exit codes tell them.
PyObject* type_of(const Error& e) {
  if (dynamic_cast<const ArgumentTypeError*>(&e)) return g_types.argument;
  switch (e.exit_code()) {
    case ExitCode::kIo:
      return g_types.io;
    case ExitCode::kInternal:
      return g_types.internal;
    case ExitCode::kBadInput:
    case ExitCode::kOk:
    case ExitCode::kCheckFailed:
    case ExitCode::kHangup:
    case ExitCode::kInterrupted:
    case ExitCode::kQuit:
    case ExitCode::kTerminated:
      break;
  }
  return g_types.input;
}

// Ctrl-C: the KeyboardInterrupt of Python's default handler becomes ftvlsi.Interrupted; what
// another handler raised (a TimeoutError from an alarm, say) is raised unchanged.
void raise_cancelled(const Cancelled& e) {
  if (PyObject* raised = take_signal_exception()) {
    if (!PyErr_GivenExceptionMatches(raised, PyExc_KeyboardInterrupt)) {
      PyErr_SetObject(reinterpret_cast<PyObject*>(Py_TYPE(raised)), raised);
      Py_DECREF(raised);
      return;
    }
    Py_DECREF(raised);
  }
  raise(g_types.interrupted, e);
}

// A Python exception from reading an argument: ours and BaseExceptions other than Ctrl-C
// (SystemExit) unchanged, anything else as FTV-1316 with the original as its cause.
void raise_python(py::error_already_set& e) {
  if (e.matches(PyExc_KeyboardInterrupt))
    raise(g_types.interrupted, Cancelled());
  else if (e.matches(g_types.error) || !e.matches(PyExc_Exception))
    e.restore();
  else
    raise(g_types.input, ArgumentReadError("an argument", e), e.value().inc_ref().ptr());
}

}  // namespace

// FTV-1316: the argument's `__str__` or `__fspath__` raised; that exception is the `__cause__`.
ArgumentReadError::ArgumentReadError(const std::string& argument, py::error_already_set original)
    : InputError(1316, fmt::format("{} could not be read: {}; pass a str, int, float, bool or a "
                                   "list of them",
                                   argument, exception_text(original))),
      original_(std::move(original)) {}

std::string exception_text(const py::error_already_set& e) {
  std::string text = Py_TYPE(e.value().ptr())->tp_name;
  PyObject* str = PyObject_Str(e.value().ptr());
  PyObject* bytes = str ? PyUnicode_AsEncodedString(str, "utf-8", "backslashreplace") : nullptr;
  if (bytes && PyBytes_Size(bytes) > 0) text += std::string(": ") + PyBytes_AsString(bytes);
  Py_XDECREF(bytes);
  Py_XDECREF(str);
  PyErr_Clear();
  return text;
}

void set_python_error(std::exception_ptr p) {
  try {
    std::rethrow_exception(p);
  } catch (const Cancelled& e) {
    raise_cancelled(e);
  } catch (const ArgumentReadError& e) {
    py::error_already_set original = e.original();
    raise(g_types.input, e, original.value().inc_ref().ptr());
  } catch (const Error& e) {
    raise(type_of(e), e);
  } catch (py::error_already_set& e) {
    raise_python(e);
  } catch (const py::cast_error& e) {
    raise(g_types.argument,
          ArgumentTypeError(1323, fmt::format("an argument has a type ftvlsi cannot read ({}); see "
                                              "docs/python.md for the parameters and their types",
                                              e.what())));
  } catch (const std::bad_alloc&) {
    raise(g_types.memory, out_of_memory_error("the call"));
  } catch (const std::exception& e) {
    raise(g_types.internal,
          InternalError(9102, fmt::format("internal error: unexpected exception ({}); this is a "
                                          "bug in ftvlsi, please report it with the call that "
                                          "raised it",
                                          e.what())));
  } catch (...) {
    raise(g_types.internal,
          InternalError(9103,
                        "internal error: an exception of unknown type; this is a bug in "
                        "ftvlsi, please report it with the call that raised it"));
  }
}

void bind_errors(py::module_& m) {
  Types& t = g_types;
  t.error = add_type(m, "Error", {PyExc_Exception},
                     "An error of ftvlsi: str() is 'FTV-nnnn: message', `id` is 'FTV-nnnn' "
                     "(docs/error-ids.md).");
  t.input = add_type(m, "InputError", {t.error, PyExc_ValueError},
                     "Bad input: a parameter, a spec or an input file (the CLI's exit 2).");
  t.argument = add_type(m, "ArgumentTypeError", {t.input, PyExc_TypeError},
                        "An argument of the wrong kind: too many, an unknown keyword, a path "
                        "given as a number.");
  t.io = add_type(m, "IoError", {t.error, PyExc_OSError},
                  "Reading or writing a file failed (the CLI's exit 3).");
  t.memory = add_type(m, "OutOfMemoryError", {t.error, PyExc_MemoryError},
                      "The machine could not give the memory the call needed.");
  t.internal = add_type(m, "InternalError", {t.error, PyExc_RuntimeError},
                        "A bug in ftvlsi (the CLI's exit 4); please report it.");
  t.interrupted = add_type(m, "Interrupted", {PyExc_KeyboardInterrupt},
                           "The call was interrupted by Ctrl-C (SIGINT); `id` is 'FTV-7110'.");
  py::register_local_exception_translator([](std::exception_ptr p) { set_python_error(p); });
}

}  // namespace ftvlsi::python
