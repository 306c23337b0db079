#include "results.hpp"

#include <fmt/format.h>

#include "ftvlsi/core/version.hpp"

namespace ftvlsi::python {

std::string repr_of(const char* type,
                    std::initializer_list<std::pair<const char*, py::object>> fields) {
  std::string out = std::string(type) + "(";
  bool first = true;
  for (const auto& [name, value] : fields) {
    out += fmt::format("{}{}={}", first ? "" : ", ", name, py::repr(value).cast<std::string>());
    first = false;
  }
  return out + ")";
}

py::tuple reduce_ex(const py::object& self, const py::object&) {
  return py::make_tuple(py::module_::import("copyreg").attr("__newobj__"),
                        py::make_tuple(self.attr("__class__")), self.attr("__getstate__")());
}

py::object parsed_json(const std::string& text) {
  return py::module_::import("json").attr("loads")(py::str(text));
}

py::dict parameters_state(const char* type, const Params& given, const std::string& json) {
  py::dict parameters;
  for (const auto& [key, value] : given) parameters[py::str(key)] = py::bytes(value);
  py::dict state;
  state["type"] = type;
  state["ftvlsi"] = std::string(version());
  state["parameters"] = parameters;
  state["json"] = json;
  return state;
}

namespace {

[[noreturn]] void bad_state(const char* type) {
  throw InputError(1325, fmt::format("this is not the pickled state of an ftvlsi.{}; unpickle "
                                     "only what pickle.dumps made of one",
                                     type));
}

py::dict state_dict(const char* type, const py::object& state) {
  if (!py::isinstance<py::dict>(state)) bad_state(type);
  py::dict d = state.cast<py::dict>();
  for (const char* key : {"type", "ftvlsi", "parameters", "json"})
    if (!d.contains(key)) bad_state(type);
  if (!py::isinstance<py::str>(d["type"]) || d["type"].cast<std::string>() != type ||
      !py::isinstance<py::dict>(d["parameters"]) || !py::isinstance<py::str>(d["json"]) ||
      !py::isinstance<py::str>(d["ftvlsi"]))
    bad_state(type);
  return d;
}

}  // namespace

Params parameters_of_state(const char* type, const py::object& state) {
  Params out;
  for (const auto& [key, value] : state_dict(type, state)["parameters"].cast<py::dict>()) {
    if (!py::isinstance<py::str>(key) || !py::isinstance<py::bytes>(value)) bad_state(type);
    out[key.cast<std::string>()] = value.cast<std::string>();
  }
  return out;
}

void require_same_document(const char* type, const py::object& state, const std::string& json) {
  const py::dict d = state_dict(type, state);
  if (d["json"].cast<std::string>() == json) return;
  throw InputError(1326, fmt::format("the pickled ftvlsi.{} (made by ftvlsi {}) is not what its "
                                     "parameters give now (ftvlsi {}): an input file changed or "
                                     "the version differs; run the job again instead",
                                     type, d["ftvlsi"].cast<std::string>(), version()));
}

}  // namespace ftvlsi::python
