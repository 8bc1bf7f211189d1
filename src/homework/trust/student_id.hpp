#pragma once
// Student IDs as --variant takes them. The same student must get the same numbers however the ID
// is typed in a roster or a workflow, so IDs are normalised before they are hashed and printed:
// surrounding spaces and tabs are dropped and ASCII letters are lower-cased. IDs are printable
// ASCII (student numbers, GitHub names, e-mail addresses): other bytes are refused rather than
// folded, so that no two different-looking IDs can collide and none can hide control or bidi
// characters in a report.
#include <string>

namespace attn::homework {

inline constexpr std::size_t kMaxStudentIdBytes = 200;

// The rule, as --help states it.
inline constexpr const char* kStudentIdRule =
    "IDs are normalised: surrounding spaces dropped,\nA-Z lower-cased; printable ASCII only, at most 200 characters";

// Throws attn::UsageError("--variant", …) for an empty ID (after trimming), one over 200 bytes,
// or one holding a character that is not printable ASCII.
std::string normalise_student_id(const std::string& id);

}  // namespace attn::homework
