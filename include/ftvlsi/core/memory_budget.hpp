#pragma once
// Memory estimates checked before a run allocates (docs/memory-limits.md). Every command that can
// allocate in proportion to its input estimates, from the input's sizes alone, the bytes its
// largest phase will hold, and refuses when they exceed available_memory_bytes()
// (FTVLSI_MEMORY_LIMIT, else MemAvailable) with the estimate and the available figure. The
// bytes-per-unit constants of the estimates were fitted to peak RSS measured with
// /usr/bin/time -v; each one says where.
#include <cstdint>
#include <string>
#include <string_view>

#include "ftvlsi/core/error.hpp"

namespace ftvlsi {

// The process's own resident memory before its first input-sized allocation (the binary, its
// libraries, the allocator's arenas and the lanes' stacks: 5-8 MiB measured), for an estimate of
// a whole run's peak; an estimate of what a run adds to what it holds leaves it out.
inline constexpr long double kProcessBytes = 8 << 20;

// FTV-8000, for a std::bad_alloc that reached the CLI's main or a Python call: `what` ran out
// ("the run", "the call").
Error out_of_memory_error(std::string_view what);

// A byte count for a message: "1.50 GiB", "95.4 MiB", "12.0 KiB" or "300 bytes".
std::string memory_text(long double bytes);

// Throws InputError `id` when `bytes` exceed the memory available: "{what} needs an estimated
// {bytes} of memory but only {available} are available; {advice} (FTVLSI_MEMORY_LIMIT sets the
// limit)". `what` starts the sentence ("this layout"), `advice` says what to make smaller.
void require_memory(int id, long double bytes, std::string_view what, std::string_view advice);
// The same against `available` bytes read once: a loop that allocates as it goes reads the figure
// before it starts (MemAvailable falls as the run grows).
void require_memory(int id, long double bytes, std::uint64_t available, std::string_view what,
                    std::string_view advice);

}  // namespace ftvlsi
