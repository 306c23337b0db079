// libFuzzer target: the command line. The input is split at newlines into an argument vector
// (at most 24 arguments) and handed to the CLI's own main (src/cli/main.cpp, compiled with its
// main renamed); the jobs are stubs (command_line_stubs.cpp), so what runs is CLI11's parsing,
// the spec files an argument names, the flag values and their combinations, and the mapping of
// every exception to one line and an exit code. An exit code other than 0, 1, 2 or 3 is a
// finding (4 would be an internal error).
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

int ftvlsi_cli_main(int argc, char** argv);

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  std::vector<std::string> args{"ftvlsi"};
  std::string current;
  for (std::size_t i = 0; i < size && args.size() < 25; ++i) {
    const char c = static_cast<char>(data[i]);
    if (c == '\n') {
      args.push_back(current);
      current.clear();
    } else if (c != '\0') {
      current += c;
    }
  }
  if (!current.empty() && args.size() < 25) args.push_back(current);
  std::vector<char*> argv;
  for (auto& a : args) argv.push_back(a.data());
  argv.push_back(nullptr);
  const int code = ftvlsi_cli_main(static_cast<int>(args.size()), argv.data());
  if (code < 0 || code > 3) {
    std::fprintf(stderr, "exit code %d on a fuzz command line\n", code);
    std::abort();
  }
  return 0;
}
