// `attn permutation`: chapter section 4 (兩塊補丁), permutation equivariance.
#include "cli/commands/commands.hpp"
#include "cli/experiment_command.hpp"
#include "cli/parse_flags.hpp"
#include "experiments/checks.hpp"
#include "experiments/permutation.hpp"
#include "render/json/permutation_json.hpp"
#include "render/permutation_text.hpp"

namespace attn::cli {

Command permutation_command() {
    using Options = experiments::PermutationOptions;
    Experiment<Options, results::PermutationReport> e;
    e.name = "permutation";
    e.summary = "Section 4 (兩塊補丁): permutation equivariance, and positional encoding";
    e.footer = "Replays chapter section 4 (the reference script permutation.py), byte for byte.";
    // --perm also records that it was given: N != 5 needs one.
    Option<Options> perm = lift(&Options::perm, int_list_flag("--perm", "0-based permutation of 0..N-1 (required when N != 5)",
                                                              Options{}.perm, "0..N-1", ""));
    perm.parse = [](Options& o, const std::string& text) {
        o.perm = parse_int_list("--perm", text, "0..N-1");
        o.perm_given = true;
    };
    e.flags = options(head_shape_flags<Options>() +
                      std::vector{perm, lift(&Options::base, number_flag("--base", "base of the sinusoidal positional encoding",
                                                                         Options{}.base,
                                                                         range_text(experiments::kMinBase, experiments::kMaxBase)))}) +
              presented<Options>(presentation_flags());
    e.run = without_progress(experiments::run_permutation);
    e.text = render::permutation_text;
    e.json = any_lang(render::permutation_json);
    return experiment_command(e);
}

}  // namespace attn::cli
