#pragma once
// One `ftvlsi decompose` run: build or read the competing network, its cutting-plane tree, the
// balanced tree, the mapping onto a host fat-tree and the one-step loads; write the outputs.
#include "ftvlsi/decomp/decomposition.hpp"
#include "ftvlsi/io/decompose_spec.hpp"

namespace ftvlsi {

DecomposeRun run_decompose(const DecomposeSpec& spec);

}  // namespace ftvlsi
