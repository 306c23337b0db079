#include "ftvlsi/core/error.hpp"

#include <fmt/format.h>

#include <cstddef>
#include <string_view>

namespace ftvlsi {
namespace {

// The length of the well-formed UTF-8 sequence (RFC 3629 §4) that starts text[at], 0 when the
// bytes there are none: a stray continuation byte, an overlong form, a surrogate, a code point
// beyond U+10FFFF or a sequence cut short.
std::size_t utf8_length(std::string_view text, std::size_t at) {
  const auto byte = [&](std::size_t i) { return static_cast<unsigned char>(text[at + i]); };
  const unsigned char b0 = byte(0);
  const std::size_t n = b0 < 0x80                  ? 1
                        : b0 >= 0xc2 && b0 <= 0xdf ? 2
                        : b0 >= 0xe0 && b0 <= 0xef ? 3
                        : b0 >= 0xf0 && b0 <= 0xf4 ? 4
                                                   : 0;
  if (n == 0 || at + n > text.size()) return 0;
  for (std::size_t i = 1; i < n; ++i)
    if ((byte(i) & 0xc0) != 0x80) return 0;
  // The second byte's range excludes the overlong forms, the surrogates and beyond U+10FFFF.
  if (b0 == 0xe0 && byte(1) < 0xa0) return 0;
  if (b0 == 0xed && byte(1) > 0x9f) return 0;
  if (b0 == 0xf0 && byte(1) < 0x90) return 0;
  if (b0 == 0xf4 && byte(1) > 0x8f) return 0;
  // U+0080 .. U+009F are control characters (C1) a terminal may act on.
  if (b0 == 0xc2 && byte(1) < 0xa0) return 0;
  return n;
}

// Control characters and bytes that are no UTF-8 character as \xNN: printable on any terminal.
std::string escaped(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  for (std::size_t at = 0; at < text.size();) {
    const auto u = static_cast<unsigned char>(text[at]);
    const std::size_t n = utf8_length(text, at);
    if (n == 0 || u < 0x20 || u == 0x7f) {
      out += fmt::format("\\x{:02x}", u);
      ++at;
    } else {
      out.append(text, at, n);
      at += n;
    }
  }
  return out;
}

constexpr std::string_view kEllipsis = "\u2026";

bool is_word(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9');
}

// Where the first `keep` characters (UTF-8 sequences) of well-formed `text` end, backed up so as
// not to split an escape \xNN that escaped() wrote.
std::size_t cut_point(std::string_view text, std::size_t keep) {
  std::size_t at = 0;
  for (std::size_t chars = 0; chars < keep && at < text.size(); ++chars)
    at += utf8_length(text, at);
  for (std::size_t back = 1; back <= 3 && back <= at; ++back)
    if (text.substr(at - back, 2) == "\\x" && at - back + 4 > at) return at - back;
  return at;
}

// The number of characters of well-formed `text`, a trailing ellipsis (our own cut) not counted.
std::size_t characters(std::string_view text) {
  if (text.size() >= kEllipsis.size() && text.substr(text.size() - kEllipsis.size()) == kEllipsis)
    text.remove_suffix(kEllipsis.size());
  std::size_t chars = 0;
  for (std::size_t at = 0; at < text.size(); at += utf8_length(text, at)) ++chars;
  return chars;
}

// `text` cut to `keep` characters and an ellipsis when it is longer.
std::string shortened(std::string_view text, std::size_t keep) {
  if (characters(text) <= keep) return std::string(text);
  return std::string(text.substr(0, cut_point(text, keep))) + std::string(kEllipsis);
}

// Every span 'like this' cut to kMaxQuotedChars characters. A quote opens after a non-word
// character and closes before one, so the apostrophe of "network's" is neither.
std::string quoted_spans_cut(std::string_view text) {
  std::string out;
  std::size_t open = std::string_view::npos;
  std::size_t copied = 0;
  for (std::size_t i = 0; i < text.size(); ++i) {
    if (text[i] != '\'') continue;
    const bool can_open = i == 0 || !is_word(text[i - 1]);
    const bool can_close = i + 1 == text.size() || !is_word(text[i + 1]);
    if (open != std::string_view::npos && can_close) {
      out.append(text, copied, open + 1 - copied);
      out += shortened(text.substr(open + 1, i - open - 1), kMaxQuotedChars);
      copied = i;
      open = std::string_view::npos;
    } else if (open == std::string_view::npos && can_open) {
      open = i;
    }
  }
  out.append(text, copied);
  return out;
}

}  // namespace

std::string one_line(const std::string& text) {
  return shortened(quoted_spans_cut(escaped(text)), kMaxMessageChars);
}

std::string error_id_text(int id) {
  return fmt::format("FTV-{:04d}", id);
}

namespace detail {

void assertion_failed(const char* expr, const char* file, int line) {
  throw InternalError(
      9001, fmt::format("internal error: invariant '{}' failed at {}:{}; this is a bug in ftvlsi, "
                        "please report it with the command line that produced it",
                        expr, file, line));
}

}  // namespace detail
}  // namespace ftvlsi
