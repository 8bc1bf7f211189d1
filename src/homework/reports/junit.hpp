#pragma once
// JUnit XML for CI test reporters: one <testcase> per key, a <failure> for each wrong or missing
// item, notes in <system-out>; a sheet that could not be read is one testcase with an <error>.
// The report's warnings ("warning: …", one a line) are the suite's <system-err>.
#include <string>

#include "homework/grade/grade.hpp"

namespace attn::homework {

std::string junit_xml(const GradeReport& report);

}  // namespace attn::homework
