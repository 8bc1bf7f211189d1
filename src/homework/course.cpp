// The second file that includes toml++ (after sheet.cpp): the teacher's course file.
#include "homework/course.hpp"

#include <cmath>

#include <fmt/format.h>
#include <toml++/toml.h>

#include "errors.hpp"
#include "homework/sheet_gate.hpp"

namespace attn::homework {

namespace {

constexpr double kMaxPoints = 1e6;

[[noreturn]] void fail(const std::string& name, const toml::node& node, const std::string& what) {
    throw UsageError("--course", fmt::format("{}:{}:{}: {}", name, node.source().begin.line,
                                             node.source().begin.column, what));
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
        if (key != "*" && key.rfind("hw", 0) != 0) {
            fail(name, node, "points." + key + ": expected \"*\" or a key, part or problem such as hw1.c.slope_a");
        }
        out.rules.emplace_back(key, points);
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
        } else {
            fail(name, node, key + ": unknown setting (the course file has require_secret, [points], [feedback] and [gradescope])");
        }
    }
    return course;
}

}  // namespace attn::homework
