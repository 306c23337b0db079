#pragma once
// Wall-clock seconds of a piece of work on the steady clock: the phase times a job reports
// (layout's `times`, route's `seconds_routing`). They vary from run to run, so no output that must
// be byte-identical for the same input and seed carries them unless the user asks.
#include <chrono>
#include <utility>

namespace ftvlsi {

// Started when made; seconds() since then.
class Stopwatch {
 public:
  double seconds() const {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
  }

 private:
  std::chrono::steady_clock::time_point start_ = std::chrono::steady_clock::now();
};

template <class F>
double timed(F&& f) {
  const auto start = std::chrono::steady_clock::now();
  std::forward<F>(f)();
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

}  // namespace ftvlsi
