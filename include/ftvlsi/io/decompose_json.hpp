#pragma once
// The JSON document of a decomposition run (`ftvlsi decompose --json`).
#include <string>

#include "ftvlsi/decomp/decomposition.hpp"
#include "ftvlsi/io/decompose_spec.hpp"

namespace ftvlsi {

std::string decompose_json(const DecomposeSpec& spec, const DecomposeRun& run);

}  // namespace ftvlsi
