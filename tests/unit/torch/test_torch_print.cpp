// src/print/torch_format against text printed by Debian's torch 1.13 and Python 3.11
// (tests/data/torch/print_vectors.txt, written by tools/gen_torch_fixtures.py), plus the
// lesson's own printed tensors.
#include <doctest/doctest.h>

#include <cstdlib>
#include <fstream>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

#include "print/rounding.hpp"
#include "print/python_str_repr.hpp"
#include "print/torch_format.hpp"

using attn::print::py_dict_str_float;
using attn::print::py_round;
using attn::print::py_str_repr;
using attn::print::torch_tensor_str;
using attn::print::TorchPrintOptions;

namespace {

std::string unhex(const std::string& h) {
    if (h.size() % 2 != 0) throw std::runtime_error("odd hex: " + h);
    std::string out;
    for (std::size_t i = 0; i < h.size(); i += 2) {
        out += static_cast<char>(std::stoi(h.substr(i, 2), nullptr, 16));
    }
    return out;
}

double parse_hex_float(const std::string& s) {
    char* end = nullptr;
    const double v = std::strtod(s.c_str(), &end);
    if (s.empty() || *end != '\0') throw std::runtime_error("bad float: " + s);
    return v;
}

std::vector<std::size_t> parse_shape(const std::string& s) {
    std::vector<std::size_t> shape;
    if (s == "scalar") return shape;
    std::stringstream in(s);
    std::string dim;
    while (std::getline(in, dim, 'x')) shape.push_back(std::stoul(dim));
    return shape;
}

struct Vector {
    std::string kind;        // tensor | dict | repr
    std::string header;      // the first line, for messages
    TorchPrintOptions options;
    std::vector<std::size_t> shape;
    std::vector<double> values;
    std::vector<std::string> keys;
    std::string input;       // repr: the str
    std::string text;        // expected output
};

std::vector<Vector> read_vectors() {
    const std::string path = std::string(ATTN_SOURCE_DIR) + "/tests/data/torch/print_vectors.txt";
    std::ifstream in(path);
    if (!in) throw std::runtime_error("cannot open " + path);
    std::vector<Vector> out;
    std::string line;
    while (std::getline(in, line)) {
        if (line.empty() || line[0] == '#') continue;
        std::istringstream words(line);
        std::string key;
        words >> key;
        if (key == "tensor") {
            Vector v;
            v.kind = key;
            v.header = line;
            std::string sci, shape;
            int linewidth = 0;
            words >> v.options.precision >> v.options.threshold >> v.options.edgeitems >> linewidth >>
                sci >> shape;
            v.options.linewidth = linewidth;
            if (sci != "none") v.options.sci_mode = sci == "true";
            v.shape = parse_shape(shape);
            out.push_back(v);
        } else if (key == "values") {
            std::string x;
            while (words >> x) out.back().values.push_back(parse_hex_float(x));
        } else if (key == "dict") {
            Vector v;
            v.kind = key;
            v.header = line;
            std::string items;
            words >> items;
            std::stringstream pairs(items);
            std::string pair;
            while (std::getline(pairs, pair, ',')) {
                const auto colon = pair.find(':');
                v.keys.push_back(unhex(pair.substr(0, colon)));
                v.values.push_back(parse_hex_float(pair.substr(colon + 1)));
            }
            out.push_back(v);
        } else if (key == "repr") {
            Vector v;
            v.kind = key;
            v.header = line;
            std::string h;
            words >> h;
            v.input = unhex(h);
            out.push_back(v);
        } else if (key == "text") {
            std::string h;
            words >> h;
            out.back().text = unhex(h);
        } else {
            throw std::runtime_error("bad vector line: " + line);
        }
    }
    return out;
}

std::vector<double> rounded(const std::vector<double>& xs) {
    std::vector<double> out;
    for (double x : xs) out.push_back(py_round(x, 2));
    return out;
}

}  // namespace

