#pragma once
// The class report as a picture (class.svg of `attn homework --grade-class`), made to be projected:
// one horizontal bar per key split into right, wrong (each known mistake its own shade, the rest
// plain) and missing, each count written in its segment (when it fits) and beside the bar in
// words, each wrong answer's mistake named under the bar (not only in the segment's <title>); a
// legend with every shade the bars use; and the score histogram. Plain data in, so the
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
    // The legend's words for the shades of known mistakes (each named under its bar), and the
    // line that says what the numbers count (the class report gives its language's).
    std::string known_mistake_label = "known mistake (named under its bar)";
    std::string counts_note = "Each bar is one key; its numbers count students.";
    std::vector<ClassKeyBar> keys;
    std::vector<std::pair<std::string, std::size_t>> histogram;   // (bin label, students)
};

std::string class_svg(const ClassChart& chart);

}  // namespace attn::render::svg
