#pragma once
// Interruption safety: every temporary file an output is being written to is registered here,
// and after install_interrupt_cleanup() a SIGINT or SIGTERM removes the registered temporaries
// and exits 130 or 143 (128 + the signal), so an interrupted run leaves no partial output. The
// registry is a fixed table the signal handler reads without locks or allocation.
#include <string_view>

namespace ftvlsi {

// Installs the SIGINT and SIGTERM handlers (the CLI calls it once, first thing).
void install_interrupt_cleanup();

// Records a temporary file; returns its slot for release_temporary(), or -1 when the table is
// full or the path too long (the file is then only removed by its owner, as before).
int register_temporary(std::string_view path);

// Forgets a temporary that was renamed into place or removed by its owner.
void release_temporary(int slot);

// How many temporaries are registered now (tests).
int registered_temporaries();

}  // namespace ftvlsi
