#include "ftvlsi/route/export_run.hpp"

#include <array>
#include <utility>

#include "ftvlsi/core/error.hpp"

namespace ftvlsi {
namespace {

// The one name table of ExportFormat: parse, print and the list of valid values.
constexpr std::array<std::pair<ExportFormat, std::string_view>, 3> kNames{{
    {ExportFormat::kBooksim, "booksim"},
    {ExportFormat::kGraphml, "graphml"},
    {ExportFormat::kDot, "dot"},
}};

}  // namespace

std::string_view to_string(ExportFormat format) {
  for (const auto& [f, name] : kNames)
    if (f == format) return name;
  return "unknown";
}

const std::vector<ExportFormat>& export_formats() {
  static const std::vector<ExportFormat> all = [] {
    std::vector<ExportFormat> v;
    for (const auto& entry : kNames) v.push_back(entry.first);
    return v;
  }();
  return all;
}

ExportFormat parse_export_format(std::string_view name) {
  for (const auto& [f, n] : kNames)
    if (n == name) return f;
  throw InputError(1090,
                   "--format must be booksim (BookSim2's anynet file and its configuration), "
                   "graphml or dot, not '" +
                       std::string(name) + "'");
}

}  // namespace ftvlsi
