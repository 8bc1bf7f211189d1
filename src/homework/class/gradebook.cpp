// Columns, student rows and the three CSV files (gradebook, Canvas, Moodle).
#include "homework/class/gradebook.hpp"

#include <map>
#include <stdexcept>

#include <fmt/format.h>

#include "homework/key/answer_key.hpp"
#include "homework/problems/problems.hpp"
#include "homework/io/cells.hpp"
#include "homework/problems/variant.hpp"
#include "host/host.hpp"
#include "text/utf8.hpp"
#include "text/neutralise.hpp"

namespace attn::homework {

namespace {

constexpr std::size_t kMaxReasonBytes = 300;

std::string without_trailing_digits(std::string key) {
    while (!key.empty() && key.back() >= '0' && key.back() <= '9') key.pop_back();
    return key;
}

// The first line of an error, valid UTF-8, at most kMaxReasonBytes (cut at a character).
std::string one_line(const std::string& text) {
    std::string line = valid_utf8(text.substr(0, text.find('\n')));
    if (line.size() <= kMaxReasonBytes) return line;
    return std::string(text::prefix(line, kMaxReasonBytes)) + "...";
}

std::string status_text(const StudentResult& r) { return sheet_status_name(r.status); }

}  // namespace

std::vector<ClassColumn> class_columns(int problem, const PointRules& points) {
    const AnswerKey key = build_answer_key(solve(chapter_variant(), Problem3Counts::formula_only), problem);
    std::map<std::string, std::size_t> count;
    for (const Item& item : key.items) ++count[without_trailing_digits(item.key())];
    std::map<std::string, std::size_t> seen;
    std::vector<ClassColumn> columns;
    for (const Item& item : key.items) {
        ClassColumn c;
        c.base = without_trailing_digits(item.key());
        c.name = c.base;
        if (count[c.base] > 1) c.name += fmt::format("_{}", ++seen[c.base]);
        for (const Mistake& m : item.mistakes) c.mistakes.push_back(m.hint);
        c.max_points = points.lookup(item.key(), 1.0);
        c.shareable = item.shareable;
        columns.push_back(std::move(c));
    }
    return columns;
}

constexpr std::size_t kMaxFolderBytes = 255;

std::string student_folder(const std::string& id) {
    std::string out;
    for (std::size_t i = 0; i < id.size(); ++i) {
        const auto c = static_cast<unsigned char>(id[i]);
        const bool plain = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' ||
                           c == '-' || c == '@' || c == '+' || (c == '.' && i > 0);
        out += plain ? std::string(1, static_cast<char>(c)) : fmt::format("%{:02X}", c);
    }
    // A folder name is at most 255 bytes (NAME_MAX): a longer one (an ID of 100 `!` is 300) keeps
    // its first 200 bytes, cut before a %XX, and a digest of the whole ID, so that distinct IDs
    // stay distinct and one student's long ID never stops the class (issue 29, point 8).
    if (out.size() > kMaxFolderBytes) {
        std::size_t cut = 200;
        while (cut > 0 && (out[cut - 1] == '%' || (cut > 1 && out[cut - 2] == '%'))) --cut;
        const host::Digest d = host::hmac_sha256("attn student folder", id);
        std::string tail = "~";
        for (std::size_t i = 0; i < 12; ++i) tail += fmt::format("{:02x}", d[i]);
        out = out.substr(0, cut) + tail;
    }
    return out;
}

StudentResult summarise(const RosterRow& row, const StudentGrade& grade, const std::vector<ClassColumn>& columns,
                        double class_max) {
    StudentResult r;
    r.line = row.line;
    r.id = row.normalised.empty() ? on_one_line(row.id) : row.normalised;   // a refused ID, shown on one line
    r.name = row.name;
    r.folder = row.normalised.empty() ? "" : student_folder(row.normalised);
    r.status = grade.status;
    const GradeReport& report = grade.report;
    if (grade.status != SheetStatus::graded) {
        r.reason = one_line(report.error);
        r.max_score = class_max;
        return r;
    }
    if (report.items.size() != columns.size()) {
        throw std::logic_error(fmt::format("class: {} keys graded, {} columns", report.items.size(), columns.size()));
    }
    r.score = report.score;
    r.max_score = report.max_score;
    r.right = report.right;
    r.wrong = report.wrong;
    r.missing = report.missing;
    for (std::size_t i = 0; i < columns.size(); ++i) {
        const GradedItem& item = report.items[i];
        if (without_trailing_digits(item.key) != columns[i].base) {
            throw std::logic_error("class: key " + item.key + " where " + columns[i].base + "… belongs");
        }
        r.items.push_back({item.verdict, item.mistake, item.points});
    }
    return r;
}

std::string csv_field(const std::string& cell) {
    // No physical line a cell starts (its own, and one after each line break in it) begins a
    // spreadsheet formula (= + - @ tab CR: a leading ') or holds a GitHub workflow command
    // (`##[` anywhere, `::` at a line's start: escaped), text/neutralise.hpp.
    return host::csv_quoted(text::ci_log_safe(text::spreadsheet_safe(cell)));
}

std::string gradebook_header(const std::vector<ClassColumn>& columns) {
    std::string out = "id,name,score,max_score,status";
    for (const ClassColumn& c : columns) out += "," + csv_field(c.name);
    return out + "\r\n";
}

std::string gradebook_row(const StudentResult& r, std::size_t columns) {
    std::string out = fmt::format("{},{},{},{},{}", csv_field(r.id), csv_field(r.name), points_text(r.score),
                                  points_text(r.max_score), csv_field(status_text(r)));
    for (std::size_t i = 0; i < columns; ++i) {
        out += ",";
        if (i < r.items.size()) out += points_text(r.items[i].points);   // empty when not graded
    }
    return out + "\r\n";
}

std::string canvas_header(const std::string& assignment, double max_score) {
    return "Student,ID,SIS User ID,SIS Login ID,Section," + csv_field(assignment) + "\r\n" +
           "Points Possible,,,,," + points_text(max_score) + "\r\n";
}

// A student who could not be graded gets an empty cell in the LMS files, which Canvas and Moodle
// read as "no grade" (a 0 would overwrite a grade on import); the gradebook keeps the reason.
std::string lms_score(const StudentResult& r) { return r.status == SheetStatus::graded ? points_text(r.score) : ""; }

std::string canvas_row(const StudentResult& r) {
    return fmt::format("{},,{},{},,{}\r\n", csv_field(r.name.empty() ? r.id : r.name), csv_field(r.id), csv_field(r.id),
                       lms_score(r));
}

std::string moodle_header(const std::string& assignment) {
    return "ID number,Full name," + csv_field(assignment) + ",Feedback\r\n";
}

std::string moodle_row(const StudentResult& r) {
    const std::string feedback =
        r.status == SheetStatus::graded
            ? fmt::format("attn homework: {}/{} ({} right, {} wrong, {} missing)", points_text(r.score),
                          points_text(r.max_score), r.right, r.wrong, r.missing)
            : "not graded: " + status_text(r);
    return fmt::format("{},{},{},{}\r\n", csv_field(r.id), csv_field(r.name), lms_score(r), csv_field(feedback));
}

}  // namespace attn::homework
