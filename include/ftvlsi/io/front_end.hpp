#pragma once
// Who gives a job its options, and so how a message names them: the CLI's flags ("--max-cycles")
// or the Python module's keyword arguments ("max_cycles"). The spec builders (route_spec,
// simulate_spec) serve both and name options through spelled().
#include <string>
#include <string_view>

namespace ftvlsi {

enum class FrontEnd { kCli, kPython };

// `option` in snake_case as the front end spells it: "--max-cycles" or "max_cycles".
std::string spelled(std::string_view option, FrontEnd front);

}  // namespace ftvlsi
