#include "cli/pictures.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <cstring>

#include "errors.hpp"
#include "files/replace_file.hpp"

namespace attn::cli {
namespace {

[[noreturn]] void cannot_write(const std::string& path, int error) {
    throw IoError("--svg: cannot write '" + path + "': " + std::strerror(error));
}

}  // namespace

void check_picture_size(const Pictures& p, long n, const std::string& size) {
    if (n <= kMaxPictureSide || (!p.heatmap && p.svg.empty())) return;
    throw UsageError(p.heatmap ? "--heatmap" : "--svg",
                     "heatmaps are drawn for " + size + " in 1.." + std::to_string(kMaxPictureSide) +
                         " positions (got " + size + "=" + std::to_string(n) + ")");
}

std::vector<Option<Pictures>> heatmap_flags() {
    Option<Pictures> colour;
    colour.flag.name = "--color";
    colour.flag.type_name = "WHEN";
    colour.flag.help = "colour the heatmap: auto (stdout a terminal, NO_COLOR unset), always, never";
    colour.flag.default_text = "auto";
    colour.flag.choices = {"auto", "always", "never"};
    colour.parse = [](Pictures& p, const std::string& text) {
        if (text == "auto") {
            p.colour = render::ColourMode::automatic;
        } else if (text == "always") {
            p.colour = render::ColourMode::always;
        } else if (text == "never") {
            p.colour = render::ColourMode::never;
        } else {
            throw UsageError("--color", "must be one of auto, always, never (got '" + text + "')");
        }
    };
    colour.value = [](const Pictures& p) {
        const char* names[] = {"auto", "always", "never"};
        return results::SettingValue(std::string(
            names[p.colour == render::ColourMode::automatic ? 0 : p.colour == render::ColourMode::always ? 1 : 2]));
    };
    Option<Pictures> heatmap = lift(&Pictures::heatmap, toggle_flag(
        "--heatmap", "after the text, print the matrices as heatmaps (coloured cells with their values)"));
    return {heatmap, colour};
}

Option<Pictures> svg_flag() {
    Option<Pictures> f;
    f.flag.name = "--svg";
    f.flag.type_name = "FILE";
    f.flag.help = "also write the picture as an SVG file (replaced whole, never half-written)";
    f.flag.completes_files = true;
    f.parse = [](Pictures& p, const std::string& text) {
        if (text.empty()) throw UsageError("--svg", "needs a file name (got '')");
        p.svg = text;
    };
    f.value = [](const Pictures& p) { return results::SettingValue(p.svg); };   // "" when no SVG was asked for
    return f;
}

std::string heatmaps_text(const std::vector<render::Heatmap>& maps, const Pictures& p) {
    const render::ColourDepth depth = render::colour_depth(p.colour, isatty(STDOUT_FILENO) == 1, std::getenv("NO_COLOR"),
                                                           std::getenv("TERM"), std::getenv("COLORTERM"));
    std::string out;
    for (const render::Heatmap& h : maps) out += "\n" + render::heatmap_text(h, depth);
    return out;
}

namespace {

// A device or a FIFO (/dev/stdout, a named pipe) cannot be replaced by rename(): written through.
// Opened with O_NONBLOCK so that a FIFO nobody reads fails at once (ENXIO) instead of waiting for
// a reader; then made blocking again, so that a slow reader gets every byte.
void write_through(const std::string& path, const std::string& svg) {
    const int fd = open(path.c_str(), O_WRONLY | O_TRUNC | O_CLOEXEC | O_NONBLOCK | O_NOCTTY);
    if (fd < 0 && errno == ENXIO) throw IoError("--svg: cannot write '" + path + "': a FIFO that nobody reads");
    if (fd < 0) cannot_write(path, errno);
    const int status = fcntl(fd, F_GETFL);
    if (status == -1 || fcntl(fd, F_SETFL, status & ~O_NONBLOCK) == -1) {
        const int error = errno;
        close(fd);
        cannot_write(path, error);
    }
    int error = files::write_all(fd, svg);
    if (close(fd) != 0 && error == 0) error = errno;
    if (error != 0) cannot_write(path, error);
}

// Where a chain of symbolic links that ends nowhere points: the path the last link names (a
// relative target read from the link's own folder), to be made there. ELOOP after 40 links, as
// the kernel counts.
std::string dangling_link_target(const std::string& given) {
    std::string path = given;
    for (int hop = 0; hop < 40; ++hop) {
        struct stat link {};
        if (lstat(path.c_str(), &link) != 0 || !S_ISLNK(link.st_mode)) return path;
        std::string target(static_cast<std::size_t>(link.st_size > 0 ? link.st_size : 255) + 1, '\0');
        const ssize_t n = readlink(path.c_str(), target.data(), target.size());
        if (n < 0) cannot_write(given, errno);
        target.resize(static_cast<std::size_t>(n));
        const std::size_t slash = path.rfind('/');
        path = !target.empty() && target.front() == '/' ? target
               : slash == std::string::npos        ? target
                                                   : path.substr(0, slash + 1) + target;
    }
    cannot_write(given, ELOOP);
}

}  // namespace

void write_svg(const Pictures& p, const std::string& svg) {
    std::string path = p.svg;
    struct stat info {};
    const bool exists = stat(path.c_str(), &info) == 0;
    if (!exists && errno == ELOOP) cannot_write(p.svg, ELOOP);
    // A link is followed whether or not its file exists yet, as the shell's `> link` does: the
    // file it names is replaced, or made, and the link kept (docs/pictures.md).
    if (!exists) path = dangling_link_target(path);
    if (exists) {
        if (S_ISDIR(info.st_mode)) cannot_write(path, EISDIR);
        if (!S_ISREG(info.st_mode)) return write_through(path, svg);
        // a symbolic link to a file: replace the file it names, and keep the link
        if (char* resolved = realpath(path.c_str(), nullptr)) {
            path = resolved;
            std::free(resolved);
        }
    }
    if (path.empty() || path.back() == '/') cannot_write(p.svg, EISDIR);
    if (const int error = files::replace_file(path, svg); error != 0) cannot_write(p.svg, error);
}

}  // namespace attn::cli
