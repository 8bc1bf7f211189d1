// Reading a sheet is linear in its size (issue 17, point 3): one line holding an array of
// 130 000 numbers (1 MiB, the cap) used to take minutes, each number re-walking its line from the
// start to find its text. The bound is generous (a loaded CI machine, the sanitizers); the old
// quadratic walk needs about 10^10 steps here and cannot meet it.
#include <doctest/doctest.h>

#include <chrono>
#include <cstdlib>
#include <string>

#include "homework/sheet/sheet.hpp"

using namespace attn::homework;

TEST_CASE("a 1 MiB sheet of one long line is read in linear time, every number's text kept") {
    std::string text = "[hw1.a]\nweights = [";
    std::size_t count = 0;
    while (text.size() + 16 < kMaxSheetBytes) {
        text += count ? ", 0.4458" : "0.4458";
        ++count;
    }
    text += "]\n";
    REQUIRE(text.size() <= kMaxSheetBytes);
    const auto start = std::chrono::steady_clock::now();
    const Sheet sheet = parse_sheet(text, "long.toml");
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    REQUIRE(sheet.values.size() == 1);
    const SheetValue& v = sheet.values.front();
    REQUIRE(v.elements.size() == count);
    CHECK(v.elements.front().raw == "0.4458");
    CHECK(v.elements.back().raw == "0.4458");
    CHECK(v.elements[count / 2].column == 12 + 8 * (count / 2));
    MESSAGE(count << " numbers on one line read in " << seconds << " s");
    CHECK(seconds < (std::getenv("ATTN_SANITIZED") ? 60.0 : 15.0));
}
