#pragma once
// Which messages a full concentrator passes (route/delivery.hpp): uniformly random ones, or by a
// fixed priority (the lower message number wins). The names are the `--switch` values and the
// JSON's "switch".
#include <string_view>

#include "ftvlsi/core/name_table.hpp"

namespace ftvlsi {

enum class SwitchPolicy { kRandom, kPriority };

inline constexpr NameTable<SwitchPolicy, 2> kSwitchPolicyNames{{
    {SwitchPolicy::kRandom, "random"},
    {SwitchPolicy::kPriority, "priority"},
}};

constexpr std::string_view to_string(SwitchPolicy policy) {
  return name_of(kSwitchPolicyNames, policy);
}

}  // namespace ftvlsi
