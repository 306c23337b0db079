#pragma once
// Cooperative cancellation of a long library call (docs/python.md, "Interrupting a call"). The
// long loops of the library, and the comparisons of its big sorts, call poll_cancel(): one
// relaxed atomic load, so the CLI (which stops on SIGINT through io/interrupt.hpp) and the
// benchmarks do not notice it. A caller that wants to be interruptible — the Python module, which
// must let Python's signal handlers run — opens a CancelScope with a hook; a timer thread then
// marks the scope due every kCancelHookInterval, the next poll_cancel() on the scope's thread
// runs the hook, and throws Cancelled when the hook says so. Unwinding the call runs the
// destructors of its AtomicFiles, which remove their temporaries: a cancelled call leaves no
// partial output behind.
#include <atomic>
#include <chrono>
#include <cstdint>

#include "ftvlsi/core/error.hpp"

namespace ftvlsi {

// A call stopped because its caller asked it to (FTV-7110). It exits like an interrupted run.
class Cancelled : public Error {
 public:
  Cancelled();
  ExitCode exit_code() const override { return ExitCode::kInterrupted; }
};

namespace detail {
// How many open scopes are due for their hook: poll_cancel()'s test.
extern std::atomic<int> g_cancel_due;
[[gnu::cold]] void poll_cancel_slow();
}  // namespace detail

// Asked by poll_cancel() whether the running call should stop; true cancels it.
using CancelHook = bool (*)();

// How often, at most, a scope's hook runs.
inline constexpr std::chrono::milliseconds kCancelHookInterval{50};

// Makes the library calls of the calling thread interruptible by `hook` while the scope lives.
// Scopes nest (the inner one's hook runs until it closes); other threads are not affected.
class CancelScope {
 public:
  explicit CancelScope(CancelHook hook);
  ~CancelScope();
  CancelScope(const CancelScope&) = delete;
  CancelScope& operator=(const CancelScope&) = delete;

 private:
  friend void detail::poll_cancel_slow();
  friend struct CancelTimer;
  CancelHook hook_;
  CancelScope* outer_;
  std::atomic<bool> due_{false};
  bool cancelled_ = false;
};

// Throws Cancelled when the calling thread's scope asks to stop.
inline void poll_cancel() {
  if (detail::g_cancel_due.load(std::memory_order_relaxed) != 0) [[unlikely]]
    detail::poll_cancel_slow();
}

// The comparison `less` polling first: a sort of millions of items runs for seconds and calls
// nothing else of ours.
template <class Less>
auto polled(Less less) {
  return [less](const auto& a, const auto& b) {
    poll_cancel();
    return less(a, b);
  };
}

}  // namespace ftvlsi
