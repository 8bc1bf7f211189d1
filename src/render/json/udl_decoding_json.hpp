#pragma once
// `attn udl 12.4 --format json`: the prompt's ids, each shown cell's printed lines and its
// decisions (the ids each step appended, their probabilities, the margins that decided them), and
// where the notebook raised.
#include <string>

#include "results/invocation.hpp"
#include "results/udl_decoding_report.hpp"

namespace attn::render {

std::string udl_decoding_json(const results::UdlDecodingReport& r, const results::Invocation& invocation);
// `--attention L,H|all --format json`: the prompt's ids and tokens, the model's layers and heads,
// and each shown head's A (rows: input positions m; columns: output positions n), every weight.
std::string udl_attention_json(const results::UdlAttentionReport& r, const results::Invocation& invocation);
// `--diagnose FILE --format json`: the verdict as data.
std::string udl_decoding_diagnosis_json(const results::UdlDecodingDiagnosis& d, const results::Invocation& invocation);

}  // namespace attn::render
