// files::open_beside's temporary names and is_temp_beside, which knows them: a killed class run's
// partial files are found by the pattern the writer makes, and nothing else is (issue 43).
#include <doctest/doctest.h>

#include <sys/stat.h>
#include <unistd.h>

#include <string>

#include "files/replace_file.hpp"

using attn::files::commit_beside;
using attn::files::is_temp_beside;
using attn::files::open_beside;

TEST_CASE("is_temp_beside: the names open_beside makes, and no other") {
    const std::string dir = "/tmp/attn-replace-file-" + std::to_string(::getpid());
    REQUIRE(::mkdir(dir.c_str(), 0700) == 0);
    for (const std::string& name : {std::string("gradebook.csv"), std::string("results.json"), std::string(250, 'n')}) {
        std::string temp;
        const int fd = open_beside(dir + "/" + name, temp);
        REQUIRE(fd >= 0);
        const std::string entry = temp.substr(temp.rfind('/') + 1);
        CAPTURE(entry);
        CHECK(is_temp_beside(entry, name));
        if (name.size() < 200) CHECK_FALSE(is_temp_beside(entry, name + "x"));   // a long name is cut, as its temporary's is
        CHECK(commit_beside(fd, temp, dir + "/" + name, false, 5) == 5);   // an error: the temporary file removed
        ::unlink((dir + "/" + name).c_str());
    }
    ::rmdir(dir.c_str());
    CHECK(is_temp_beside(".gradebook.csv.attn-4242-0", "gradebook.csv"));
    for (const char* other : {"gradebook.csv", ".gradebook.csv", ".gradebook.csv.bak", ".gradebook.csv.attn-notes",
                              ".gradebook.csv.attn-4242", ".gradebook.csv.attn-4242-", ".gradebook.csv.attn--0",
                              ".gradebook.csv.attn-42x-0", ".gradebook.csv.attn-4242-0~", ".canvas.csv.attn-4242-0",
                              "..gradebook.csv.attn-4242-0"}) {
        CAPTURE(other);
        CHECK_FALSE(is_temp_beside(other, "gradebook.csv"));
    }
}
