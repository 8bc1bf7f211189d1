#include "cli/interface.hpp"

namespace attn::cli {

const std::vector<ExitStatus>& exit_statuses() {
    static const std::vector<ExitStatus> codes = {
        {kExitOk, "success (and, for `homework --grade`, every answer right)"},
        {kExitFailedCheck, "a failed check: wrong or missing homework answers, a `--diagnose` that names a mistake "
                           "or finds no match, a notebook cell that raised"},
        {kExitUsage, "usage error: a bad flag value, an unreadable answer sheet"},
        {kExitFiles, "a file that cannot be opened or written, or standard output cannot be written"},
        {kExitNoWeights, "`udl 12.4` without GPT-2's weights: cell 7 ran from the vocabulary, and a line on "
                         "standard error says where GPT-2 comes from"},
        {kExitInternal, "an internal error (a bug in attn): one line `attn: internal error: ...`"},
        {141, "(from the shell) standard output was a pipe that closed early, as in `attn ... | head`"},
    };
    return codes;
}

const std::vector<EnvironmentVariable>& environment() {
    static const std::vector<EnvironmentVariable> variables = {
        {"ATTN_LANG", "the default of `--lang`: `zh-TW` (the chapter's) or `en`"},
        {"ATTN_COURSE_SECRET",
         "the course secret of `homework`: each student's numbers are derived from HMAC-SHA256(secret, ID); "
         "`--secret-file` takes precedence. Keep it out of students' reach (a CI secret, not a file in the "
         "repository)"},
        {"ATTN_GPT2_MODEL", "the default of `udl 12.4 --model`: a Hugging Face `gpt2` folder or a `.safetensors` file"},
        {"ATTN_CPU", "`baseline` or `avx512`: which `exp` attn uses where NumPy's depends on the CPU, glibc's or "
                     "the port of NumPy's AVX-512 loop (for tests; `avx512` on a CPU without AVX-512 is refused)"},
        {"NO_COLOR", "when set and not empty, `--color auto` gives no colour (no-color.org)"},
        {"GITHUB_STEP_SUMMARY", "a file: `homework --grade` appends a Markdown summary of the grade to it "
                                "(GitHub Actions sets it)"},
        {"COLUMNS", "the width help and heatmaps are wrapped to (else the terminal's, else 80)"},
    };
    return variables;
}

const std::vector<TopFlag>& top_flags() {
    static const std::vector<TopFlag> flags = {
        {"-h, --help", "the subcommands (`attn COMMAND --help`, or `-h`: a command's flags)"},
        {"-V, --version", "attn's version"},
        {"--man", "this manual page, in roff (`attn --man | man -l -`)"},
    };
    return flags;
}

const std::vector<Example>& examples() {
    static const std::vector<Example> list = {
        {"attn attention", "section 3 with the chapter's seed: the chapter's own output."},
        {"attn mask --n 8 --pos 6 --heatmap",
         "section 6 at N = 8, the input at position 6 shifted, then the masked attention matrix as a heatmap "
         "in the terminal."},
        {"attn permutation --svg perm.svg",
         "section 4, and the outputs with and without positional encoding as a picture."},
        {"attn homework --template > answers.toml", "a blank answer sheet to fill in."},
        {"attn homework --grade answers.toml", "grades it."},
        {"attn homework --grade-class roster.csv --out report/",
         "grades a class: gradebook, Canvas and Moodle files, class.md and class.svg in report/."},
        {"attn udl 12.4 --model gpt2/", "notebook 12.4's decoding strategies over GPT-2."},
        {"attn help mask", "the flags of one subcommand (the same as `attn mask --help`)."},
    };
    return list;
}

std::string description() {
    return "attn: replays chapter 12 (Transformers and self-attention) number for number,\n"
           "and grades its homework. Each subcommand replays one section of the chapter.";
}

}  // namespace attn::cli
