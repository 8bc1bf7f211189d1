#pragma once
// The --out DIR of a class run. Nothing in it may be stale: before any student is graded, the
// class files this run writes are removed, and so is every students/<id>/ folder's results.json
// and report.xml (and the folder, when that empties it); symbolic links under students/ are
// removed, never followed. So are the partial files of a run killed before its renames (issue 43:
// ".gradebook.csv.attn-PID-N" beside a class file, ".results.json.attn-PID-N" in a student's
// folder; files::is_temp_beside), and nothing else. Each file is then written whole (a temporary file beside it, renamed).
// Errors: attn::IoError (exit 3).
#include <string>

namespace attn::homework {

inline constexpr const char* kClassFiles[] = {"gradebook.csv", "canvas.csv", "moodle.csv", "class.md", "class.svg"};

// One class run at a time in DIR (issue 29, point 8: two runs into one --out interleaved their
// gradebook rows and reports). A POSIX record lock (fcntl F_SETLK) on DIR/.attn-lock, held until
// the object goes (the process ends: the kernel releases it even after a crash). A second run is
// refused at once, exit 3, in one line naming the holder's pid (F_GETLK). The file holds the pid
// of the last run that took it and is left in place: removing it would let a third run lock a
// fresh file while a second still holds the old one.
class OutputLock {
public:
    explicit OutputLock(const std::string& dir);   // creates DIR when it does not exist (its parent must)
    ~OutputLock();
    OutputLock(const OutputLock&) = delete;
    OutputLock& operator=(const OutputLock&) = delete;

private:
    int fd_ = -1;
};

inline constexpr const char* kLockFile = ".attn-lock";

// Creates DIR when it does not exist (its parent must), removes what a run writes, creates students/.
void prepare_output_dir(const std::string& dir);

// Makes DIR/students/<folder>/ (for the student's report set, reports/report_set.hpp) and
// returns its path.
std::string make_student_folder(const std::string& dir, const std::string& folder);

// Every file written under DIR so far, on disk (syncfs).
void sync_output_dir(const std::string& dir);

// A class file written in parts as the students are taken (so that a class of any size is not held
// in memory), into a temporary file beside DIR/<name> that commit() syncs and renames into place;
// until then no reader sees it, and a run that stops removes it.
class StagedFile {
public:
    StagedFile(const std::string& dir, const std::string& name);
    ~StagedFile();
    StagedFile(const StagedFile&) = delete;
    StagedFile& operator=(const StagedFile&) = delete;
    void append(const std::string& text);
    void commit();

private:
    void flush();
    std::string path_, temp_, buffer_;
    int fd_ = -1;
};

// DIR/<name>, whole.
void write_class_file(const std::string& dir, const std::string& name, const std::string& text);

}  // namespace attn::homework
