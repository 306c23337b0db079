#include "ftvlsi/io/interrupt.hpp"

#include <dirent.h>
#include <fcntl.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <array>
#include <atomic>
#include <cerrno>
#include <csignal>
#include <cstdint>
#include <cstring>

#include "ftvlsi/core/error.hpp"

namespace ftvlsi {
namespace {

constexpr int kSlots = 64;
constexpr std::size_t kPathMax = 4096;
constexpr int kMaxDepth = 32;  // report folders are two levels deep; deeper trees are left

enum SlotState : int { kFree = 0, kFilling = 1, kLiveFile = 2, kLiveFolder = 3 };

// Static storage only: the handler may run at any point, so it must not touch the heap.
std::array<std::array<char, kPathMax>, kSlots> g_paths;
std::array<std::atomic<int>, kSlots> g_state;

void write_stderr(const char* text) {
  const auto ignored = ::write(STDERR_FILENO, text, std::strlen(text));
  static_cast<void>(ignored);
}

// The linux_dirent64 records getdents64 fills a buffer with.
struct DirentHead {
  std::uint64_t ino;
  std::int64_t off;
  unsigned short reclen;
  unsigned char type;
  char name[1];
};

bool is_dot_entry(const char* name) {
  return name[0] == '.' && (name[1] == '\0' || (name[1] == '.' && name[2] == '\0'));
}

bool remove_subfolder(int parent, const char* name, int depth);

// One pass over the open folder `fd`, removing every entry; false when one stays.
bool empty_folder(int fd, int depth) {
  alignas(8) char buffer[4096];
  bool ok = true;
  ::lseek(fd, 0, SEEK_SET);
  for (;;) {
    const long got = ::syscall(SYS_getdents64, fd, buffer, sizeof buffer);
    if (got <= 0) return ok && got == 0;
    for (long at = 0; at < got;) {
      const auto* d = reinterpret_cast<const DirentHead*>(buffer + at);
      at += d->reclen;
      if (is_dot_entry(d->name) || ::unlinkat(fd, d->name, 0) == 0) continue;
      ok = (errno == EISDIR || errno == EPERM) && remove_subfolder(fd, d->name, depth + 1) && ok;
    }
  }
}

// Empties and removes the folder `name` of the open folder `parent` (a second pass catches
// entries a pass may skip while the folder changes under it).
bool remove_subfolder(int parent, const char* name, int depth) {
  if (depth > kMaxDepth) return false;
  const int fd = ::openat(parent, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
  if (fd < 0) return false;
  if (!empty_folder(fd, depth)) empty_folder(fd, depth);
  ::close(fd);
  return ::unlinkat(parent, name, AT_REMOVEDIR) == 0;
}

// 128 + the signal, and the one line that says which.
const char* signal_message(int sig) {
  switch (sig) {
    case SIGINT:  // FTV-7101: exit 130 (128 + SIGINT).
      return "ftvlsi: error FTV-7101: interrupted (SIGINT); unfinished outputs were removed\n";
    case SIGHUP:  // FTV-7103: exit 129 (128 + SIGHUP).
      return "ftvlsi: error FTV-7103: hung up (SIGHUP); unfinished outputs were removed\n";
    case SIGQUIT:  // FTV-7104: exit 131 (128 + SIGQUIT).
      return "ftvlsi: error FTV-7104: quit (SIGQUIT); unfinished outputs were removed\n";
    default:  // FTV-7102: SIGTERM, exit 143 (128 + SIGTERM).
      return "ftvlsi: error FTV-7102: terminated (SIGTERM); unfinished outputs were removed\n";
  }
}

// InterruptsDeferred: how many live, and the signal that arrived meanwhile (0: none).
std::atomic<int> g_deferred{0};
std::atomic<int> g_pending{0};

[[noreturn]] void handle(int sig) {
  for (int i = 0; i < kSlots; ++i) {
    const int state = g_state[i].load();
    if (state == kLiveFile) ::unlink(g_paths[i].data());
    if (state == kLiveFolder) remove_tree_signal_safe(g_paths[i].data());
  }
  write_stderr(signal_message(sig));
  ::_exit(128 + sig);
}

// The pending signal is stored before the deferral count is read, and the count dropped before
// the pending signal is taken (sequentially consistent atomics), so exactly one of the handler
// and the last ~InterruptsDeferred handles a signal that races with the end of a deferral.
extern "C" void on_interrupt(int sig) {
  g_pending.store(sig);
  if (g_deferred.load() > 0) return;
  if (const int pending = g_pending.exchange(0); pending != 0) handle(pending);
}

}  // namespace

bool remove_tree_signal_safe(const char* path) {
  const int fd = ::open(path, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
  if (fd < 0) return ::unlink(path) == 0 || errno == ENOENT;
  if (!empty_folder(fd, 1)) empty_folder(fd, 1);
  ::close(fd);
  return ::rmdir(path) == 0;
}

void install_interrupt_cleanup() {
  struct sigaction action {};
  action.sa_handler = on_interrupt;
  sigemptyset(&action.sa_mask);
  for (const int sig : {SIGINT, SIGTERM, SIGHUP, SIGQUIT}) sigaddset(&action.sa_mask, sig);
  for (const int sig : {SIGINT, SIGTERM, SIGHUP, SIGQUIT}) ::sigaction(sig, &action, nullptr);
}

int register_temporary(std::string_view path, bool folder) {
  if (path.size() + 1 > kPathMax) return -1;
  for (int i = 0; i < kSlots; ++i) {
    int expected = kFree;
    if (!g_state[i].compare_exchange_strong(expected, kFilling)) continue;
    std::memcpy(g_paths[i].data(), path.data(), path.size());
    g_paths[i][path.size()] = '\0';
    g_state[i].store(folder ? kLiveFolder : kLiveFile);
    return i;
  }
  return -1;
}

void release_temporary(int slot) {
  if (slot >= 0 && slot < kSlots) g_state[slot].store(kFree);
}

InterruptsDeferred::InterruptsDeferred() {
  g_deferred.fetch_add(1);
}

InterruptsDeferred::~InterruptsDeferred() {
  if (g_deferred.fetch_sub(1) == 1)
    if (const int pending = g_pending.exchange(0); pending != 0) handle(pending);
}

int registered_temporaries() {
  int n = 0;
  for (const auto& s : g_state) n += s.load() >= kLiveFile;
  return n;
}

}  // namespace ftvlsi
