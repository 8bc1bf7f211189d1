// The WebAssembly build's expression evaluator (homework/grade/muparser.hpp): none. muParser is a
// compiled library that Debian ships for Linux only, so the browser build does not link it; an
// answer sheet with an expression answer gets one line (exit 3), as a Linux build without
// libmuparser does. Numeric answers grade as usual.
#include "homework/grade/muparser.hpp"

#include "errors.hpp"

namespace attn::homework {

MuParser::MuParser() : handle_(nullptr) {
    throw IoError("expression answers: not graded in the browser build (muParser is not linked); "
                  "numeric answers are, and attn for Linux grades expressions");
}
MuParser::~MuParser() = default;
void MuParser::define_var(const char*, double*) {}
void MuParser::set_expr(const std::string&) {}
double MuParser::eval() { return 0.0; }
int MuParser::num_results() { return 0; }
void MuParser::check() {}

}  // namespace attn::homework
