// attn for Linux's muParser (host/host.hpp's MuParser): libmuparser's C interface, opened with
// dlopen or linked (ATTN_MUPARSER_LINKED). The browser's: src/wasm/host.cpp.
#include "host/host.hpp"

#include <muParserDLL.h>

#include <string>

#include "errors.hpp"

#ifndef ATTN_MUPARSER_LINKED
#include <dlfcn.h>
#endif

namespace attn::host {

namespace {

// The C functions attn calls, looked up once.
struct Api {
    decltype(&mupCreate) create;
    decltype(&mupRelease) release;
    decltype(&mupDefineVar) define_var;
    decltype(&mupSetExpr) set_expr;
    decltype(&mupEval) eval;
    decltype(&mupEvalMulti) eval_multi;
    decltype(&mupError) error;
    decltype(&mupGetErrorMsg) error_msg;
    decltype(&mupGetErrorPos) error_pos;
};

#ifdef ATTN_MUPARSER_LINKED
const Api& api() {
    static const Api linked{&mupCreate, &mupRelease, &mupDefineVar, &mupSetExpr, &mupEval,
                            &mupEvalMulti, &mupError, &mupGetErrorMsg, &mupGetErrorPos};
    return linked;
}
#else
template <class F>
void look_up(void* library, const char* name, F& out) {
    out = reinterpret_cast<F>(dlsym(library, name));
    if (!out) throw IoError(std::string("expression answers: ") + ATTN_MUPARSER_SONAME + " has no " + name);
}

Api open_library() {
    // RTLD_LOCAL: muParser's C++ symbols (and its libstdc++) stay out of attn's own lookups.
    void* library = dlopen(ATTN_MUPARSER_SONAME, RTLD_NOW | RTLD_LOCAL);
    if (!library) {
        const char* why = dlerror();
        throw IoError(std::string("expression answers need muParser (") + ATTN_MUPARSER_SONAME +
                      ", Debian's package libmuparser2v5): " + (why ? why : "not found"));
    }
    Api a{};
    look_up(library, "mupCreate", a.create);
    look_up(library, "mupRelease", a.release);
    look_up(library, "mupDefineVar", a.define_var);
    look_up(library, "mupSetExpr", a.set_expr);
    look_up(library, "mupEval", a.eval);
    look_up(library, "mupEvalMulti", a.eval_multi);
    look_up(library, "mupError", a.error);
    look_up(library, "mupGetErrorMsg", a.error_msg);
    look_up(library, "mupGetErrorPos", a.error_pos);
    return a;   // the library stays open until the process ends
}

const Api& api() {
    static const Api opened = open_library();   // a failed open throws and is retried next time
    return opened;
}
#endif

}  // namespace

MuParser::MuParser() : handle_(api().create(muBASETYPE_FLOAT)) {
    if (!handle_) throw IoError("expression answers: muParser could not create a parser");
}

MuParser::~MuParser() { api().release(handle_); }

void MuParser::check() {
    // mupError reads and clears the flag the C interface sets when a call caught a mu::ParserError.
    if (api().error(handle_)) {
        const char* message = api().error_msg(handle_);
        throw MuParserError{message ? message : "", api().error_pos(handle_)};
    }
}

void MuParser::define_var(const char* name, double* where) {
    api().define_var(handle_, name, where);
    check();
}

void MuParser::set_expr(const std::string& text) {
    api().set_expr(handle_, text.c_str());
    check();
}

double MuParser::eval() {
    const double value = api().eval(handle_);
    check();
    return value;
}

int MuParser::num_results() {
    int count = 0;
    api().eval_multi(handle_, &count);
    check();
    return count;
}

}  // namespace attn::host
