#include "ftvlsi/io/front_end.hpp"

#include <algorithm>

namespace ftvlsi {

std::string spelled(std::string_view option, FrontEnd front) {
  std::string out(option);
  if (front == FrontEnd::kPython) return out;
  std::replace(out.begin(), out.end(), '_', '-');
  return "--" + out;
}

}  // namespace ftvlsi
