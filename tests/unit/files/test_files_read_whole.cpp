// files::read_whole: whole regular files within the limit, and each refusal in the one message
// shape, without waiting on a FIFO or reading an endless input through.
#include <doctest/doctest.h>

#include <sys/stat.h>
#include <unistd.h>

#include <cstdio>
#include <fstream>
#include <string>

#include "files/read_whole.hpp"

using attn::files::read_whole;
using attn::files::WholeFile;

namespace {

std::string scratch(const std::string& name) {
    return "/tmp/attn-read-whole-" + std::to_string(::getpid()) + "-" + name;
}

std::string write(const std::string& name, const std::string& text) {
    const std::string path = scratch(name);
    std::ofstream(path, std::ios::binary) << text;
    return path;
}

}  // namespace

TEST_CASE("read_whole: a regular file whole, up to and including the limit") {
    const std::string bytes("a\0b\xff\n", 5);
    const std::string path = write("small", bytes);
    WholeFile f = read_whole(path, 5, false);
    CHECK(f.failure == WholeFile::Failure::none);
    CHECK(f.message.empty());
    CHECK(f.text == bytes);
    f = read_whole(path, 4, false);
    CHECK(f.failure == WholeFile::Failure::too_large);
    CHECK(f.message == path + ": larger than 4 bytes");
    const std::string big = write("big", std::string(200000, 'x'));   // more than one buffer
    CHECK(read_whole(big, 200000, false).text.size() == 200000);
    CHECK(read_whole(big, 199999, false).failure == WholeFile::Failure::too_large);
    std::remove(path.c_str());
    std::remove(big.c_str());
}

TEST_CASE("read_whole: refusals name the path and what failed") {
    WholeFile f = read_whole("/nonexistent/attn", 10, false);
    CHECK(f.failure == WholeFile::Failure::open);
    CHECK(f.message == "/nonexistent/attn: cannot open: No such file or directory");
    f = read_whole("/tmp", 10, false);
    CHECK(f.failure == WholeFile::Failure::directory);
    CHECK(f.message == "/tmp: cannot read: it is a directory");
    const std::string fifo = scratch("fifo");
    REQUIRE(::mkfifo(fifo.c_str(), 0600) == 0);
    f = read_whole(fifo, 10, true);   // no writer: refused at once, not waited on
    CHECK(f.failure == WholeFile::Failure::not_regular);
    CHECK(f.message == fifo + ": cannot read: not a regular file (a FIFO or device); give a file, or - for standard input");
    CHECK(read_whole(fifo, 10, false).message == fifo + ": cannot read: not a regular file (a FIFO or device)");
    std::remove(fifo.c_str());
    f = read_whole("/dev/zero", 10, false);   // endless: refused without reading
    CHECK(f.failure == WholeFile::Failure::not_regular);
    // "-" is a file name unless standard input is allowed
    CHECK(read_whole("-", 10, false).failure == WholeFile::Failure::open);
}
