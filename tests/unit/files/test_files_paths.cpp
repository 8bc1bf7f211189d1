// files::exists, is_dir and is_real_dir: the project's one answer to "what is at this path".
#include <doctest/doctest.h>

#include <sys/stat.h>
#include <unistd.h>

#include <fstream>
#include <string>

#include "files/paths.hpp"

using attn::files::exists;
using attn::files::is_dir;
using attn::files::is_real_dir;

TEST_CASE("paths: a file, a folder, a link to a folder, a dangling link and nothing") {
    const std::string base = "/tmp/attn-paths-" + std::to_string(::getpid());
    const std::string folder = base + "-dir", file = base + "-file", link = base + "-link", dangling = base + "-gone";
    REQUIRE(::mkdir(folder.c_str(), 0700) == 0);
    std::ofstream(file) << "x";
    REQUIRE(::symlink(folder.c_str(), link.c_str()) == 0);
    REQUIRE(::symlink((base + "-nothing").c_str(), dangling.c_str()) == 0);

    CHECK(exists(file));
    CHECK_FALSE(is_dir(file));
    CHECK_FALSE(is_real_dir(file));
    CHECK(exists(folder));
    CHECK(is_dir(folder));
    CHECK(is_real_dir(folder));
    CHECK(is_dir(link));           // followed
    CHECK_FALSE(is_real_dir(link));  // not followed
    CHECK_FALSE(exists(dangling));
    CHECK_FALSE(is_dir(dangling));
    CHECK_FALSE(exists(base + "-nothing"));
    CHECK_FALSE(is_dir(""));

    ::unlink(dangling.c_str());
    ::unlink(link.c_str());
    ::unlink(file.c_str());
    ::rmdir(folder.c_str());
}
