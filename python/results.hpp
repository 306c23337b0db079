#pragma once
// What every result class of the module has (docs/python.md, "Results"): a short repr of its
// main figures, to_dict() (the CLI's JSON document as plain dicts and lists) and pickling.
#include <pybind11/pybind11.h>

#include <initializer_list>
#include <memory>
#include <string>
#include <utility>

#include "arguments.hpp"
#include "params.hpp"

namespace ftvlsi::python {

namespace py = pybind11;

// "Type(a=1, b='x')": each value as repr() gives it.
std::string repr_of(const char* type,
                    std::initializer_list<std::pair<const char*, py::object>> fields);

// A JSON document as Python's json module reads it: dicts, lists, str, int, float, bool, None.
py::object parsed_json(const std::string& text);

// __reduce_ex__ for every result class: protocol 2's reduction (cls.__new__(cls), then
// __setstate__) for every protocol. CPython's own for protocols 0 and 1 makes the instance
// through object's reconstructor, which pybind11 refuses by aborting the process.
py::tuple reduce_ex(const py::object& self, const py::object& protocol);

// The methods every result class shares: its constructor, which refuses (FTV-1321: made by
// ftvlsi.`job` only), to_json() (the document `ftvlsi JOB --json` writes: `document(result)`) and
// to_dict() (that document as plain dicts and lists). Returns `c` for more .def()s.
template <class T, class Class, class Document>
Class& def_document_methods(Class& c, const char* type, const char* job, Document document) {
  const std::string to_json_doc =
      std::string("to_json($self, /)\n--\n\nThe same document as `ftvlsi ") + job +
      " --json`, a str.";
  c.def(no_constructor<T>(type, job))
      .def("to_json",
           no_argument_method<T>(type, "to_json", [document](const T& t) { return document(t); }),
           to_json_doc.c_str())  // pybind11 keeps its own copy of a docstring
      .def("to_dict",
           no_argument_method<T>(type, "to_dict",
                                 [document](const T& t) { return parsed_json(document(t)); }),
           "to_dict($self, /)\n--\n\nThe document of to_json() as plain dicts and lists.");
  return c;
}

// ---- Pickling by parameters --------------------------------------------------------------
// A layout, a decomposition, a route or a simulation is pickled as the parameters it was made
// from (their texts as the CLI's flags take them; paths as bytes), the version of ftvlsi and its
// JSON document. Unpickling runs the job again, which gives the same result for the same
// parameters and seed, and compares the document: FTV-1326 when it differs (another version of
// ftvlsi, or an input file that changed), FTV-1325 for a state that is not one of these.

py::dict parameters_state(const char* type, const Params& given, const std::string& json);
Params parameters_of_state(const char* type, const py::object& state);
void require_same_document(const char* type, const py::object& state, const std::string& json);

// py::pickle for a result type T with members `given` (its Params) and json(); `make` runs the
// job from the parameters.
template <class T, class Make>
auto pickled_by_parameters(const char* type, Make make) {
  return py::pickle(
      [type](const T& t) { return py::object(parameters_state(type, t.given, t.json())); },
      [type, make](const py::object& state) {
        std::shared_ptr<T> r = make(parameters_of_state(type, state));
        require_same_document(type, state, r->json());
        return r;
      });
}

}  // namespace ftvlsi::python
