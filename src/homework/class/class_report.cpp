// The class tally and class.md, in the teacher's language (the hints stay the grader's English,
// as every report of a single sheet has them); class.svg names the mistakes in its own language
// (mistake_words.hpp).
#include "homework/class/class_report.hpp"

#include <algorithm>
#include <cmath>

#include <fmt/format.h>

#include "homework/class/mistake_words.hpp"
#include "homework/grade/points.hpp"
#include "homework/io/cells.hpp"

namespace attn::homework {

namespace {

struct Words {
    const char* title;
    const char* summary;      // {students} {graded} {ungraded} {all_right} {roster} {origin}
    const char* mean;         // {mean} {max}
    const char* scores;
    const char* score_column;
    const char* students;
    const char* all_right_bin;
    const char* keys;
    const char* key;
    const char* right;
    const char* wrong;
    const char* missing;
    const char* mistakes;
    const char* mistake_column;
    const char* other;
    const char* ungraded;
    const char* none_ungraded;
    const char* line;
    const char* name;
    const char* status;
    const char* why;
    const char* more;         // {count}
    const char* expected_note;
    const char* chart_known;    // class.svg's legend: the shades of known mistakes
    const char* chart_counts;   // class.svg: what its numbers count
    const char* warning;        // before each of the run's warnings (the grader's English)
    const char* shareable;      // after a key whose answer is the same for every student (issue 43)
};

const Words kEnglish = {
    "attn homework: class report",
    "Roster {roster}: {students} students, {graded} graded, {ungraded} not graded; {all_right} with every answer "
    "right. Numbers: {origin}.",
    "Mean score of the graded students: {mean} of {max}.",
    "Scores",
    "score (of the maximum)",
    "students",
    "100 % (all right)",
    "Keys",
    "key",
    "right",
    "wrong",
    "missing",
    "What the wrong answers were",
    "known mistake (the hint the students saw)",
    "(matches no known mistake)",
    "Not graded",
    "Every student's sheet was graded.",
    "line",
    "name",
    "status",
    "why",
    "… and {count} more (see gradebook.csv).",
    "Expected values are not in this report: each student's numbers differ (with --show-expected they are in "
    "each student's own reports).",
    "known mistake (named under its bar)",
    "Each bar is one key; its numbers count students.",
    "Warning",
    " (the same for every student: anyone's key gives it)",
};

const Words kChinese = {
    "attn homework：班級報告",
    "名冊 {roster}：{students} 位學生，{graded} 位已評分，{ungraded} 位未能評分；{all_right} 位全部答對。"
    "數字：{origin}。",
    "已評分學生的平均分數：{mean}（滿分 {max}）。",
    "分數分佈",
    "分數（佔滿分）",
    "人數",
    "100 %（全對）",
    "各題結果",
    "題目鍵",
    "答對",
    "答錯",
    "未作答",
    "答錯的內容",
    "已知錯誤（學生看到的提示）",
    "（不符合任何已知錯誤）",
    "未能評分",
    "每位學生的答案卷都已評分。",
    "行",
    "姓名",
    "狀態",
    "原因",
    "……以及另外 {count} 位（見 gradebook.csv）。",
    "本報告不含期望值：每位學生的數字都不同（加 --show-expected 時，期望值寫在每位學生自己的報告裡）。",
    "已知錯誤（名稱寫在該題長條下方）",
    "每條長條是一個題目鍵；數字是學生人數。",
    "警告",
    "（每位學生的答案都相同：任何人的答案卷都能給出）",
};

const Words& words(render::Lang lang) { return lang == render::Lang::en ? kEnglish : kChinese; }

std::string bin_label(std::size_t bin, const Words& w) {
    if (bin + 1 == kHistogramBins) return w.all_right_bin;
    return fmt::format("{}–{} %", bin * 10, bin * 10 + 9);
}

std::string cell(const std::string& text) { return markdown_cell(text); }

}  // namespace

ClassTally::ClassTally(std::vector<ClassColumn> c) : columns(std::move(c)), tally(columns.size()) {
    for (std::size_t i = 0; i < columns.size(); ++i) tally[i].mistakes.assign(columns[i].mistakes.size(), 0);
}

std::size_t histogram_bin(double score, double max_score) {
    if (max_score <= 0 || score >= max_score) return kHistogramBins - 1;
    if (!(score > 0)) return 0;
    // In whole units of the points' last decimal (grade/points.hpp), not in floating point:
    // 0.57 of 1.9 is 30 %, but 100 * 0.57 / 1.9 is 29.999999999999996 (issue 29, point 10).
    const double scale = std::pow(10.0, std::max(point_decimals(score), point_decimals(max_score)));
    const auto units = [scale](double points) { return static_cast<unsigned __int128>(std::llround(points * scale)); };
    const unsigned __int128 max_units = units(max_score);
    const unsigned __int128 tenths = max_units > 0 ? units(score) * 10 / max_units   // floor(10 * score / max)
                                                   : static_cast<unsigned __int128>(10.0 * score / max_score);
    return static_cast<std::size_t>(std::min<unsigned __int128>(tenths, kHistogramBins - 2));
}

void ClassTally::add(const StudentResult& r) {
    ++students;
    if (r.status != SheetStatus::graded) {
        ++ungraded_count;
        if (ungraded.size() < kMaxUngradedListed) {
            ungraded.push_back({r.line, r.id, r.name, sheet_status_name(r.status), r.reason});
        }
        return;
    }
    ++graded;
    if (r.all_right()) ++all_right;
    score_sum += r.score;
    ++bins[histogram_bin(r.score, r.max_score)];
    for (std::size_t i = 0; i < r.items.size() && i < tally.size(); ++i) {
        ColumnTally& t = tally[i];
        const ItemOutcome& item = r.items[i];
        if (item.verdict == Verdict::right) ++t.right;
        else if (item.verdict == Verdict::missing) ++t.missing;
        else {
            ++t.wrong;
            if (item.mistake >= 0 && static_cast<std::size_t>(item.mistake) < t.mistakes.size()) ++t.mistakes[item.mistake];
            else ++t.other;
        }
    }
}

std::string class_markdown(const ClassTally& t, const ClassReportContext& c) {
    const Words& w = words(c.lang);
    std::string out = fmt::format("# {}\n\n", w.title);
    out += fmt::format(fmt::runtime(w.summary), fmt::arg("roster", cell(c.roster)), fmt::arg("students", t.students),
                       fmt::arg("graded", t.graded), fmt::arg("ungraded", t.ungraded_count),
                       fmt::arg("all_right", t.all_right), fmt::arg("origin", c.origin));
    out += "\n";
    if (t.graded > 0) {
        const double mean = std::round(100.0 * t.score_sum / static_cast<double>(t.graded)) / 100.0;
        out += fmt::format(fmt::runtime(w.mean), fmt::arg("mean", points_text(mean)), fmt::arg("max", points_text(c.max_score)));
        out += "\n";
    }
    if (!c.warnings.empty()) out += "\n";
    for (const std::string& warning : c.warnings) out += fmt::format("**{}:** {}\n", w.warning, cell(warning));
    out += fmt::format("\n{}\n\n## {}\n\n| {} | {} |\n|---|---:|\n", w.expected_note, w.scores, w.score_column, w.students);
    for (std::size_t b = kHistogramBins; b-- > 0;) out += fmt::format("| {} | {} |\n", bin_label(b, w), t.bins[b]);

    out += fmt::format("\n## {}\n\n| {} | {} | {} | {} |\n|---|---:|---:|---:|\n", w.keys, w.key, w.right, w.wrong, w.missing);
    for (std::size_t i = 0; i < t.columns.size(); ++i) {
        out += fmt::format("| `{}`{} | {} | {} | {} |\n", t.columns[i].name, t.columns[i].shareable ? w.shareable : "",
                           t.tally[i].right, t.tally[i].wrong, t.tally[i].missing);
    }
    out += fmt::format("\n## {}\n", w.mistakes);
    for (std::size_t i = 0; i < t.columns.size(); ++i) {
        const ColumnTally& k = t.tally[i];
        if (k.wrong == 0) continue;
        out += fmt::format("\n### `{}`: {} {}\n\n| {} | {} |\n|---|---:|\n", t.columns[i].name, k.wrong, w.wrong,
                           w.mistake_column, w.students);
        for (std::size_t m = 0; m < k.mistakes.size(); ++m) {
            out += fmt::format("| {} | {} |\n", cell(t.columns[i].mistakes[m]), k.mistakes[m]);
        }
        out += fmt::format("| {} | {} |\n", w.other, k.other);
    }
    out += fmt::format("\n## {}\n\n", w.ungraded);
    if (t.ungraded_count == 0) return out + w.none_ungraded + std::string("\n");
    out += fmt::format("| {} | id | {} | {} | {} |\n|---:|---|---|---|---|\n", w.line, w.name, w.status, w.why);
    for (const auto& u : t.ungraded) {
        out += fmt::format("| {} | {} | {} | {} | {} |\n", u.line, cell(u.id), cell(u.name), cell(u.status), cell(u.reason));
    }
    if (t.ungraded_count > t.ungraded.size()) {
        out += "\n" + fmt::format(fmt::runtime(w.more), fmt::arg("count", t.ungraded_count - t.ungraded.size())) + "\n";
    }
    return out;
}

render::svg::ClassChart class_chart(const ClassTally& t, const ClassReportContext& c) {
    const Words& w = words(c.lang);
    render::svg::ClassChart chart;
    chart.title = w.title;
    chart.keys_title = w.keys;
    chart.histogram_title = w.scores;
    chart.right_label = w.right;
    chart.wrong_label = w.wrong;
    chart.missing_label = w.missing;
    chart.students_label = w.students;
    chart.known_mistake_label = w.chart_known;
    chart.counts_note = w.chart_counts;
    for (std::size_t i = 0; i < t.columns.size(); ++i) {
        render::svg::ClassKeyBar bar;
        bar.key = t.columns[i].name;
        bar.right = t.tally[i].right;
        bar.missing = t.tally[i].missing;
        for (std::size_t m = 0; m < t.tally[i].mistakes.size(); ++m) {
            bar.wrong.emplace_back(mistake_name(t.columns[i].mistakes[m], c.lang), t.tally[i].mistakes[m]);
        }
        bar.wrong.emplace_back(w.other, t.tally[i].other);
        chart.keys.push_back(std::move(bar));
    }
    for (std::size_t b = 0; b < kHistogramBins; ++b) chart.histogram.emplace_back(bin_label(b, w), t.bins[b]);
    return chart;
}

}  // namespace attn::homework
