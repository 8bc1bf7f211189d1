#pragma once
// What the class got wrong: counts per key (right, wrong, missing, and for wrong answers each
// known mistake that fired), the score histogram, and who could not be graded and why. Added to
// one student at a time (StudentResult), so that it holds counts, not reports. class.md is written
// for the teacher in --lang; it never holds a student's expected value (each student's differ;
// --show-expected puts them in the students' own reports), and every text that came from a
// student or a roster (IDs, names, error messages quoting a sheet) is escaped for Markdown.
#include <cstddef>
#include <string>
#include <vector>

#include "homework/class/gradebook.hpp"
#include "render/lang.hpp"
#include "render/svg/class_svg.hpp"

namespace attn::homework {

struct ColumnTally {
    std::size_t right = 0, wrong = 0, missing = 0;
    std::vector<std::size_t> mistakes;   // per known mistake of the column
    std::size_t other = 0;               // wrong, matching no known mistake
};

inline constexpr std::size_t kHistogramBins = 11;   // 0–9 %, 10–19 %, …, 90–99 %, 100 %
inline constexpr std::size_t kMaxUngradedListed = 1000;

struct ClassTally {
    std::vector<ClassColumn> columns;
    std::vector<ColumnTally> tally;      // one per column
    std::size_t students = 0, graded = 0, all_right = 0;
    std::size_t bins[kHistogramBins] = {};
    double score_sum = 0;
    struct Ungraded {
        std::size_t line;
        std::string id, name, status, reason;
    };
    std::vector<Ungraded> ungraded;      // the first kMaxUngradedListed
    std::size_t ungraded_count = 0;

    explicit ClassTally(std::vector<ClassColumn> columns);
    void add(const StudentResult& r);
};

// The histogram bin of a score: the percentage of max_score, in tens; 100 % its own bin.
std::size_t histogram_bin(double score, double max_score);

struct ClassReportContext {
    std::string roster;                  // the roster's name as given
    std::string origin;                  // "keyed by the course secret", "self-study numbers, …"
    double max_score = 0;
    render::Lang lang = render::Lang::zh_TW;
    std::vector<std::string> warnings;   // the teacher's (a secret file others can read): under the summary
};

std::string class_markdown(const ClassTally& tally, const ClassReportContext& context);

// The same counts for the picture (render/svg/class_svg).
render::svg::ClassChart class_chart(const ClassTally& tally, const ClassReportContext& context);

}  // namespace attn::homework
