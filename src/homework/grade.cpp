// The grading rules: types first (a wrong type makes the sheet unreadable, exit 2), then each key:
// numbers within one unit of the last asked place, integers and booleans exactly, expressions
// equal at several points; a wrong answer that equals a known mistake gets that mistake's hint.
#include "homework/grade.hpp"

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <set>

#include <fmt/format.h>

#include "core/errors.hpp"
#include "homework/chapter_figures.hpp"
#include "homework/expression.hpp"
#include "print/python_format.hpp"

namespace attn::homework {

namespace {

constexpr std::size_t kShownBytes = 80;
constexpr std::size_t kMaxUnknownShown = 20;   // a sheet of 1 MiB can hold 100 000 stray keys

// Answers are shown in tables and CI reports: no control characters, and not too long.
std::string shown(const std::string& text) {
    std::string out;
    for (unsigned char c : text) out += (c < 0x20 || c == 0x7f) ? '?' : static_cast<char>(c);
    if (out.size() > kShownBytes) {
        std::size_t cut = kShownBytes;
        while (cut > 0 && (static_cast<unsigned char>(out[cut]) & 0xC0) == 0x80) --cut;   // whole UTF-8
        out = out.substr(0, cut) + "...";
    }
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

void grade_numbers(const Item& item, const SheetValue& v, bool chapter, GradedItem& row) {
    const std::vector<double> given = numbers_of(v);
    if (given.size() != item.values.size()) {
        row.verdict = Verdict::wrong;
        row.hint = fmt::format("expected {} numbers, got {}", item.values.size(), given.size());
        return;
    }
    if (numbers_match(given, item.values, item.precision)) {
        row.verdict = Verdict::right;
        // Right, but not the correctly rounded value: say so, and say when the chapter prints it.
        for (std::size_t i = 0; i < given.size(); ++i) {
            if (is_correctly_rounded(given[i], item.values[i], item.precision)) continue;
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
            } else {
                row.note = fmt::format("accepted (within one unit of the last place); {} to {} is {}",
                                       exact, describe(item.precision), rounded);
            }
            break;
        }
        return;
    }
    row.verdict = Verdict::wrong;
    row.hint = item.hint;
    for (const Mistake& m : item.mistakes) {
        if (numbers_match(given, m.values, item.precision)) {
            row.hint = m.hint;
            break;
        }
    }
}

void grade_expression(const Item& item, const SheetValue& v, GradedItem& row) {
    const ExpressionCheck check = compare_expressions(v.text, item.expression);
    if (check.parsed && check.equal) {
        row.verdict = Verdict::right;
        return;
    }
    row.verdict = Verdict::wrong;
    if (!check.parsed) {
        row.hint = "cannot read the expression (" + check.error +
                   "); use D, N, H with + - * / ^ and parentheses, and write every product with * (4*D^2)";
        return;
    }
    row.hint = item.hint;
    for (const Mistake& m : item.mistakes) {
        if (compare_expressions(v.text, m.expression).equal) {
            row.hint = m.hint;
            break;
        }
    }
}

// Meta: [meta] variant = "…" (checked), [meta.points] rules; everything else in [meta] is free.
PointRules read_meta(const AnswerKey& key, const Sheet& sheet, std::vector<std::string>& errors,
                     std::vector<std::string>& warnings) {
    PointRules rules;
    for (const SheetValue& v : sheet.values) {
        if (v.key == "meta.variant") {
            if (v.type != SheetValue::Type::string) {
                errors.push_back(fmt::format("{}: meta.variant: expected a string, got {}", where(sheet, v), type_name(v.type)));
            } else if (v.text != key.variant.id) {
                warnings.push_back(fmt::format("the sheet was made for variant \"{}\" but is graded as variant \"{}\"",
                                               shown(v.text.empty() ? "chapter" : v.text), shown(key.variant.label())));
            }
        } else if (v.key == "meta.points") {
            if (!is_number(v)) {
                errors.push_back(fmt::format("{}: meta.points: expected a number or a [meta.points] table, got {}",
                                             where(sheet, v), type_name(v.type)));
            } else {
                rules.rules.emplace_back("*", v.number);
            }
        } else if (v.key.rfind("meta.points.", 0) == 0) {
            if (!is_number(v) || !std::isfinite(v.number) || v.number < 0 || v.number > 1e6) {
                errors.push_back(fmt::format("{}: {}: points must be a number from 0 to 1000000", where(sheet, v), v.key));
            } else {
                rules.rules.emplace_back(v.key.substr(12), v.number);
            }
        }
    }
    return rules;
}

}  // namespace

const char* verdict_name(Verdict v) {
    switch (v) {
        case Verdict::right: return "right";
        case Verdict::wrong: return "wrong";
        case Verdict::missing: break;
    }
    return "missing";
}

int GradeReport::exit_code() const {
    if (!error.empty()) return error_code;
    return wrong == 0 && missing == 0 ? 0 : 1;
}

std::string points_text(double points) {
    if (points == std::floor(points) && std::fabs(points) < 1e15) return fmt::format("{:.0f}", points);
    return fmt::format("{}", points);
}

GradeReport grade(const AnswerKey& key, const Sheet& sheet, const GradeOptions& options) {
    GradeReport report;
    report.sheet = sheet.name;
    report.variant = key.variant.label();
    std::vector<std::string> errors;

    auto is_homework = [](const std::string& k) {
        return pattern_covers("hw1", k) || pattern_covers("hw2", k) || pattern_covers("hw3", k);
    };
    bool any_homework = false;
    for (const auto& t : sheet.tables) any_homework = any_homework || is_homework(t.key);
    for (const auto& v : sheet.values) any_homework = any_homework || is_homework(v.key);
    if (!any_homework) {
        throw UsageError("--grade", sheet.name + ": not an answer sheet: no [hw1], [hw2] or [hw3] table"
                                                 " (start from `attn homework --template`)");
    }

    const PointRules meta_points = read_meta(key, sheet, errors, report.warnings);

    std::set<std::string> known;
    for (const Item& item : key.items) {
        if (options.problem == 0 || item.problem == options.problem) known.insert(item.key());
    }
    // Keys that are not answers: warnings (the first few), except a value where a table of answers belongs.
    std::size_t unknown = 0;
    for (const SheetValue& v : sheet.values) {
        if (known.count(v.key) || v.key == "meta" || pattern_covers("meta", v.key)) continue;
        const std::string problem = v.key.substr(0, v.key.find('.'));
        if (options.problem != 0 && is_homework(v.key) && problem != "hw" + std::to_string(options.problem)) continue;
        bool holds_answers = false;
        for (const std::string& k : known) holds_answers = holds_answers || pattern_covers(v.key, k);
        if (holds_answers) {
            errors.push_back(fmt::format("{}: {}: expected a table of answers, got {}", where(sheet, v), v.key, type_name(v.type)));
        } else if (++unknown <= kMaxUnknownShown) {
            report.warnings.push_back(fmt::format("{}: unknown key {} (ignored)", where(sheet, v), shown(v.key)));
        }
    }
    if (unknown > kMaxUnknownShown) {
        report.warnings.push_back(fmt::format("... and {} more unknown keys (ignored)", unknown - kMaxUnknownShown));
    }
    for (const SheetValue& t : sheet.tables) {
        if (known.count(t.key)) errors.push_back(fmt::format("{}: {}: expected {}, got a table", where(sheet, t), t.key,
                                                             shape_text(*std::find_if(key.items.begin(), key.items.end(),
                                                                 [&t](const Item& i) { return i.key() == t.key; }))));
    }

    const bool chapter = key.variant.is_chapter();
    for (const Item& item : key.items) {
        if (options.problem != 0 && item.problem != options.problem) continue;
        GradedItem row;
        row.key = item.key();
        row.expected = expected_text(item);
        row.precision = precision_label(item);
        row.max_points = options.points.matches(row.key) ? options.points.lookup(row.key, 1.0)
                                                         : meta_points.lookup(row.key, 1.0);
        const SheetValue* value = nullptr;
        for (const SheetValue& v : sheet.values) {
            if (v.key == row.key) value = &v;
        }
        if (value) {
            const std::string error = type_error(item, *value);
            if (!error.empty()) {
                errors.push_back(fmt::format("{}: {}: {}", where(sheet, *value), row.key, error));
                continue;
            }
        }
        if (!value || is_blank(*value)) {
            row.verdict = Verdict::missing;
            row.hint = "no answer: expected " + shape_text(item);
        } else {
            row.given = shown(value_text(*value));
            if (item.kind == ItemKind::boolean) {
                row.verdict = value->boolean == item.boolean ? Verdict::right : Verdict::wrong;
                if (row.verdict == Verdict::wrong) row.hint = item.hint;
            } else if (item.kind == ItemKind::expression) {
                grade_expression(item, *value, row);
            } else {
                grade_numbers(item, *value, chapter, row);
            }
        }
        row.points = row.verdict == Verdict::right ? row.max_points : 0.0;
        report.score += row.points;
        report.max_score += row.max_points;
        (row.verdict == Verdict::right ? report.right : row.verdict == Verdict::wrong ? report.wrong : report.missing)++;
        report.items.push_back(row);
    }
    for (const auto& [pattern, points] : options.points.rules) {
        bool used = false;
        for (const std::string& k : known) used = used || pattern_covers(pattern, k);
        if (!used) report.warnings.push_back(fmt::format("--points: {} matches no key (ignored)", shown(pattern)));
    }
    if (!errors.empty()) {
        std::string message = sheet.name + ": the sheet holds values of the wrong type";
        for (const std::string& e : errors) message += "\n  " + e;
        throw UsageError("--grade", message);
    }
    return report;
}

GradeReport unreadable_sheet(const std::string& sheet, const std::string& variant, const std::string& error,
                             int code) {
    GradeReport report;
    report.sheet = sheet;
    report.variant = variant;
    report.error = error;
    report.error_code = code;
    return report;
}

}  // namespace attn::homework
