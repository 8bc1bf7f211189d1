#pragma once
// `attn udl 12.4`'s text: the notebook's printed lines, each ended by "\n", as print() writes
// them; and the one-line notes for standard error (where the notebook raised; where GPT-2 comes
// from when no model was given).
#include <string>

#include "results/udl_decoding_report.hpp"

namespace attn::render {

std::string udl_decoding_text(const results::UdlDecodingReport& r);
// The exception the notebook raised, as Python prints it ("ValueError: …", "KeyError: 'Ġx'").
std::string udl_decoding_exception(const results::UdlDecodingReport& r);
// "cell 18: the notebook raises ValueError: …; Run all stops here" ("" when nothing raised)
std::string udl_decoding_raised(const results::UdlDecodingReport& r);
// Where GPT-2's weights come from (the one line printed when no --model was given).
std::string udl_decoding_model_missing();
// `--diagnose`: the verdict, what else prints the same lines, the first line that differs from
// the right decoder's print (a student's lines quoted as Python's repr).
std::string udl_decoding_diagnosis_text(const results::UdlDecodingDiagnosis& d);

}  // namespace attn::render
