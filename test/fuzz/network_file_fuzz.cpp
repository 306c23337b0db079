// libFuzzer target: the network file parser (network/competing.hpp), and its writer: a network
// that parses is written and parsed again to the same network.
#include "common.hpp"
#include "ftvlsi/network/competing.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  return ftvlsi::fuzz::run(data, size, [](std::string_view text) {
    const auto net = ftvlsi::parse_network_text(text, "fuzz.net");
    const auto again = ftvlsi::parse_network_text(ftvlsi::network_text(net), "again.net");
    if (again.position != net.position || again.wires != net.wires ||
        again.dimensions != net.dimensions)
      std::abort();
  });
}
