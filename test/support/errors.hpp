#pragma once
// Small helpers for tests of refusals: the ID an input error carries, and a memory limit set for
// one scope (inherited by the child processes the CLI tests start).
#include <cstdlib>
#include <string>

#include "ftvlsi/core/error.hpp"

namespace ftvlsi::test {

// The ID of the InputError `f` throws, 0 when it throws none.
template <class F>
int error_id(F&& f) {
  try {
    f();
  } catch (const InputError& e) {
    return e.id();
  }
  return 0;
}

// FTVLSI_MEMORY_LIMIT for the scope of one check, unset again afterwards.
class MemoryLimit {
 public:
  explicit MemoryLimit(const std::string& value) {
    ::setenv("FTVLSI_MEMORY_LIMIT", value.c_str(), 1);
  }
  ~MemoryLimit() { ::unsetenv("FTVLSI_MEMORY_LIMIT"); }
  MemoryLimit(const MemoryLimit&) = delete;
  MemoryLimit& operator=(const MemoryLimit&) = delete;
};

}  // namespace ftvlsi::test
