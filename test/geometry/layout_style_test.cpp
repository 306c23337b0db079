// A layout style's dimension is that of the layouts drawn in it: every network laid out in every
// style it takes gives a 3D layout exactly when the style is a 3D one.
#include "ftvlsi/geometry/layout_style.hpp"

#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "ftvlsi/io/layout_spec.hpp"
#include "ftvlsi/report/layout_job.hpp"

using namespace ftvlsi;

TEST_SUITE("layout_style") {
  TEST_CASE("a style draws in 3D exactly when is_3d says so, on every network that takes it") {
    int three_d = 0, two_d = 0;
    for (const char* network :
         {"{kind: fat-tree, processors: 16}", "{kind: butterfly-fat-tree, processors: 64}",
          "{kind: fat-pyramid, processors: 64}", "{kind: mesh, processors: 16}",
          "{kind: mesh3d, processors: 8}"}) {
      LayoutSpec spec = parse_layout_spec(std::string("network: ") + network + "\n", "s.yaml");
      const auto styles = styles_of(spec.network);
      for (const LayoutStyle style : std::vector<LayoutStyle>(styles.begin(), styles.end())) {
        CAPTURE(std::string(network));
        CAPTURE(to_string(style));
        spec.style = style;
        const LayoutRun run = run_layout(spec);
        CHECK(run.style == style);
        CHECK(run.dimensions() == (is_3d(style) ? 3 : 2));
        (is_3d(style) ? three_d : two_d) += 1;
      }
    }
    CHECK(three_d >= 4);
    CHECK(two_d >= 4);
  }
}
