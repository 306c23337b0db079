// Reading a huge network file: writes a file of W wires (default 10^7) on a 2^20-processor
// grid, then reads it back with read_network_file (streaming, 1 MiB at a time) and prints the
// file size, the read time, the peak memory and what the up-front estimate said.
// Usage: network_file_bench [WIRES] [FILE]   (run by hand in a Release build)
#include <fmt/format.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <string>

#include "ftvlsi/core/system.hpp"
#include "ftvlsi/io/text_file.hpp"

int main(int argc, char** argv) {
  const std::uint64_t wires = argc > 1 ? std::strtoull(argv[1], nullptr, 10) : 10'000'000;
  const std::string path = argc > 2 ? argv[2] : "/tmp/ftvlsi-bench-huge.net";
  constexpr std::uint64_t side = 1024, n = side * side;
  {
    std::FILE* f = std::fopen(path.c_str(), "w");
    if (f == nullptr) return 3;
    std::fprintf(f, "processors %llu\n", static_cast<unsigned long long>(n));
    for (std::uint64_t p = 0; p < n; ++p)
      std::fprintf(f, "%llu %llu %llu\n", static_cast<unsigned long long>(p),
                   static_cast<unsigned long long>(p % side),
                   static_cast<unsigned long long>(p / side));
    for (std::uint64_t w = 0; w < wires; ++w)
      std::fprintf(f, "wire %llu %llu\n", static_cast<unsigned long long>(w % n),
                   static_cast<unsigned long long>((w * 2654435761ULL + 1) % n));
    std::fclose(f);
  }
  const auto bytes = std::filesystem::file_size(path);
  const auto start = std::chrono::steady_clock::now();
  const auto net = ftvlsi::read_network_file(path);
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  const double estimate = (static_cast<double>(n) * 29 + static_cast<double>(bytes) / 9 * 16);
  fmt::print(
      "network file: {} processors, {} wires, {:.0f} MB; read in {:.2f} s; peak RSS {:.0f} MB; "
      "up-front estimate {:.0f} MB (limit {:.0f} MB)\n",
      net.processors(), net.wires.size(), bytes / 1e6, seconds, ftvlsi::peak_memory_bytes() / 1e6,
      estimate / 1e6, ftvlsi::available_memory_bytes() / 1e6);
  std::filesystem::remove(path);
  return 0;
}
