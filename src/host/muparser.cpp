// attn for Linux's muParser (host/host.hpp's MuParser): Debian's libmuparser, linked, through its
// C interface. The browser's: src/wasm/host.cpp.
#include "host/host.hpp"

#include <muParserDLL.h>

#include <string>

#include "errors.hpp"

namespace attn::host {

MuParser::MuParser() : handle_(mupCreate(muBASETYPE_FLOAT)) {
    if (!handle_) throw IoError("expression answers: muParser could not create a parser");
}

MuParser::~MuParser() { mupRelease(handle_); }

void MuParser::check() {
    // mupError reads and clears the flag the C interface sets when a call caught a mu::ParserError.
    if (mupError(handle_)) {
        const char* message = mupGetErrorMsg(handle_);
        throw MuParserError{message ? message : "", mupGetErrorPos(handle_)};
    }
}

void MuParser::define_var(const char* name, double* where) {
    mupDefineVar(handle_, name, where);
    check();
}

void MuParser::set_expr(const std::string& text) {
    mupSetExpr(handle_, text.c_str());
    check();
}

double MuParser::eval() {
    const double value = mupEval(handle_);
    check();
    return value;
}

int MuParser::num_results() {
    int count = 0;
    mupEvalMulti(handle_, &count);
    check();
    return count;
}

}  // namespace attn::host
