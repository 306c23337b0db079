#include "ftvlsi/geometry/types.hpp"

namespace ftvlsi {

Transform Transform::compose(const Transform& inner) const {
  // The linear part of a transform is R^r M^m (mirror first). Composing two of them:
  // R^a M^p R^b M^q = R^(a + (p ? -b : b)) M^(p xor q), since M R^b = R^-b M.
  Transform out;
  const int b = inner.rotation & 3;
  out.rotation = (rotation + (mirror ? 4 - b : b)) & 3;
  out.mirror = mirror != inner.mirror;
  out.offset = apply(inner.offset);
  return out;
}

}  // namespace ftvlsi
