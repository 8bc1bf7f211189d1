#pragma once
// Report -> the bytes the solved UDL notebooks 12.1 / 12.2 / 12.3 print (NumPy's repr and str, English
// labels; 12.3: Python's repr of dicts, tuples and str), and the English diagnoses of
// `attn udl 12.2|12.3 --diagnose`.
#include <string>

#include "results/udl_report.hpp"

namespace attn::render {

std::string udl_text(const results::UdlReport& report);
std::string udl_diagnosis_text(const results::UdlDiagnosis& diagnosis);
std::string udl_tokenize_diagnosis_text(const results::UdlTokenizeDiagnosis& diagnosis);

}  // namespace attn::render
