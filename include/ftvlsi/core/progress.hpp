#pragma once
// A long job's progress callback: the step it starts, and how many of how many steps are done.
// The library only calls it; the CLI decides whether and how to show it (stderr, a terminal).
#include <cstdint>
#include <functional>
#include <string_view>

namespace ftvlsi {

using ProgressFn =
    std::function<void(std::string_view step, std::uint64_t done, std::uint64_t total)>;

}  // namespace ftvlsi
