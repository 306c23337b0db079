#include "signature.hpp"

#include <fmt/format.h>

#include <string_view>

#include "ftvlsi/network/capacity.hpp"

namespace ftvlsi::python {

std::vector<std::string> param_names(const std::vector<Param>& params) {
  std::vector<std::string> out;
  for (const auto& p : params) out.emplace_back(p.name);
  return out;
}

std::string capacity_profile_names() {
  std::string out;
  for (const auto p : all_capacity_profiles())
    out += fmt::format("{}{}", out.empty() ? "" : ", ", to_string(p));
  return out;
}

std::string text_signature(const char* name, const std::vector<Param>& params) {
  std::string out = fmt::format("{}(params=None, *", name);
  for (const auto& p : params)
    out += fmt::format(", {}={}", p.name, py::repr(p.default_).cast<std::string>());
  return out + ")\n--\n\n";
}

std::string job_docstring(const char* name, const std::vector<Param>& params,
                          const std::string& summary, const char* returns) {
  std::string out = text_signature(name, params) + summary + "\n\nParameters\n----------\n";
  const bool spec = !params.empty() && std::string_view(params.front().name) == "spec";
  out += spec ? "params : dict or path, optional\n"
                "    The parameters as a dict (the keywords win over it), or a YAML spec file's "
                "path.\n"
              : "params : dict, optional\n"
                "    The parameters as a dict (the keywords win over it).\n";
  for (const auto& p : params) {
    out += fmt::format("{} : {}", p.name, p.type);
    if (!p.default_.is_none())
      out += fmt::format(", default {}", py::repr(p.default_).cast<std::string>());
    out += fmt::format("\n    {}\n", p.doc);
  }
  return out + fmt::format("\nReturns\n-------\n{}\n", returns);
}

}  // namespace ftvlsi::python
