#include "ftvlsi/io/layer_properties.hpp"

#include <fmt/format.h>

#include <filesystem>

#include "ftvlsi/io/atomic_file.hpp"
#include "xml_text.hpp"

namespace ftvlsi {

std::optional<std::string> layer_properties_path(const std::string& gds_path) {
  std::error_code ec;
  const auto status = std::filesystem::status(gds_path, ec);
  if (!ec && std::filesystem::exists(status) && !std::filesystem::is_regular_file(status))
    return std::nullopt;
  return std::filesystem::path(gds_path).replace_extension(".lyp").string();
}

// KLayout's own format (what File > Save Layer Properties writes): one <properties> per layer,
// its source "layer/datatype@1" (the first layout of the view). Dither pattern I0 is hollow, I1
// solid, I5 a sparse hatch.
std::string layer_properties_xml(std::span<const GdsLayer> layers) {
  std::string out = "<?xml version=\"1.0\" encoding=\"utf-8\"?>\n<layer-properties>\n";
  for (const GdsLayer& l : layers)
    out += fmt::format(
        " <properties>\n"
        "  <frame-color>{0}</frame-color>\n"
        "  <fill-color>{0}</fill-color>\n"
        "  <frame-brightness>0</frame-brightness>\n"
        "  <fill-brightness>0</fill-brightness>\n"
        "  <dither-pattern>{1}</dither-pattern>\n"
        "  <line-style/>\n"
        "  <valid>true</valid>\n"
        "  <visible>true</visible>\n"
        "  <transparent>false</transparent>\n"
        "  <width>1</width>\n"
        "  <marked>false</marked>\n"
        "  <xfill>false</xfill>\n"
        "  <animation>0</animation>\n"
        "  <name>{2}</name>\n"
        "  <source>{3}/{4}@1</source>\n"
        " </properties>\n",
        l.colour, l.filled ? "I5" : "I0", xml_escape(l.name), l.layer, l.datatype);
  return out + "</layer-properties>\n";
}

void write_layer_properties(const std::string& path, std::span<const GdsLayer> layers) {
  write_file_atomically(path, layer_properties_xml(layers));
}

}  // namespace ftvlsi
