#pragma once
#include <string_view>

namespace ftvlsi {
// The project version, from CMake.
std::string_view version();
}  // namespace ftvlsi
