#pragma once
// The grading rule for a number or an array of numbers, in one place (issue 29): right when the
// whole answer is within one unit of the last asked place of the exact value, or is what one
// correct computation from the printed numbers gives (key/bounds.hpp), or follows from the
// student's own earlier answer (follow-through: α₂(1 − α₂) from the α₂ they wrote).
#include <cstddef>
#include <optional>
#include <vector>

#include "homework/key/answer_key.hpp"

namespace attn::homework {

struct Judgement {
    bool right = false;
    bool exact = false;               // within one unit of the exact value
    bool followed = false;            // right only from the student's earlier answer
    std::size_t elements_right = 0;   // for [partial_credit]: elements within their own range
};

// One unit of the asked place for each exact value, or the teacher's tolerance when set.
std::vector<double> units_of(const Item& item);

// Whether `given` writes 0 where the exact value is not 0 (a real item without a teacher's
// tolerance): never right (issue 43); the report names float32's underflow as one cause.
bool zero_for_nonzero(const Item& item, const std::vector<double>& given);
// `earlier`: the number the follow-through starts from (the student's α₂), when that earlier
// answer was right or wrong by a named mistake.
Judgement judge_numbers(const Item& item, const std::vector<double>& given, std::optional<double> earlier = std::nullopt);

}  // namespace attn::homework
