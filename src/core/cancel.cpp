#include "ftvlsi/core/cancel.hpp"

#include <algorithm>
#include <condition_variable>
#include <mutex>
#include <thread>
#include <vector>

namespace ftvlsi {

// FTV-7110: a library call cancelled by its caller: in Python, Ctrl-C during a call raises
// ftvlsi.Interrupted, a KeyboardInterrupt (docs/python.md); it exits 130 like FTV-7101.
Cancelled::Cancelled()
    : Error(7110,
            "interrupted: the call was cancelled (SIGINT, Ctrl-C) before it finished; nothing "
            "was written") {}

namespace detail {
std::atomic<int> g_cancel_due{0};
}  // namespace detail

namespace {
thread_local CancelScope* t_scope = nullptr;
}  // namespace

// The open scopes and the thread that marks them due. It runs while any scope is open: the first
// scope starts it, the last one stops and joins it (a new one is started by the next scope).
struct CancelTimer {
  std::mutex mutex;
  std::condition_variable wake;
  std::vector<CancelScope*> scopes;
  std::thread thread;
  std::uint64_t generation = 0;  // a stopped timer's generation is over

  static CancelTimer& get() {
    static CancelTimer* timer = new CancelTimer;  // never destroyed: threads may outlive statics
    return *timer;
  }

  static void mark_due(CancelScope& s) {
    if (!s.due_.exchange(true)) detail::g_cancel_due.fetch_add(1, std::memory_order_relaxed);
  }
  static void clear_due(CancelScope& s) {
    if (s.due_.exchange(false)) detail::g_cancel_due.fetch_sub(1, std::memory_order_relaxed);
  }

  void run(std::uint64_t mine) {
    std::unique_lock lock(mutex);
    auto next = std::chrono::steady_clock::now() + kCancelHookInterval;
    while (generation == mine) {
      if (wake.wait_until(lock, next) == std::cv_status::no_timeout) continue;
      for (CancelScope* s : scopes) mark_due(*s);
      next = std::chrono::steady_clock::now() + kCancelHookInterval;
    }
  }

  void open(CancelScope* s) {
    const std::lock_guard lock(mutex);
    scopes.push_back(s);
    if (!thread.joinable()) thread = std::thread([this, g = generation] { run(g); });
  }

  void close(CancelScope* s) {
    std::thread stopped;
    {
      const std::lock_guard lock(mutex);
      std::erase(scopes, s);
      clear_due(*s);
      if (scopes.empty()) {
        ++generation;
        stopped = std::move(thread);
      }
    }
    wake.notify_all();
    if (stopped.joinable()) stopped.join();
  }
};

namespace detail {

void poll_cancel_slow() {
  CancelScope* scope = t_scope;
  if (!scope) return;  // another thread's scope is due
  if (!scope->cancelled_ && scope->due_.exchange(false)) {
    g_cancel_due.fetch_sub(1, std::memory_order_relaxed);
    scope->cancelled_ = scope->hook_();
  }
  if (scope->cancelled_) {
    CancelTimer::mark_due(*scope);  // it stays cancelled until it closes
    throw Cancelled();
  }
}

}  // namespace detail

CancelScope::CancelScope(CancelHook hook) : hook_(hook), outer_(t_scope) {
  t_scope = this;
  CancelTimer::get().open(this);
}

CancelScope::~CancelScope() {
  CancelTimer::get().close(this);
  t_scope = outer_;
}

}  // namespace ftvlsi
