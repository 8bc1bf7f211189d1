#pragma once
// The wording of the worked solutions (section 04, 作業和解答) per language: one table of {fmt}
// templates with named arguments each (solution_words.cpp), read by the one code path of
// solution_text.cpp. A template names what it prints ({weights}, {sum:.4f}); the numbers are
// formatted by the same code in every language (solution_numbers.hpp), and each language may put
// them where its grammar wants. Counting words and lists of entries are grammar too, so each
// language gives them as functions.
#include <cstddef>
#include <string>
#include <vector>

#include "render/lang.hpp"

namespace attn::homework {

struct SolutionWords {
    const char* list_sep;     // between the numbers of a list: "、", ", "
    const char* clause_sep;   // between the divisions of 2(b): "，", ", "
    // The 1-based number of a key in running text (ties, the highest score).
    std::string (*key_number)(std::size_t n);
    // How many orders of magnitude, in words.
    std::string (*count)(std::size_t n);
    // The 1-based entries the mask removes: "第 5 項", "entries 4 and 5".
    std::string (*entries)(const std::vector<std::size_t>& list);

    const char* variant;      // {id}
    // Notes on the chapter's own prints (chapter_figures.hpp).
    const char* note;         // {key} {printed} {exact} {precision} {rounded}
    const char* four_places;  // the precision "4 decimal places", in this language
    const char* note_intermediate;
    const char* note_within_one_unit;
    const char* note_beyond_one_unit;

    // Problem 1.
    const char* p1_title;
    const char* p1_problem;   // {k1} {k2} {k3} {dq} {q} {q_c} {scale}
    const char* p1_a;         // {s1} {s2} {s3} {dq} {sqrt_dq} {scaled} {exp} {sum} {weights}
    const char* p1_tie;       // {first} {second}
    const char* p1_b;         // {exp} {sum} {weights} {top} {top_a} {top_b} {second_a} {second_b}
    const char* p1_c;         // {scores} {weights} {weight_a} {one_minus_a} {slope_a} {weight_c} {one_minus_c} {slope_c}
    const char* p1_orders_one;
    const char* p1_orders_many;  // {count}
    const char* p1_orders_none;
    const char* p1_end;

    // Problem 2.
    const char* p2_title;
    const char* p2_problem;   // {seed} {column} {rounded} {full} {removed}
    const char* p2_a;         // {terms} {sum} {short} {percent} {column}
    const char* p2_b;         // {sum}
    const char* p2_b_term;    // {sep} {kept} {sum} {renormalised}
    const char* p2_b_end;
    const char* p2_c;         // {seed} {column} {masked}
    const char* p2_same;      // {renormalised} {difference}
    const char* p2_differ;    // {renormalised} {difference}

    // Problem 3.
    const char* p3_title;
    const char* p3_problem;   // {d} {n_short} {n_long}
    const char* p3_a;         // {projections} {mixing} {total} {d} {coefficient} {d_squared} {params}
    const char* p3_a_agree;   // {d} {heads} {params}
    const char* p3_a_differ;  // {d} {counted}
    const char* p3_none;      // what was counted when nothing was
    const char* p3_b;         // {projections} {per_head} {scoring} {weighting} {mixing} {linear} {quadratic}
    const char* p3_c;         // {n_short} {expand_short} {n_long} {expand_long} {muls_long} {muls_short} {ratio}
    const char* p3_c_agree;   // {heads} {muls_short} {muls_long}
    const char* p3_c_differ;  // {muls_short} {muls_long}
    const char* p3_growth;    // {linear} {quadratic}
    const char* p3_d;         // {quadratic} {linear} {b} {threshold} {threshold_words} {d} {n_equal} {each}
    const char* p3_twice_dimension;  // {threshold_words} when the threshold is 2*D
    const char* p3_this_threshold;   // {threshold_words} otherwise
    const char* p3_d_twice;      // {d} {n_equal} {total}
    const char* p3_d_not_twice;  // {total}
    const char* p3_end;
};

const SolutionWords& solution_words(render::Lang lang);

}  // namespace attn::homework
