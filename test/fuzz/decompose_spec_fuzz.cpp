// libFuzzer target: the YAML decompose spec parser (io/decompose_spec.hpp).
#include "common.hpp"
#include "ftvlsi/io/decompose_spec.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  return ftvlsi::fuzz::run(data, size, [](std::string_view text) {
    static_cast<void>(ftvlsi::parse_decompose_spec(text, "fuzz.yaml"));
  });
}
