// libFuzzer target: the message file parser (route/message_set.hpp) on a 1024-processor
// fat-tree; a set that parses is written and parsed again to the same set.
#include "common.hpp"
#include "ftvlsi/route/message_set.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  return ftvlsi::fuzz::run(data, size, [](std::string_view text) {
    const auto m = ftvlsi::parse_messages(text, "fuzz.txt", 1024);
    if (ftvlsi::parse_messages(ftvlsi::messages_text(m), "again.txt", 1024) != m) std::abort();
  });
}
