// Cooperative cancellation: poll_cancel() is silent without a scope, runs the scope's hook at most
// every kCancelHookInterval on the scope's own thread, and throws Cancelled (FTV-7110) once the
// hook asks to stop; a polled comparison sorts as its plain one does.
#include "ftvlsi/core/cancel.hpp"

#include <doctest/doctest.h>

#include <algorithm>
#include <chrono>
#include <functional>
#include <thread>
#include <vector>

using namespace ftvlsi;

namespace {

int g_calls = 0;
bool g_stop = false;

bool counting_hook() {
  ++g_calls;
  return g_stop;
}

bool never() {
  return false;
}

// Polls for `ms` milliseconds; returns whether a Cancelled came out.
bool poll_for(int ms) {
  const auto end = std::chrono::steady_clock::now() + std::chrono::milliseconds(ms);
  try {
    while (std::chrono::steady_clock::now() < end) poll_cancel();
  } catch (const Cancelled&) {
    return true;
  }
  return false;
}

}  // namespace

TEST_SUITE("cancel") {
  TEST_CASE("without a scope poll_cancel never calls a hook nor throws") {
    g_calls = 0, g_stop = true;
    CHECK_FALSE(poll_for(120));
    CHECK(g_calls == 0);
  }

  TEST_CASE("a scope's hook runs at most once per interval while the call polls") {
    g_calls = 0, g_stop = false;
    {
      CancelScope scope(counting_hook);
      CHECK_FALSE(poll_for(330));
    }
    const int most = 330 / static_cast<int>(kCancelHookInterval.count()) + 1;
    CHECK(g_calls >= 2);
    CHECK(g_calls <= most);
  }

  TEST_CASE("the call throws Cancelled, with its ID and exit code, once the hook says stop") {
    g_calls = 0, g_stop = true;
    CancelScope scope(counting_hook);
    try {
      for (;;) poll_cancel();
    } catch (const Cancelled& e) {
      CHECK(e.id() == 7110);
      CHECK(e.exit_code() == ExitCode::kInterrupted);
    }
    CHECK(g_calls == 1);
    CHECK_THROWS_AS(poll_cancel(), Cancelled);  // it stays cancelled until the scope closes
    CHECK(g_calls == 1);
  }

  TEST_CASE("scopes nest, and a thread without a scope is not stopped by another's") {
    g_calls = 0, g_stop = true;
    CancelScope outer(never);
    {
      CancelScope inner(counting_hook);
      CHECK(poll_for(1000));
    }
    CHECK_FALSE(poll_for(120));  // the outer scope's hook is back
    bool other_cancelled = true;
    std::thread other([&] { other_cancelled = poll_for(120); });
    other.join();
    CHECK_FALSE(other_cancelled);
  }

  TEST_CASE("a polled comparison sorts as the plain one, and stops a sort once cancelled") {
    std::vector<int> a, b;
    for (int i = 0; i < 10000; ++i) a.push_back((i * 7919) % 10007);
    b = a;
    std::sort(a.begin(), a.end(), polled(std::greater<>()));
    std::sort(b.begin(), b.end(), std::greater<>());
    CHECK(a == b);
    g_stop = true;
    CancelScope scope(counting_hook);
    std::vector<int> big(1 << 22);
    for (std::size_t i = 0; i < big.size(); ++i) big[i] = static_cast<int>((i * 2654435761u) >> 8);
    // Sorted again and again (seconds without polls): the hook's first turn stops it.
    const auto sort_forever = [&] {
      for (int i = 0; i < 200; ++i)
        std::sort(big.begin(), big.end(), polled([](int x, int y) { return x < y; }));
    };
    const auto start = std::chrono::steady_clock::now();
    CHECK_THROWS_AS(sort_forever(), Cancelled);
    CHECK(std::chrono::steady_clock::now() - start < 20 * kCancelHookInterval);
  }
}
