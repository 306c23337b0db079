#pragma once
// What the machine offers: memory available to a run, and peak memory used so far.
#include <cstdint>

namespace ftvlsi {

// MemAvailable from /proc/meminfo (physical memory when that is missing), in bytes. The
// environment variable FTVLSI_MEMORY_LIMIT (bytes) overrides it, for tests and shared hosts.
std::uint64_t available_memory_bytes();

// Peak resident set size of this process, in bytes.
std::uint64_t peak_memory_bytes();

}  // namespace ftvlsi
