#pragma once
// The class's columns and each student's row: what the gradebook, the import files and the class
// report are made of. A student's report is reduced to one StudentResult as soon as it is graded
// (the reports themselves are written to the student's folder and dropped), so that a class of
// any size is graded in bounded memory.
//
// Keys whose names carry a variant's numbers (hw3.a.params_d48, hw3.c.muls_n10, …) name one
// column for the whole class: the trailing digits are dropped, and a name that occurs twice gets
// _1, _2 in key order (hw3.a.params_d, hw3.c.muls_n_1, hw3.c.muls_n_2).
#include <cstddef>
#include <string>
#include <vector>

#include "homework/class/roster.hpp"
#include "homework/grade/grade_student.hpp"

namespace attn::homework {

struct ClassColumn {
    std::string name;                    // "hw1.a.weights", "hw3.c.muls_n_1"
    std::string base;                    // the key without its trailing digits: what every student's key matches
    std::vector<std::string> mistakes;   // the known mistakes' hints, in the key's order
    double max_points = 1;               // by the chapter's key name (rules naming a part or problem apply alike)
    bool shareable = false;              // the same answer for every student (answer_key.hpp): marked in class.md
};

// The columns of the class for `problem` (0: all three), with points from `points`.
std::vector<ClassColumn> class_columns(int problem, const PointRules& points);

struct ItemOutcome {
    Verdict verdict = Verdict::missing;
    int mistake = -1;                    // wrong: the known mistake it equals, -1 none
    double points = 0;
};

struct StudentResult {
    std::size_t line = 0;                // the roster line
    std::string id;                      // normalised; as typed when the ID rule refused it
    std::string name;
    std::string folder;                  // students/<folder>/ ("" when the ID is refused)
    SheetStatus status = SheetStatus::graded;
    std::string reason;                  // why not graded (the error, one line, at most 300 bytes)
    double score = 0, max_score = 0;
    std::size_t right = 0, wrong = 0, missing = 0;
    std::vector<ItemOutcome> items;      // one per column; empty when not graded
    bool all_right() const { return status == SheetStatus::graded && wrong == 0 && missing == 0; }
};

// The folder name of a normalised ID: letters, digits and . _ - @ + as they are, every other byte
// (and a leading '.') as %XX, so that no ID can name a path outside students/ and two IDs never
// share a folder.
std::string student_folder(const std::string& normalised_id);

// Reduces a graded (or refused) student. Throws std::logic_error when the report's keys do not
// line up with the columns (a bug: every variant has the same keys in the same order).
StudentResult summarise(const RosterRow& row, const StudentGrade& grade, const std::vector<ClassColumn>& columns,
                        double class_max);

// CSV (RFC 4180, every text field quoted by libcsv's writer; numbers as points_text writes them).
std::string gradebook_header(const std::vector<ClassColumn>& columns);
std::string gradebook_row(const StudentResult& r, std::size_t columns);
// Canvas's gradebook import: Student, ID, SIS User ID, SIS Login ID, Section, then the assignment
// column, and a Points Possible row (docs/homework.md says what could not be verified).
std::string canvas_header(const std::string& assignment, double max_score);
std::string canvas_row(const StudentResult& r);
// Moodle's CSV grade import: one user-identifying column (ID number), the grade, its feedback.
std::string moodle_header(const std::string& assignment);
std::string moodle_row(const StudentResult& r);

// A field quoted for CSV ("a ""b"", c"), guarded on every physical line it starts (csv_field in
// gradebook.cpp).
std::string csv_field(const std::string& text);

}  // namespace attn::homework
