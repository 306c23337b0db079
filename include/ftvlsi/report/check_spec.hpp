#pragma once
// The options of `ftvlsi check` (and ftvlsi.check) as given, and the CheckOptions built from
// them: parsed, defaulted and refused in one place for the CLI and Python alike.
#include <optional>
#include <string>
#include <vector>

#include "ftvlsi/io/front_end.hpp"
#include "ftvlsi/report/check.hpp"

namespace ftvlsi {

struct CheckChoices {
  std::vector<std::string> ids;  // empty: every check
  bool quick = false, full = false, controls = false;
  std::optional<std::string> seed, technology, shard, jobs;
  std::optional<std::string> tiny;  // tests: every size capped at this
};

// FTV-1017 for --quick with --full; the seed, the cap and the shard parsed; the technology file
// read (IoError when unreadable).
CheckOptions check_options(const CheckChoices& choices, FrontEnd front);

}  // namespace ftvlsi
