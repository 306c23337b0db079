#pragma once
// Message sets on a fat-tree's n processors (docs/design.md §5.1): a multiset of (src, dst) pairs.
// Text format: one "src dst" pair per line, '#' comments. Generators are seeded.
#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace ftvlsi {

using Message = std::pair<std::uint32_t, std::uint32_t>;
using MessageSet = std::vector<Message>;

struct PatternParams {
  std::string name =
      "permutation";         // permutation, bit-reversal, transpose, hot-spot, uniform, local
  std::uint64_t count = 0;   // uniform, hot-spot: number of messages (default n)
  std::uint64_t block = 16;  // local: subtrees of `block` leaves
  std::uint64_t seed = 1;
};

std::vector<std::string_view> pattern_names();
// Throws InputError for an unknown pattern or parameters the size cannot take.
MessageSet make_pattern(const PatternParams& params, std::uint64_t n);

// Throws InputError naming the line for a malformed line, a processor >= n, or an empty set.
MessageSet parse_messages(std::string_view text, std::string_view source, std::uint64_t n);
std::string messages_text(const MessageSet& m);

// The most messages a set may have (a pattern's --count, a message file's lines).
inline constexpr std::uint64_t kMaxMessages = std::uint64_t{1} << 28;

// Reads a message file line by line (io/text_file.cpp streams it from the file). `bytes` is the
// file's size: the memory estimate is checked against it before reading (FTV-8005).
class MessageFileReader {
 public:
  MessageFileReader(std::string_view source, std::uint64_t n, std::uint64_t bytes);
  void line(std::string_view line, std::size_t no);  // its comment removed, numbered from 1
  MessageSet finish();                               // InputError if the set is empty

 private:
  std::string source_;
  std::uint64_t n_;
  MessageSet m_;
};

}  // namespace ftvlsi
