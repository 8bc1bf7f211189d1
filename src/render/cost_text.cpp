// `attn cost` as text (see cost_text.hpp). Wording in a table per language (struct Words): the
// chapter's (Traditional Chinese, the default) and English; the numbers are formatted by the same
// code in both.
#include "render/cost_text.hpp"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <map>
#include <vector>

#include "print/python_format.hpp"
#include "text/utf8.hpp"

namespace attn::render {
namespace {

using text::display_width;

std::string pad_right(const std::string& s, std::size_t w) {
    const std::size_t d = display_width(s);
    return d >= w ? s : s + std::string(w - d, ' ');
}

std::string pad_left(const std::string& s, std::size_t w) {
    const std::size_t d = display_width(s);
    return d >= w ? s : std::string(w - d, ' ') + s;
}

std::string duration(double s) {
    if (s >= 1.0) return print::py_format(s, ".3f") + " s";
    if (s >= 1e-3) return print::py_format(s * 1e3, ".3f") + " ms";
    return print::py_format(s * 1e6, ".1f") + " µs";
}

std::string bytes(std::uint64_t b) {
    const double x = static_cast<double>(b);
    if (b >= (1ULL << 30)) return print::py_format(x / (1ULL << 30), ".2f") + " GiB";
    if (b >= (1ULL << 20)) return print::py_format(x / (1ULL << 20), ".2f") + " MiB";
    if (b >= (1ULL << 10)) return print::py_format(x / (1ULL << 10), ".1f") + " KiB";
    return std::to_string(b) + " B";
}

std::string grouped(std::uint64_t n) {   // 16384000 -> 16,384,000
    std::string digits = std::to_string(n), out;
    for (std::size_t i = 0; i < digits.size(); ++i) {
        if (i > 0 && (digits.size() - i) % 3 == 0) out += ',';
        out += digits[i];
    }
    return out;
}


// Every sentence and heading of the text, per language. Pieces that surround numbers are split
// around them: `skip_memory` = {before the kernel's T, before the bytes needed, before the limit,
// after it}.
struct Words {
    std::vector<std::string> head;           // the table's eight column headings
    const char* growth_open;                 // "×3.97（T×2）": around the T ratio
    const char* growth_close;
    const char* not_formula;                 // " ≠ 公式 " before the closed form's count
    const char* title[3];                    // around d_model, d_head
    const char* machine[6];                  // around cpu, dispatch, threads, repeats, budget
    const char* skip_memory[4];
    const char* skip_work[4];
    const char* nothing;
    const char* footnote;
    const char* fits;
    const char* one_length;
    const char* order[4];                    // around the exponent: linear, quadratic, cubic
    const char* order_close[4];              // after it
    const char* busy[3];                     // around wall/CPU, the CPU-time exponent, after
    const char* chart;
};

const Words kChapter{
    {"核心", "T", "中位時間", "CPU 時間", "成長", "峰值記憶體", "乘法次數", "與 flash 最大差"},
    "（T×", "）",
    " ≠ 公式 ",
    {"注意力的代價：課程第五節的注意力頭（d_model ", "、d_head ", "、float32、因果遮罩），輸入取自課程的亂數流\n"},
    {"機器：", "｜指令集 ", "｜執行緒 ", "｜每格重複 ", " 次取中位數（累計超過 ", " 秒即停）\n"},
    {" 在 T=", " 不執行：T×T 分數需要 ", "，超過本次可用的 ", "（在配置記憶體之前判定）\n"},
    {" 在 T=", " 不執行：需要 ", " 次乘法，超過單次上限 ", "\n"},
    "沒有可執行的組合。\n",
    "（CPU 時間：同一次執行中本行程用掉的 CPU 時間，機器忙碌時小於牆上時間。"
    "乘法次數：核心執行時自己累計；✓ 表示與該核心的公式相符，naive 為 3·D·Dh·N + 2N²·Dh，即章節的 "
    "4D²N + 2N²D 去掉混合項 D²N、且 D≠Dh）\n\n",
    "增長指數（log 時間對 log T 的最小平方斜率）：\n",
    "只量了一個長度，無法估計增長指數",
    {"增長指數 ", "約按線性增長：指數 ", "約按平方增長：指數 ", "約按立方增長：指數 "},
    {"，不接近線性、平方或立方", "", "", ""},
    {"（機器忙碌：牆上時間最多是 CPU 時間的 ", " 倍；以 CPU 時間計，指數 ", "）"},
    "時間對 T 的 log-log 圖（n naive、f flash、k kv-cache、r recompute、* 重疊；斜率即指數）：\n",
};

// The terms of the lesson's English counterpart: wall time, CPU time, peak memory; the kernels
// keep their names.
const Words kEnglish{
    {"kernel", "T", "median time", "CPU time", "growth", "peak memory", "multiplications", "max diff vs flash"},
    " (T×", ")",
    " ≠ formula ",
    {"The cost of attention: the lesson's section-5 attention head (d_model ", ", d_head ",
     ", float32, causal masking), inputs from the lesson's random stream\n"},
    {"Machine: ", " | SIMD ", " | threads ", " | repeats per cell ",
     ", median shown (a cell stops repeating once its runs pass ", " s)\n"},
    {" at T=", " not run: the T×T scores need ", ", more than the ", " available to this run (decided before allocating)\n"},
    {" at T=", " not run: it needs ", " multiplications, more than the limit of ", " per run\n"},
    "Nothing to run.\n",
    "(CPU time: the CPU time this process used during the same run, less than the wall time when the "
    "machine is busy. Multiplications: counted by the kernel as it runs; ✓ means equal to the kernel's "
    "closed form, for naive 3·D·Dh·N + 2N²·Dh, the chapter's 4D²N + 2N²D without the mixing term D²N "
    "and with D≠Dh)\n\n",
    "Growth exponents (least-squares slope of log time against log T):\n",
    "only one length measured: no growth exponent",
    {"growth exponent ", "roughly linear: exponent ", "roughly quadratic: exponent ", "roughly cubic: exponent "},
    {", not close to linear, quadratic or cubic", "", "", ""},
    {" (machine busy: wall time up to ", " times the CPU time; by CPU time, exponent ", ")"},
    "Time against T on log-log axes (n naive, f flash, k kv-cache, r recompute, * overlap; the slope is "
    "the exponent):\n",
};

const Words& words(Lang lang) { return lang == Lang::en ? kEnglish : kChapter; }

std::string table(const results::CostReport& r, const Words& w) {
    const std::vector<std::string>& head = w.head;
    std::vector<std::vector<std::string>> rows;
    for (const auto& run : r.runs) {
        std::string growth = "—";
        if (run.t_ratio > 0) {
            growth = "×" + print::py_format(run.growth, ".2f") + w.growth_open + print::py_format(run.t_ratio, "g") +
                     w.growth_close;
        }
        std::string count = grouped(run.multiplications);
        count += run.multiplications == run.formula ? " ✓" : w.not_formula + grouped(run.formula);
        rows.push_back({run.kernel, std::to_string(run.t), duration(run.median_s), duration(run.median_cpu_s), growth, bytes(run.peak_bytes),
                        count, run.kernel == "flash" ? "—" : print::py_format(run.max_diff_vs_flash, ".1e")});
    }
    std::vector<std::size_t> width(head.size());
    for (std::size_t c = 0; c < head.size(); ++c) {
        width[c] = display_width(head[c]);
        for (const auto& row : rows) width[c] = std::max(width[c], display_width(row[c]));
    }
    auto line = [&](const std::vector<std::string>& cells) {
        std::string out;
        for (std::size_t c = 0; c < cells.size(); ++c) {
            const bool left = c == 0 || c == 4;
            out += (c ? "  " : "") + (left ? pad_right(cells[c], width[c]) : pad_left(cells[c], width[c]));
        }
        while (!out.empty() && out.back() == ' ') out.pop_back();
        return out + "\n";
    };
    std::string out = line(head);
    for (const auto& row : rows) out += line(row);
    return out;
}

// Time against T on log-log axes, one letter per kernel: a straight line of slope p is T^p.
std::string chart(const results::CostReport& r, const Words& w) {
    if (r.runs.empty()) return "";
    constexpr int kCols = 48, kRows = 12;
    double x0 = 1e300, x1 = -1e300, y0 = 1e300, y1 = -1e300;
    for (const auto& run : r.runs) {
        const double x = std::log10(static_cast<double>(run.t)), y = std::log10(std::max(run.median_s, 1e-9));
        x0 = std::min(x0, x); x1 = std::max(x1, x);
        y0 = std::min(y0, y); y1 = std::max(y1, y);
    }
    if (x1 - x0 < 1e-9) { x0 -= 0.5; x1 += 0.5; }
    if (y1 - y0 < 1e-9) { y0 -= 0.5; y1 += 0.5; }
    std::vector<std::string> grid(kRows, std::string(kCols, ' '));
    const std::map<std::string, char> mark = {{"naive", 'n'}, {"flash", 'f'}, {"kv-cache", 'k'}, {"recompute", 'r'}};
    for (const auto& run : r.runs) {
        const double x = std::log10(static_cast<double>(run.t)), y = std::log10(std::max(run.median_s, 1e-9));
        const int col = static_cast<int>(std::lround((x - x0) / (x1 - x0) * (kCols - 1)));
        const int row = kRows - 1 - static_cast<int>(std::lround((y - y0) / (y1 - y0) * (kRows - 1)));
        char& cell = grid[row][col];
        cell = cell == ' ' ? mark.at(run.kernel) : '*';
    }
    const std::string top = duration(std::pow(10.0, y1)), bottom = duration(std::pow(10.0, y0));
    const std::size_t margin = std::max(display_width(top), display_width(bottom));
    std::string out = w.chart;
    for (int i = 0; i < kRows; ++i) {
        const std::string label = i == 0 ? top : i == kRows - 1 ? bottom : "";
        std::string line = pad_left(label, margin) + " |" + grid[i];
        while (!line.empty() && line.back() == ' ') line.pop_back();
        out += line + "\n";
    }
    out += std::string(margin, ' ') + " +" + std::string(kCols, '-') + "\n";
    const std::string left = "T=" + print::py_format(std::pow(10.0, x0), ".0f");
    const std::string right = "T=" + print::py_format(std::pow(10.0, x1), ".0f");
    out += std::string(margin + 2, ' ') + left +
           std::string(kCols > static_cast<int>(left.size() + right.size()) ? kCols - left.size() - right.size() : 1, ' ') +
           right + "\n";
    return out;
}

std::string skipped(const results::CostSkip& s, const Words& w) {
    const bool memory = s.reason == "memory";
    const char* const* p = memory ? w.skip_memory : w.skip_work;
    const std::string needed = memory ? bytes(s.needed) : grouped(s.needed);
    const std::string limit = memory ? bytes(s.limit) : grouped(s.limit);
    return s.kernel + p[0] + std::to_string(s.t) + p[1] + needed + p[2] + limit + p[3];
}

// Median wall time this much above the CPU time (one thread) means the run waited for a core.
constexpr double kBusy = 1.25;

}  // namespace

std::string cost_verdict(const results::CostFit& fit, Lang lang) {
    const Words& w = words(lang);
    if (fit.points < 2) return w.one_length;
    const int order = fit.nearest_order >= 1 && fit.nearest_order <= 3 ? fit.nearest_order : 0;
    std::string line = w.order[order] + print::py_format(fit.exponent, ".2f") + w.order_close[order];
    // Wall time includes waiting for a core: on a busy machine say so, with the CPU-time fit.
    if (cost_busy(fit)) {
        line += w.busy[0] + print::py_format(fit.wall_over_cpu, ".1f") + w.busy[1] +
                print::py_format(fit.exponent_cpu, ".2f") + w.busy[2];
    }
    return line;
}

bool cost_busy(const results::CostFit& fit) { return fit.points >= 2 && fit.wall_over_cpu > kBusy; }

std::string cost_text(const results::CostReport& r, Lang lang) {
    const Words& w = words(lang);
    std::string out = w.title[0] + std::to_string(r.d_model) + w.title[1] + std::to_string(r.d_head) + w.title[2];
    out += w.machine[0] + r.cpu_model + w.machine[1] + r.dispatch + w.machine[2] + std::to_string(r.threads) +
           w.machine[3] + std::to_string(r.repeats) + w.machine[4] + print::py_format(r.repeat_budget_s, "g") +
           w.machine[5];
    for (const auto& s : r.skipped) out += skipped(s, w);
    if (r.runs.empty()) return out + w.nothing;
    out += "\n" + table(r, w);
    out += w.footnote;
    out += w.fits;
    std::size_t name_width = 0;
    for (const auto& f : r.fits) name_width = std::max(name_width, f.kernel.size());
    for (const auto& f : r.fits) out += "  " + pad_right(f.kernel, name_width) + "  " + cost_verdict(f, lang) + "\n";
    out += "\n" + chart(r, w);
    return out;
}

}  // namespace attn::render
