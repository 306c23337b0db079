// libFuzzer target: the shard readers of `ftvlsi merge` (report and sweep partials). A partial is
// read from disk, so every field is hostile: a parse either returns a shard with 1 <= K <= N and
// layout and file names that stay inside the merged folder, or throws an ftvlsi::Error.
#include "common.hpp"
#include "ftvlsi/io/staged_folder.hpp"
#include "ftvlsi/io/sweep_partial.hpp"
#include "ftvlsi/report/report_partial.hpp"

namespace {

void require(bool ok, const char* what) {
  if (!ok) {
    std::fprintf(stderr, "a partial passed the reader with %s\n", what);
    std::abort();
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  ftvlsi::fuzz::run(data, size, [](std::string_view text) {
    const ftvlsi::ReportPartial p = ftvlsi::parse_report_partial(text, "fuzz.json");
    require(p.shard.valid(), "an impossible shard");
    for (const auto& l : p.layouts) {
      require(ftvlsi::component_problem(l.name).empty(), "a layout name that is a path");
      for (const auto& f : l.files)
        require(ftvlsi::component_problem(f).empty(), "a file name that is a path");
    }
  });
  return ftvlsi::fuzz::run(data, size, [](std::string_view text) {
    const ftvlsi::SweepPartial p = ftvlsi::parse_sweep_partial(text, "fuzz.json");
    require(p.shard.valid(), "an impossible shard");
  });
}
