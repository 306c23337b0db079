#pragma once
// Two lanes of work: lane 0 on the calling thread, lane 1 on a second thread, for the loops whose
// halves are independent (the butterfly router's paths, the bisection's pieces). The
// lanes' results are merged by the caller in lane order, so they are the same as one lane's.
// Only the calling thread polls for cancellation (core/cancel.hpp: a scope is per thread).
#include <exception>
#include <thread>

namespace ftvlsi {

// Runs work(0) here and, with two lanes, work(1) on a second thread; a lane's exception is
// rethrown once both have ended (lane 0's first).
template <class Work>
void run_lanes(int lanes, Work&& work) {
  if (lanes == 1) return work(0);
  std::exception_ptr failure[2];
  std::thread second([&] {
    try {
      work(1);
    } catch (...) {
      failure[1] = std::current_exception();
    }
  });
  try {
    work(0);
  } catch (...) {
    failure[0] = std::current_exception();
  }
  second.join();
  for (const auto& f : failure)
    if (f) std::rethrow_exception(f);
}

}  // namespace ftvlsi
