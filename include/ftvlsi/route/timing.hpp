#pragma once
// The time a message takes on a layout (docs/design.md §6.2). A message is bit-serial: its head
// crosses every wire (w(d) for a wire of layout length d) and every switch (a fixed delay) on its
// path, and its tail follows `bits` time units behind. The acknowledgment goes back the same way
// as a single bit. A delivery cycle lasts as long as its slowest round trip.
#include <cstddef>

#include "ftvlsi/route/delay_model.hpp"

namespace ftvlsi {

struct MessageTiming {
  DelayModel delay;
  double switch_delay = 1;
  double bits = 1;  // M bit + address + data
  // The time one bit takes to follow: 1 time unit, or a technology's clock period in ns.
  double bit_time = 1;

  // Head latency over wires whose delays sum to `wire_delay`, passing `switches` switches.
  double head(double wire_delay, std::size_t switches) const {
    return wire_delay + switch_delay * static_cast<double>(switches);
  }
  double latency(double wire_delay, std::size_t switches) const {
    return head(wire_delay, switches) + bits * bit_time;
  }
  double round_trip(double wire_delay, std::size_t switches) const {
    return latency(wire_delay, switches) + head(wire_delay, switches) + bit_time;
  }
};

}  // namespace ftvlsi
