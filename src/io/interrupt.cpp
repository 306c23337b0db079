#include "ftvlsi/io/interrupt.hpp"

#include <unistd.h>

#include <array>
#include <atomic>
#include <csignal>
#include <cstring>

#include "ftvlsi/core/error.hpp"

namespace ftvlsi {
namespace {

constexpr int kSlots = 64;
constexpr std::size_t kPathMax = 4096;

enum SlotState : int { kFree = 0, kFilling = 1, kLive = 2 };

// Static storage only: the handler may run at any point, so it must not touch the heap.
std::array<std::array<char, kPathMax>, kSlots> g_paths;
std::array<std::atomic<int>, kSlots> g_state;

void write_stderr(const char* text) {
  const auto ignored = ::write(STDERR_FILENO, text, std::strlen(text));
  static_cast<void>(ignored);
}

extern "C" void on_interrupt(int sig) {
  for (int i = 0; i < kSlots; ++i)
    if (g_state[i].load() == kLive) ::unlink(g_paths[i].data());
  write_stderr(sig == SIGINT ? "ftvlsi: error FTV-7101: interrupted (SIGINT); unfinished outputs "
                               "were removed\n"
                             : "ftvlsi: error FTV-7102: terminated (SIGTERM); unfinished outputs "
                               "were removed\n");
  ::_exit(sig == SIGINT ? static_cast<int>(ExitCode::kInterrupted)
                        : static_cast<int>(ExitCode::kTerminated));
}

}  // namespace

void install_interrupt_cleanup() {
  struct sigaction action {};
  action.sa_handler = on_interrupt;
  sigemptyset(&action.sa_mask);
  sigaddset(&action.sa_mask, SIGINT);
  sigaddset(&action.sa_mask, SIGTERM);
  ::sigaction(SIGINT, &action, nullptr);
  ::sigaction(SIGTERM, &action, nullptr);
}

int register_temporary(std::string_view path) {
  if (path.size() + 1 > kPathMax) return -1;
  for (int i = 0; i < kSlots; ++i) {
    int expected = kFree;
    if (!g_state[i].compare_exchange_strong(expected, kFilling)) continue;
    std::memcpy(g_paths[i].data(), path.data(), path.size());
    g_paths[i][path.size()] = '\0';
    g_state[i].store(kLive);
    return i;
  }
  return -1;
}

void release_temporary(int slot) {
  if (slot >= 0 && slot < kSlots) g_state[slot].store(kFree);
}

int registered_temporaries() {
  int n = 0;
  for (const auto& s : g_state) n += s.load() == kLive;
  return n;
}

}  // namespace ftvlsi
