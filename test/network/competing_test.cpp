#include "ftvlsi/network/competing.hpp"

#include <doctest/doctest.h>

#include <algorithm>
#include <array>
#include <cstdio>
#include <map>
#include <random>
#include <set>
#include <string>

#include "ftvlsi/core/error.hpp"

using namespace ftvlsi;

namespace {

// The smallest valid size above 2 for a kind: the first count its size rule accepts.
std::uint64_t small_size(const CompetingKind& kind) {
  for (std::uint64_t n = 3;; ++n) {
    try {
      if (kind.require_size) kind.require_size(kind.name, n);
      return n;
    } catch (const InputError&) {
    }
  }
}

}  // namespace

TEST_SUITE("competing") {
  TEST_CASE("every built kind's network has its row's name and dimensions and fits its size") {
    for (const auto& kind : competing_kind_registry()) {
      CAPTURE(std::string(kind.name));
      if (!kind.make) {
        CHECK(is_file_kind(kind.name));
        CHECK(kind.dimensions == 0);
        continue;
      }
      CHECK_FALSE(is_file_kind(kind.name));
      REQUIRE(static_cast<bool>(kind.size));
      for (const std::uint64_t n : {small_size(kind), std::uint64_t{64}}) {
        if (kind.require_size) {
          try {
            kind.require_size(kind.name, n);
          } catch (const InputError&) {
            continue;  // 64 is not every kind's size
          }
        }
        CAPTURE(n);
        const CompetingNetwork net = make_competing(kind.name, n, 7);
        CHECK(net.kind == kind.name);
        CHECK(net.dimensions == kind.dimensions);
        const CompetingSize size = competing_size(kind.name, n);
        CHECK(net.processors() <= size.processors);
        CHECK(net.wires.size() <= size.wires);
        CHECK_NOTHROW(validate(net, kind.name));
      }
    }
  }

  TEST_CASE("a size a kind cannot take is refused by its rule, naming the kind") {
    for (const auto& kind : competing_kind_registry()) {
      if (!kind.require_size) continue;
      CAPTURE(std::string(kind.name));
      std::uint64_t bad = 2;
      while (true) {
        try {
          kind.require_size(kind.name, bad);
          ++bad;
        } catch (const InputError&) {
          break;
        }
      }
      try {
        make_competing(kind.name, bad, 1);
        FAIL("accepted");
      } catch (const InputError& e) {
        CHECK(std::string(e.what()).find(std::string(kind.name)) != std::string::npos);
        CHECK(std::string(e.what()).find("nearest valid sizes") != std::string::npos);
      }
    }
  }

  TEST_CASE("the registry's names are distinct and are the list every message gives") {
    std::set<std::string_view> names;
    for (const auto& kind : competing_kind_registry()) CHECK(names.insert(kind.name).second);
    CHECK(competing_kinds().size() == competing_kind_registry().size());
    CHECK(competing_kind_list() ==
          "mesh, torus, mesh3d, tree, hypercube, butterfly, planar, unit-disk, fem, file");
    for (const char* kind : {"hexagon", "file"}) {
      CAPTURE(std::string(kind));
      try {
        make_competing(kind, 16, 1);
        FAIL("accepted");
      } catch (const InputError& e) {
        CHECK(e.id() == 3407);
        CHECK(std::string(e.what()).find(competing_kind_list()) != std::string::npos);
      }
    }
  }

  TEST_CASE("network files round-trip and bad files name the problem") {
    const CompetingNetwork net = make_competing("mesh3d", 27, 1);
    const CompetingNetwork back = parse_network_text(network_text(net), "x");
    CHECK(back.position == net.position);
    CHECK(back.wires == net.wires);
    CHECK(back.dimensions == 3);
    auto error = [](std::string_view text) {
      try {
        parse_network_text(text, "net.txt");
      } catch (const InputError& e) {
        return std::string(e.what());
      }
      return std::string();
    };
    CHECK(error("processors 2\n0 0 0\n1 1 0\nwire 0 5\n").find("does not exist") !=
          std::string::npos);
    CHECK(error("processors 2\n0 0 0\n1 0 0\n").find("share the position") != std::string::npos);
    CHECK(error("processors 2\n0 0 zero\n1 1 0\n").find("net.txt:2") != std::string::npos);
    CHECK(error("# nothing\n").find("empty") != std::string::npos);
    CHECK(error("processors 2\n0 0 0\n").find("no position") != std::string::npos);
  }

  TEST_CASE("validate names two processors at the first shared position, at any coordinates") {
    // Seeded random places: small boxes (the packed radix sort), and coordinates near ±2^62
    // (too wide to pack: the comparison sort), with and without a shared position.
    std::mt19937_64 rng(41);
    for (int trial = 0; trial < 400; ++trial) {
      const bool wide = trial % 4 == 3;
      const std::int64_t span = 1 + static_cast<std::int64_t>(rng() % 6);
      CompetingNetwork net;
      net.kind = "file";
      net.dimensions = trial % 2 ? 3 : 2;
      const std::size_t n = 2 + rng() % 40;
      for (std::size_t i = 0; i < n; ++i) {
        std::array<std::int64_t, 3> q{};
        for (int a = 0; a < net.dimensions; ++a) {
          q[a] = static_cast<std::int64_t>(rng() % static_cast<std::uint64_t>(span)) - span / 2;
          if (wide) q[a] += (rng() % 2 ? 1 : -1) * (std::int64_t{1} << 62);
        }
        net.position.push_back(q);
      }
      std::map<std::array<std::int64_t, 3>, int> count;
      for (const auto& q : net.position) ++count[q];
      const auto shared =
          std::find_if(count.begin(), count.end(), [](const auto& c) { return c.second > 1; });
      CAPTURE(trial);
      if (shared == count.end()) {
        CHECK_NOTHROW(validate(net, "x"));
        continue;
      }
      try {
        validate(net, "x");
        FAIL("expected FTV-4122");
      } catch (const InputError& e) {
        CHECK(e.id() == 4122);
        unsigned long a = 0, b = 0;
        const std::string text = e.what();
        REQUIRE(std::sscanf(text.c_str() + text.find("processors "), "processors %lu and %lu", &a,
                            &b) == 2);
        CHECK(a < b);
        REQUIRE(b < net.position.size());
        CHECK(net.position[a] == shared->first);  // the first shared position in (x, y, z) order
        CHECK(net.position[b] == shared->first);
      }
    }
  }

  TEST_CASE("sizes a network cannot take name the nearest valid sizes") {
    try {
      make_competing("mesh", 1000, 1);
      FAIL("expected an InputError");
    } catch (const InputError& e) {
      CHECK(std::string(e.what()).find("961 and 1024") != std::string::npos);
    }
    CHECK_THROWS_AS(make_competing("mesh3d", 1000 + 1, 1), InputError);
    CHECK_THROWS_AS(make_competing("hexagon", 16, 1), InputError);
  }
}
