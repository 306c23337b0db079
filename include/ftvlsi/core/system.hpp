#pragma once
// What the machine offers: memory available to a run, and peak memory used so far.
#include <cstdint>
#include <string_view>

namespace ftvlsi {

// The value of FTVLSI_MEMORY_LIMIT: a whole number of bytes from 1 to 2^64 - 1, optionally
// followed by one suffix K, M, G or T (either case, powers of 1024), such as 268435456 or 256M.
// Anything else (a sign, a fraction, an exponent, spaces, an empty value, zero, an overflow) is
// refused with InputError FTV-8010 (docs/memory-limits.md).
std::uint64_t parse_memory_limit(std::string_view text);

// Checks FTVLSI_MEMORY_LIMIT when it is set; the CLI calls it before any work so that a bad
// value is refused first.
void check_memory_limit_setting();

// MemAvailable from /proc/meminfo (physical memory when that is missing), in bytes. The
// environment variable FTVLSI_MEMORY_LIMIT overrides it, for tests and shared hosts; a malformed
// value throws InputError (parse_memory_limit).
std::uint64_t available_memory_bytes();

// Peak resident set size of this process, in bytes.
std::uint64_t peak_memory_bytes();

}  // namespace ftvlsi
