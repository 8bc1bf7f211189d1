// Python's int() and float() of a str (python/python_number.hpp) against Debian's Python itself:
// tests/reference/python_numbers_test.py generates random spellings (digits of many scripts, Unicode
// whitespace, signs, underscores, exponents, inf/nan, and the near misses), records what
// int() and float() give for each, and runs the first case below over that file. unit_core
// skips it (doctest::skip): it needs the file.
#include <doctest/doctest.h>

#include <cmath>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <string>
#include <vector>

#include "python/python_number.hpp"

namespace {

std::vector<std::string> fields(const std::string& line) {
    std::vector<std::string> out;
    std::size_t start = 0;
    while (true) {
        const std::size_t tab = line.find('\t', start);
        out.push_back(line.substr(start, tab == std::string::npos ? std::string::npos : tab - start));
        if (tab == std::string::npos) return out;
        start = tab + 1;
    }
}

std::string unhex(const std::string& hex) {
    std::string out;
    for (std::size_t i = 0; i + 1 < hex.size(); i += 2) {
        out += static_cast<char>(std::stoi(hex.substr(i, 2), nullptr, 16));
    }
    return out;
}

// int()'s value as Python prints it: no leading zeros, no "-0".
std::string python_int_str(const attn::python::PythonInt& v) {
    const std::size_t first = v.digits.find_first_not_of('0');
    if (first == std::string::npos) return "0";
    return (v.negative ? "-" : "") + v.digits.substr(first);
}

bool same_double(double a, double b) {
    if (std::isnan(a) || std::isnan(b)) return std::isnan(a) && std::isnan(b);
    return std::memcmp(&a, &b, sizeof a) == 0;
}

}  // namespace

TEST_CASE("python-numbers: int() and float() accept, refuse and value as Debian's Python" * doctest::skip()) {
    const char* path = std::getenv("ATTN_PYTHON_NUMBERS");
    INFO("ATTN_PYTHON_NUMBERS must name the file tests/reference/python_numbers_test.py writes");
    REQUIRE(path != nullptr);
    std::ifstream in(path);
    REQUIRE(in.good());
    std::string line;
    int cases = 0, ints = 0, floats = 0, mismatches = 0;
    while (std::getline(in, line)) {
        // hex(UTF-8 text) TAB int(text) or "-" TAB float(text).hex() or "nan" or "-"
        const std::vector<std::string> f = fields(line);
        REQUIRE(f.size() == 3);
        const std::string text = unhex(f[0]);
        CAPTURE(f[0]);
        const auto i = attn::python::python_int(text);
        const bool int_ok = i && i->digits.size() <= attn::python::kPythonIntMaxStrDigits;
        const std::string got_int = int_ok ? python_int_str(*i) : "-";
        if (got_int != f[1]) ++mismatches;
        CHECK(got_int == f[1]);
        const auto d = attn::python::python_float(text);
        const bool want_float = f[2] != "-";
        bool float_same = d.has_value() == want_float;
        if (float_same && want_float) float_same = same_double(*d, std::strtod(f[2].c_str(), nullptr));
        if (!float_same) ++mismatches;
        CHECK_MESSAGE(float_same, "float: Python " << f[2] << ", attn " << (d ? std::to_string(*d) : "refused"));
        ints += f[1] != "-";
        floats += want_float;
        ++cases;
        if (mismatches > 20) break;   // the first twenty are enough to see the pattern
    }
    MESSAGE(cases << " spellings, " << ints << " accepted by int(), " << floats << " by float()");
    CHECK(cases >= 1000);
    CHECK(ints > cases / 10);      // the generator must produce accepted spellings too
    CHECK(floats > cases / 5);
    CHECK(ints < cases);
}

TEST_CASE("python_number_ascii refuses ill-formed UTF-8 (a str can hold no such text)") {
    CHECK_FALSE(attn::python::python_number_ascii("5\xff").has_value());
    CHECK_FALSE(attn::python::python_number_ascii("\xc0\xb5").has_value());   // overlong '5'
    CHECK_FALSE(attn::python::python_int("\xed\xa0\x80" "5").has_value());   // a surrogate
    CHECK_FALSE(attn::python::python_float("1\xe2\x80").has_value());       // cut sequence
}