TEST_CASE("str(tensor), str(dict) and repr(str) equal torch's and Python's text") {
    const std::vector<Vector> vectors = read_vectors();
    std::size_t tensors = 0, dicts = 0, reprs = 0;
    for (const Vector& v : vectors) {
        CAPTURE(v.header);
        if (v.kind == "tensor") {
            CHECK(torch_tensor_str(v.values, v.shape, v.options) == v.text);
            ++tensors;
        } else if (v.kind == "dict") {
            CHECK(py_dict_str_float(v.keys, rounded(v.values)) == v.text);
            ++dicts;
        } else {
            CHECK(py_str_repr(v.input) == v.text);
            ++reprs;
        }
    }
    CHECK(tensors >= 32);
    CHECK(dicts >= 5);
    CHECK(reprs >= 8);
}

TEST_CASE("the lesson's averaging matrix at precision=2") {
    std::vector<double> w;
    for (int r = 0; r < 5; ++r) {
        for (int c = 0; c < 5; ++c) w.push_back(c <= r ? double(1.0f / float(r + 1)) : 0.0);
    }
    TorchPrintOptions o;
    o.precision = 2;
    CHECK(torch_tensor_str(w, {5, 5}, o) ==
          "tensor([[1.00, 0.00, 0.00, 0.00, 0.00],\n"
          "        [0.50, 0.50, 0.00, 0.00, 0.00],\n"
          "        [0.33, 0.33, 0.33, 0.00, 0.00],\n"
          "        [0.25, 0.25, 0.25, 0.25, 0.00],\n"
          "        [0.20, 0.20, 0.20, 0.20, 0.20]])");
}

TEST_CASE("torch's boundaries: an axis of 2 * edgeitems is shown whole; sci only above 1e8") {
    // Expected texts printed by torch 1.13 (str of the same tensors and options).
    std::vector<double> v;
    for (int i = 0; i < 60; ++i) v.push_back(i / 8.0);
    TorchPrintOptions o;
    o.precision = 2;
    o.threshold = 10;
    o.edgeitems = 3;
    CHECK(torch_tensor_str(v, {10, 6}, o) ==
          "tensor([[0.00, 0.12, 0.25, 0.38, 0.50, 0.62],\n"
          "        [0.75, 0.88, 1.00, 1.12, 1.25, 1.38],\n"
          "        [1.50, 1.62, 1.75, 1.88, 2.00, 2.12],\n"
          "        ...,\n"
          "        [5.25, 5.38, 5.50, 5.62, 5.75, 5.88],\n"
          "        [6.00, 6.12, 6.25, 6.38, 6.50, 6.62],\n"
          "        [6.75, 6.88, 7.00, 7.12, 7.25, 7.38]])");
    CHECK(torch_tensor_str(v, {6, 10}, o) ==
          "tensor([[0.00, 0.12, 0.25,  ..., 0.88, 1.00, 1.12],\n"
          "        [1.25, 1.38, 1.50,  ..., 2.12, 2.25, 2.38],\n"
          "        [2.50, 2.62, 2.75,  ..., 3.38, 3.50, 3.62],\n"
          "        [3.75, 3.88, 4.00,  ..., 4.62, 4.75, 4.88],\n"
          "        [5.00, 5.12, 5.25,  ..., 5.88, 6.00, 6.12],\n"
          "        [6.25, 6.38, 6.50,  ..., 7.12, 7.25, 7.38]])");
    TorchPrintOptions p2;
    p2.precision = 2;
    CHECK(torch_tensor_str({1e8, 2e5}, {2}, p2) == "tensor([100000000.,    200000.])");
    CHECK(torch_tensor_str({1e8, 200000.5}, {2}, p2) == "tensor([100000000.00,    200000.50])");
    CHECK(torch_tensor_str({1.5e8, 200000.5}, {2}, p2) == "tensor([1.50e+08, 2.00e+05])");
}

TEST_CASE("dict keys: a repeated key keeps its place and takes the last value") {
    CHECK(py_dict_str_float({"a", "b", "a"}, {1.0, 2.0, 3.0}) == "{'a': 3.0, 'b': 2.0}");
    CHECK(py_dict_str_float({}, {}) == "{}");
    CHECK_THROWS_AS(py_dict_str_float({"a"}, {}), std::invalid_argument);
    CHECK_THROWS_AS(torch_tensor_str({1.0, 2.0}, {3}), std::invalid_argument);
}
