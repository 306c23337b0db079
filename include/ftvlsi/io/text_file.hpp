#pragma once
// The one place ftvlsi reads a user's text file (specs, network, message and mapping files), and
// the files that parse straight into a library type.
#include <cstdint>
#include <fstream>
#include <string>
#include <string_view>

#include "ftvlsi/network/competing.hpp"
#include "ftvlsi/route/message_set.hpp"

namespace ftvlsi {

// The file opened for reading; IoError naming `what` and the path when it cannot be opened or is
// a directory.
std::ifstream open_input_file(const std::string& path, std::string_view what);

// The whole file; IoError naming `what` ("network file") and the path when it cannot be read.
std::string read_text_file(const std::string& path, std::string_view what);

// A network file (network/competing.hpp's format) and a message file (route/message_set.hpp's).
CompetingNetwork read_network_file(const std::string& path);
MessageSet read_messages(const std::string& path, std::uint64_t n);

}  // namespace ftvlsi
