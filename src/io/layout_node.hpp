#pragma once
// Private to io/: the parts of a layout spec that the report spec and the flag overrides share.
#include <cstdint>
#include <string>
#include <string_view>

#include "ftvlsi/io/layout_spec.hpp"
#include "yaml_source.hpp"

namespace ftvlsi::detail {

// A butterfly switch's parent count; values beyond int are refused here, the rest by the network.
int parents_entry(std::uint64_t p);
bool is_competing_kind(std::string_view kind);
bool is_butterfly_kind(std::string_view kind);
bool is_layout_kind(std::string_view kind);  // a fat-tree family's or a competing kind
// One layout spec from its YAML node (a report entry when `in_report`: then `name` is allowed).
LayoutSpec parse_layout_node(const Source& src, const YAML::Node& root, bool in_report);

}  // namespace ftvlsi::detail
