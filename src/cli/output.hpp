#pragma once
// Standard output for the commands. A failed write (a full disk, a closed stdout) is noticed:
// main.cpp checks the stream once at exit and turns a failure into exit code 3.
#include <string>

namespace attn::cli {

void write_stdout(const std::string& text);
// Flushes standard output; throws attn::IoError naming the cause when anything written failed.
void finish_stdout();

}  // namespace attn::cli
