// The grading rules, key by key: a wrong type marks that key wrong; numbers within one unit of the
// last asked place, integers and booleans exactly, expressions equal at many random points; a wrong
// answer that equals a known mistake gets that mistake's hint, one with too few digits is told so.
#include "homework/grade/grade.hpp"

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <map>
#include <optional>
#include <set>
#include <tuple>

#include <fmt/format.h>

#include "errors.hpp"
#include "homework/grade/judge.hpp"
#include "homework/grade/spellings.hpp"
#include "homework/key/chapter_figures.hpp"
#include "homework/io/cells.hpp"
#include "homework/grade/expression.hpp"
#include "homework/problems/book_problems.hpp"
#include "print/python_format.hpp"
#include "text/utf8.hpp"

namespace attn::homework {

namespace {

constexpr std::size_t kShownBytes = 80;
constexpr std::size_t kMaxUnknownShown = 20;   // a sheet of 1 MiB can hold 100 000 stray keys

// Answers are shown in tables and CI reports: hidden characters escaped by the reports' one
// sanitising step (io/cells.hpp), newlines as spaces, not too long.
std::string shown(const std::string& text) {
    std::string out = safe_line(text);
    if (out.size() > kShownBytes) out = std::string(text::prefix(out, kShownBytes)) + "...";
    return out;
}

std::string value_text(const SheetValue& v) {
    switch (v.type) {
        case SheetValue::Type::integer: return std::to_string(v.integer);
        case SheetValue::Type::floating: return print::py_repr(v.number);
        case SheetValue::Type::boolean: return v.boolean ? "true" : "false";
        case SheetValue::Type::string: return "\"" + v.text + "\"";
        case SheetValue::Type::array: {
            std::string out = "[";
            for (std::size_t i = 0; i < v.elements.size(); ++i) {
                if (i) out += ", ";
                out += value_text(v.elements[i]);
                if (out.size() > 2 * kShownBytes) break;
            }
            return out + "]";
        }
        case SheetValue::Type::table: return "{table}";
        case SheetValue::Type::other: break;
    }
    return "{date/time}";
}

bool is_number(const SheetValue& v) {
    return v.type == SheetValue::Type::integer || v.type == SheetValue::Type::floating;
}

std::string where(const Sheet& sheet, const SheetValue& v) {
    return fmt::format("{}:{}:{}", sheet.name, v.line, v.column);
}

// A type error for `item`, or "" when the value has the right shape of type.
std::string type_error(const Item& item, const SheetValue& v) {
    const std::string expected = shape_text(item);
    switch (item.kind) {
        case ItemKind::boolean:
            if (v.type == SheetValue::Type::boolean) return "";
            return fmt::format("expected true or false, got {}", type_name(v.type));
        case ItemKind::expression:
            if (v.type == SheetValue::Type::string) return "";
            return fmt::format("expected an expression in quotes such as \"4*D^2\", got {}", type_name(v.type));
        case ItemKind::integer:
        case ItemKind::real: break;
    }
    if (item.length == 0) {
        if (is_number(v)) return "";
        return fmt::format("expected {}, got {}", expected, type_name(v.type));
    }
    if (v.type != SheetValue::Type::array) return fmt::format("expected an array of {}, got {}", expected, type_name(v.type));
    for (std::size_t i = 0; i < v.elements.size(); ++i) {
        if (!is_number(v.elements[i])) {
            return fmt::format("expected an array of {}, but element {} is {}", expected, i + 1,
                               type_name(v.elements[i].type));
        }
    }
    return "";
}

bool is_blank(const SheetValue& v) {
    return (v.type == SheetValue::Type::array && v.elements.empty()) ||
           (v.type == SheetValue::Type::string && v.text.find_first_not_of(" \t") == std::string::npos);
}

std::vector<double> numbers_of(const SheetValue& v) {
    if (v.type != SheetValue::Type::array) return {v.number};
    std::vector<double> out;
    for (const auto& e : v.elements) out.push_back(e.number);
    return out;
}

// Written as the exact value or a listed route gives it, correctly rounded: no note is due.
bool as_a_route_gives(const Item& item, std::size_t i, double given) {
    if (is_correctly_rounded(given, item.values[i], item.precision)) return true;
    for (const auto& route : item.honest) {
        if (i < route.size() && is_correctly_rounded(given, route[i], item.precision)) return true;
    }
    return false;
}

bool numbers_match(const std::vector<double>& given, const std::vector<double>& exact, const Precision& p) {
    if (given.size() != exact.size()) return false;
    for (std::size_t i = 0; i < given.size(); ++i) {
        if (!within_one_unit(given[i], exact[i], p)) return false;
    }
    return true;
}

std::string precision_label(const Item& item) {
    if (item.kind == ItemKind::expression) return "expression";
    if (item.kind == ItemKind::boolean) return "boolean";
    return describe_short(item.precision);
}

// Digits given for a number as written: decimal places, or significant figures. -1 when the text
// has an exponent or is not a plain decimal (then the count is not compared).
int digits_given(const std::string& raw, Precision::Kind kind) {
    std::string t = raw;
    if (!t.empty() && (t[0] == '+' || t[0] == '-')) t.erase(0, 1);
    t.erase(std::remove(t.begin(), t.end(), '_'), t.end());
    if (t.empty() || t.find_first_not_of("0123456789.") != std::string::npos) return -1;
    const std::size_t dot = t.find('.');
    if (kind == Precision::Kind::places) return dot == std::string::npos ? 0 : static_cast<int>(t.size() - dot - 1);
    std::string digits;
    for (char c : t) if (c != '.') digits += c;
    const std::size_t first = digits.find_first_not_of('0');
    return first == std::string::npos ? 1 : static_cast<int>(digits.size() - first);
}

// A wrong answer with fewer digits than asked that is right to the digits it has: "give 4 decimal
// places", not a hint about the concept.
bool too_few_digits(const SheetValue& v, const Item& item) {
    if (item.precision.kind == Precision::Kind::exact) return false;
    const std::vector<const SheetValue*> given = [&v] {
        std::vector<const SheetValue*> out;
        if (v.type == SheetValue::Type::array) for (const auto& e : v.elements) out.push_back(&e);
        else out.push_back(&v);
        return out;
    }();
    if (given.size() != item.values.size()) return false;
    bool fewer = false;
    for (std::size_t i = 0; i < given.size(); ++i) {
        const int digits = digits_given(given[i]->raw, item.precision.kind);
        if (digits < 0) return false;
        Precision own = item.precision;
        if (digits < own.digits) {
            fewer = true;
            own.digits = digits;
        }
        if (!within_one_unit(given[i]->number, item.values[i], own)) return false;
    }
    return fewer;
}

// Whether any number of `v` has fewer digits than asked: the answer's shape alone, never the key.
bool fewer_digits_than_asked(const SheetValue& v, const Item& item) {
    if (item.precision.kind == Precision::Kind::exact) return false;
    if (v.type == SheetValue::Type::array) {
        for (const auto& e : v.elements) {
            const int digits = digits_given(e.raw, item.precision.kind);
            if (digits >= 0 && digits < item.precision.digits) return true;
        }
        return false;
    }
    const int digits = digits_given(v.raw, item.precision.kind);
    return digits >= 0 && digits < item.precision.digits;
}

// The numbers of `v` written as percentages ("9.66%"; sheet/lenient.hpp has read them as fractions).
std::vector<const SheetValue*> percents_of(const SheetValue& v) {
    std::vector<const SheetValue*> out;
    if (!v.percent.empty()) out.push_back(&v);
    for (const auto& e : v.elements) {
        if (!e.percent.empty()) out.push_back(&e);
    }
    return out;
}

// A fraction is asked where every value of the item lies between 0 and 1 (weights, sums of
// weights, α(1 − α)): there a percentage says the same number (issue 29, point 5).
bool asks_fraction(const Item& item) {
    if (item.kind != ItemKind::real || item.precision.kind == Precision::Kind::exact) return false;
    for (double x : item.values) {
        if (!(x >= 0 && x <= 1)) return false;
    }
    return true;
}

// `earlier`: the student's own number a follow-through starts from (judge.hpp), when their
// earlier answer was right or wrong by a named mistake.
void grade_numbers(const Item& item, const SheetValue& v, bool chapter, bool partial_digits,
                   std::optional<double> earlier, GradedItem& row) {
    const std::vector<double> given = numbers_of(v);
    if (given.size() != item.values.size()) {
        row.verdict = Verdict::wrong;
        row.hint = fmt::format("expected {} numbers, got {}", item.values.size(), given.size());
        return;
    }
    // A percentage is read as its fraction where a fraction is asked (and said so); elsewhere it
    // is no answer to the question.
    const std::vector<const SheetValue*> percents = percents_of(v);
    if (!percents.empty() && !asks_fraction(item)) {
        row.verdict = Verdict::wrong;
        row.hint = fmt::format("{} is a percentage, but this asks for {}: write the number itself, without %",
                               shown(percents.front()->percent), shape_text(item));
        return;
    }
    // The rule (judge.hpp, key/bounds.hpp): what one correct computation from the printed
    // numbers gives, each number within one unit of its last asked place.
    const Judgement judged = judge_numbers(item, given, earlier);
    row.elements_right = judged.elements_right;   // for [partial_credit]
    if (judged.right) {
        row.verdict = Verdict::right;
        if (!percents.empty()) {
            row.note = fmt::format("accepted, read as a fraction ({} as {}): a fraction was asked, so write it as "
                                   "one, not as a percentage", shown(percents.front()->percent),
                                   shown(percents.front()->raw));
            return;
        }
        if (judged.followed) {
            row.note = fmt::format("right from your {} ({} as you wrote it), which this part is worked from",
                                   item.follows.what, item.follows.key);
            return;
        }
        if (item.precision.has_tolerance()) return;   // the teacher's tolerance: no rounding note
        // Right, but not what any honest route rounds to: say so (never with the value: a note is
        // feedback too), and say when the chapter prints it.
        for (std::size_t i = 0; i < given.size(); ++i) {
            if (as_a_route_gives(item, i, given[i])) continue;
            Precision finer = item.precision;
            finer.digits += 2;
            const std::string rounded = at_precision(item.values[i], item.precision);
            const std::string exact = at_precision(item.values[i], finer);
            const ChapterFigure* figure = chapter ? find_chapter_figure(item.key()) : nullptr;
            const bool printed = figure && figure->printed.size() == given.size() &&
                                 std::strtod(figure->printed[i].c_str(), nullptr) == given[i];
            if (printed) {
                row.note_on_chapter = true;
                row.note = fmt::format(
                    "note on the chapter: it prints {}; the exact value {}... is {} to {}; {} is within one "
                    "unit of the last place, so it is accepted",
                    figure->printed[i], exact, rounded, describe(item.precision), figure->printed[i]);
            } else if (judged.exact) {
                row.note = fmt::format("accepted (within one unit of the last place), but not the correctly "
                                       "rounded value to {}", describe(item.precision));
            } else {
                row.note = fmt::format("accepted: within what correct work from the printed numbers gives (each "
                                       "figure carried at 4 places or 4 figures or more), but not the correctly "
                                       "rounded value to {}", describe(item.precision));
            }
            break;
        }
        return;
    }
    row.verdict = Verdict::wrong;
    if (partial_digits && too_few_digits(v, item)) {
        row.hint = "give " + describe(item.precision) + ": right as far as it goes, but with fewer digits than asked";
        return;
    }
    for (std::size_t i = 0; i < item.mistakes.size(); ++i) {
        if (numbers_match(given, item.mistakes[i].values, item.precision)) {
            row.hint = item.mistakes[i].hint;
            row.mistake = static_cast<int>(i);
            return;
        }
    }
    if (zero_for_nonzero(item, given)) {   // as problem 12.4's rule says (issue 43)
        row.hint = "0 for a value that is not 0: tiny is not zero; in float32 an exponential below about 1e-45 "
                   "underflows to 0: compute in float64 or in significant figures, and write the tiny value";
        return;
    }
    // A percentage where a fraction is asked: say so, rather than "fewer digits" (issue 29, point 5).
    if (item.precision.kind != Precision::Kind::exact) {
        std::vector<double> fraction;
        for (double x : given) fraction.push_back(x / 100.0);
        if (judge_numbers(item, fraction, earlier).right) {
            row.hint = "this looks like a percentage: write the fraction (45 % is 0.45)";
            return;
        }
    }
    // Said of every other short answer, right so far or not: the hint tells nothing about the key.
    row.hint = fewer_digits_than_asked(v, item) ? "give " + describe(item.precision) + ": this answer has fewer digits than asked"
                                               : item.hint;
}

void grade_expression(const Item& item, const SheetValue& v, const std::vector<ExpressionPoint>& points,
                      GradedItem& row) {
    // Spellings a fair teacher accepts (grade/spellings.hpp): full-width, TeX, "N > 2D" for N, and
    // "N ≥ 2D + 1" read as the whole numbers above 2D (X − 1 as well as X).
    const FairSpelling spelled = read_fair_spelling(v.text, item.solve_for);
    std::vector<std::string> readings = {spelled.text};
    if (spelled.at_least) readings.push_back("(" + spelled.text + ")-1");
    const ExpressionCheck check = compare_expressions(readings.front(), item.expression, points);
    bool equal = check.parsed && check.equal;
    for (std::size_t r = 1; r < readings.size() && check.parsed && !equal; ++r) {
        equal = compare_expressions(readings[r], item.expression, points).equal;
    }
    if (equal) {
        row.verdict = Verdict::right;
        return;
    }
    row.verdict = Verdict::wrong;
    if (!check.parsed) {
        row.hint = "cannot read the expression: " + shown(check.error) +
                   " (use D, N, H, numbers, + - * / ^ and parentheses, e.g. 4*D^2 or 4D²)";
        return;
    }
    row.hint = item.hint;
    for (std::size_t i = 0; i < item.mistakes.size() && row.mistake < 0; ++i) {
        for (const std::string& reading : readings) {
            if (compare_expressions(reading, item.mistakes[i].expression, points).equal) {
                row.hint = item.mistakes[i].hint;
                row.mistake = static_cast<int>(i);
                break;
            }
        }
    }
}

}  // namespace

int GradeReport::exit_code() const {
    if (!error.empty()) return error_code;
    return wrong == 0 && missing == 0 ? 0 : 1;
}

GradeReport grade(const AnswerKey& key, const Sheet& sheet, const GradeOptions& options) {
    GradeReport report;
    report.sheet = sheet.name;
    report.variant = key.variant.label();
    report.variant_origin = key.variant.origin();

    auto is_homework = [](const std::string& k) { return is_problem_key(k); };   // hw1..3, book12_N
    auto is_meta = [](const std::string& k) { return pattern_covers("meta", k); };
    bool any_homework = false, any_meta = false;
    for (const auto& t : sheet.tables) {
        any_homework = any_homework || is_homework(t.key);
        any_meta = any_meta || is_meta(t.key);
    }
    for (const auto& v : sheet.values) {
        any_homework = any_homework || is_homework(v.key);
        any_meta = any_meta || is_meta(v.key);
    }
    for (const RefusedLine& r : sheet.refused) any_homework = any_homework || is_homework(r.key);
    if (!any_homework && !sheet.refused.empty()) {   // nothing readable: the first line's reason
        const RefusedLine& r = sheet.refused.front();
        throw UsageError("--grade", fmt::format("{}:{}:{}: {}", sheet.name, r.line, r.column, r.reason));
    }
    if (!any_homework) {
        throw UsageError("--grade", sheet.name + ": not an answer sheet: no [hw1], [hw2], [hw3] or [book12_N] table"
                                                 " (start from `attn homework --template`)");
    }
    if (any_meta) {
        report.warnings.push_back("[meta] in the answer sheet is ignored: points and grading policy come from the teacher");
    }

    std::set<std::string> known;
    for (const Item& item : key.items) {
        if (problem_selected(options.problem, item.problem)) known.insert(item.key());
    }
    const std::vector<ExpressionPoint> points = draw_expression_points(options.expression_seed);
    const bool chapter = key.variant.is_chapter();
    // Answers a later part may be worked from: right, or wrong by a named mistake (follow-through).
    std::map<std::string, std::vector<double>> worked_from;
    for (const Item& key_item : key.items) {
        if (!problem_selected(options.problem, key_item.problem)) continue;
        const Item item = with_tolerance(key_item, options.tolerance);
        GradedItem row;
        row.key = item.key();
        if (options.show_expected) row.expected = expected_text(item);
        row.precision = precision_label(item);
        row.max_points = options.points.lookup(row.key, 1.0);
        std::vector<const SheetValue*> given;
        for (const SheetValue& v : sheet.values) {
            if (v.key == row.key) given.push_back(&v);
        }
        const SheetValue* table = nullptr;
        for (const SheetValue& t : sheet.tables) {
            if (t.key == row.key) table = &t;
        }
        const SheetValue* value = given.empty() ? nullptr : given.front();
        std::string error;
        const RefusedLine* refused = nullptr;
        for (const RefusedLine& r : sheet.refused) {
            if (r.key == row.key && !refused) refused = &r;
        }
        if (refused && given.empty()) {
            error = fmt::format("{}:{}:{}: this line could not be read: {}; the rest of the sheet was graded", sheet.name,
                                refused->line, refused->column, refused->reason);
        } else if (given.size() > 1) {
            // In the order the student wrote them (flattening follows toml++'s key order).
            std::sort(given.begin(), given.end(), [](const SheetValue* a, const SheetValue* b) {
                return std::tie(a->line, a->column) < std::tie(b->line, b->column);
            });
            error = given.size() == 2
                        ? fmt::format("written twice, at {} and {}; give each answer once", where(sheet, *given[0]),
                                      where(sheet, *given[1]))
                        : fmt::format("written {} times, at {}, {} and {} more; give each answer once", given.size(),
                                      where(sheet, *given[0]), where(sheet, *given[1]), given.size() - 2);
        } else if (table) {
            error = fmt::format("{}: expected {}, got a table", where(sheet, *table), shape_text(item));
        } else if (value) {
            const std::string type = type_error(item, *value);
            if (!type.empty()) error = where(sheet, *value) + ": " + type;
        }
        if (!error.empty()) {
            row.verdict = Verdict::wrong;
            row.hint = error;
            if (value) row.given = shown(value_text(*value));
        } else if (!value || is_blank(*value)) {
            row.verdict = Verdict::missing;
            row.hint = "no answer: expected " + shape_text(item);
        } else {
            row.given = shown(value_text(*value));
            if (item.kind == ItemKind::boolean) {
                row.verdict = value->boolean == item.boolean ? Verdict::right : Verdict::wrong;
                if (row.verdict == Verdict::wrong) row.hint = item.hint;
            } else if (item.kind == ItemKind::expression) {
                grade_expression(item, *value, points, row);
            } else {
                std::optional<double> earlier;
                const auto from = worked_from.find(item.follows.key);
                if (from != worked_from.end() && item.follows.element < from->second.size()) {
                    earlier = from->second[item.follows.element];
                }
                grade_numbers(item, *value, chapter, options.partial_digits, earlier, row);
                if (row.verdict == Verdict::right || row.mistake >= 0) worked_from[row.key] = numbers_of(*value);
            }
        }
        row.points = row.verdict == Verdict::right ? row.max_points : 0.0;
        if (row.verdict == Verdict::wrong && item.length > 0 && options.partial_credit.lookup(row.key, 0.0) > 0) {
            // Partial credit: points in proportion to the elements right, to 4 decimal places.
            const double share = static_cast<double>(row.elements_right) / static_cast<double>(item.length);
            row.points = std::round(row.max_points * share * 1e4) / 1e4;
        }
        report.score += row.points;
        report.max_score += row.max_points;
        (row.verdict == Verdict::right ? report.right : row.verdict == Verdict::wrong ? report.wrong : report.missing)++;
        report.items.push_back(row);
    }
    // Teacher's rules that name no key of this sheet: a warning each (a misspelt key must not pass
    // silently), said after the sheet's own warnings.
    std::vector<std::string> unused_rules;
    auto find_unused = [&](const auto& rules, const char* what) {
        for (const auto& rule : rules) {
            bool used = false;
            for (const std::string& k : known) used = used || pattern_covers(rule.first, k);
            if (!used) unused_rules.push_back(fmt::format("{}: {} matches no key (ignored)", what, shown_key(rule.first)));
        }
    };
    find_unused(options.points.rules, "points");
    find_unused(options.tolerance, "tolerance");
    find_unused(options.partial_credit.rules, "partial_credit");
    // Keys that are not answers: warnings (the first few); a value where a table of answers belongs
    // too. After the items (which add no warning), before the teacher's rules: the reports' order.
    std::size_t unknown = 0;
    for (const SheetValue& v : sheet.values) {
        if (known.count(v.key) || is_meta(v.key)) continue;
        // Another problem's table (the chapter's or the book's): not this grading's, not unknown.
        if (in_unselected_problem(options.problem, v.key)) continue;
        bool holds_answers = false;
        for (const std::string& k : known) holds_answers = holds_answers || pattern_covers(v.key, k);
        if (++unknown > kMaxUnknownShown) continue;
        if (holds_answers) {
            const char* const got = type_name(v.type);
            report.warnings.push_back(fmt::format("{}: {}: expected a table of answers, got {} (ignored)", where(sheet, v),
                                                  shown_key(v.key), got));
        } else {
            report.warnings.push_back(fmt::format("{}: unknown key {} (ignored)", where(sheet, v), shown_key(v.key)));
        }
    }
    // Lines set aside (sheet/lenient.hpp) whose key is no answer: a warning each; and the notes.
    for (const RefusedLine& r : sheet.refused) {
        if (known.count(r.key)) continue;
        if (++unknown > kMaxUnknownShown) continue;
        report.warnings.push_back(fmt::format("{}:{}:{}: this line could not be read ({}); ignored, the rest is graded",
                                              sheet.name, r.line, r.column, safe_text(r.reason)));
    }
    for (const std::string& note : sheet.notes) report.warnings.push_back(sheet.name + ": " + note);
    if (unknown > kMaxUnknownShown) {
        report.warnings.push_back(fmt::format("... and {} more unknown keys (ignored)", unknown - kMaxUnknownShown));
    }
    // Scores at the points' own precision (issue 17, point 7: `--points '*=0.1'` wrote 1.9000000000000006).
    std::vector<double> earned, possible;
    for (const GradedItem& row : report.items) {
        earned.push_back(row.points);
        possible.push_back(row.max_points);
    }
    report.score = sum_points(earned);
    report.max_score = sum_points(possible);
    report.warnings.insert(report.warnings.end(), unused_rules.begin(), unused_rules.end());
    // A teacher's `digits` stricter than what the sheet asks marks honest work wrong: say so
    // (issue 29, careless-teacher guards).
    for (const Item& item : key.items) {
        if (options.problem != 0 && item.problem != options.problem) continue;
        const Tolerance* t = most_specific_rule(options.tolerance, item.key());
        if (!t || t->digits <= item.precision.digits || item.precision.kind == Precision::Kind::exact) continue;
        report.warnings.push_back(fmt::format(
            "tolerance: {} is graded to {} digits, but the sheet asks {}: answers worked at the sheet's precision "
            "will be marked wrong", item.key(), t->digits, describe(item.precision)));
    }
    return report;
}

const char* GradeReport::not_graded_text() const {
    return not_graded == NotGraded::refused ? "Not graded" : "The answer sheet could not be read";
}

GradeReport unreadable_sheet(const std::string& sheet, const Variant& variant, const std::string& error, int code,
                             GradeReport::NotGraded why) {
    GradeReport report;
    report.not_graded = why;
    report.sheet = sheet;
    report.variant = variant.label();
    report.variant_origin = variant.origin();
    report.error = error;
    report.error_code = code;
    return report;
}

}  // namespace attn::homework
