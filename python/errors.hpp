#pragma once
// The module's exceptions (docs/python.md, "Errors"): whatever stops a call — bad input, a file,
// an argument Python cannot hand over, Ctrl-C, a bug — leaves the module as one of ftvlsi's
// exception types, with the message "FTV-nnnn: ..." and the ID as its `id` attribute
// (docs/error-ids.md), like the CLI's error lines.
#include <pybind11/pybind11.h>

#include <exception>
#include <string>
#include <type_traits>

#include "ftvlsi/core/error.hpp"

namespace ftvlsi::python {

namespace py = pybind11;

// An argument of the wrong kind (one too many, an unknown keyword, a path given as a number):
// raised as ftvlsi.ArgumentTypeError, which is both an ftvlsi.InputError and a TypeError.
class ArgumentTypeError : public InputError {
 public:
  using InputError::InputError;
};

// A Python exception raised while an argument was read (its __str__ or __fspath__ failed):
// raised as ftvlsi.InputError FTV-1316, naming the argument, with the original as __cause__.
class ArgumentReadError : public InputError {
 public:
  ArgumentReadError(const std::string& argument, py::error_already_set original);
  const py::error_already_set& original() const { return original_; }

 private:
  py::error_already_set original_;
};

// The text of a Python exception, "TypeName: message", never throwing.
std::string exception_text(const py::error_already_set& e);

// Adds ftvlsi.Error and its subclasses to `m` and translates every C++ exception into them.
void bind_errors(py::module_& m);

// Sets the Python error for the exception `p` (any type; never throws).
void set_python_error(std::exception_ptr p);

// Runs `f` and returns its result as a Python object; whatever it throws is raised as one of the
// module's types. pybind11 hands a Python exception raised in a binding (by an argument's
// __str__, say) back to Python untranslated, so the functions that read arguments run here.
template <class F>
py::object guarded(F&& f) {
  try {
    if constexpr (std::is_void_v<decltype(f())>) {
      f();
      return py::none();
    } else if constexpr (std::is_base_of_v<py::handle, decltype(f())>) {
      return py::object(f());
    } else {
      return py::cast(f());
    }
#ifdef __GLIBCXX__
  } catch (abi::__forced_unwind&) {
    throw;
#endif
  } catch (...) {
    set_python_error(std::current_exception());
  }
  throw py::error_already_set();
}

}  // namespace ftvlsi::python
