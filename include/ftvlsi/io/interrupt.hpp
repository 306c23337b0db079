#pragma once
// Interruption safety: every temporary file or folder an output is being written to is registered
// here, and after install_interrupt_cleanup() a SIGINT, SIGTERM, SIGHUP or SIGQUIT removes the
// registered temporaries (a folder with everything in it) and exits 128 + the signal (130, 143,
// 129, 131), so an interrupted run leaves no partial output. The registry is a fixed table the
// signal handler reads without locks or allocation.
#include <string_view>

namespace ftvlsi {

// Installs the handlers of SIGINT, SIGTERM, SIGHUP and SIGQUIT (the CLI calls it once, first).
void install_interrupt_cleanup();

// Records a temporary file (or, with `folder`, a temporary folder and its contents); returns its
// slot for release_temporary(), or -1 when the table is full or the path too long (the temporary
// is then only removed by its owner).
int register_temporary(std::string_view path, bool folder = false);

// Forgets a temporary that was renamed into place or removed by its owner.
void release_temporary(int slot);

// While an InterruptsDeferred lives, a signal waits: the handler notes it and returns, and when
// the last one ends the signal is handled as usual (the temporaries still registered removed, the
// exit code 128 + the signal). For steps that must finish whole once begun: moving a finished
// folder's entries into place one by one (io/staged_folder.hpp) would otherwise stop part-way
// and leave some of a report's files without the rest.
class InterruptsDeferred {
 public:
  InterruptsDeferred();
  ~InterruptsDeferred();
  InterruptsDeferred(const InterruptsDeferred&) = delete;
  InterruptsDeferred& operator=(const InterruptsDeferred&) = delete;
};

// How many temporaries are registered now (tests).
int registered_temporaries();

// Removes the folder `path` and everything in it, as the signal handler does: only system calls
// on fixed buffers, no allocation, symbolic links removed, never followed. Returns false when
// something could not be removed (tests).
bool remove_tree_signal_safe(const char* path);

}  // namespace ftvlsi
