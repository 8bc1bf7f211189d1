#pragma once
// Report -> the bytes the solved UDL notebooks 12.1 / 12.2 print (NumPy's repr and str, English
// labels), and the English diagnosis of `attn udl 12.2 --diagnose`.
#include <string>

#include "report/udl_report.hpp"

namespace attn::render {

std::string udl_text(const report::UdlReport& report);
std::string udl_diagnosis_text(const report::UdlDiagnosis& diagnosis);

}  // namespace attn::render
