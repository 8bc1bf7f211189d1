// `attn permutation`: chapter section 4 (兩塊補丁), permutation equivariance.
#include <memory>

#include "cli/commands/commands.hpp"
#include "cli/flags.hpp"
#include "cli/output.hpp"
#include "cli/parse_flags.hpp"
#include "cli/presentation.hpp"
#include "experiments/checks.hpp"
#include "experiments/permutation.hpp"
#include "render/json/permutation_json.hpp"
#include "render/permutation_text.hpp"

namespace attn::cli {

Command permutation_command() {
    auto o = std::make_shared<experiments::PermutationOptions>();
    auto p = std::make_shared<Presentation>();
    Command c;
    c.name = "permutation";
    c.summary = "Section 4 (兩塊補丁): permutation equivariance, and positional encoding";
    c.footer = "Replays chapter section 4 (the reference script permutation.py), byte for byte.";
    Flag perm = int_list_flag("--perm", "0-based permutation of 0..N-1 (required when N != 5)",
                              o->perm, "0..N-1", "");
    perm.parse = [o](const std::string& text) {
        o->perm = parse_int_list("--perm", text, "0..N-1");
        o->perm_given = true;
    };
    c.flags = head_shape_flags(o->seed, o->d, o->n, o->dq);
    c.flags.push_back(perm);
    c.flags.push_back(number_flag("--base", "base of the sinusoidal positional encoding", o->base,
                                  range_text(experiments::kMinBase, experiments::kMaxBase)));
    for (Flag& f : presentation_flags(*p)) c.flags.push_back(std::move(f));
    c.run = [o, p, flags = c.flags] {
        apply_language_environment(*p);
        const report::PermutationReport r = experiments::run_permutation(*o);
        write_stdout(rendered(*p, "permutation", flags, r, render::permutation_text, render::permutation_json));
        return 0;
    };
    return c;
}

}  // namespace attn::cli
