// libFuzzer target: the YAML report spec parser (io/report_spec.hpp).
#include "common.hpp"
#include "ftvlsi/io/report_spec.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  return ftvlsi::fuzz::run(data, size, [](std::string_view text) {
    static_cast<void>(ftvlsi::parse_report_spec(text, "fuzz.yaml"));
  });
}
