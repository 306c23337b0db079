// A report shard's partial result: written and read back it is the same document, text and all;
// a name that could leave the merged folder is refused, and so is a document of another kind.
#include "ftvlsi/report/report_partial.hpp"

#include <doctest/doctest.h>

#include <random>
#include <string>

#include "ftvlsi/core/error.hpp"
#include "support/random_values.hpp"

using namespace ftvlsi;
using ftvlsi::test::random_shard;
using ftvlsi::test::random_text;

namespace {

ReportPartial random_partial(std::mt19937_64& rng) {
  ReportPartial p;
  p.title = random_text(rng);
  p.shard = random_shard(rng);
  p.items = 1 + rng() % 20;
  for (int i = static_cast<int>(rng() % 4); i > 0; --i) {
    ReportLayoutPart l;
    l.index = rng() % p.items;
    l.name = "layout-" + std::to_string(rng() % 1000);
    l.row = random_text(rng), l.levels = random_text(rng), l.summary = random_text(rng);
    l.clean = rng() % 2;
    for (int f = static_cast<int>(rng() % 3); f > 0; --f)
      l.files.push_back("file" + std::to_string(rng() % 100) + ".svg");
    p.layouts.push_back(l);
  }
  if (rng() % 2) p.cube = random_text(rng);
  if (rng() % 2) p.dehon = random_text(rng);
  return p;
}

}  // namespace

TEST_SUITE("report_partial") {
  TEST_CASE("written and read back, a partial is the same, every text and flag included") {
    std::mt19937_64 rng(0x7e9);
    for (int trial = 0; trial < 200; ++trial) {
      const ReportPartial p = random_partial(rng);
      const std::string text = report_partial_json(p);
      const ReportPartial back = parse_report_partial(text, "r.json");
      CHECK(report_partial_json(back) == text);
      CHECK(back.title == p.title);
      CHECK(back.shard.k == p.shard.k);
      CHECK(back.items == p.items);
      CHECK(back.cube == p.cube);
      CHECK(back.dehon == p.dehon);
      REQUIRE(back.layouts.size() == p.layouts.size());
      for (std::size_t i = 0; i < p.layouts.size(); ++i) {
        CHECK(back.layouts[i].name == p.layouts[i].name);
        CHECK(back.layouts[i].row == p.layouts[i].row);
        CHECK(back.layouts[i].summary == p.layouts[i].summary);
        CHECK(back.layouts[i].clean == p.layouts[i].clean);
        CHECK(back.layouts[i].files == p.layouts[i].files);
      }
    }
  }

  TEST_CASE("a layout or file name that could leave the merged folder is refused (FTV-6711)") {
    std::mt19937_64 rng(0x7ea);
    for (const std::string bad : {"..", "a/b", "/etc", ""}) {
      CAPTURE(bad);
      ReportPartial p = random_partial(rng);
      ReportLayoutPart l;
      l.name = bad;
      p.layouts.push_back(l);
      try {
        parse_report_partial(report_partial_json(p), "r.json");
        FAIL("accepted");
      } catch (const InputError& e) {
        CHECK(e.id() == 6711);
      }
      p.layouts.back().name = "fine";
      p.layouts.back().files = {bad};
      try {
        parse_report_partial(report_partial_json(p), "r.json");
        FAIL("accepted");
      } catch (const InputError& e) {
        CHECK(e.id() == 6711);
      }
    }
  }

  TEST_CASE("a document of another kind is refused, naming the file") {
    for (const std::string bad :
         {std::string("[1]"), std::string("{\"kind\": \"x\"}"), std::string("")}) {
      try {
        parse_report_partial(bad, "part.json");
        FAIL("accepted");
      } catch (const InputError& e) {
        CHECK(std::string(e.what()).find("part.json") != std::string::npos);
      }
    }
  }
}
