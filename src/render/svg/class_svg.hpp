#pragma once
// The class report as a picture (class.svg of `attn homework --grade-class`): one horizontal bar
// per key split into right, wrong (each known mistake its own shade, the rest plain) and missing,
// every segment with a <title> giving its count; and the score histogram. Plain data in, so the
// render layer knows nothing of the grader; every text is escaped by the SVG writer.
#include <cstddef>
#include <string>
#include <vector>

namespace attn::render::svg {

struct ClassKeyBar {
    std::string key;
    std::size_t right = 0, missing = 0;
    std::vector<std::pair<std::string, std::size_t>> wrong;   // (what, count): known mistakes, then the rest
};

struct ClassChart {
    std::string title;
    std::string keys_title, histogram_title;
    std::string right_label, wrong_label, missing_label, students_label;
    std::vector<ClassKeyBar> keys;
    std::vector<std::pair<std::string, std::size_t>> histogram;   // (bin label, students)
};

std::string class_svg(const ClassChart& chart);

}  // namespace attn::render::svg
