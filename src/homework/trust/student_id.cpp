#include "homework/trust/student_id.hpp"

#include <fmt/format.h>

#include "errors.hpp"

namespace attn::homework {

std::string normalise_student_id(const std::string& id) {
    const std::size_t first = id.find_first_not_of(" \t");
    const std::size_t last = id.find_last_not_of(" \t");
    if (first == std::string::npos) throw UsageError("--variant", "the ID is empty (e.g. a student number)");
    std::string out = id.substr(first, last - first + 1);
    if (out.size() > kMaxStudentIdBytes) {
        throw UsageError("--variant", fmt::format("the ID is longer than {} characters", kMaxStudentIdBytes));
    }
    for (std::size_t i = 0; i < out.size(); ++i) {
        const auto c = static_cast<unsigned char>(out[i]);
        if (c < 0x20 || c > 0x7e) {
            throw UsageError("--variant", fmt::format("the ID holds a character that is not printable ASCII "
                                                      "(byte 0x{:02X} at byte {})", c, first + i + 1));
        }
        if (c >= 'A' && c <= 'Z') out[i] = static_cast<char>(c - 'A' + 'a');
    }
    return out;
}

}  // namespace attn::homework
