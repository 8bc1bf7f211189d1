// The second file that includes toml++ (after sheet.cpp): the teacher's course file.
#include "homework/grade/course.hpp"

#include <cmath>

#include <fmt/format.h>
#include <toml++/toml.h>

#include "errors.hpp"
#include "homework/sheet/sheet_gate.hpp"
#include "homework/problems/book_problems.hpp"

namespace attn::homework {

namespace {

constexpr double kMaxPoints = 1e6;

[[noreturn]] void fail(const std::string& name, const toml::node& node, const std::string& what) {
    throw UsageError("--course", fmt::format("{}:{}:{}: {}", name, node.source().begin.line,
                                             node.source().begin.column, what));
}

void check_pattern(const std::string& name, const toml::node& node, const std::string& table, const std::string& key) {
    if (key != "*" && key.rfind("hw", 0) != 0 && key.rfind("book", 0) != 0) {
        fail(name, node, table + "." + key + ": expected \"*\" or a key, part or problem such as hw1.c.slope_a");
    }
}

void read_points(const toml::table& table, const std::string& prefix, const std::string& name, PointRules& out) {
    for (auto&& [k, node] : table) {
        const std::string key = prefix.empty() ? std::string(k.str()) : prefix + "." + std::string(k.str());
        if (const toml::table* sub = node.as_table()) {
            read_points(*sub, key, name, out);
            continue;
        }
        double points = 0;
        if (const auto* i = node.as_integer()) points = static_cast<double>(i->get());
        else if (const auto* f = node.as_floating_point()) points = f->get();
        else fail(name, node, "points." + key + ": expected a number of points");
        if (!std::isfinite(points) || points < 0 || points > kMaxPoints) {
            fail(name, node, fmt::format("points.{}: points must be a number from 0 to 1000000", key));
        }
        check_pattern(name, node, "points", key);
        out.rules.emplace_back(key, points);
    }
}

bool is_tolerance_setting(const toml::table& table) {
    for (auto&& [k, node] : table) {
        if (k.str() != "digits" && k.str() != "rtol" && k.str() != "atol") return false;
    }
    return !table.empty();
}

double tolerance_number(const std::string& name, const toml::node& node, const std::string& what, double max) {
    double value = -1;
    if (const auto* i = node.as_integer()) value = static_cast<double>(i->get());
    else if (const auto* f = node.as_floating_point()) value = f->get();
    if (!std::isfinite(value) || value < 0 || value > max) {
        fail(name, node, fmt::format("{}: expected a number from 0 to {}", what, max));
    }
    return value;
}

// [tolerance]: a table holding digits / rtol / atol is a rule for the pattern it is under.
void read_tolerance(const toml::table& table, const std::string& prefix, const std::string& name, ToleranceRules& out) {
    for (auto&& [k, node] : table) {
        const std::string key = prefix.empty() ? std::string(k.str()) : prefix + "." + std::string(k.str());
        const toml::table* sub = node.as_table();
        if (!sub) fail(name, node, "tolerance." + key + ": expected a table such as { digits = 3 } or { rtol = 1e-4 }");
        if (!is_tolerance_setting(*sub)) {
            read_tolerance(*sub, key, name, out);
            continue;
        }
        check_pattern(name, node, "tolerance", key);
        Tolerance t;
        if (const toml::node* d = sub->get("digits")) {
            const auto* i = d->as_integer();
            if (!i || i->get() < 1 || i->get() > 15) fail(name, *d, "tolerance." + key + ".digits: expected a whole number from 1 to 15");
            if (sub->size() > 1) fail(name, *d, "tolerance." + key + ": digits replaces the asked places; give it alone, or rtol/atol");
            t.digits = static_cast<int>(i->get());
        }
        if (const toml::node* r = sub->get("rtol")) t.rtol = tolerance_number(name, *r, "tolerance." + key + ".rtol", 1);
        if (const toml::node* a = sub->get("atol")) t.atol = tolerance_number(name, *a, "tolerance." + key + ".atol", 1e12);
        if (t.digits == 0 && t.rtol == 0 && t.atol == 0) fail(name, node, "tolerance." + key + ": rtol and atol are both 0");
        out.emplace_back(key, t);
    }
}

// [partial_credit]: pattern = true or false.
void read_partial(const toml::table& table, const std::string& prefix, const std::string& name, PointRules& out) {
    for (auto&& [k, node] : table) {
        const std::string key = prefix.empty() ? std::string(k.str()) : prefix + "." + std::string(k.str());
        if (const toml::table* sub = node.as_table()) {
            read_partial(*sub, key, name, out);
            continue;
        }
        const auto* b = node.as_boolean();
        if (!b) fail(name, node, "partial_credit." + key + ": expected true or false");
        check_pattern(name, node, "partial_credit", key);
        out.rules.emplace_back(key, b->get() ? 1.0 : 0.0);
    }
}

std::string visibility(const toml::table& table, const char* key, const std::string& name) {
    const toml::node* node = table.get(key);
    if (!node) return "";
    const auto* s = node->as_string();
    if (!s || !is_gradescope_visibility(s->get())) {
        fail(name, *node, fmt::format("gradescope.{}: expected \"visible\", \"hidden\", \"after_due_date\" or "
                                      "\"after_published\"", key));
    }
    return s->get();
}

}  // namespace

bool is_gradescope_visibility(const std::string& value) {
    return value == "visible" || value == "hidden" || value == "after_due_date" || value == "after_published";
}

CoursePolicy parse_course(std::string_view text, const std::string& name) {
    check_sheet_text(text, name, "--course");
    toml::table root;
    try {
        root = toml::parse(text, std::string_view(name));
    } catch (const toml::parse_error& e) {
        const auto& at = e.source().begin;
        throw UsageError("--course", fmt::format("{}:{}:{}: not valid TOML: {}", name, at.line, at.column,
                                                 e.description()));
    }
    CoursePolicy course;
    for (auto&& [k, node] : root) {
        const std::string key(k.str());
        const toml::table* table = node.as_table();
        if (key == "require_secret") {
            const auto* b = node.as_boolean();
            if (!b) fail(name, node, "require_secret: expected true or false");
            course.require_secret = b->get();
        } else if (key == "problems") {
            const auto* list = node.as_array();
            if (!list || list->empty()) fail(name, node, "problems: expected a list such as [\"hw1\", \"book12_4\"]");
            for (auto&& item : *list) {
                const auto* text = item.as_string();
                const std::optional<int> id = text ? parse_problem(text->get()) : std::nullopt;
                if (!id) {
                    fail(name, item, "problems: each is hw1, hw2, hw3, one of the book's book12_1, book12_3, "
                                     "book12_4, book12_7, book12_9, or book");
                }
                course.problems.push_back(*id);
            }
        } else if (key == "points" && table) {
            read_points(*table, "", name, course.points);
        } else if (key == "feedback" && table) {
            for (auto&& [fk, fnode] : *table) {
                const auto* b = fnode.as_boolean();
                if ((fk.str() != "show_expected" && fk.str() != "partial_digits") || !b) {
                    fail(name, fnode, "feedback." + std::string(fk.str()) +
                                          ": the settings are show_expected and partial_digits, each true or false");
                }
                (fk.str() == "show_expected" ? course.show_expected : course.partial_digits) = b->get();
            }
        } else if (key == "gradescope" && table) {
            for (auto&& [gk, gnode] : *table) {
                if (gk.str() != "visibility" && gk.str() != "stdout_visibility") {
                    fail(name, gnode, "gradescope." + std::string(gk.str()) + ": the settings are visibility and stdout_visibility");
                }
            }
            course.tests_visibility = visibility(*table, "visibility", name);
            course.stdout_visibility = visibility(*table, "stdout_visibility", name);
        } else if (key == "tolerance" && table) {
            read_tolerance(*table, "", name, course.tolerance);
        } else if (key == "partial_credit" && table) {
            read_partial(*table, "", name, course.partial_credit);
        } else {
            fail(name, node, key + ": unknown setting (the course file has require_secret, problems, [points], [feedback], "
                                   "[gradescope], [tolerance] and [partial_credit])");
        }
    }
    return course;
}

}  // namespace attn::homework
